import FuzzSupport

@testable import FitCore
@testable import FitSupabase

/// The `or()` / logic-tree parser on any text. It returns filters or throws `PGRST100`, never anything else; a tree
/// it returns fits the builder's nesting limit; and what FitSupabase writes for that tree (the `or=(…)` PostgREST
/// gets) parses back to the same tree.
@_cdecl("LLVMFuzzerTestOneInput")
public func logicTreeFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput(data, size).text
    let filters: [Filter]
    do {
        filters = try LogicTreeParser.parse(text)
    } catch {
        fuzzCheck(error.code == "PGRST100", "code \(error.code) for \(text.debugDescription)")
        fuzzCheck(error.message.contains("failed to parse logic tree"), "message \(error.message.debugDescription)")
        return 0
    }
    fuzzCheck(!filters.isEmpty, "no filters from \(text.debugDescription)")
    let tree = Filter.or(filters)
    fuzzCheck(
        tree.nesting <= Filter.maximumNesting,
        "or(\(text.debugDescription)) nests \(tree.nesting) levels, more than the builder takes")

    let written = filters.map(PostgRESTText.treeItem).joined(separator: ",")
    do {
        let reread = try LogicTreeParser.parse(written)
        fuzzCheck(
            reread == filters,
            "\(text.debugDescription) → \(filters) written as \(written.debugDescription) reads back as \(reread)")
    } catch {
        fuzzCheck(false, "\(text.debugDescription) written as \(written.debugDescription) does not parse: \(error)")
    }
    return 0
}
