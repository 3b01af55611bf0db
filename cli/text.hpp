// Text from files is untrusted: names and strings are escaped before they reach a terminal, a log
// or a JSON document.
#pragma once

#include <string>
#include <string_view>

namespace rigio::cli {

// `s` with control characters escaped (\n, \t, \r, \x1b, C1 controls as \u0085) and bytes that are
// not valid UTF-8 as \xNN; printable UTF-8 is kept. One line, safe for a terminal.
std::string esc(std::string_view s);

// `s` as a quoted JSON string that is always valid JSON and valid UTF-8: bytes that are not valid
// UTF-8 become U+FFFD (and `*replaced` is set when given).
std::string json_quote(std::string_view s, bool* replaced = nullptr);

// Whether json_quote replaced invalid UTF-8 since the last call (and resets the flag).
bool take_utf8_replaced();

// Length in bytes of the valid UTF-8 sequence at s[i], or 0 when the byte there does not start one.
std::size_t utf8_sequence(std::string_view s, std::size_t i);

}  // namespace rigio::cli
