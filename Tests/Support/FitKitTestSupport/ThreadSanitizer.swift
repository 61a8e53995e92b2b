#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the tests run under ThreadSanitizer (`swift test --sanitize=thread`, `.ci/run`'s last phase).
///
/// The tests that drive hundreds of concurrent callers to check what they compute (no overbooking, exact ledgers,
/// nothing lost) run with fewer callers under ThreadSanitizer: it reports a race from the order of two accesses,
/// not from how often they collide, so the first few dozen callers through each code path find what the
/// thousandth would, while each access costs it many times what it costs without. The full counts run in the
/// README's tests, without ThreadSanitizer.
public enum ThreadSanitizer {
    /// `true` when ThreadSanitizer's runtime is in this process (its `__tsan_init` is one of the process's symbols).
    public static let isActive: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "__tsan_init") != nil
    }()
}
