import FitCore
import Foundation

/// Notifications' member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// Notifications' catalog, for the checks that every string it shows is in it.
    package static var notifications: StringCatalog { localized }
}
