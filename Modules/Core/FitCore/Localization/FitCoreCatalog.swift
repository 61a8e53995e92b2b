import Foundation

/// FitCore's member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// FitCore's catalog, for the checks that every string it shows is in it.
    package static var fitCore: StringCatalog { localized }
}
