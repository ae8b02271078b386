// Flip Game II through the Grundy values of 0.07 (Dawson's Kayles).
#include "exactdp/grundy/flip.hpp"

#include "exactdp/io/parse.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/grundy/period.hpp"

namespace exactdp {

namespace {
const octal_values& dawsons_kayles() {
  // 4096 values certify period 34 from 53 (the check needs 2·53 + 2·34 + 2 = 176).
  static const octal_values values = certified_octal_values(parse_octal("0.07"), 4096, grundy_method::naive);
  if (!values.certificate().certified) throw std::logic_error("0.07 did not certify its period");
  return values;
}
}  // namespace

grundy_value flip_run_grundy(std::uint64_t len) { return dawsons_kayles().grundy(len); }

std::optional<std::uint64_t> flip_run_winning_flip(std::uint64_t len) {
  const octal_values& dk = dawsons_kayles();
  if (dk.grundy(len) == 0) return std::nullopt;
  const auto m = dk.move_to_value(len, 0);
  if (!m) throw std::logic_error("flip: a run of non-zero value has no move to 0");  // impossible: mex
  return m->left;
}

flip_grundy_result flip_grundy(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] != '+' && s[i] != '-')
      throw std::invalid_argument("flip: character " + std::to_string(i) + " is " + quote_input(s.substr(i, 1)) +
                                  ": the string may hold only '+' and '-'");
  const octal_values& dk = dawsons_kayles();
  struct run {
    std::size_t start, len;
  };
  std::vector<run> runs;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] != '+') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && s[j] == '+') ++j;
    runs.push_back({i, j - i});
    i = j;
  }
  flip_grundy_result a;
  for (const run& r : runs) a.value ^= dk.grundy(r.len);
  a.wins = a.value != 0;
  if (!a.wins) return a;
  for (const run& r : runs) {
    const grundy_value g = dk.grundy(r.len);
    const grundy_value target = g ^ a.value;
    if (target >= g) continue;
    const auto m = dk.move_to_value(r.len, target);
    if (!m) throw std::logic_error("flip: no move to the target value");  // impossible: mex
    a.flip = r.start + static_cast<std::size_t>(m->left);
    return a;
  }
  throw std::logic_error("flip: no run carries the top bit of the Nim sum");  // impossible
}

}  // namespace exactdp
