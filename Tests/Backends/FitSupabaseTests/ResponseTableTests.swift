import FitCore
import FitSupabase
import Foundation
import Testing

@Suite struct ResponseTableTests {
    @Test(arguments: ResponseTable.cases)
    func mapsTheAnswerToTheTypedResultOrError(_ row: ResponseCase) async {
        #expect(await row.observe() == row.expected)
    }
}
