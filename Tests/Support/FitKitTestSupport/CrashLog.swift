import FitInMemory

/// The table `fit-crash-writer` appends to and the crash-safety tests read back.
public enum CrashLog {
    /// `log (id integer, payload text)`, readable by everyone.
    public static let schema = TableSchema(
        name: "log", columns: [Column("id", .integer), Column("payload", .text)], access: .publicRead)
}
