import FitCore
import Foundation

/// Credits' member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// Credits' catalog, for the checks that every string it shows is in it.
    package static var credits: StringCatalog { localized }
}
