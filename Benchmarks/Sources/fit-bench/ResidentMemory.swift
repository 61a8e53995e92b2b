import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resident memory of this process, in bytes. Linux reads `/proc/self/status` (VmRSS, VmHWM) and can reset
/// the peak (`/proc/self/clear_refs`); elsewhere the peak comes from `getrusage` and cannot be reset.
enum ResidentMemory {
    /// The peak resident set size so far (Linux: VmHWM; otherwise ru_maxrss).
    static func peak() -> Int {
        if let value = procStatus("VmHWM") { return value }
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            return Int(usage.ru_maxrss) * 1024  // kilobytes elsewhere
        #endif
    }

    /// The current resident set size (Linux: VmRSS), `nil` where unknown.
    static func current() -> Int? { procStatus("VmRSS") }

    /// Resets the peak to the current resident size (Linux ≥ 4.0); `false` when not possible.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func procStatus(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
