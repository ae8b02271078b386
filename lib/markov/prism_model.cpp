// Reading a markov_model from PRISM's explicit DTMC files (.tra, .lab,
// .srew; PRISM manual, appendix "Explicit Model Files").
#include <charconv>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/io/read_text.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace {

// ---- PRISM explicit files ----

// Splits text into lines, numbering from 1; skips empty lines and, when
// `comments`, lines starting with '#'.
struct text_line {
  std::size_t number;
  std::string_view text;
};
std::vector<text_line> lines_of(std::string_view text, bool comments) {
  std::vector<text_line> out;
  std::size_t number = 0, pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && !(comments && line[first] == '#')) out.push_back({number, line});
    if (end == text.size()) break;
    pos = end + 1;
  }
  return out;
}

std::vector<std::string_view> fields_of(std::string_view line) {
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

std::string where(const std::string& file, std::size_t line) { return file + ":" + std::to_string(line); }

std::size_t index_field(std::string_view field, const std::string& at, const char* what) {
  std::size_t v = 0;
  const auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc() || ptr != field.data() + field.size())
    throw std::invalid_argument(at + ": " + what + " \"" + std::string(field) + "\" is not a non-negative integer");
  return v;
}

std::size_t state_field(std::string_view field, std::size_t n, const std::string& at) {
  const std::size_t s = index_field(field, at, "state index");
  if (s >= n)
    throw std::invalid_argument(at + ": unknown state " + std::to_string(s) + " (the model has states 0.." +
                                std::to_string(n - 1) + ")");
  return s;
}

Rational rational_field(std::string_view field, const std::string& at, const char* what) {
  try {
    return parse_rational(field);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(at + ": " + what + ": " + e.what());
  }
}

}  // namespace

markov_model parse_prism_model(std::string_view tra, const std::string& tra_name, std::optional<std::string_view> lab,
                               const std::string& lab_name, std::optional<std::string_view> srew,
                               const std::string& srew_name) {
  markov_builder builder(tra_name);
  const auto lines = lines_of(tra, false);
  if (lines.empty())
    throw std::invalid_argument(tra_name + ": the file is empty (its first line is \"states transitions\")");
  const auto head = fields_of(lines[0].text);
  const std::string head_at = where(tra_name, lines[0].number);
  if (head.size() == 3)
    throw std::invalid_argument(head_at +
                                ": the first line has three numbers, which is PRISM's MDP format; only DTMCs "
                                "(first line \"states transitions\") are supported");
  if (head.size() != 2) throw std::invalid_argument(head_at + ": the first line must be \"states transitions\"");
  const std::size_t n = index_field(head[0], head_at, "the number of states");
  const std::size_t m = index_field(head[1], head_at, "the number of transitions");
  if (n == 0) throw std::invalid_argument(head_at + ": the model has no states");
  if (m != lines.size() - 1)
    throw std::invalid_argument(head_at + ": the first line announces " + std::to_string(m) +
                                " transitions but the file lists " + std::to_string(lines.size() - 1));
  // Every state of a DTMC has at least one transition (PRISM writes a
  // self-loop of probability 1 for an absorbing state), so a model that
  // declares more states than transitions is refused before any state exists.
  if (n > m)
    throw std::invalid_argument(head_at + ": the model declares " + std::to_string(n) + " states but only " +
                                std::to_string(m) +
                                " transitions; every state needs at least one (a self-loop of probability 1 for "
                                "an absorbing state)");
  check_state_budget("the PRISM model " + tra_name, static_cast<long double>(n), 96);
  for (std::size_t s = 0; s < n; ++s) builder.state(std::to_string(s));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string at = where(tra_name, lines[i].number);
    const auto f = fields_of(lines[i].text);
    // "i j p", or "i j p action" (PRISM writes action labels when the model has them).
    if (f.size() != 3 && f.size() != 4)
      throw std::invalid_argument(at + ": a transition line must be \"from to probability\"");
    const std::size_t from = state_field(f[0], n, at), to = state_field(f[1], n, at);
    const Rational p = rational_field(f[2], at, "probability");
    builder.transition(from, to, p, at);
  }
  std::vector<std::size_t> init_states;
  if (lab) {
    const auto lab_lines = lines_of(*lab, false);
    if (lab_lines.empty()) throw std::invalid_argument(lab_name + ": the file is empty");
    // First line: 0="init" 1="deadlock" 2="goal" ...
    std::vector<std::optional<std::string>> names;
    const std::string decl_at = where(lab_name, lab_lines[0].number);
    for (const std::string_view item : fields_of(lab_lines[0].text)) {
      const auto eq = item.find('=');
      if (eq == std::string_view::npos || item.size() < eq + 3 || item[eq + 1] != '"' || item.back() != '"')
        throw std::invalid_argument(decl_at + ": a label declaration must look like 0=\"name\", not " +
                                    std::string(item));
      const std::size_t id = index_field(item.substr(0, eq), decl_at, "label index");
      if (id > 100000) throw std::invalid_argument(decl_at + ": label index " + std::to_string(id) + " is too large");
      if (id >= names.size()) names.resize(id + 1);
      if (names[id])
        throw std::invalid_argument(decl_at + ": label index " + std::to_string(id) + " is declared twice");
      names[id] = std::string(item.substr(eq + 2, item.size() - eq - 3));
      builder.declare_label(*names[id]);
    }
    for (std::size_t i = 1; i < lab_lines.size(); ++i) {
      const std::string at = where(lab_name, lab_lines[i].number);
      const std::string_view text = lab_lines[i].text;
      const auto colon = text.find(':');
      if (colon == std::string_view::npos)
        throw std::invalid_argument(at + ": a label line must be \"state: label label ...\"");
      const auto s_fields = fields_of(text.substr(0, colon));
      if (s_fields.size() != 1) throw std::invalid_argument(at + ": a label line must start with one state index");
      const std::size_t s = state_field(s_fields[0], n, at);
      for (const std::string_view lf : fields_of(text.substr(colon + 1))) {
        const std::size_t id = index_field(lf, at, "label index");
        if (id >= names.size() || !names[id])
          throw std::invalid_argument(at + ": label index " + std::to_string(id) +
                                      " is not declared on the first line");
        builder.label(*names[id], s, at);
        if (*names[id] == "init") init_states.push_back(s);
      }
    }
    builder.declare_label("init");
  }
  if (srew) {
    const auto rew_lines = lines_of(*srew, true);
    if (rew_lines.empty()) throw std::invalid_argument(srew_name + ": the file is empty");
    const std::string at0 = where(srew_name, rew_lines[0].number);
    const auto h = fields_of(rew_lines[0].text);
    if (h.size() != 2) throw std::invalid_argument(at0 + ": the first line must be \"states rewards\"");
    const std::size_t rn = index_field(h[0], at0, "the number of states");
    const std::size_t rk = index_field(h[1], at0, "the number of rewards");
    if (rn != n)
      throw std::invalid_argument(at0 + ": the rewards are for " + std::to_string(rn) + " states but " + tra_name +
                                  " has " + std::to_string(n));
    if (rk != rew_lines.size() - 1)
      throw std::invalid_argument(at0 + ": the first line announces " + std::to_string(rk) +
                                  " rewards but the file lists " + std::to_string(rew_lines.size() - 1));
    for (std::size_t i = 1; i < rew_lines.size(); ++i) {
      const std::string at = where(srew_name, rew_lines[i].number);
      const auto f = fields_of(rew_lines[i].text);
      if (f.size() != 2) throw std::invalid_argument(at + ": a reward line must be \"state reward\"");
      builder.reward(state_field(f[0], n, at), rational_field(f[1], at, "reward"), at);
    }
    if (rk == 0) {
      // An empty reward structure: every reward is 0 (not the default 1).
      for (std::size_t s = 0; s < n; ++s) builder.reward(s, Rational(0));
    }
  }
  // The start: the single "init" state of the labels, or state 0 when no
  // state is initial (PRISM's default). Several initial states leave the
  // start to the caller.
  if (init_states.empty())
    builder.start(0);
  else if (init_states.size() == 1)
    builder.start(init_states[0]);
  return builder.build();
}

markov_model load_prism_model(const std::string& tra_path) {
  const std::string tra = read_text(tra_path, "the PRISM transitions");
  std::filesystem::path stem(tra_path);
  const std::string lab_path = std::filesystem::path(stem).replace_extension(".lab").string();
  const std::string srew_path = std::filesystem::path(stem).replace_extension(".srew").string();
  std::optional<std::string> lab, srew;
  if (std::filesystem::exists(lab_path)) lab = read_text(lab_path, "the PRISM labels");
  if (std::filesystem::exists(srew_path)) srew = read_text(srew_path, "the PRISM rewards");
  return parse_prism_model(tra, tra_path, lab ? std::optional<std::string_view>(*lab) : std::nullopt, lab_path,
                           srew ? std::optional<std::string_view>(*srew) : std::nullopt, srew_path);
}

}  // namespace exactdp
