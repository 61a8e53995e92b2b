#include "CLibFuzzer.h"

#include <stddef.h>
#include <stdint.h>

// Both defined elsewhere: the driver by libFuzzer (compiler-rt, linked by -sanitize=fuzzer), the target in Swift.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int fitkit_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
