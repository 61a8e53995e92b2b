import Foundation

/// How a ``FitKitSeed`` names its rows: with the same readable ids every time, or with ids of its own.
public struct SeedIdentity: Sendable, Hashable {
    /// The bits every id of the seed is XORed with; zero for ``fixed``.
    private let salt: UUID

    /// Readable ids that never change (`5E550000-0000-4000-8000-000000000001`), so documentation and the demo can name
    /// a member or a class. Two fixed seeds cannot share one database.
    public static let fixed = SeedIdentity(salt: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))

    /// Ids no other seed has, so tests that share one server (PostgreSQL) never see each other's private rows.
    ///
    /// - Returns: A new identity; every call gives another.
    public static func fresh() -> SeedIdentity {
        var bytes = UUID().uuid
        // Keep the version and variant bits of the fixed ids: XOR with zero there.
        bytes.6 &= 0x0F
        bytes.8 &= 0x3F
        return SeedIdentity(salt: UUID(uuid: bytes))
    }

    /// Whether these are the ``fixed`` ids.
    public var isFixed: Bool { self == .fixed }

    /// The id of row `number` of the kind `prefix` names: `PREFIX-0000-4000-8000-00000000000N` when ``fixed``, that id
    /// with this identity's random bits otherwise. Different prefixes or numbers never give the same id.
    ///
    /// - Parameters:
    ///   - prefix: Exactly eight hex digits that say what the row is (`5E550000` for a class session).
    ///   - number: The row's number, 0 to 999 999 999 999.
    /// - Returns: The id. It traps when `prefix` is not eight hex digits.
    public func id(_ prefix: String, _ number: Int) -> UUID {
        let text = "\(prefix)-0000-4000-8000-\(String(format: "%012d", number))"
        guard let fixed = UUID(uuidString: text) else { preconditionFailure("\(prefix) is not eight hex digits") }
        return Self.xor(fixed, salt)
    }

    private init(salt: UUID) { self.salt = salt }

    private static func xor(_ left: UUID, _ right: UUID) -> UUID {
        var result = left.uuid
        withUnsafeMutableBytes(of: &result) { bytes in
            withUnsafeBytes(of: right.uuid) { salt in
                for index in 0..<16 { bytes[index] ^= salt[index] }
            }
        }
        return UUID(uuid: result)
    }
}
