import FitCore
import Foundation
import Members

/// Members' rows of ``FitKitSeed``: an account for every member of ``FitKitSeed/members``, whose sign-up makes the
/// member.
enum MembersSeed {
    @Sendable static func write(_ seed: FitKitSeed, now: Date, using service: any DatabaseClient) async throws {
        try await BackOffice(service: service).createAccounts(seed.members.map(NewAccount.init(member:)))
    }
}
