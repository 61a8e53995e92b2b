import Booking
import Credits
import Events
import FitCore
import FitKitTestSupport
import FitOffline
import FitStores
import FitSupabase
import Foundation
import History
import Members
import Notifications
import SessionDetails
import StudioDesk
import Testing
import Waitlist

/// Every module's String Catalog, with the folder of its sources and the contract errors whose messages it
/// translates (looked up by message at run time, so no source line names them as a key).
struct ModuleCatalog: Sendable, CustomTestStringConvertible {
    var module: String
    var catalog: StringCatalog
    var contractMessages: [String] = []

    var testDescription: String { module }

    static let all: [ModuleCatalog] = [
        ModuleCatalog(module: "FitCore", catalog: .fitCore),
        ModuleCatalog(module: "FitStores", catalog: .fitStores),
        ModuleCatalog(
            module: "Members", catalog: .members,
            contractMessages: messages(AccountError.self) + messages(ProfileError.self)),
        ModuleCatalog(module: "SessionDetails", catalog: .sessionDetails),
        ModuleCatalog(module: "Booking", catalog: .booking, contractMessages: messages(BookingError.self)),
        ModuleCatalog(module: "Credits", catalog: .credits),
        ModuleCatalog(module: "Events", catalog: .events),
        ModuleCatalog(module: "History", catalog: .history),
        ModuleCatalog(module: "Waitlist", catalog: .waitlist, contractMessages: messages(WaitlistError.self)),
        ModuleCatalog(module: "Notifications", catalog: .notifications),
        ModuleCatalog(module: "StudioDesk", catalog: .studioDesk, contractMessages: messages(DeskError.self)),
        ModuleCatalog(module: "FitOffline", catalog: .fitOffline),
        ModuleCatalog(module: "FitSupabase", catalog: .fitSupabase),
    ]

    static func messages<Rule: ContractError>(_ type: Rule.Type) -> [String] { Rule.allCases.map(\.message) }

    /// The repository's root folder.
    static let root = RepositoryFiles.root

    /// The keys the module's sources pass to its catalog as literals: `localized("…"`, with Swift's escapes read.
    func keysInSources() throws -> Set<String> {
        let folder = Self.root.appendingPathComponent(try RepositoryFiles.moduleFolder(module))
        var keys: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        let call = /localized\(\s*"((?:[^"\\]|\\.)*)"/
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: call) {
                keys.insert(String(match.1).replacingOccurrences(of: "\\\"", with: "\""))
            }
        }
        return keys
    }
}
