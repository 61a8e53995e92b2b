/// Why a change feed cannot be followed.
public enum ChangeFeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The backend cannot follow changes (it has no change feed); the name says which backend.
    case notSupported(backend: String)

    /// A sentence naming the backend and telling the member to reload: `InMemoryClient cannot follow changes: reload to
    /// see what others wrote.`
    public var description: String {
        switch self {
        case .notSupported(let backend): "\(backend) cannot follow changes: reload to see what others wrote."
        }
    }
}
