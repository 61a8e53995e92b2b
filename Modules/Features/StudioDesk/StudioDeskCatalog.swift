import FitCore
import Foundation

/// StudioDesk's staff-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// StudioDesk's catalog, for the checks that every string it shows is in it.
    package static var studioDesk: StringCatalog { localized }
}
