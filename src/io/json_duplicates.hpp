// The duplicate-key check of JsonDocument (json_input.cpp): one forward pass over simdjson's tape.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "rigio/io/json_input.hpp"

namespace rigio::io::detail {

// The JSON pointer of the first duplicated key in document order, outside the objects `allow` exempts.
// Containers whose tape index has its bit set in `verified` (when given) are known to hold no duplicate,
// nor do the containers inside them: they are stepped over.
std::optional<std::string> find_duplicate_key(const simdjson::dom::document& doc, DuplicateKeysAllowed allow,
                                              const std::uint64_t* verified = nullptr);

}  // namespace rigio::io::detail
