// The tool's readers of argument text, beside the library's integer and list
// readers (exactdp/io/parse.hpp): every command reads its arguments through
// these, so one input is read one way everywhere.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/format.hpp"
#include "exactdp/numeric/modint64.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::tool {

/// `text` if it is one of `choices`; else std::invalid_argument "NAME must be
/// one of a, b, c, not 'text'". The reference is to an element of `choices`:
/// copy it when `choices` is a braced list (a temporary).
const std::string& one_of(const std::string& text, std::string_view name, std::span<const std::string> choices);
const std::string& one_of(const std::string& text, std::string_view name, std::initializer_list<std::string> choices);

/// A prime modulus 2 < P < limit for residues, `limit` a power of two up to
/// 2^62 (a run in 32-bit residues needs P < 2^31: value_runs::residues).
/// Throws std::invalid_argument in modulus_range_error's words ("the modulus
/// must be a prime P with 2 < P < 2^K = LIMIT, not 'text'") or "modulus N
/// is not prime: ...".
std::uint64_t read_modulus(const std::string& text, std::uint64_t limit = modulus64_limit);

/// A number (parse_number: "0.5", "1/3", "1e-300") with lo <= x <= hi (lo <
/// x and x < hi when `open`), as a double rounded to nearest. Throws
/// std::invalid_argument "NAME must be RANGE, not 'text'", with `range` in
/// words ("a number in 10^-6..10^6", "a number with 0 < EPS < 1").
double read_real(const std::string& text, std::string_view name, const Rational& lo, const Rational& hi,
                 std::string_view range, bool open = false);

/// Integers of a list (split_list + parse_integer), each in [lo, hi].
std::vector<std::int64_t> read_integer_list(std::span<const std::string> parts, std::string_view name, std::int64_t lo,
                                            std::int64_t hi, std::size_t max_items = 10'000'000);

/// A library message in the tool's words: the library's budget setters
/// become the tool's options (exactdp::state_budget_bytes() is --max-memory,
/// exactdp::work_budget_steps() is --max-work).
std::string in_tool_words(std::string message);

}  // namespace exactdp::tool
