import Foundation
import Testing

@testable import FitInMemory

/// Expects `open` to report the file at `url` as corrupt (``PersistenceError/corrupt(_:reason:)`` naming `url`).
func expectCorrupt(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation, _ open: () throws -> Void) {
    let error = #expect(throws: PersistenceError.self, sourceLocation: sourceLocation) { try open() }
    guard case .corrupt(let reported, _)? = error else {
        Issue.record("expected .corrupt, got \(String(describing: error))", sourceLocation: sourceLocation)
        return
    }
    #expect(reported == url, sourceLocation: sourceLocation)
}
