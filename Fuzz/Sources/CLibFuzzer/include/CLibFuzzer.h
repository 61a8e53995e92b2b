#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

/// Runs libFuzzer's driver on the target's `LLVMFuzzerTestOneInput` (defined in Swift with
/// `@_cdecl("LLVMFuzzerTestOneInput")`): libFuzzer reads its options from `argv` and calls the target on every input.
/// Returns libFuzzer's exit status.
int fitkit_fuzz_main(int argc, char **argv);

#endif
