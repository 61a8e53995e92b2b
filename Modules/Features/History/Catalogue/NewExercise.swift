/// A catalogue entry to insert; the database assigns the id.
public struct NewExercise: Codable, Sendable, Hashable {
    /// Its place in the workout; unique, and an entry whose position is already taken is skipped (see
    /// ``HistoryQueries/createExercises(_:)``).
    public var position: Int
    /// The name screens show.
    public var name: String
    /// The video's resource name (`squat` for `squat.mp4`).
    public var videoName: String
    /// How long the countdown runs, in seconds; the table requires more than 0.
    public var durationSeconds: Int

    /// Creates a catalogue entry to insert.
    ///
    /// - Parameters:
    ///   - position: Its place in the workout, unique in the catalogue.
    ///   - name: The name screens show.
    ///   - videoName: The video's resource name, without extension.
    ///   - durationSeconds: How long the countdown runs, in seconds (more than 0).
    public init(position: Int, name: String, videoName: String, durationSeconds: Int) {
        self.position = position
        self.name = name
        self.videoName = videoName
        self.durationSeconds = durationSeconds
    }
}
