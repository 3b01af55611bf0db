// Skins on a skeleton instance: choosing the skin, resolving attachment names through it (falling
// back to the default skin), and changing a slot's attachment (which resets its deform unless the
// new attachment shares the old one's deform source, 3.8+, and its sequence frame).
#include <algorithm>
#include <bit>
#include <utility>

#include "rigio/spine/runtime/skeleton.hpp"
#include "runtime_internal.hpp"

namespace rigio::spine::runtime {

// SkinLookup: linear probing (see data.hpp).
std::size_t SkinLookup::place(std::uint64_t key) const {
    const std::size_t mask = table_.size() - 1;
    std::size_t i = start(key) & mask;
    while (table_[i].attachment >= 0 && table_[i].key != key) i = (i + 1) & mask;
    return i;
}

void SkinLookup::rehash(std::size_t capacity) {
    auto old = std::exchange(table_, decltype(table_)(capacity));
    for (const Entry& e : old)
        if (e.attachment >= 0) table_[place(e.key)] = e;
}

void SkinLookup::reserve(std::size_t count) {
    const std::size_t capacity = std::bit_ceil(std::max<std::size_t>(count * 2, 8));
    if (capacity > table_.size()) rehash(capacity);
}

void SkinLookup::assign(std::uint64_t key, int attachment) {
    if ((size_ + 1) * 2 > table_.size()) rehash(std::max<std::size_t>(table_.size() * 2, 8));
    Entry& e = table_[place(key)];
    if (e.attachment < 0) ++size_;
    e = {key, attachment};
}

void Skeleton::set_skin(int skin) {
    if (skin == skin_) return;
    if (skin >= 0 && skin_ < 0) {
        for (std::size_t i = 0; i < slots.size(); ++i) {
            const int name = data_->setup_attachment_name[i];
            const int a = data_->skin_attachment(skin, static_cast<int>(i), name);
            if (a >= 0) set_attachment(static_cast<int>(i), a);
        }
    } else if (skin >= 0) {
        // Changing skins: slots whose attachment came from the old skin take the new skin's
        // attachment stored under the same name.
        for (std::size_t i = 0; i < slots.size(); ++i) {
            const int current = slots[i].attachment;
            if (current < 0 || data_->attachments[static_cast<std::size_t>(current)].skin != skin_) continue;
            for (const SkinLookup::Entry& e : data_->skins[static_cast<std::size_t>(skin_)].lookup.places()) {
                if (e.attachment != current) continue;  // (free places hold -1, `current` is >= 0)
                const int a = data_->skin_attachment(skin, static_cast<int>(i), static_cast<int>(e.key & 0xFFFFFFFFu));
                if (a >= 0) set_attachment(static_cast<int>(i), a);
                break;
            }
        }
    }
    skin_ = skin;
    update_cache();
}

int Skeleton::find_attachment(int slot, int name) const {
    if (name < 0) return -1;
    if (skin_ >= 0) {
        const int a = data_->skin_attachment(skin_, slot, name);
        if (a >= 0) return a;
    }
    return data_->skin_attachment(data_->default_skin, slot, name);
}

void Skeleton::set_attachment(int slot, int attachment) {
    SlotState& s = slots[static_cast<std::size_t>(slot)];
    if (s.attachment == attachment) return;
    const auto& table = data_->attachments;
    // 3.7 always starts the new attachment from its setup vertices.
    const bool keep = data_->version != Version::V37 && attachment >= 0 && s.attachment >= 0 && table[static_cast<std::size_t>(attachment)].is_vertex &&
                      table[static_cast<std::size_t>(s.attachment)].is_vertex &&
                      table[static_cast<std::size_t>(attachment)].deform_source ==
                          table[static_cast<std::size_t>(s.attachment)].deform_source;
    if (!keep) s.deform.clear();
    s.attachment = attachment;
    s.sequence_index = -1;  // 4.1+: a new attachment starts at its setup frame
}

bool Skeleton::skin_lists(std::span<const int> SkinInfo::*list, int index) const {
    if (skin_ < 0) return false;
    const std::span<const int> v = data_->skins[static_cast<std::size_t>(skin_)].*list;
    return std::find(v.begin(), v.end(), index) != v.end();
}

}  // namespace rigio::spine::runtime
