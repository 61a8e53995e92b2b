import Testing

@testable import FitInMemory

/// Column names found by signature, then by name: every column at its place, names that share a signature told
/// apart, and no position for a name the table lacks.
@Suite struct ColumnPositionsTests {
    /// `start_id`, `stand_id` (and `stant_id`, asked for below) share length, first and last byte, so only the name
    /// tells them apart.
    static let names = ["id", "studio_id", "starts_at", "start_id", "stand_id", "", "ümlaut", "s", "status"]

    @Test func findsEveryColumnAtItsPlace() {
        let positions = ColumnPositions(Self.names)
        for (index, name) in Self.names.enumerated() {
            #expect(positions[name] == index, "\(name)")
        }
    }

    @Test func findsNoPositionForAnotherName() {
        let positions = ColumnPositions(Self.names)
        for name in ["sta_t_id", "ID", "studio", "studio_id ", "umlaut", "x", "stant_id"] {
            #expect(positions[name] == nil, "\(name)")
        }
    }

    @Test func findsTheFirstOfTwoColumnsWithOneName() {
        #expect(ColumnPositions(["a", "b", "a"])["a"] == 0)
    }
}
