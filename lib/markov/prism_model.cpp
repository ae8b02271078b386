// Reading PRISM's explicit files (.tra for a DTMC or an MDP, .lab, .srew;
// PRISM manual, appendix "Explicit Model Files") into an explicit_model, and
// the Markov chain readers built on it.
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/io/read_text.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/markov/model.hpp"
#include "model_text.hpp"

namespace exactdp {

namespace detail {

void read_prism_labels(explicit_model_builder& b, std::string_view text, const std::string& name,
                       std::vector<std::size_t>& init) {
  const auto lines = lines_of(text, true);  // '#' lines: PRISM 4.9's header comments
  if (lines.empty()) throw std::invalid_argument(name + ": the label file is empty");
  const std::size_t n = b.size();
  // First line: 0="init" 1="deadlock" 2="goal" ...
  std::vector<std::optional<std::string>> names;
  const std::string decl_at = at_line(name, lines[0].number);
  for (const std::string_view item : fields_of(lines[0].text)) {
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || item.size() < eq + 3 || item[eq + 1] != '"' || item.back() != '"')
      throw std::invalid_argument(decl_at + ": a label declaration must look like 0=\"name\", not " +
                                  quote_input(item));
    const std::uint64_t id = read_count(item.substr(0, eq), decl_at, "label index");
    if (id > 100000) throw std::invalid_argument(decl_at + ": label index " + std::to_string(id) + " is too large");
    if (id >= names.size()) names.resize(id + 1);
    if (names[id]) throw std::invalid_argument(decl_at + ": label index " + std::to_string(id) + " is declared twice");
    names[id] = std::string(item.substr(eq + 2, item.size() - eq - 3));
    b.declare_label(*names[id]);
  }
  std::vector<char> seen(n, 0);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string at = at_line(name, lines[i].number);
    const std::string_view line = lines[i].text;
    const auto colon = line.find(':');
    if (colon == std::string_view::npos)
      throw std::invalid_argument(at + ": a label line must be \"state: label label ...\"");
    const auto s_fields = fields_of(line.substr(0, colon));
    if (s_fields.size() != 1) throw std::invalid_argument(at + ": a label line must start with one state index");
    const std::size_t s = read_state(s_fields[0], n, at);
    if (seen[s]) throw std::invalid_argument(at + ": state " + std::to_string(s) + " is listed twice");
    seen[s] = 1;
    for (const std::string_view field : fields_of(line.substr(colon + 1))) {
      const std::uint64_t id = read_count(field, at, "label index");
      if (id >= names.size() || !names[id])
        throw std::invalid_argument(at + ": label index " + std::to_string(id) + " is not declared on the first line");
      b.label(*names[id], s, at);
      if (*names[id] == "init") init.push_back(s);
    }
  }
  b.declare_label("init");
}

void read_prism_state_rewards(explicit_model_builder& b, std::string_view text, const std::string& name) {
  check_numbers_budget(text, name);
  const auto lines = lines_of(text, true);
  if (lines.empty()) throw std::invalid_argument(name + ": the reward file is empty");
  const std::size_t n = b.size();
  const std::string at0 = at_line(name, lines[0].number);
  const auto head = fields_of(lines[0].text);
  if (head.size() != 2) throw std::invalid_argument(at0 + ": the first line must be \"states rewards\"");
  check_reward_header(head, at0, n, lines.size() - 1);
  b.reward_structure();  // an empty structure: every reward is 0
  std::vector<char> seen(n, 0);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string at = at_line(name, lines[i].number);
    const auto f = fields_of(lines[i].text);
    if (f.size() != 2) throw std::invalid_argument(at + ": a reward line must be \"state reward\"");
    const std::size_t s = read_state(f[0], n, at);
    if (seen[s]) throw std::invalid_argument(at + ": state " + std::to_string(s) + " is listed twice");
    seen[s] = 1;
    b.state_reward(s, read_number(f[1], at, "reward"), at);
  }
}

}  // namespace detail

explicit_model parse_prism_explicit(std::string_view tra, const std::string& tra_name,
                                    std::optional<std::string_view> lab, const std::string& lab_name,
                                    std::optional<std::string_view> srew, const std::string& srew_name,
                                    std::optional<std::string_view> trew, const std::string& trew_name) {
  using namespace detail;
  explicit_model_builder b(tra_name);
  check_numbers_budget(tra, tra_name);
  // The lines are read twice, to count them and to parse them, and never
  // stored: a dense chain's file has tens of millions.
  line_cursor lines(tra, true);  // '#' lines: PRISM 4.9's header comments
  const std::optional<text_line> first = lines.next();
  if (!first) throw std::invalid_argument(tra_name + ": the file is empty (its first line is \"states transitions\")");
  std::size_t listed = 0;
  for (line_cursor count = lines; count.next();) ++listed;
  const auto head = fields_of(first->text);
  const std::string head_at = at_line(tra_name, first->number);
  if (head.size() == 1 && (head[0] == "dtmc" || head[0] == "mdp"))
    throw std::invalid_argument(head_at + ": the first line \"" + std::string(head[0]) +
                                "\" is Storm's explicit format, not PRISM's (read it as format storm, or let the "
                                "format be told from the content)");
  if (head.size() != 2 && head.size() != 3)
    throw std::invalid_argument(head_at +
                                ": the first line must be \"states transitions\" (a DTMC) or \"states choices "
                                "transitions\" (an MDP), not " +
                                quote_input(first->text));
  const bool mdp = head.size() == 3;
  const std::uint64_t n = read_count(head[0], head_at, "the number of states");
  const std::uint64_t k = mdp ? read_count(head[1], head_at, "the number of choices") : n;
  const std::uint64_t m = read_count(head.back(), head_at, "the number of transitions");
  if (n == 0) throw std::invalid_argument(head_at + ": the model has no states");
  if (m != listed)
    throw std::invalid_argument(head_at + ": the first line announces " + std::to_string(m) +
                                " transitions but the file lists " + std::to_string(listed));
  // Every state has at least one choice (PRISM writes a self-loop of
  // probability 1 for a deadlock), and every choice a transition: a header
  // announcing more is refused before any state exists.
  if (mdp && n > k)
    throw std::invalid_argument(head_at + ": the model declares " + std::to_string(n) + " states but only " +
                                std::to_string(k) + " choices; every state needs at least one");
  if (k > m)
    throw std::invalid_argument(head_at + ": the model declares " + std::to_string(n) + " states" +
                                (mdp ? " and " + std::to_string(k) + " choices" : std::string()) + " but only " +
                                std::to_string(m) + " transitions; every " + (mdp ? "choice" : "state") +
                                " needs at least one (a self-loop of probability 1 for an absorbing state)");
  b.indexed_states(n);
  const std::size_t fields = mdp ? 4 : 3;
  b.reserve_transitions(m);
  while (const std::optional<text_line> line = lines.next()) {
    const std::string at = at_line(tra_name, line->number);
    const auto f = fields_of(line->text);
    // "i j p" or "i c j p", then an optional action label.
    if (f.size() != fields && f.size() != fields + 1)
      throw std::invalid_argument(at + (mdp ? ": a transition line must be \"from choice to probability [action]\""
                                            : ": a transition line must be \"from to probability [action]\""));
    const std::size_t from = read_state(f[0], n, at);
    std::size_t choice = 0;
    if (mdp) {
      const std::uint64_t c = read_count(f[1], at, "choice index");
      if (c >= k)
        throw std::invalid_argument(at + ": choice index " + std::to_string(c) + " is not below the " +
                                    std::to_string(k) + " choices the first line announces");
      choice = static_cast<std::size_t>(c);
    }
    const std::size_t to = read_state(f[fields - 2], n, at);
    b.transition(from, choice, to, read_number(f[fields - 1], at, "probability"), line->number);
    // A DTMC's action labels name the commands that make up one
    // distribution, not choices: they are not kept.
    if (mdp && f.size() == fields + 1) b.action(from, choice, f[fields], at);
  }
  std::vector<std::size_t> init;
  if (lab) read_labels(b, *lab, lab_name, init);
  if (srew) read_state_rewards(b, *srew, srew_name);
  if (trew) read_transition_rewards(b, *trew, trew_name, mdp);
  // The start: the single init state, or state 0 when none is (PRISM's
  // default); several initial states leave it to the caller.
  if (init.empty())
    b.start(0);
  else if (const auto start = only_state(init))
    b.start(*start);
  explicit_model model = b.build();
  if (model.choice_count() != k)
    throw std::invalid_argument(head_at + ": the first line announces " + std::to_string(k) +
                                " choices but the file has " + std::to_string(model.choice_count()));
  return model;
}

markov_model parse_prism_model(std::string_view tra, const std::string& tra_name, std::optional<std::string_view> lab,
                               const std::string& lab_name, std::optional<std::string_view> srew,
                               const std::string& srew_name) {
  return to_markov_model(parse_prism_explicit(tra, tra_name, lab, lab_name, srew, srew_name));
}

markov_model load_prism_model(const std::string& tra_path) {
  model_file_options options;
  options.format = "prism";
  return load_markov_model(tra_path, options);
}

}  // namespace exactdp
