import FitCore
import Foundation

/// History's member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// History's catalog, for the checks that every string it shows is in it.
    package static var history: StringCatalog { localized }
}
