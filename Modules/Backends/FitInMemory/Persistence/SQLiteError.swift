/// What SQLite answered when a call failed: its (extended) result code and message.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    var code: Int32
    var message: String

    /// "database disk image is malformed (SQLite 11)".
    var description: String { "\(message) (SQLite \(code))" }
}
