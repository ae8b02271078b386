// The tool's argument readers (args.hpp).
#include "args.hpp"

#include <stdexcept>

#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/format.hpp"
#include "exactdp/numeric/modint.hpp"
#include "exactdp/numeric/modint64.hpp"

namespace exactdp::tool {

const std::string& one_of(const std::string& text, std::string_view name, std::span<const std::string> choices) {
  for (const std::string& c : choices)
    if (c == text) return c;
  std::string list;
  for (std::size_t i = 0; i < choices.size(); ++i)
    list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
  throw std::invalid_argument(std::string(name) + " must be " + list + ", not " + quote_input(text));
}

const std::string& one_of(const std::string& text, std::string_view name, std::initializer_list<std::string> choices) {
  return one_of(text, name, std::span<const std::string>(choices.begin(), choices.size()));
}

std::uint64_t read_modulus(const std::string& text, std::uint64_t limit) {
  std::uint64_t p = 0;
  try {
    p = parse_integer<std::uint64_t>(text, "the modulus", 3, limit - 1);
  } catch (const std::invalid_argument&) {
    throw modulus_range_error(text, limit);
  }
  check_modulus64(p);  // says when P is not prime
  return p;
}

double read_real(const std::string& text, std::string_view name, const Rational& lo, const Rational& hi,
                 std::string_view range, bool open) {
  const auto refuse = [&] {
    throw std::invalid_argument(std::string(name) + " must be " + std::string(range) + ", not " + quote_input(text));
  };
  Rational x;
  try {
    x = parse_number(text, name);
  } catch (const std::invalid_argument&) {
    refuse();
  }
  if (open ? (x <= lo || x >= hi) : (x < lo || x > hi)) refuse();
  return to_double(x);
}

std::vector<std::int64_t> read_integer_list(std::span<const std::string> parts, std::string_view name, std::int64_t lo,
                                            std::int64_t hi, std::size_t max_items) {
  std::vector<std::int64_t> out;
  for (const std::string_view item : split_list(parts, name, max_items))
    out.push_back(parse_integer<std::int64_t>(item, std::string("each item of ") + std::string(name), lo, hi));
  return out;
}

std::string in_tool_words(std::string message) {
  for (const auto& [library, tool] :
       {std::pair<std::string_view, std::string_view>{"exactdp::state_budget_bytes()", "--max-memory"},
        {"exactdp::work_budget_steps()", "--max-work"},
        {"use an exact type: BigInt or Rational", "use the exact type, --as exact"}})
    for (auto pos = message.find(library); pos != std::string::npos; pos = message.find(library, pos))
      message.replace(pos, library.size(), tool);
  return message;
}

}  // namespace exactdp::tool
