#if Postgres
    import FitCore

    /// Why ``PostgresMigrator`` stopped. Files before the one named stay applied (each file commits on its own);
    /// the named file left nothing behind.
    public enum PostgresMigrationError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The migrations directory cannot be listed (missing, not a directory, no permission).
        case unreadableDirectory(path: String, reason: String)
        /// The directory holds no `*.sql` file: most likely the wrong directory.
        case noMigrations(path: String)
        /// A migration file cannot be read as UTF-8 text.
        case unreadableFile(name: String, reason: String)
        /// A migration file has a string, quoted identifier, comment or dollar-quoted body that never ends.
        case unterminated(name: String, SQLScript.UnterminatedError)
        /// A file that was applied before has changed since: its edit would never run. Add a new migration
        /// instead (or restore the file).
        case checksumChanged(name: String, recorded: String, current: String)
        /// A statement of the file failed on the server; the file's transaction was rolled back.
        case statementFailed(name: String, line: Int, DatabaseError)

        /// One line naming the directory or the migration file (and for a failed statement, the line and the server's
        /// error), e.g. `migration 0004_functions.sql failed at line 120: 42601: syntax error at or near "selec"`.
        public var description: String {
            switch self {
            case .unreadableDirectory(let path, let reason): "cannot read the migrations directory \(path): \(reason)"
            case .noMigrations(let path): "the migrations directory \(path) has no *.sql files"
            case .unreadableFile(let name, let reason): "cannot read migration \(name): \(reason)"
            case .unterminated(let name, let error): "migration \(name) has an \(error)"
            case .checksumChanged(let name, let recorded, let current):
                "migration \(name) has changed since it was applied (checksum \(recorded.prefix(12))… then, "
                    + "\(current.prefix(12))… now): add a new migration instead of editing an applied one"
            case .statementFailed(let name, let line, let error): "migration \(name) failed at line \(line): \(error)"
            }
        }
    }
#endif
