/// A SQL script split into its statements, so each can run on its own: postgres-nio speaks the extended
/// protocol, which takes exactly one command per query (unlike `psql -f`).
///
/// A `;` ends a statement only outside of `--` and (nested) `/* */` comments, `'…'` strings (with `''`
/// escapes, and backslash escapes in `E'…'`), `"…"` identifiers and dollar-quoted bodies (`$$ … $$`,
/// `$tag$ … $tag$`, where only the opening tag closes the body). Each statement starts at its first token (the
/// comments before it are left out), keeps the comments inside it and ends before its `;`; a stretch of only
/// comments and whitespace is no statement. The last statement needs no `;`.
///
/// It needs no driver, so it is built with or without the `Postgres` trait (the fuzz targets use it without).
public struct SQLScript: Sendable, Hashable {
    /// One statement and where it starts, so an error can point at the line in the file.
    public struct Statement: Sendable, Hashable {
        /// The statement's text, without the terminating `;`.
        public var sql: String
        /// The 1-based line of the script where the statement's first token is.
        public var line: Int

        /// Creates a statement as the splitter finds it.
        ///
        /// - Parameters:
        ///   - sql: The statement's text, without the terminating `;`.
        ///   - line: The 1-based line of the script where it starts.
        public init(sql: String, line: Int) {
            self.sql = sql
            self.line = line
        }
    }

    /// A construct that is still open at the end of the script: running it would fail or, worse, swallow
    /// the statements after it.
    public struct UnterminatedError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is left open: "string", "quoted identifier", "block comment" or "dollar-quoted body $tag$".
        public var construct: String
        /// The 1-based line where it opens.
        public var line: Int

        /// Creates the error for a construct left open.
        ///
        /// - Parameters:
        ///   - construct: What is left open: "string", "quoted identifier", "block comment" or "dollar-quoted body
        ///     $tag$".
        ///   - line: The 1-based line where it opens.
        public init(construct: String, line: Int) {
            self.construct = construct
            self.line = line
        }

        /// `unterminated <construct> starting on line <line>`, e.g. `unterminated dollar-quoted body $$ starting on
        /// line 12`.
        public var description: String { "unterminated \(construct) starting on line \(line)" }
    }

    /// The statements, in script order.
    public let statements: [Statement]

    /// Splits `text` into statements; throws ``UnterminatedError`` when a string, quoted identifier,
    /// block comment or dollar-quoted body never ends.
    ///
    /// - Parameter text: The whole script, e.g. a migration file's contents.
    /// - Throws: ``UnterminatedError`` naming the construct that never ends and the line where it opens.
    public init(_ text: String) throws(UnterminatedError) {
        var splitter = SQLStatementSplitter(text)
        statements = try splitter.split()
    }
}
