import Foundation

/// One exercise of the catalogue (`exercises` row): a HIIT page, with the video to play and how long it lasts.
public struct Exercise: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    /// Order in the workout: page 1 is the lowest position.
    public var position: Int
    public var name: String
    /// The video's resource name (`squat` for `squat.mp4`).
    public var videoName: String
    /// How long the countdown runs.
    public var durationSeconds: Int

    public init(id: UUID = UUID(), position: Int, name: String, videoName: String, durationSeconds: Int) {
        self.id = id
        self.position = position
        self.name = name
        self.videoName = videoName
        self.durationSeconds = durationSeconds
    }
}
