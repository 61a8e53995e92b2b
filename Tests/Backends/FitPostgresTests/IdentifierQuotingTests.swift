#if Postgres
    @testable import FitPostgres
    import Testing

    /// Identifiers in compiled SQL: wrapped in double quotes, with each embedded quote doubled. No database needed.
    @Suite("Identifier quoting")
    struct IdentifierQuotingTests {
        @Test(
            "a name is double-quoted, and every double quote inside it doubled",
            arguments: [
                ("book_session", #""book_session""#),
                ("", #""""#),
                (#"a"b"#, #""a""b""#),
                (#"""#, #""""""#),
                (#""edge""#, #""""edge""""#),
                (#"two""in a row"#, #""two""""in a row""#),
                ("naïve ☕️", #""naïve ☕️""#),
            ])
        func quoting(name: String, expected: String) {
            #expect(quoted(name) == expected)
        }
    }
#endif
