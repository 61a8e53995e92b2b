import FitCore
import Foundation

/// FitOffline's member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// FitOffline's catalog, for the checks that every string it shows is in it.
    package static var fitOffline: StringCatalog { localized }
}
