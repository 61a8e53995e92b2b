import FitCore
import Foundation

/// FitSupabase's member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// FitSupabase's catalog, for the checks that every string it shows is in it.
    package static var fitSupabase: StringCatalog { localized }
}
