import CLibFuzzer

/// Hands the process to libFuzzer's driver, which reads libFuzzer's options from the command line and calls the
/// target's `@_cdecl("LLVMFuzzerTestOneInput")` function on every input. A fuzz target's `main.swift` calls it:
/// SwiftPM gives every executable its own entry point, which libFuzzer's `main` cannot replace.
///
/// - Returns: libFuzzer's exit status (0 when the run ends without a finding).
public func runFuzzer() -> Int32 {
    fitkit_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)
}
