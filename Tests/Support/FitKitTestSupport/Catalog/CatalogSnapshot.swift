import Foundation

/// PostgreSQL's catalog of a database migrated with `Backend/migrations`, as far as the Swift mirror declares it:
/// every table and view of the contract (``TableFacts``) and each table's triggers in firing order. It is committed as
/// `Backend/catalog.json`: FitPostgres's tests check it against a freshly migrated database (and rewrite it with
/// `FITKIT_WRITE_CATALOG_SNAPSHOT=1`), and FitContract's tests check the mirror against it on every machine.
public struct CatalogSnapshot: Codable, Sendable, Equatable {
    /// The contract's tables and views by name.
    public var relations: [String: TableFacts]
    /// Each table's triggers other than the change feed's, before-triggers first, each timing's by name: the order
    /// PostgreSQL fires them in.
    public var triggers: [String: [String]]

    public init(relations: [String: TableFacts], triggers: [String: [String]]) {
        self.relations = relations
        self.triggers = triggers
    }

    /// Where the snapshot is committed, relative to the repository's root.
    public static let path = "Backend/catalog.json"

    /// The committed snapshot.
    public static func committed() throws -> CatalogSnapshot {
        try JSONDecoder().decode(CatalogSnapshot.self, from: Data(RepositoryFiles.text(path).utf8))
    }

    /// The snapshot's text as committed: keys sorted, one item per line, so that a change reads as a small diff.
    public func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Writes the snapshot to ``path``.
    public func write() throws {
        try text().write(to: RepositoryFiles.root.appendingPathComponent(Self.path), atomically: true, encoding: .utf8)
    }
}
