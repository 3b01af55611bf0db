// A program that uses rigio as an installed library: reads a Spine .skel and prints its bone count.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

#include "rigio/spine/binary.hpp"

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    std::ifstream in(argv[1], std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    auto skeleton = rigio::spine::read_skel(bytes);
    if (!skeleton) return 1;
    std::printf("%zu bones\n", skeleton.value().bones.size());
    return 0;
}
