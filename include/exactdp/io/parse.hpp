// exactdp/io/parse.hpp: the one reader of integers and lists written as text,
// and the one way input is quoted in messages.
//
// Every integer argument of the tool, every list, and every integer of a
// model file is read here, so that all of them follow one grammar:
//   integer := [+|-] digit+        (decimal only: 010 is ten, 0x10 is refused)
// with surrounding ASCII whitespace ignored, and a list is items separated by
// commas and/or whitespace ("1,3,4", "1 3 4", "1, 3, 4"); an empty item
// ("1,,2", "1,") is an error. Errors name the value, echo the text (quoted,
// escaped, at most 200 characters) and state the allowed range:
//   K must be an integer in 1..10^6, not '9223372036854775807'
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// `text` as it appears in a message: in single quotes, with backslash,
/// quote, and every byte outside printable ASCII escaped (\n, \t, \r, \xNN),
/// cut after about `limit` characters shown (escapes count) with "..." and
/// the input's size in bytes appended.
/// Cost: O(min(size, limit)).
/// Example: quote_input("a\nb") == "'a\\nb'".
std::string quote_input(std::string_view text, std::size_t limit = 200);

/// `text` without the spaces, tabs, carriage returns and line feeds around
/// it. Cost: O(size). Example: trim_space(" N = 3 \n") == "N = 3".
std::string_view trim_space(std::string_view text);

/// A name from the input (a state, a label) as a message shows it: as it is
/// when it has 1 to 60 bytes, none of them a control character, a single
/// quote or a backslash; otherwise quoted and cut as quote_input(name, 60)
/// does. So a state called "a\nb" or a 3000-byte name keeps a message one
/// short line, while the names models usually have ("s0", "(1, 2)", "café")
/// read as before.
/// Cost: O(min(size, 60)).
/// Example: name_text("s0") == "s0".
std::string name_text(std::string_view name);

/// The keys of a map from names (the labels of a model) for a message:
/// "a, b, c", each as name_text shows it; past `most` keys or about 200
/// characters, the ones shown so far then "... (N in all)".
/// Cost: O(min(size, most)) names.
/// Example: names_text(std::map<std::string, int>{{"a", 1}, {"b", 2}}) == "a, b".
template <class NameMap>
std::string names_text(const NameMap& names, std::size_t most = 10) {
  std::string out;
  std::size_t shown = 0;
  for (const auto& entry : names) {
    if (shown == most || out.size() > 200) return out + ", ... (" + std::to_string(names.size()) + " in all)";
    if (shown++ > 0) out += ", ";
    out += name_text(entry.first);
  }
  return out;
}

/// Refuses a model text whose numbers, read exactly, would pass the state
/// budget: exact_digits_in_text(text) digits at under half a byte each
/// ("1e-99999" is 8 bytes of text and about 41 KB once read). Every model
/// reader calls it before it reads a number. Throws resource_error "the
/// numbers of NAME, read exactly, need(s) X, above the state budget ...".
/// Cost: O(size of text).
/// Example: check_numbers_budget("1/2", "the model") returns.
void check_numbers_budget(std::string_view text, const std::string& name);

/// A bound as people write it: "1000", "10^6" (powers of ten from 10^4),
/// "2^31-1", "2^63-1", "2^64-1", "-2^63"; other values in plain digits.
/// Example: describe_bound(BigInt(1000000)) == "10^6".
std::string describe_bound(const BigInt& v);

/// Reads an integer of any size (grammar in the file comment). `name` names
/// the value in the message ("the modulus", "K"). Throws
/// std::invalid_argument "NAME must be an integer, not 'TEXT'" (or "... an
/// integer of at most 100000 digits"). Cost: quasi-linear in the digits.
/// Example: parse_integer("010", "K") == 10.
BigInt parse_integer(std::string_view text, std::string_view name);

/// Reads an integer and checks lo <= value <= hi. Throws
/// std::invalid_argument "NAME must be an integer in LO..HI, not 'TEXT'"
/// (bounds as describe_bound writes them) for text that is not an integer or
/// is out of range. Cost: O(length of text).
/// Example: parse_integer<int>("7", "K", 1, 10) == 7.
template <std::integral I>
I parse_integer(std::string_view text, std::string_view name, I lo, I hi);

/// Splits list text into items (grammar in the file comment): each of
/// `parts` (one command-line argument each) holds items separated by commas
/// and/or whitespace. The views point into `parts`. Throws
/// std::invalid_argument naming the list for an empty item, for no item at
/// all, or for more than `max_items` items. Cost: linear in the text.
/// Example: split_list(std::vector<std::string>{"1,3 4"}, "MOVES").size() == 3.
std::vector<std::string_view> split_list(std::span<const std::string> parts, std::string_view name,
                                         std::size_t max_items = 10'000'000);

/// Reads an exact rational as parse_rational does ("1/6", "0.1", "-2",
/// "1e-3"), with surrounding whitespace ignored; the message names the
/// value: "NAME must be a number such as 42, -3/7, 0.1 or 1e-3, not 'x'
/// (...)". Throws std::invalid_argument.
/// Example: to_string(parse_number(" 0.1 ", "P")) == "1/10".
Rational parse_number(std::string_view text, std::string_view name);

namespace detail {
/// Whether z fits [lo, hi]; the message of a failed parse_integer.
[[noreturn]] void integer_out_of_range(std::string_view text, std::string_view name, const BigInt& lo,
                                       const BigInt& hi);
}  // namespace detail

template <std::integral I>
I parse_integer(std::string_view text, std::string_view name, I lo, I hi) {
  BigInt z;
  try {
    z = parse_integer(text, name);
  } catch (const std::invalid_argument&) {
    detail::integer_out_of_range(text, name, BigInt(lo), BigInt(hi));
  }
  if (z < BigInt(lo) || z > BigInt(hi)) detail::integer_out_of_range(text, name, BigInt(lo), BigInt(hi));
  return static_cast<I>(z);
}

}  // namespace exactdp
