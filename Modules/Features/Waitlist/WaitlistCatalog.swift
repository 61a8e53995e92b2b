import FitCore
import Foundation

/// Waitlist's member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// Waitlist's catalog, for the checks that every string it shows is in it.
    package static var waitlist: StringCatalog { localized }
}
