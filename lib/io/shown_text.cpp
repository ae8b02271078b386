// Names made safe to print (exactdp/io/shown_text.hpp).
#include "exactdp/io/shown_text.hpp"

#include <cstdio>

namespace exactdp {

std::string shown_text(std::string_view name) {
  auto control_at = [&](std::size_t i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c < 0x20 || c == 0x7f) return 1;
    // C1 controls U+0080..U+009F are 0xC2 0x80..0x9F in UTF-8.
    if (c == 0xc2 && i + 1 < name.size() && static_cast<unsigned char>(name[i + 1]) <= 0x9f &&
        static_cast<unsigned char>(name[i + 1]) >= 0x80)
      return 2;
    return 0;
  };
  bool plain = true;
  for (std::size_t i = 0; plain && i < name.size(); ++i) plain = control_at(i) == 0;
  if (plain) return std::string(name);
  std::string out;
  out.reserve(name.size() + 8);
  for (std::size_t i = 0; i < name.size(); ++i) {
    const int width = control_at(i);
    const auto c = static_cast<unsigned char>(name[i]);
    char buf[12];
    if (width == 2) {
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(name[i + 1]));
      out += buf;
      ++i;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (width == 1) {
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string csv_field(std::string_view name) {
  const std::string text = shown_text(name);
  const bool plain =
      text.find_first_of(",\"") == std::string::npos && (text.empty() || (text.front() != ' ' && text.back() != ' '));
  if (plain) return text;
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

}  // namespace exactdp
