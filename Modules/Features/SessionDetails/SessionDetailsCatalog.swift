import FitCore
import Foundation

/// SessionDetails' member-facing text, from `Resources/Localizable.xcstrings`.
let localized = StringCatalog(bundle: .module)

extension StringCatalog {
    /// SessionDetails' catalog, for the checks that every string it shows is in it.
    package static var sessionDetails: StringCatalog { localized }
}
