import FitContract
import FitCore
import FitKitTestSupport
import Foundation
import Testing

/// A business code is written once in Swift (the feature's `ContractError` enum); the SQL that raises it and the two
/// documents that list it must agree, or this fails.
@Suite("Business codes agree everywhere")
struct ContractCodesTests {
    static func migrations() throws -> String {
        try RepositoryFiles.files(under: "Backend/migrations", withExtension: "sql").map(\.text)
            .joined(separator: "\n")
    }

    @Test("the migrations raise every code with the message the Swift declaration gives, and no other code")
    func migrationsRaiseTheDeclaredCodes() throws {
        let sql = try Self.migrations()
        for error in FitKitContract.errors {
            #expect(sql.contains("errcode = '\(error.code)', message = '\(error.message)'"), "\(error.code)")
        }
        let raised = Set(sql.matches(of: /errcode = '([A-Z]{2}\d{3})'/).map { String($0.1) })
        #expect(raised == Set(FitKitContract.errors.map(\.code)))
    }

    @Test("Backend/CONTRACT.md and the DataContract article list every code with its message")
    func documentsListEveryCode() throws {
        let contract = try RepositoryFiles.text("Backend/CONTRACT.md")
        let article = try RepositoryFiles.text("Modules/Contract/FitContract/FitContract.docc/DataContract.md")
        for error in FitKitContract.errors {
            #expect(contract.contains("| \(error.code) | \(error.message) |"), "CONTRACT.md: \(error.code)")
            #expect(article.contains("| `\(error.code)` |"), "DataContract.md: \(error.code)")
            #expect(article.contains("| \(error.message) |"), "DataContract.md: \(error.message)")
        }
    }
}
