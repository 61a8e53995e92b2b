import Foundation

/// The repository's own files, for tests that check the sources and documents against each other.
public enum RepositoryFiles {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of the module named `module`, relative to ``root``: `Modules/<kind>/<module>`.
    public static func moduleFolder(_ module: String) throws -> String {
        let modules = root.appendingPathComponent("Modules")
        for kind in try FileManager.default.contentsOfDirectory(atPath: modules.path).sorted() {
            let folder = "Modules/\(kind)/\(module)"
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) { return folder }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Modules/*/\(module)"])
    }

    /// The text of the file at `path`, relative to ``root``.
    public static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file below `folder` (relative to ``root``) whose name ends in `.extension`, as its path relative to
    /// ``root`` and its text, in path order.
    public static func files(under folder: String, withExtension fileExtension: String) throws
        -> [(path: String, text: String)]
    {
        let url = root.appendingPathComponent(folder)
        // A folder that is not there is an error, not an empty list: a check over its files must not pass vacuously.
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
            let found = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        return try found.compactMap { $0 as? URL }.filter { $0.pathExtension == fileExtension }
            .sorted { $0.path < $1.path }
            .map { (String($0.path.dropFirst(root.path.count + 1)), try String(contentsOf: $0, encoding: .utf8)) }
    }
}
