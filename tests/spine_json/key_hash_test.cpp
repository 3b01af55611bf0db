// The perfect hash that matches an object's keys to the names of its kind (KeyHash in
// src/spine/json_reader.hpp): every name is found at its index, and any other key, whether its slot
// holds a name or no name at all, is not found.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "../../src/spine/json_reader.hpp"

namespace rigio::spine::detail {
namespace {

constexpr auto kNames = keys("time", "x", "y", "curve", "c2", "c3", "c4", "a", "transform", "a-name-longer-than-sixteen-bytes");

// A key laid out as simdjson's string buffer holds it (its 32-bit length, its bytes, a NUL), with
// padding after it for io::tape::key_words' 8-byte loads.
struct StoredKey {
    std::vector<std::uint8_t> bytes;
    explicit StoredKey(const std::string& key) : bytes(4 + key.size() + 1 + 64, 0xAB) {
        const auto size = static_cast<std::uint32_t>(key.size());
        std::memcpy(bytes.data(), &size, 4);
        std::memcpy(bytes.data() + 4, key.data(), key.size());
        bytes[4 + key.size()] = 0;
    }
    template <std::size_t N = kNames.names.size()>
    int find(const Keys<N>& list = kNames) const {
        return list.hash.find(words(), list.names.data());
    }
    template <std::size_t N = kNames.names.size()>
    bool empty_slot(const Keys<N>& list = kNames) const {
        return list.hash.slots[list.hash.slot(words())] == KeyHash::kNone;
    }
    io::tape::KeyWords words() const { return io::tape::key_words(bytes.data(), std::uint64_t{'"'} << 56); }
};

TEST(SpineJsonKeyHash, EveryNameIsFoundAtItsIndex) {
    for (std::size_t i = 0; i < kNames.names.size(); ++i)
        EXPECT_EQ(StoredKey(std::string(kNames.names[i])).find(), static_cast<int>(i)) << kNames.names[i];
}

TEST(SpineJsonKeyHash, OtherKeysAreNotFoundWhateverTheirSlotHolds) {
    std::vector<std::string> others = {"", "t", "tim", "times", "Time", "x ", " x", std::string("x\0", 2), "c1", "c5", "curves",
                                       "transforM", "transform2", "a-name-longer-than-sixteen-byteZ",
                                       "a-name-longer-than-Sixteen-bytes", "a-name-longer-than-sixteen-bytes-"};
    for (int i = 0; i < 3000; ++i) others.push_back("k" + std::to_string(i * 7919));
    int in_empty_slots = 0, in_named_slots = 0;
    for (const std::string& key : others) {
        const StoredKey k(key);
        EXPECT_EQ(k.find(), -1) << key;
        (k.empty_slot() ? in_empty_slots : in_named_slots)++;
    }
    // Both kinds of miss were tried: a slot with no name, and a slot whose name the key is not.
    EXPECT_GT(in_empty_slots, 100);
    EXPECT_GT(in_named_slots, 100);
    // The empty key, all of whose words are zero (as an unused table entry's would be), in a slot
    // with no name and in one with a name.
    constexpr auto kFew = keys("time", "value");
    ASSERT_TRUE(StoredKey("").empty_slot(kFew));
    EXPECT_EQ(StoredKey("").find(kFew), -1);
    ASSERT_FALSE(StoredKey("").empty_slot());
    EXPECT_EQ(StoredKey("").find(), -1);
}

}  // namespace
}  // namespace rigio::spine::detail
