import FitCore
import Foundation

/// Booking's member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// Booking's catalog, for the checks that every string it shows is in it.
    package static var booking: StringCatalog { localized }
}
