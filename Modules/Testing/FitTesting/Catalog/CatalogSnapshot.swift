import FitInMemory
import Foundation

/// PostgreSQL's catalog of a migrated database, as far as a feature's Swift mirror declares it: each of the mirror's
/// tables and views (``TableFacts``) and each table's triggers in firing order.
///
/// A feature commits its snapshot next to its migrations (FitKit's is `Backend/catalog.json`). Two checks keep the
/// three in step: on PostgreSQL, the snapshot against a freshly migrated database (`CatalogSnapshot.read(from:for:)`
/// in FitScenarioTesting, which also writes it again after a migration changed); and on every machine, the Swift mirror
/// against the snapshot (``CatalogDifferences/between(_:_:)-(CatalogSnapshot,_)``).
public struct CatalogSnapshot: Codable, Sendable, Equatable {
    /// The mirror's tables and views by name.
    public var relations: [String: TableFacts]
    /// Each table's triggers other than the change feed's, before-triggers first, each timing's by name: the order
    /// PostgreSQL fires them in.
    public var triggers: [String: [String]]

    /// A snapshot of `relations` and `triggers`.
    ///
    /// - Parameters:
    ///   - relations: The tables and views by name.
    ///   - triggers: Each table's triggers in firing order.
    public init(relations: [String: TableFacts], triggers: [String: [String]]) {
        self.relations = relations
        self.triggers = triggers
    }

    /// The snapshot committed at `url`.
    ///
    /// - Parameter url: The snapshot's file, as ``write(to:)`` wrote it.
    /// - Throws: The file's read error, or `DecodingError` when it is not a snapshot.
    public init(contentsOf url: URL) throws {
        self = try JSONDecoder().decode(CatalogSnapshot.self, from: Data(contentsOf: url))
    }

    /// The snapshot's text as committed: keys sorted, one item per line, so that a change reads as a small diff.
    ///
    /// - Returns: The JSON text, ending in a newline.
    /// - Throws: `EncodingError`, which a snapshot does not give.
    public func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Writes the snapshot's ``text()`` to `url`, atomically.
    ///
    /// - Parameter url: The file to write.
    /// - Throws: The file system's error; the file is then as it was.
    public func write(to url: URL) throws {
        try text().write(to: url, atomically: true, encoding: .utf8)
    }
}
