import FitCore
import FitSupabase
import Foundation
import Testing

/// Who requests run as: only the access token can say.
@Suite struct AccessTokenTests {
    let transport = RecordingTransport()
    let alice = GoldenValues.alice

    private func database(token: String?) -> SupabaseDatabase {
        SupabaseDatabase(
            url: TestTokens.projectURL, anonKey: TestTokens.anonKey, accessToken: token, transport: transport)
    }

    @Test func theRoleComesFromTheTokensClaims() {
        #expect(database(token: TestTokens.member(alice)).role == .member(alice))
        #expect(database(token: TestTokens.service).role == .service)
        #expect(database(token: TestTokens.token(role: "anon")).role == .anonymous)
        #expect(database(token: nil).role == .anonymous)
        #expect(database(token: "not a jwt").role == .anonymous)
    }

    @Test func claimsAreDecodedFromTheTokensPayload() throws {
        let claims = try #require(AccessTokenClaims(token: TestTokens.member(alice, expiresAt: GoldenValues.date)))
        #expect(claims.subject == alice.uuidString.lowercased())
        #expect(claims.role == "authenticated")
        #expect(claims.expiresAt == GoldenValues.date)
        #expect(AccessTokenClaims(token: "a.b") == nil)
        #expect(AccessTokenClaims(token: "a.!!!.c") == nil)
    }

    @Test func aFractionalExpiryIsReadAsItsInstant() throws {
        // {"role":"authenticated","exp":-780000000.6}: a NumericDate may have a fraction (RFC 7519, section 2).
        let payload = "eyJyb2xlIjoiYXV0aGVudGljYXRlZCIsImV4cCI6LTc4MDAwMDAwMC42fQ"
        let claims = try #require(AccessTokenClaims(token: "eyJhbGciOiJIUzI1NiJ9.\(payload).c2ln"))
        #expect(claims.role == "authenticated" && claims.subject == nil)
        #expect(claims.expiresAt == Date(timeIntervalSince1970: -780_000_000.6))
    }

    @Test func signedOutRequestsCarryTheAnonKeyAsBearer() async throws {
        try await database(token: nil).from("studios").select().execute()
        #expect(transport.requests.first?.headers["Authorization"] == "Bearer \(TestTokens.anonKey)")
        #expect(transport.requests.first?.headers["apikey"] == TestTokens.anonKey)
    }

    @Test func actingAsAnonymousIsAlwaysPossibleAndDropsTheToken() async throws {
        let anonymous = database(token: TestTokens.member(alice)).acting(as: .anonymous)
        #expect(anonymous.role == .anonymous)
        try await anonymous.from("studios").select().execute()
        #expect(transport.requests.first?.headers["Authorization"] == "Bearer \(TestTokens.anonKey)")
    }

    @Test func actingAsTheTokensOwnRoleIsTheSameClient() async throws {
        let member = database(token: TestTokens.member(alice)).acting(as: .member(alice))
        try await member.from("events").select().execute()
        #expect(transport.requests.first?.headers["Authorization"] == "Bearer \(TestTokens.member(alice))")
        let service = database(token: TestTokens.service).acting(as: .service)
        try await service.from("events").select().execute()
        #expect(transport.requests.count == 2)
    }

    @Test(arguments: [DatabaseRole.member(GoldenValues.bob), .service])
    func actingAsARoleTheTokenDoesNotProveFailsBeforeSending(_ role: DatabaseRole) async throws {
        let impostor = database(token: TestTokens.member(alice)).acting(as: role)
        await #expect(throws: SupabaseError.cannotActAs(requested: role, proven: .member(alice))) {
            try await impostor.from("events").select().execute()
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func theTokenProviderIsAskedForEveryRequestSoARefreshedTokenIsUsed() async throws {
        let tokens = LockedState([TestTokens.member(GoldenValues.alice), TestTokens.member(GoldenValues.bob)])
        let database = SupabaseDatabase(url: TestTokens.projectURL, anonKey: TestTokens.anonKey, transport: transport) {
            tokens.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
        }
        #expect(database.role == .anonymous, "before the first request nothing is known")
        #expect(try await database.refreshRole() == .member(GoldenValues.alice))
        try await database.from("events").select().execute()
        #expect(database.role == .member(GoldenValues.bob))
        #expect(transport.requests.first?.headers["Authorization"] == "Bearer \(TestTokens.member(GoldenValues.bob))")
    }

    @Test func aFailingTokenProviderFailsTheRequestWithItsError() async {
        struct SignedOutByServer: Error, Equatable {}
        let database = SupabaseDatabase(url: TestTokens.projectURL, anonKey: TestTokens.anonKey, transport: transport) {
            throw SignedOutByServer()
        }
        await #expect(throws: SignedOutByServer()) { try await database.from("events").select().execute() }
        #expect(transport.requests.isEmpty)
    }
}
