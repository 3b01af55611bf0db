# rigio: `make run` and `make test` do everything on a fresh Debian machine.
# They install missing system packages (apt), configure, build, then run or test.

BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_GEN  := $(shell command -v ninja >/dev/null 2>&1 && echo "-G Ninja")

.PHONY: all deps build run test test-asan bench fuzz fuzz-smoke clean

all: build

# Installs the Debian packages the build needs, only when some are missing.
deps:
	@scripts/install-deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The main job on a sample made by rigio itself (samples/README.md says how).
run: build
	@scripts/demo.sh $(BUILD)/rigio

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer.
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Debug -DRIGIO_SANITIZE=ON -DRIGIO_BENCH=OFF
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# Every benchmark program (medians of 5) and a 42-file batch conversion, as Markdown tables
# (scripts/bench-table.py; `BENCH_ARGS=--quick` for one short run of each).
bench: build
	@python3 scripts/bench-table.py $(BUILD) $(BENCH_ARGS)

# Builds the libFuzzer targets with clang and runs each for FUZZ_SECONDS (seeded with ../shared/corpus).
FUZZ_SECONDS ?= 60
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

# A short, reproducible pass of every fuzz target (fixed seed, fixed number of runs): what CI runs.
fuzz-smoke: deps
	FUZZ_RUNS=$${FUZZ_RUNS:-20000} scripts/fuzz.sh

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-fuzz
