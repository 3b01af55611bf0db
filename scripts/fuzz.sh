#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for a bounded time, seeded with the real corpus
# (../shared/corpus, when present) and the repository's samples. Usage: scripts/fuzz.sh [SECONDS_PER_TARGET]
# Findings (crash-*, timeout-*, oom-*) are left in build-fuzz/findings/TARGET/; the script exits 1 if any.
# With FUZZ_RUNS=N set (as CI does), each target instead runs N inputs with a fixed seed from a fresh
# corpus, so the smoke pass is reproducible.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${FUZZ_BUILD:-build-fuzz}
shared=${RIGIO_SHARED:-../shared}
gen=$(command -v ninja >/dev/null 2>&1 && echo "-G Ninja" || true)
cmake -S . -B "$build" $gen -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
      -DRIGIO_FUZZ=ON -DRIGIO_BENCH=OFF >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target $(cd fuzz && ls *.cpp | sed 's/^/fuzz_/; s/\.cpp$//')

# Seed files for a target: corpus globs (relative to shared/) and sample globs (relative to samples/).
seeds() {
  case "$1" in
    spine_binary)     echo "corpus/spine-*/*.skel" "samples:*.skel" ;;
    spine_json)       echo "corpus/spine-*/*.json" "samples:*.json" ;;
    dragonbones_json) echo "corpus/dragonbones/*/*.json" "samples:*_ske.json" ;;
    mrtk_binary)      echo "corpus/mrtk/*/*.bin" "samples:*.bin" ;;
    json_input)       echo "corpus/spine-3.8/*.json" "corpus/dragonbones/5.5/*.json" "samples:*.json" ;;
    atlas)            echo "corpus/spine-*/atlas/*.atlas" ;;
    pose_reference)   echo "golden/spine-3.8/coin-pro.skel.pose.json" "golden/spine-3.8/spinosaurus-ess.skel.pose.json" \
                           "golden/dragonbones/5.5/*.pose.json" ;;
    *)                echo "" ;;
  esac
}

failed=0
summary=()
for exe in "$build"/fuzz/fuzz_*; do
  target=${exe##*/fuzz_}
  work="$build/corpus/$target"; findings="$build/findings/$target"
  [ -n "${FUZZ_RUNS:-}" ] && rm -rf "$work"
  mkdir -p "$work" "$findings"
  for pattern in $(seeds "$target"); do
    case "$pattern" in
      samples:*) files=(samples/${pattern#samples:}) ;;
      *) files=("$shared"/$pattern) ;;
    esac
    for f in "${files[@]}"; do [ -f "$f" ] && cp -n "$f" "$work/" 2>/dev/null || true; done
  done
  if [ -n "${FUZZ_RUNS:-}" ]; then limit=(-runs="$FUZZ_RUNS" -seed=1); what="$FUZZ_RUNS runs"
  else limit=(-max_total_time="$seconds"); what="${seconds}s"; fi
  echo "== fuzzing $target for $what ($(ls "$work" | wc -l) seed/corpus files)"
  log="$build/findings/$target.log"
  if "$exe" "$work" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=1048576 \
        -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1; then
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
    summary+=("$target: ok, $runs executions")
  else
    failed=1
    summary+=("$target: FAILED, see $log and $findings/")
    tail -30 "$log"
  fi
done
printf '%s\n' "${summary[@]}"
exit $failed
