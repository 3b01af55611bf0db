#include "json_tape.hpp"

#include <algorithm>
#include <limits>

namespace rigio::dragonbones {

simdjson::dom::element_type JsonValue::type() const {
    using T = simdjson::dom::element_type;
    switch (kind()) {
        case '{': return T::OBJECT;
        case '[': return T::ARRAY;
        case '"': return T::STRING;
        case 'l': return T::INT64;
        case 'u': return T::UINT64;
        case 'd': return T::DOUBLE;
        case 't':
        case 'f': return T::BOOL;
        default: return T::NULL_VALUE;
    }
}

std::size_t JsonValue::size() const {
    const auto count = static_cast<std::size_t>((word() >> 32) & 0xFFFFFFu);
    if (count < 0xFFFFFFu) return count;
    std::size_t n = 0;  // saturated: counted
    if (is_object()) {
        for (JsonMembers m(*this); !m.done(); m.next()) ++n;
    } else {
        for (JsonElements e(*this); !e.done(); e.next()) ++n;
    }
    return n;
}

namespace {
// Texts up to this size leave their parser (about 14 bytes per byte of text) to the thread's next read,
// as io::JsonDocument does with its own up to 1 MB; the one 5.6 file of the corpus is just above that.
constexpr std::size_t kKeepParserFor = std::size_t{2} << 20;
thread_local std::unique_ptr<simdjson::dom::parser> spare_parser;
}  // namespace

bool ParsedJson::parse(std::string_view text, std::size_t max_depth, bool padded) {
    // An empty text is no JSON (and its data() may be null, which simdjson would copy from): the caller's
    // io::JsonDocument reports it.
    if (text.empty() || text.size() > std::numeric_limits<std::uint32_t>::max() - 64) return false;
    parser_ = std::move(spare_parser);
    if (!parser_) parser_ = std::make_unique<simdjson::dom::parser>();
    if ((parser_->capacity() < text.size() + 64 || parser_->max_depth() != max_depth + 1) &&
        parser_->allocate(std::max(parser_->capacity(), text.size() + 64), max_depth + 1) != simdjson::SUCCESS)
        return false;
    // Unless the text is followed by io::kReadPadding readable bytes (`padded`), simdjson copies it into
    // its padded buffer, kept with the parser (realloc_if_needed).
    if (parser_->parse(text.data(), text.size(), !padded).error()) return false;
    tape_.words = parser_->doc.tape.get();
    tape_.strings = parser_->doc.string_buf.get();
    return true;
}

std::span<const std::uint32_t> ParsedJson::tokens() const {
    // (dom::parser::implementation is public, "for benchmarking access"; its stage-1 index outlives
    // the parse until the parser's next one.)
    if (!parser_ || !parser_->implementation || !parser_->implementation->structural_indexes) return {};
    return {parser_->implementation->structural_indexes.get(), parser_->implementation->n_structural_indexes};
}

ParsedJson::~ParsedJson() {
    if (parser_ && !spare_parser && parser_->capacity() <= kKeepParserFor + 64) spare_parser = std::move(parser_);
}

}  // namespace rigio::dragonbones
