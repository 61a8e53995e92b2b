import FitCore
import Foundation

/// Where a command writes its lines: standard output in the executable, a buffer in tests, so every
/// command runs in-process and its output can be asserted.
public struct OutputSink: Sendable {
    private let writeText: @Sendable (String) -> Void

    /// A sink that hands every piece of text (lines end with `\n`) to `write`.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.writeText = write
    }

    /// Writes `text` and a newline.
    public func line(_ text: String = "") {
        writeText(text + "\n")
    }

    /// Writes `text` as it is (no newline): for a countdown that grows on one line.
    public func write(_ text: String) {
        writeText(text)
    }

    /// The process's standard output, unbuffered, so a countdown shows as it runs.
    public static let standardOutput = OutputSink { text in
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// The process's standard error.
    public static let standardError = OutputSink { text in
        FileHandle.standardError.write(Data(text.utf8))
    }
}
