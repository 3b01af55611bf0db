// Shared check for the fuzz targets: an input either fails with a located error, or reads into a
// model whose written form reads back equal (where the model has ==) and writes again to the same
// output (a fixed point).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <utility>

#include "rigio/io/error.hpp"

namespace rigio::fuzz {

template <class T>
inline constexpr bool is_result = false;
template <class T>
inline constexpr bool is_result<Result<T>> = true;

// write(model), unwrapped when the writer returns a Result: a model that reads must write.
template <class Write, class Model>
auto written_form(Write& write, const Model& model) {
    auto out = write(model);
    if constexpr (is_result<decltype(out)>) {
        if (!out) {
            std::fprintf(stderr, "a model that reads does not write: %s\n", out.error().what());
            std::abort();
        }
        return std::move(out).value();
    } else {
        return out;
    }
}

// read: input -> Result<Model>; write: Model -> output (bytes or text), or Result of it; both callables.
template <class Input, class Read, class Write>
void check_fixed_point(const Input& input, Read read, Write write) {
    auto first = read(input);
    if (!first) {
        if (!first.error().where().known()) {
            std::fprintf(stderr, "error without a location: %s\n", first.error().what());
            std::abort();
        }
        return;
    }
    const auto written = written_form(write, *first);
    auto second = read(written);
    if (!second) {
        std::fprintf(stderr, "rewrite does not read back: %s\n", second.error().what());
        std::abort();
    }
    if constexpr (requires { *first == *second; }) {
        if (!(*second == *first)) {
            std::fprintf(stderr, "rewrite reads back different\n");
            std::abort();
        }
    }
    if (written_form(write, *second) != written) {
        std::fprintf(stderr, "rewrite is not a fixed point\n");
        std::abort();
    }
}

}  // namespace rigio::fuzz
