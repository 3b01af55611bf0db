// Summaries printed by `rigio info`, as text for people and as JSON for scripts.
#pragma once

#include <string>

#include "document.hpp"

namespace rigio::cli {

std::string summary_text(const Document& doc, const std::string& path);
std::string summary_json(const Document& doc, const std::string& path);

std::string dragonbones_summary_text(const dragonbones::DragonBonesData& data, const Document& doc, const std::string& path);
std::string dragonbones_binary_summary_text(const dragonbones::BinaryData& data, const Document& doc, const std::string& path);
std::string dragonbones_summary_json(const dragonbones::DragonBonesData& data, const Document& doc, const std::string& path);

}  // namespace rigio::cli
