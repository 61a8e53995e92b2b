import FitCore
import Foundation

/// What a request observably did, reduced to what both backends must agree on: the `id`s of the rows it
/// returned (in order), "no row" for an empty `maybeSingle()`, the count when one was asked for, or the
/// error code.
public enum QuerySemanticsOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The rows' `id`s in response order (a single object is one id).
    case ids([Int])
    /// `maybeSingle()` found no row (JSON `null`).
    case noRow
    /// The exact count and the ids of the returned rows (none for `head`).
    case counted(Int, ids: [Int])
    /// The request failed with this code (`DatabaseError.code`), or `unexpected: …` for any other error.
    case error(String)
    /// The rows exactly as returned (keys and values), for aliases and casts.
    case values([JSONValue])
    /// The request failed with this code and exactly this message.
    case failure(code: String, message: String)
    /// The body as text (CSV).
    case text(String)

    public var description: String {
        switch self {
        case .ids(let ids): "ids \(ids)"
        case .noRow: "no row"
        case .counted(let count, let ids): "count \(count), ids \(ids)"
        case .error(let code): "error \(code)"
        case .values(let rows): "values \(rows)"
        case .failure(let code, let message): "error \(code): \(message)"
        case .text(let text): "text \(text.debugDescription)"
        }
    }

    /// Sends the request and reduces the response (or error) to an outcome.
    public static func observe(_ request: FilterBuilder, like expected: QuerySemanticsOutcome? = nil) async
        -> QuerySemanticsOutcome
    {
        let raw: RawResponse
        do {
            raw = try await request.executeRaw()
        } catch let error as DatabaseError {
            if case .failure? = expected { return .failure(code: error.code, message: error.message) }
            return .error(error.code)
        } catch {
            return .error("unexpected: \(error)")
        }
        if case .text? = expected { return .text(String(decoding: raw.data, as: UTF8.self)) }
        let ids: [Int]
        if raw.data.isEmpty {
            ids = []
        } else {
            guard let body = try? JSONValue(json: raw.data) else {
                return .error("unexpected: the body is not JSON")
            }
            if case .values? = expected {
                if case .array(let rows) = body { return .values(rows) }
                return .values([body])
            }
            switch body {
            case .null: return raw.count.map { .counted($0, ids: []) } ?? .noRow
            case .array(let rows): ids = rows.compactMap(id(of:))
            case .object: ids = id(of: body).map { [$0] } ?? []
            default: return .error("unexpected: body \(body)")
            }
        }
        if let count = raw.count { return .counted(count, ids: ids) }
        return .ids(ids)
    }

    private static func id(of row: JSONValue) -> Int? {
        guard case .number(let number)? = row["id"] else { return nil }
        return NSDecimalNumber(decimal: number).intValue
    }
}

/// One request against the ``QuerySemantics`` seed and the answer PostgreSQL/PostgREST gives, so the same
/// table of cases runs on the in-memory database and on a real server.
///
/// A case has one or more steps; later steps check what an earlier one left behind (a failed write stores
/// nothing). Every case expects the freshly installed seed: run each on a new database, or roll back.
public struct QuerySemanticsCase: Sendable, CustomStringConvertible {
    /// One request, the role it runs as, and its expected outcome.
    public struct Step: Sendable {
        public var role: DatabaseRole
        public var request: @Sendable (any DatabaseClient) -> FilterBuilder
        public var expected: QuerySemanticsOutcome

        public init(
            role: DatabaseRole, request: @escaping @Sendable (any DatabaseClient) -> FilterBuilder,
            expected: QuerySemanticsOutcome
        ) {
            self.role = role
            self.request = request
            self.expected = expected
        }
    }

    /// A behaviour phrase: what PostgreSQL does.
    public var name: String
    public var steps: [Step]

    /// A one-step case: `request` run as `role` gives `expected`.
    public init(
        _ name: String, as role: DatabaseRole = .service,
        _ request: @escaping @Sendable (any DatabaseClient) -> FilterBuilder, expect expected: QuerySemanticsOutcome
    ) {
        self.name = name
        self.steps = [Step(role: role, request: request, expected: expected)]
    }

    /// This case with one more step, run after the others.
    public func then(
        as role: DatabaseRole = .service, _ request: @escaping @Sendable (any DatabaseClient) -> FilterBuilder,
        expect expected: QuerySemanticsOutcome
    ) -> QuerySemanticsCase {
        var copy = self
        copy.steps.append(Step(role: role, request: request, expected: expected))
        return copy
    }

    /// The outcome each step should have.
    public var expectedOutcomes: [QuerySemanticsOutcome] { steps.map(\.expected) }

    /// Runs every step on `client` (acting as each step's role) and returns what each did.
    public func run(on client: any DatabaseClient) async -> [QuerySemanticsOutcome] {
        var outcomes: [QuerySemanticsOutcome] = []
        for step in steps {
            outcomes.append(
                await QuerySemanticsOutcome.observe(step.request(client.acting(as: step.role)), like: step.expected))
        }
        return outcomes
    }

    public var description: String { name }
}
