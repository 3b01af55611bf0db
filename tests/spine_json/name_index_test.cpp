// The reader's name index (src/spine/json_name_index.hpp) against std::map: every name found with its
// value, absent names not found, a repeated name refused, across the table's growth.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "../../src/spine/json_name_index.hpp"

namespace rigio::spine::detail {
namespace {

TEST(NameIndex, AsAMapAcrossGrowth) {
    NameIndex index;
    std::map<std::string, int> want;
    EXPECT_EQ(index.find("root"), nullptr);
    for (int i = 0; i < 500; ++i) {
        // Short names, long names, an empty one, and names that differ in one byte.
        std::string name = i % 7 == 0 ? "a-bone-name-longer-than-fifteen-bytes-" + std::to_string(i) : "b" + std::to_string(i % 250);
        if (i == 3) name.clear();
        const bool inserted = index.emplace(name, i);
        EXPECT_EQ(inserted, want.emplace(name, i).second) << name;
        if (i == 100) index.reserve(400);
    }
    for (const auto& [name, value] : want) {
        const int* found = index.find(name);
        ASSERT_NE(found, nullptr) << name;
        EXPECT_EQ(*found, value) << name;
    }
    for (const char* absent : {"b250", "b-1", "a-bone-name-longer-than-fifteen-bytes-", "B1", "b1 "}) EXPECT_EQ(index.find(absent), nullptr) << absent;
    std::size_t visited = 0;
    index.for_each([&](std::string_view name, int& value) {
        EXPECT_EQ(want.at(std::string(name)), value);
        value += 1000;
        ++visited;
    });
    EXPECT_EQ(visited, want.size());
    EXPECT_EQ(*index.find("b7"), want.at("b7") + 1000);
}

}  // namespace
}  // namespace rigio::spine::detail
