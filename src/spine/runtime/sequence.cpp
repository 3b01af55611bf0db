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
    return std::string(a.path) + (negative ? "-" : "") + number;
}

long sequence_steps(float delay, float before, float time) {
    const float steps = (time - before) / delay + 0.0001f;
    return steps >= 1 && steps < 1e9f ? static_cast<long>(steps) : steps >= 1e9f ? 1000000000L : 0;
}

long sequence_key_frame(SequenceMode mode, long index, float delay, float before, float time, long count) {
    if (mode == SequenceMode::Hold || count <= 0) return index;
    index += sequence_steps(delay, before, time);
    const long n = count * 2 - 2;  // one ping-pong cycle
    switch (mode) {
        case SequenceMode::Once: return std::min(count - 1, index);
        case SequenceMode::Loop: return index % count;
        case SequenceMode::Pingpong:
            index = n == 0 ? 0 : index % n;
            return index >= count ? n - index : index;
        case SequenceMode::OnceReverse: return std::max(count - 1 - index, 0L);
        case SequenceMode::LoopReverse: return count - 1 - index % count;
        case SequenceMode::PingpongReverse:
            index = n == 0 ? 0 : (index + count - 1) % n;
            return index >= count ? n - index : index;
        case SequenceMode::Hold: break;
    }
    return index;
}

}  // namespace rigio::spine::runtime
