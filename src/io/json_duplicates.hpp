// The duplicate-key check of JsonDocument (json_input.cpp): one forward pass over simdjson's tape.
#pragma once

#include <optional>
#include <string>

#include "rigio/io/json_input.hpp"

namespace rigio::io::detail {

// The JSON pointer of the first duplicated key in document order, outside the objects `allow` exempts.
std::optional<std::string> find_duplicate_key(const simdjson::dom::document& doc, DuplicateKeysAllowed allow);

}  // namespace rigio::io::detail
