/// A class's start as two labels: `time` ("6:00 PM") and `date` ("Thu 4 Jun").
public struct SessionDateTimeLabels: Sendable, Hashable {
    /// The start time in the studio's time zone and the formatter's locale, e.g. "6:00 PM"; "—" when unknown.
    public var time: String
    /// The start day in the studio's time zone, e.g. "Thu 4 Jun"; "—" when unknown.
    public var date: String

    /// Creates the two labels.
    ///
    /// - Parameters:
    ///   - time: The time label, e.g. "6:00 PM".
    ///   - date: The date label, e.g. "Thu 4 Jun".
    public init(time: String, date: String) {
        self.time = time
        self.date = date
    }

    /// Both "—": the start time is unknown.
    public static let unknown = SessionDateTimeLabels(time: "—", date: "—")
}
