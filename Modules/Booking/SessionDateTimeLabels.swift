/// A class's start as two labels: `time` ("6:00 PM") and `date` ("Thu 4 Jun").
public struct SessionDateTimeLabels: Sendable, Hashable {
    public var time: String
    public var date: String

    public init(time: String, date: String) {
        self.time = time
        self.date = date
    }

    /// Both "—": the start time is unknown.
    public static let unknown = SessionDateTimeLabels(time: "—", date: "—")
}
