/// A catalogue entry to insert; the database assigns the id.
public struct NewExercise: Codable, Sendable, Hashable {
    public var position: Int
    public var name: String
    public var videoName: String
    public var durationSeconds: Int

    public init(position: Int, name: String, videoName: String, durationSeconds: Int) {
        self.position = position
        self.name = name
        self.videoName = videoName
        self.durationSeconds = durationSeconds
    }
}
