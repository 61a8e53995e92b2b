import FitTesting
import Foundation

/// FitKit's own catalog snapshot, `Backend/catalog.json`, and the differences its mirror keeps on purpose.
public enum FitKitCatalog {
    /// Where the snapshot is committed, relative to the repository's root.
    public static let path = "Backend/catalog.json"

    /// The snapshot's file.
    public static var url: URL { RepositoryFiles.root.appendingPathComponent(path) }

    /// The committed snapshot.
    public static func committed() throws -> CatalogSnapshot { try CatalogSnapshot(contentsOf: url) }

    /// The differences the mirror keeps on purpose, each with its reason; the check expects exactly these.
    public static let knownDifferences: [String: String] = [
        "waitlist_entries.position: type integer in the mirror, bigint in PostgreSQL":
            "the embedded database has one integer type, 64 bits wide, for integer and bigint columns"
    ]
}
