import Foundation

/// One exercise of the catalogue (`exercises` row): a HIIT page, with the video to play and how long it lasts.
public struct Exercise: Codable, Sendable, Hashable, Identifiable {
    /// The exercise's id, assigned by the database; completions and ratings refer to it.
    public var id: UUID
    /// Order in the workout: page 1 is the lowest position.
    public var position: Int
    /// The name pages, history and the chart's legend show, e.g. "Squat".
    public var name: String
    /// The video's resource name (`squat` for `squat.mp4`).
    public var videoName: String
    /// How long the countdown runs.
    public var durationSeconds: Int

    /// Creates an exercise as the `exercises` table stores it.
    ///
    /// - Parameters:
    ///   - id: The exercise's id; a new one by default.
    ///   - position: Its place in the workout, unique in the catalogue (page 1 is the lowest).
    ///   - name: The name screens show.
    ///   - videoName: The video's resource name, without extension.
    ///   - durationSeconds: How long the countdown runs, in seconds; the table requires more than 0.
    public init(id: UUID = UUID(), position: Int, name: String, videoName: String, durationSeconds: Int) {
        self.id = id
        self.position = position
        self.name = name
        self.videoName = videoName
        self.durationSeconds = durationSeconds
    }
}
