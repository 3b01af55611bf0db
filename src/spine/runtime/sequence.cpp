// Sequence frames and their region paths (see sequence.hpp).
#include "rigio/spine/runtime/sequence.hpp"

#include <algorithm>

namespace rigio::spine::runtime {

int sequence_frame(const Skeleton& sk, int slot) {
    const SlotState& s = sk.slots[static_cast<std::size_t>(slot)];
    if (s.attachment < 0) return -1;
    const AttachmentInfo& a = sk.data().attachments[static_cast<std::size_t>(s.attachment)];
    if (a.sequence_count <= 0) return -1;
    const int frame = s.sequence_index == -1 ? a.sequence_setup : s.sequence_index;
    return std::min(frame, a.sequence_count - 1);
}

std::string sequence_region(const AttachmentInfo& a, int frame) {
    std::string number = std::to_string(static_cast<long long>(a.sequence_start) + frame);
    const bool negative = !number.empty() && number[0] == '-';
    if (negative) number.erase(0, 1);
    if (static_cast<int>(number.size()) < a.sequence_digits)
        number.insert(0, static_cast<std::size_t>(a.sequence_digits) - number.size(), '0');
    return a.path + (negative ? "-" : "") + number;
}

}  // namespace rigio::spine::runtime
