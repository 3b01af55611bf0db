#!/usr/bin/env bash
# Installs the build tree to a temporary prefix, then builds and runs a small consumer of the installed
# library twice: through find_package(rigio) and through pkg-config. Usage: consumer_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rigio-consumer.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sample="$src/samples/stickman.skel"
want="$("$build/rigio" info --json "$sample" | python3 -c 'import json,sys; print(json.load(sys.stdin)["bones"])') bones"

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
cmake -S "$src/tests/package/consumer" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
      -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >/dev/null
cmake --build "$tmp/cmake" >/dev/null
got=$("$tmp/cmake/consumer" "$sample")
[ "$got" = "$want" ] || { echo "find_package consumer printed '$got', want '$want'"; exit 1; }

pc_dir=$(dirname "$(find "$tmp/prefix" -name rigio.pc | head -1)")
flags=$(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs rigio)
# shellcheck disable=SC2086
${CXX:-c++} "$src/tests/package/consumer/main.cpp" -o "$tmp/pc-consumer" $flags
got=$("$tmp/pc-consumer" "$sample")
[ "$got" = "$want" ] || { echo "pkg-config consumer printed '$got', want '$want'"; exit 1; }
echo "installed package works through find_package(rigio) and pkg-config: $got"
