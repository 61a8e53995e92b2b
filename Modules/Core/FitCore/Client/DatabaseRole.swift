import Foundation

/// Who a request runs as; it decides which rows are visible (row-level security), as Supabase's JWT does.
public enum DatabaseRole: Sendable, Hashable, CustomStringConvertible {
    /// Bypasses row-level security: seeding, migrations, back-office tools. Never an app's role.
    case service
    /// Not signed in: sees public rows only.
    case anonymous
    /// A signed-in member: sees public rows and their own.
    case member(UUID)

    /// The signed-in member's id, `nil` for the service and anonymous roles.
    public var memberId: UUID? {
        if case .member(let id) = self { return id }
        return nil
    }

    /// The role as PostgreSQL and Supabase name it: `service_role`, `anon`, or `authenticated(<member id in lower
    /// case>)`; used in logs and query descriptions.
    public var description: String {
        switch self {
        case .service: "service_role"
        case .anonymous: "anon"
        case .member(let id): "authenticated(\(id.uuidString.lowercased()))"
        }
    }
}
