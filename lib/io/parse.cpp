// The one reader of integers and lists, and input quoting (exactdp/io/parse.hpp).
#include "exactdp/io/parse.hpp"

#include <gmp.h>

#include <cstdio>

#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace {

constexpr std::size_t max_integer_digits = 100'000;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

std::string_view trim_space(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

std::string quote_input(std::string_view text, std::size_t limit) {
  std::string out = "'";
  // `limit` counts the characters shown, escapes included: 200 bytes of
  // "\xc3\xa9" would otherwise print as 800.
  std::size_t shown = 0;
  for (; shown < text.size() && out.size() <= limit; ++shown) {
    const auto c = static_cast<unsigned char>(text[shown]);
    switch (c) {
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\'':
        out += "\\'";
        break;
      default:
        if (c < 0x20 || c >= 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '\'';
  if (shown < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string name_text(std::string_view name) {
  bool plain = !name.empty() && name.size() <= 60;
  for (std::size_t i = 0; plain && i < name.size(); ++i) {
    const auto u = static_cast<unsigned char>(name[i]);
    plain = u >= 0x20 && u != 0x7f && name[i] != '\'' && name[i] != '\\';
  }
  return plain ? std::string(name) : quote_input(name, 60);
}

void check_numbers_budget(std::string_view text, const std::string& name) {
  // A decimal digit takes log2(10)/8 < 1/2 byte.
  check_state_budget("the numbers of " + name + ", read exactly,", exact_digits_in_text(text) / 2, 1, "bytes");
}

std::string describe_bound(const BigInt& v) {
  if (v < 0) {
    const std::string positive = describe_bound(BigInt(-v));
    return "-" + positive;
  }
  const std::size_t bits = v == 0 ? 0 : mpz_sizeinbase(v.backend().data(), 2);
  if (bits >= 16) {
    if (v == (BigInt(1) << (bits - 1))) return "2^" + std::to_string(bits - 1);
    if (v == (BigInt(1) << bits) - 1) return "2^" + std::to_string(bits) + "-1";
  }
  const std::string digits = to_string(v);
  if (digits.size() >= 5 && digits[0] == '1' && digits.find_first_not_of('0', 1) == std::string::npos)
    return "10^" + std::to_string(digits.size() - 1);
  return message_text(v);
}

BigInt parse_integer(std::string_view text, std::string_view name) {
  const std::string_view t = trim_space(text);
  std::size_t i = 0;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
  const bool digits_only = i < t.size() && t.find_first_not_of("0123456789", i) == std::string_view::npos;
  if (!digits_only) throw std::invalid_argument(std::string(name) + " must be an integer, not " + quote_input(text));
  if (t.size() - i > max_integer_digits)
    throw std::invalid_argument(std::string(name) + " must be an integer of at most " +
                                std::to_string(max_integer_digits) + " digits, not " + quote_input(text));
  BigInt z;
  const std::string digits(t.substr(i));
  mpz_set_str(z.backend().data(), digits.c_str(), 10);  // decimal, whatever the leading zeros
  return t[0] == '-' ? BigInt(-z) : z;
}

std::vector<std::string_view> split_list(std::span<const std::string> parts, std::string_view name,
                                         std::size_t max_items) {
  std::vector<std::string_view> items;
  for (const std::string& part : parts) {
    const std::string_view text = part;
    std::size_t pos = 0;
    bool after_comma = true;  // an item is due: at the start, or after a comma
    bool any = false;
    while (pos < text.size()) {
      if (is_space(text[pos])) {
        ++pos;
        continue;
      }
      if (text[pos] == ',') {
        if (after_comma)
          throw std::invalid_argument(std::string(name) + " has an empty item in " + quote_input(text) +
                                      " (items are separated by one comma or by spaces)");
        after_comma = true;
        ++pos;
        continue;
      }
      std::size_t end = pos;
      while (end < text.size() && text[end] != ',' && !is_space(text[end])) ++end;
      if (items.size() == max_items)
        throw std::invalid_argument(std::string(name) + " has more than " + describe_bound(BigInt(max_items)) +
                                    " items");
      items.push_back(text.substr(pos, end - pos));
      after_comma = false;
      any = true;
      pos = end;
    }
    if (any && after_comma)
      throw std::invalid_argument(std::string(name) + " ends with a comma in " + quote_input(text));
    // An empty argument ('') among others is an empty item, not nothing.
    if (!any && parts.size() > 1)
      throw std::invalid_argument(std::string(name) + " has an empty item " + quote_input(text) +
                                  " (items are separated by one comma or by spaces)");
  }
  if (items.empty()) throw std::invalid_argument(std::string(name) + " is empty: give at least one item");
  return items;
}

Rational parse_number(std::string_view text, std::string_view name) {
  try {
    return parse_rational(trim_space(text));
  } catch (const std::invalid_argument& e) {
    // parse_rational says "cannot read 'x' as a number: REASON"; keep the
    // reason unless it only repeats what a number looks like.
    const std::string message = e.what();
    const auto colon = message.find(" as a number: ");
    std::string reason = colon == std::string::npos ? message : message.substr(colon + 14);
    if (reason.rfind("expected", 0) == 0) reason.clear();
    throw std::invalid_argument(std::string(name) + " must be a number such as 42, -3/7, 0.1 or 1e-3, not " +
                                quote_input(text) + (reason.empty() ? "" : " (" + reason + ")"));
  }
}

namespace detail {

void integer_out_of_range(std::string_view text, std::string_view name, const BigInt& lo, const BigInt& hi) {
  throw std::invalid_argument(std::string(name) + " must be an integer in " + describe_bound(lo) + ".." +
                              describe_bound(hi) + ", not " + quote_input(text));
}

}  // namespace detail

}  // namespace exactdp
