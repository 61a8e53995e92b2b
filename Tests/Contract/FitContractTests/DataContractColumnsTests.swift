import FitContract
import FitInMemory
import FitKitTestSupport
import Testing

/// The DataContract article's column table says exactly what the declarations (and so the migrations) have.
@Suite("The DataContract article's columns")
struct DataContractColumnsTests {
    static func listed(_ columns: [Column]) -> String {
        columns.map { column in
            let type = column.type == .timestamp ? "timestamptz" : column.type.rawValue
            return "`\(column.name)` \(type)\(column.isNullable ? "?" : "")"
        }
        .joined(separator: ", ")
    }

    @Test("every table and view requests can name is listed with its columns, in order, with type and nullability")
    func everyRelationIsListed() throws {
        let article = try RepositoryFiles.text("Modules/Contract/FitContract/FitContract.docc/DataContract.md")
        let rows = article.split(separator: "\n").filter {
            $0.wholeMatch(of: /\| `[a-z_]+` \| `[a-z_]+` [a-z].*/) != nil
        }
        let schema = FitKitContract.schema
        let declared =
            schema.exposedTables.map { ($0.name, Self.listed($0.columns)) }
            + schema.views.map { ($0.name, Self.listed($0.columns)) }
        for (name, columns) in declared {
            #expect(rows.contains("| `\(name)` | \(columns) |"), "\(name): \(columns)")
        }
        #expect(rows.count == declared.count)
    }
}
