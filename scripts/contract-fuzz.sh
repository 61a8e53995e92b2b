#!/usr/bin/env bash
# Usage: scripts/contract-fuzz.sh [SEQUENCES] [OPERATIONS] [SEED]
#
# The contract's differential fuzzer at length: SEQUENCES random sequences (2000) of OPERATIONS operations (60) each,
# from SEED (a new one, printed, unless given), each run on the embedded database and on a throwaway PostgreSQL
# (scripts/with-postgres.sh) and compared answer by answer and table by table (ContractFuzzTests). A divergence
# prints its shortest sequence and the seed that replays it: scripts/contract-fuzz.sh 1 OPERATIONS THAT-SEED.
# The test run itself runs 40 sequences of 30 from seed 1.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/build-flags.sh
source scripts/build-flags.sh

sequences=${1:-2000}
operations=${2:-60}
seed=${3:-$(( (RANDOM << 16) | RANDOM ))}
echo "contract-fuzz: $sequences sequences of $operations operations from seed $seed"
echo "contract-fuzz: replay with scripts/contract-fuzz.sh $sequences $operations $seed"
mkdir -p .build
if ! swiftpm build --build-tests "${build_flags[@]}" >.build/contract-fuzz-build.log 2>&1; then
    cat .build/contract-fuzz-build.log >&2
    echo "contract-fuzz: the build failed" >&2
    exit 1
fi
started=$SECONDS
FITKIT_CONTRACT_FUZZ_SEQUENCES=$sequences FITKIT_CONTRACT_FUZZ_OPERATIONS=$operations FITKIT_CONTRACT_FUZZ_SEED=$seed \
    NO_COLOR=1 scripts/with-postgres.sh "$(test_executable "${build_flags[@]}")" --testing-library swift-testing \
    --filter 'ContractFuzzTests/sameAnswersOnBoth' 2>&1 | grep -vE '^(◇|↳ Test|↳ ///)'
echo "contract-fuzz: $((SECONDS - started)) s"
