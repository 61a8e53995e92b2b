import FitCore
import Foundation

/// FitStores' member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// FitStores' catalog, for the checks that every string it shows is in it.
    package static var fitStores: StringCatalog { localized }
}
