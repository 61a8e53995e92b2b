import FitCore
import Foundation

/// Members' member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// Members' catalog, for the checks that every string it shows is in it.
    package static var members: StringCatalog { localized }
}
