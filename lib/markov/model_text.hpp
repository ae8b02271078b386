// Private to lib/markov: what the model-file readers share to split a text
// into numbered lines and fields, read indices and probabilities exactly,
// and quote input in error messages safely (at most about 200 characters,
// non-printable bytes escaped).
#pragma once

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/io/parse.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::detail {

/// One line of a text: its 1-based number and its content (no '\n' or '\r').
struct text_line {
  std::size_t number;
  std::string_view text;
};

/// The non-blank lines of a text one at a time, numbered from 1, without
/// storing them (a dense chain's file has tens of millions): with
/// `hash_comments`, lines whose first non-blank character is '#' are
/// skipped too; with `slash_comments`, lines starting with "//".
class line_cursor {
 public:
  explicit line_cursor(std::string_view text, bool hash_comments, bool slash_comments = false)
      : text_(text), hash_comments_(hash_comments), slash_comments_(slash_comments) {}
  /// The next line that is not blank or a comment, or nullopt at the end.
  std::optional<text_line> next() {
    while (pos_ <= text_.size()) {
      std::size_t end = text_.find('\n', pos_);
      if (end == std::string_view::npos) end = text_.size();
      std::string_view line = text_.substr(pos_, end - pos_);
      ++number_;
      pos_ = end + 1;  // past the end after the last line
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      const auto first = line.find_first_not_of(" \t");
      if (first == std::string_view::npos) continue;
      const std::string_view rest = line.substr(first);
      if ((hash_comments_ && rest[0] == '#') || (slash_comments_ && rest.starts_with("//"))) continue;
      return text_line{number_, line};
    }
    return std::nullopt;
  }

 private:
  std::string_view text_;
  bool hash_comments_, slash_comments_;
  std::size_t pos_ = 0, number_ = 0;
};

/// The non-blank lines of `text`, numbered from 1 (line_cursor's lines).
inline std::vector<text_line> lines_of(std::string_view text, bool hash_comments, bool slash_comments = false) {
  std::vector<text_line> out;
  line_cursor lines(text, hash_comments, slash_comments);
  while (const auto line = lines.next()) out.push_back(*line);
  return out;
}

/// The start state named by a file's init label: its one state (a state may
/// be labelled init more than once), or nullopt for none or several.
inline std::optional<std::size_t> only_state(std::vector<std::size_t> states) {
  std::sort(states.begin(), states.end());
  states.erase(std::unique(states.begin(), states.end()), states.end());
  if (states.size() == 1) return states[0];
  return std::nullopt;
}

/// The blank-separated fields of a line.
inline std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t pos = 0;
  while (true) {
    pos = line.find_first_not_of(" \t", pos);
    if (pos == std::string_view::npos) break;
    std::size_t end = line.find_first_of(" \t", pos);
    if (end == std::string_view::npos) end = line.size();
    out.push_back(line.substr(pos, end - pos));
    pos = end;
  }
  return out;
}

/// `line` without leading and trailing blanks.
inline std::string_view trimmed(std::string_view line) {
  const auto first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = line.find_last_not_of(" \t");
  return line.substr(first, last - first + 1);
}

/// "file:line".
inline std::string at_line(const std::string& file, std::size_t line) { return file + ":" + std::to_string(line); }

/// A non-negative integer read exactly (decimal digits only; up to 2^64 - 1).
/// Throws std::invalid_argument "<at>: <what> <text> is not a non-negative
/// integer" or "... is too large".
inline std::uint64_t read_count(std::string_view field, const std::string& at, const char* what) {
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec == std::errc::result_out_of_range)
    throw std::invalid_argument(at + ": " + what + " " + quote_input(field) + " is too large");
  if (ec != std::errc() || ptr != field.data() + field.size() || field.empty())
    throw std::invalid_argument(at + ": " + what + " " + quote_input(field) + " is not a non-negative integer");
  return v;
}

/// A state index < n, read exactly.
inline std::size_t read_state(std::string_view field, std::size_t n, const std::string& at) {
  const std::uint64_t s = read_count(field, at, "state index");
  if (s >= n)
    throw std::invalid_argument(at + ": unknown state " + std::to_string(s) + " (the model has states 0.." +
                                std::to_string(n - 1) + ")");
  return static_cast<std::size_t>(s);
}

/// A probability or reward read exactly from its text ("1/6", "0.5", "1e-3").
inline Rational read_number(std::string_view field, const std::string& at, const char* what) {
  try {
    return parse_rational(field);
  } catch (const std::invalid_argument& e) {
    // parse_rational's reason, without its copy of the text (not escaped).
    const std::string_view message = e.what();
    const auto colon = message.find("as a number: ");
    const std::string_view why =
        colon == std::string_view::npos ? std::string_view("it is not a number") : message.substr(colon + 13, 120);
    throw std::invalid_argument(at + ": " + what + " " + quote_input(field) + " cannot be read: " + std::string(why) +
                                " (write numbers as 1/6, 0.25 or 1e-3)");
  }
}

/// The header of a PRISM reward file, "n k" (.srew) or "n [choices] k"
/// (.trew): n must be the model's `states`, and k the number of reward
/// lines that follow (`listed`). Throws std::invalid_argument at `at`.
inline void check_reward_header(const std::vector<std::string_view>& head, const std::string& at, std::size_t states,
                                std::size_t listed) {
  const std::uint64_t rn = read_count(head.front(), at, "the number of states");
  const std::uint64_t rk = read_count(head.back(), at, "the number of rewards");
  if (rn != states)
    throw std::invalid_argument(at + ": the rewards are for " + std::to_string(rn) + " states but the model has " +
                                std::to_string(states));
  if (rk != listed)
    throw std::invalid_argument(at + ": the first line announces " + std::to_string(rk) +
                                " rewards but the file lists " + std::to_string(listed));
}

// ---- Label and state reward files, shared by the explicit formats ----
// Each adds to a builder whose n states exist, checks every index, refuses
// a state listed twice, and names the file and line in its errors.

/// PRISM's .lab: 0="init" 1="goal" on the first line, then "i: 0 1" lines
/// (prism_model.cpp). Appends the states labelled init to `init`.
void read_prism_labels(explicit_model_builder& b, std::string_view text, const std::string& name,
                       std::vector<std::size_t>& init);
/// Storm's .lab: #DECLARATION, label names, #END, then "i label label" lines
/// (storm_model.cpp). Appends the states labelled init to `init`.
void read_storm_labels(explicit_model_builder& b, std::string_view text, const std::string& name,
                       std::vector<std::size_t>& init);
/// PRISM's .srew: '#' comments, "n k", then k lines "i r" (prism_model.cpp).
void read_prism_state_rewards(explicit_model_builder& b, std::string_view text, const std::string& name);
/// Storm's state rewards: "i r" lines (storm_model.cpp).
void read_storm_state_rewards(explicit_model_builder& b, std::string_view text, const std::string& name);
/// A label file of either kind, told by its content (model_files.cpp).
void read_labels(explicit_model_builder& b, std::string_view text, const std::string& name,
                 std::vector<std::size_t>& init);
/// A state reward file of either kind, told by its content (model_files.cpp):
/// PRISM's when its first line is "n k" with n the number of states.
void read_state_rewards(explicit_model_builder& b, std::string_view text, const std::string& name);
/// A transition reward file (model_files.cpp): PRISM's .trew ('#' comments,
/// a header "n m" for a DTMC or "n k m" for an MDP, then m lines "i j r" or
/// "i c j r") or Storm's (the same lines without a header), told by the
/// number of fields of the first line. `mdp`: the lines carry a choice.
void read_transition_rewards(explicit_model_builder& b, std::string_view text, const std::string& name, bool mdp);
/// Refuses a state with two choices of one action name (DRN and Storm's
/// explicit MDPs; the JSON formats refuse it too): "SOURCE: state S has two
/// choices named A". Cost: O(choices · log).
void refuse_repeated_actions(const explicit_model& m);

}  // namespace exactdp::detail
