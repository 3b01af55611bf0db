#!/usr/bin/env bash
# `make run`: shows what rigio does with the sample skeleton that ships in samples/.
set -euo pipefail
rigio="${1:-build/rigio}"
sample="samples/stickman.skel"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }

echo "rigio reads, writes, validates, converts and plays skeletal-animation data."
echo "The sample $sample is a small Spine 3.8 skeleton that rigio itself wrote (samples/README.md)."

step "1. What is in the file" "rigio info $sample"
"$rigio" info "$sample"

step "2. Is it well-formed?" "rigio validate $sample"
"$rigio" validate "$sample"

step "3. Read and write it back: the bytes are identical" "rigio convert $sample copy.skel"
"$rigio" convert "$sample" "$tmp/copy.skel"
cmp "$sample" "$tmp/copy.skel" && echo "copy.skel is byte-identical to $sample"

if "$rigio" convert "$sample" "$tmp/stickman.json" 2>/dev/null; then
  step "4. As Spine JSON, for reading and diffing" "rigio convert $sample stickman.json"
  head -n 12 "$tmp/stickman.json"; echo "  ... ($(wc -l <"$tmp/stickman.json") lines)"
  "$rigio" convert "$tmp/stickman.json" "$tmp/back.skel"
  cmp "$sample" "$tmp/back.skel" && echo "JSON -> .skel gives back the original bytes"
fi

step "5. Play an animation: every bone's world matrix at sampled times" \
  "rigio pose $sample --animation walk --samples 2"
"$rigio" pose "$sample" --animation walk --samples 2 >"$tmp/pose.json"
head -n 7 "$tmp/pose.json" | cut -c 1-150
echo "  ... (per bone its world matrix a b c d and position x y, in the schema of the official runtime's"
echo "  golden dumps; rigio pose --help)"

step "6. A damaged file gets a precise error, not a crash" "rigio validate damaged.skel"
head -c 700 "$sample" >"$tmp/damaged.skel"
"$rigio" validate "$tmp/damaged.skel" || echo "(exit status $?: the file is reported as bad)"

if [ -f samples/wave.bin ]; then
  step "7. An MRTK input recording (head, hand and eye input)" "rigio info samples/wave.bin"
  "$rigio" info samples/wave.bin
  step "8. Fix the rotations MRTK 2.6/2.7 lost, then evaluate as MRTK playback does" \
    "rigio repair samples/wave.bin fixed.bin && rigio sample fixed.bin --rate 4 | cut -d, -f1-12"
  "$rigio" repair samples/wave.bin "$tmp/fixed.bin"
  "$rigio" sample "$tmp/fixed.bin" --rate 4 | cut -d, -f1-12
fi

if [ -f samples/stickman.atlas ]; then
  out_dir="$(cd "$(dirname "$rigio")" && pwd)/demo"
  mkdir -p "$out_dir"
  step "9. Draw it: a frame of the walk with the sample's texture atlas (also made by rigio)" \
    "rigio render $sample --animation walk --time 0.4 --scale 3 --background white -o $out_dir/stickman-walk.png"
  "$rigio" render "$sample" --animation walk --time 0.4 --scale 3 --background white -o "$out_dir/stickman-walk.png"
  "$rigio" render "$sample" --animation walk --fps 30 --scale 3 -o "$out_dir/stickman-walk.gif"
  echo "rendered frame: $out_dir/stickman-walk.png"
  echo "animated GIF:   $out_dir/stickman-walk.gif"
fi

echo
echo "Try it on your own files: $rigio info FILE, $rigio convert IN OUT, $rigio --help"
