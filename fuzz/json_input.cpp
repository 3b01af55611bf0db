// Fuzz target: the JSON layer every JSON reader shares. Malformed text must give an error with a line
// and column; the error locator (find_json_syntax_error, locate_json_pointer) must never crash.
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "rigio/io/json_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        rigio::io::JsonDocument doc(text);
    } catch (const rigio::Error& e) {
        if (!e.where().known()) {
            std::fprintf(stderr, "JSON error without a location: %s\n", e.what());
            std::abort();
        }
    }
    // Pointers made from the input's own first bytes, valid or not.
    (void)rigio::io::locate_json_pointer(text, text.substr(0, text.size() < 24 ? text.size() : 24));
    (void)rigio::io::locate_json_pointer(text, "/0/a/1");
    return 0;
}
