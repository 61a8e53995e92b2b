import FitCore
import Foundation

/// Events' member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// Events' catalog, for the checks that every string it shows is in it.
    package static var events: StringCatalog { localized }
}
