// Reading Storm's explicit files (Storm documentation, "Languages:
// Explicit"; its parsers DeterministicSparseTransitionParser,
// NondeterministicSparseTransitionParser, AtomicPropositionLabelingParser
// and SparseStateRewardParser): a .tra whose first line names the model
// type ("dtmc" or "mdp"), a .lab with #DECLARATION ... #END, and state
// rewards as "state reward" lines.
#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/markov/explicit_model.hpp"
#include "model_text.hpp"

namespace exactdp {

namespace detail {

void read_storm_labels(explicit_model_builder& b, std::string_view text, const std::string& name,
                       std::vector<std::size_t>& init) {
  const auto lines = lines_of(text, false);
  const std::size_t n = b.size();
  // #DECLARATION, then the label names (on one line or several), then #END.
  std::size_t i = 0;
  if (lines.empty() || trimmed(lines[0].text) != "#DECLARATION")
    throw std::invalid_argument((lines.empty() ? name : at_line(name, lines[0].number)) +
                                ": a Storm label file starts with the line #DECLARATION");
  std::set<std::string, std::less<>> declared;
  bool ended = false;
  for (i = 1; i < lines.size() && !ended; ++i) {
    for (const std::string_view label : fields_of(lines[i].text)) {
      if (label == "#END") {
        ended = true;
        break;
      }
      if (label.starts_with("#"))
        throw std::invalid_argument(at_line(name, lines[i].number) + ": " + quote_input(label) +
                                    " is not a label name (the declarations end with #END)");
      if (!declared.emplace(label).second)
        throw std::invalid_argument(at_line(name, lines[i].number) + ": label " + quote_input(label) +
                                    " is declared twice");
      b.declare_label(std::string(label));
    }
  }
  if (!ended) throw std::invalid_argument(name + ": the label declarations do not end with #END");
  std::vector<char> seen(n, 0);
  for (; i < lines.size(); ++i) {
    const std::string at = at_line(name, lines[i].number);
    const auto f = fields_of(lines[i].text);
    const std::size_t s = read_state(f[0], n, at);
    if (seen[s]) throw std::invalid_argument(at + ": state " + std::to_string(s) + " is listed twice");
    seen[s] = 1;
    for (std::size_t j = 1; j < f.size(); ++j) {
      if (!declared.contains(f[j]))
        throw std::invalid_argument(at + ": label " + quote_input(f[j]) +
                                    " is not declared between #DECLARATION and #END");
      b.label(std::string(f[j]), s, at);
      if (f[j] == "init") init.push_back(s);
    }
  }
}

void read_storm_state_rewards(explicit_model_builder& b, std::string_view text, const std::string& name) {
  check_numbers_budget(text, name);
  const std::size_t n = b.size();
  b.reward_structure();
  std::vector<char> seen(n, 0);
  for (const text_line& line : lines_of(text, true)) {
    const std::string at = at_line(name, line.number);
    const auto f = fields_of(line.text);
    if (f.size() != 2) throw std::invalid_argument(at + ": a reward line must be \"state reward\"");
    const std::size_t s = read_state(f[0], n, at);
    if (seen[s]) throw std::invalid_argument(at + ": state " + std::to_string(s) + " is listed twice");
    seen[s] = 1;
    b.state_reward(s, read_number(f[1], at, "reward"), at);
  }
}

}  // namespace detail

explicit_model parse_storm_explicit(std::string_view tra, const std::string& tra_name,
                                    std::optional<std::string_view> lab, const std::string& lab_name,
                                    std::optional<std::string_view> srew, const std::string& srew_name,
                                    std::optional<std::string_view> trew, const std::string& trew_name) {
  using namespace detail;
  check_numbers_budget(tra, tra_name);
  // The lines are read twice, for the number of states and to parse them,
  // and never stored: a dense chain's file has tens of millions.
  line_cursor lines(tra, false);
  const std::optional<text_line> first = lines.next();
  if (!first) throw std::invalid_argument(tra_name + ": the file is empty (its first line is dtmc or mdp)");
  const std::string head_at = at_line(tra_name, first->number);
  const std::string_view type = trimmed(first->text);
  if (type == "ctmc" || type == "ma")
    throw std::invalid_argument(head_at + ": the model is a " + std::string(type) +
                                ", a continuous-time model; only dtmc and mdp are read");
  if (type != "dtmc" && type != "mdp")
    throw std::invalid_argument(head_at + ": Storm's explicit format starts with the line dtmc or mdp, not " +
                                quote_input(first->text));
  const bool mdp = type == "mdp";
  const std::size_t fields = mdp ? 4 : 3;
  // First pass: the fields of every line checked, and the number of states
  // (the largest index + 1), before any state exists.
  std::size_t listed = 0;
  std::uint64_t largest = 0;
  for (line_cursor pass = lines; const std::optional<text_line> line = pass.next(); ++listed) {
    const std::string at = at_line(tra_name, line->number);
    const auto f = fields_of(line->text);
    if (f.size() != fields && !(mdp && f.size() == fields + 1))
      throw std::invalid_argument(at + (mdp ? ": a transition line must be \"from choice to probability [action]\""
                                            : ": a transition line must be \"from to probability\""));
    largest = std::max({largest, read_count(f[0], at, "state index"), read_count(f[fields - 2], at, "state index")});
  }
  if (listed == 0) throw std::invalid_argument(head_at + ": the model has no transitions");
  if (largest == UINT64_MAX) throw std::invalid_argument(head_at + ": a state index is too large");
  explicit_model_builder b(tra_name);
  b.indexed_states(largest + 1);
  b.reserve_transitions(listed);
  const std::size_t n = b.size();
  std::vector<char> has_transition(n, 0);
  while (const std::optional<text_line> line = lines.next()) {
    const auto f = fields_of(line->text);
    const std::size_t number = line->number;
    const std::string at = at_line(tra_name, number);
    const std::size_t from = read_state(f[0], n, at), to = read_state(f[fields - 2], n, at);
    std::size_t choice = 0;
    if (mdp) {
      const std::uint64_t c = read_count(f[1], at, "choice index");
      if (c >= listed)
        throw std::invalid_argument(at + ": choice index " + std::to_string(c) + " is larger than the file allows");
      choice = static_cast<std::size_t>(c);
    }
    b.transition(from, choice, to, read_number(f[fields - 1], at, "probability"), number);
    if (f.size() == fields + 1) b.action(from, choice, f[fields], at);
    has_transition[from] = 1;
  }
  // Storm gives a state without transitions a self-loop: it is absorbing.
  for (std::size_t s = 0; s < n; ++s)
    if (!has_transition[s]) b.absorbing(s);
  std::vector<std::size_t> init;
  if (lab) read_labels(b, *lab, lab_name, init);
  if (srew) read_state_rewards(b, *srew, srew_name);
  if (trew) read_transition_rewards(b, *trew, trew_name, mdp);
  if (const auto start = only_state(init)) b.start(*start);
  explicit_model model = b.build();
  refuse_repeated_actions(model);
  return model;
}

}  // namespace exactdp
