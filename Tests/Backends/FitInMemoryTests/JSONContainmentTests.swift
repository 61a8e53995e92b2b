import FitCore
import Testing

@testable import FitInMemory

/// jsonb `@>` as PostgreSQL documents it (section 8.14.3, "jsonb Containment and Existence").
@Suite struct JSONContainmentTests {
    @Test(arguments: [
        (#""foo""#, #""foo""#, true),
        (#"[1, 2, 3]"#, #"[1, 3]"#, true),
        (#"[1, 2, 3]"#, #"[3, 1]"#, true),
        (#"[1, 2, 3]"#, #"[1, 2, 2]"#, true),
        (#"{"product": "PostgreSQL", "version": 9.4, "jsonb": true}"#, #"{"version": 9.4}"#, true),
        (#"[1, 2, [1, 3]]"#, #"[1, 3]"#, false),
        (#"[1, 2, [1, 3]]"#, #"[[1, 3]]"#, true),
        (#"{"foo": {"bar": "baz"}}"#, #"{"bar": "baz"}"#, false),
        (#"{"foo": {"bar": "baz"}}"#, #"{"foo": {}}"#, true),
        (#"["foo", "bar"]"#, #""foo""#, true),
        (#""foo""#, #"["foo"]"#, false),
        (#"{"a": 1}"#, #"1"#, false),
        (#"[{"a": 1, "b": 2}]"#, #"[{"a": 1}]"#, true),
        (#"[[1]]"#, #"1"#, false),
        (#"{"n": 1.0}"#, #"{"n": 1}"#, true),
    ])
    func followsPostgreSQL(_ container: String, _ contained: String, _ expected: Bool) throws {
        let a = try ColumnType.json.cast(text: container)
        let b = try ColumnType.json.cast(text: contained)
        guard case .json(let left) = a, case .json(let right) = b else {
            Issue.record("not JSON")
            return
        }
        #expect(JSONContainment.contains(left, right) == expected)
    }
}
