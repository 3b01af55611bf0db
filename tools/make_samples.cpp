// Writes the sample files that ship in samples/ from the skeletons built in code
// (rigio/samples.hpp), with rigio's own writers. Usage: make_samples OUTPUT_DIR
#include <cstdio>
#include <string>

#include "rigio/atlas/atlas.hpp"
#include "rigio/atlas/image.hpp"
#include "rigio/io/file.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/samples.hpp"
#include "rigio/spine/binary.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_samples OUTPUT_DIR\n");
        return 2;
    }
    const std::string dir = argv[1];
    try {
        rigio::io::write_file_atomic(dir + "/stickman.skel", rigio::spine::write_skel(rigio::samples::spine_stickman()).value()).value();
        const rigio::samples::SampleAtlas atlas = rigio::samples::stickman_atlas();
        rigio::io::write_file_atomic(dir + "/stickman.atlas", rigio::atlas::write_atlas(atlas.atlas)).value();
        rigio::io::write_file_atomic(dir + "/stickman.png", rigio::atlas::encode_png(atlas.page).value()).value();
        rigio::io::write_file_atomic(dir + "/wave.bin", rigio::mrtk::write_bin(rigio::samples::mrtk_wave())).value();
    } catch (const rigio::Error& e) {
        std::fprintf(stderr, "make_samples: %s\n", e.what());
        return 1;
    }
    std::printf("wrote %s/stickman.skel\n", dir.c_str());
    std::printf("wrote %s/stickman.atlas\n", dir.c_str());
    std::printf("wrote %s/stickman.png\n", dir.c_str());
    std::printf("wrote %s/wave.bin\n", dir.c_str());
    return 0;
}
