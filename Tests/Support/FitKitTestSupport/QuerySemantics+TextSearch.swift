import FitCore

/// Full-text search (supabase-swift's `textSearch`; PostgREST's `fts`, `plfts`, `phfts`, `wfts`) with the `simple`
/// configuration, the one the in-memory database reads, over `semantics_items.name`:
///
/// | id | name    | to_tsvector('simple', name) |
/// |----|---------|-----------------------------|
/// | 1  | Alpha   | 'alpha':1                   |
/// | 2  | beta    | 'beta':1                    |
/// | 3  | NULL    | NULL                        |
/// | 4  | Gamma_1 | 'gamma':1 '1':2             |
/// | 5  | gam%ma  | 'gam':1 'ma':2              |
///
/// Other configurations are PostgreSQL's own (the in-memory database refuses them with `0A000`), so they are
/// tested in FitInMemory's unit tests, not here.
extension QuerySemantics {
    private static func named(_ client: any DatabaseClient) -> FilterBuilder {
        client.from("semantics_items").select().order("id")
    }

    /// Every full-text search case.
    public static let textSearch: [QuerySemanticsCase] = [
        .init(
            "fts finds a word, ignoring case", { named($0).textSearch("name", query: "ALPHA", config: "simple") },
            expect: .ids([1])),
        .init(
            "fts does not find a word that is not there",
            { named($0).textSearch("name", query: "delta", config: "simple") }, expect: .ids([])),
        .init(
            "fts ANDs with &", { named($0).fts("name", query: "gamma & 1", config: "simple") }, expect: .ids([4])),
        .init(
            "fts ORs with |", { named($0).fts("name", query: "alpha | Beta", config: "simple") },
            expect: .ids([1, 2])),
        .init(
            "fts negates with ! and never matches NULL", { named($0).fts("name", query: "!alpha", config: "simple") },
            expect: .ids([2, 4, 5])),
        .init(
            "fts phrase <-> needs adjacent words in order",
            { named($0).fts("name", query: "gam <-> ma", config: "simple") }, expect: .ids([5])),
        .init(
            "fts phrase in the wrong order matches nothing",
            { named($0).fts("name", query: "ma <-> gam", config: "simple") }, expect: .ids([])),
        .init(
            "fts <2> needs the words two apart", { named($0).fts("name", query: "gamma <2> 1", config: "simple") },
            expect: .ids([])),
        .init(
            "fts prefix :* with parentheses",
            { named($0).fts("name", query: "(gam:* & !ma) | al:*", config: "simple") }, expect: .ids([1, 4])),
        .init(
            "plfts ANDs every word, punctuation aside",
            { named($0).textSearch("name", query: "Gamma, 1!", config: "simple", type: .plain) }, expect: .ids([4])),
        .init(
            "phfts needs the words next to each other",
            { named($0).textSearch("name", query: "gam ma", config: "simple", type: .phrase) }, expect: .ids([5])),
        .init(
            "phfts with the words swapped matches nothing",
            { named($0).textSearch("name", query: "ma gam", config: "simple", type: .phrase) }, expect: .ids([])),
        .init(
            "wfts reads or and -word",
            { named($0).textSearch("name", query: "alpha or gam -ma", config: "simple", type: .websearch) },
            expect: .ids([1])),
        .init(
            "wfts reads a quoted phrase", { named($0).wfts("name", query: "\"gamma 1\"", config: "simple") },
            expect: .ids([4])),
        .init(
            "not fts never matches NULL",
            {
                named($0).not(
                    "name", operator: .plfts, value: TextSearchOperand(query: "beta", config: "simple").queryValue)
            },
            expect: .ids([1, 4, 5])),
        .init(
            "fts(simple) inside or", { named($0).or("name.fts(simple).beta,name.phfts(simple).gamma 1") },
            expect: .ids([2, 4])),
        .init(
            "not fts(simple) inside or", { named($0).or("name.not.wfts(simple).gam,id.eq.5") },
            expect: .ids([1, 2, 4, 5])),
        .init(
            "fts reads an operand joined by _ as a phrase of its words",
            { named($0).fts("name", query: "GAMMA_1", config: "simple") }, expect: .ids([4])),
        .init(
            "fts prefix ignores case", { named($0).fts("name", query: "GAM:*", config: "simple") },
            expect: .ids([4, 5])),
        .init(
            "plfts splits at % as the text is split",
            { named($0).textSearch("name", query: "gam%ma", config: "simple", type: .plain) }, expect: .ids([5])),
        .init(
            "wfts -word alone keeps every other non-NULL row",
            { named($0).wfts("name", query: "-alpha", config: "simple") }, expect: .ids([2, 4, 5])),
        .init(
            "fts on an integer column is 42883", { named($0).textSearch("rank", query: "1", config: "simple") },
            expect: .error("42883")),
    ]
}
