// Private to the DragonBones JSON reader: the text of a JSON value as simdjson::to_string prints it
// (minified, strings escaped and numbers formatted as simdjson does), written into a reused buffer.
// Unknown keys are kept as this text; 5.6 files hold most of their animation data in them (~850 KB of
// the 1 MB of shizuku_ske.json), where to_string's builder and its number printing were ~15% of a read.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <string>

namespace rigio::dragonbones {

class JsonText {
public:
    // `text_size`: the size of the document, which sizes the remembered doubles.
    explicit JsonText(std::size_t text_size) {
        while (printed_bits_ < 14 && (std::size_t{64} << printed_bits_) < text_size) ++printed_bits_;
    }

    // The text of `v`, valid until the next call.
    const std::string& of(simdjson::dom::element v) {
        out_.clear();
        value(v);
        return out_;
    }

private:
    void value(simdjson::dom::element v);
    void string(std::string_view s);
    void number(double d);

    // Printed doubles by bit pattern: 5.6 timelines repeat their values (~18k distinct among ~95k in
    // shizuku_ske.json), and the shortest-digits printing is the dearest part of the text. Created at
    // the first double, with a slot per 64 bytes of text (1,024 to 16,384 slots of 32 bytes, freed
    // with the reader); the printing is simdjson's own, so the text is the same with or without it.
    struct Printed {
        std::uint64_t bits;
        std::uint8_t size;
        char text[23];
    };
    int printed_bits_ = 10;
    std::unique_ptr<Printed[]> printed_;
    std::string out_;
};

}  // namespace rigio::dragonbones
