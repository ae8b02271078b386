// Reading markov_models from files: the JSON model (nlohmann_json, with a
// SAX front end that keeps the text of every JSON number so that 0.1 is
// read as 1/10, and that rejects duplicate keys) and PRISM's explicit
// DTMC files (.tra, .lab, .srew; PRISM manual, appendix "Explicit Model
// Files").
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "exactdp/markov/model.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace {

using json = nlohmann::json;

// Forwards every event to nlohmann's DOM builder, except that a JSON number
// with a fraction or exponent is stored as its own text (a string), never as
// a double, and a key repeated in one object is an error.
class exact_sax {
 public:
  exact_sax(json& root, std::string source) : dom_(root, true), source_(std::move(source)) {}
  bool null() { return dom_.null(); }
  bool boolean(bool v) { return dom_.boolean(v); }
  bool number_integer(json::number_integer_t v) { return dom_.number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return dom_.number_unsigned(v); }
  bool number_float(json::number_float_t, const std::string& text) {
    std::string copy = text;
    return dom_.string(copy);
  }
  bool string(std::string& v) { return dom_.string(v); }
  bool binary(json::binary_t& v) { return dom_.binary(v); }
  bool start_object(std::size_t n) {
    keys_.emplace_back();
    return dom_.start_object(n);
  }
  bool key(std::string& k) {
    if (!keys_.back().insert(k).second)
      throw std::invalid_argument(source_ + ": the key \"" + k + "\" appears twice in one JSON object");
    return dom_.key(k);
  }
  bool end_object() {
    keys_.pop_back();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) { return dom_.start_array(n); }
  bool end_array() { return dom_.end_array(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    throw std::invalid_argument(source_ + ": not valid JSON: " + e.what());
  }

 private:
  nlohmann::detail::json_sax_dom_parser<json> dom_;
  std::vector<std::set<std::string>> keys_;
  std::string source_;
};

// 1-based line of the first occurrence of `needle` in `text` (0: absent).
std::size_t line_of(std::string_view text, std::string_view needle) {
  const auto pos = text.find(needle);
  if (pos == std::string_view::npos) return 0;
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
}

class json_reader {
 public:
  json_reader(std::string_view text, const std::string& source) : text_(text), source_(source), builder_(source) {}

  markov_model read() {
    json root;
    exact_sax sax(root, source_);
    json::sax_parse(text_, &sax);
    if (!root.is_object()) fail("the model must be a JSON object");
    for (const auto& [key, value] : root.items()) {
      if (key != "start" && key != "transitions" && key != "absorbing" && key != "rewards" && key != "labels" &&
          key != "description")
        fail("unknown key \"" + key + "\" (the keys are start, transitions, absorbing, rewards, labels, description)");
    }
    if (!root.contains("transitions") || !root["transitions"].is_object())
      fail("\"transitions\" must be an object {state: {state: probability}}");
    const json& transitions = root["transitions"];
    // The states: those with transitions, then those declared absorbing.
    for (const auto& [from, row] : transitions.items()) builder_.state(from);
    if (root.contains("absorbing")) {
      const json& abs = root["absorbing"];
      if (!abs.is_array()) fail("\"absorbing\" must be an array of state names");
      for (const json& s : abs) builder_.absorbing(builder_.state(name_of(s, "an entry of \"absorbing\"")));
    }
    for (const auto& [from, row] : transitions.items()) {
      if (!row.is_object()) fail("the transitions of state " + from + " must be an object {state: probability}");
      const std::size_t f = *builder_.find(from);
      for (const auto& [to, p] : row.items())
        builder_.transition(f, known(to), number(p, "the probability of " + from + " -> " + to));
    }
    if (root.contains("start")) builder_.start(known(name_of(root["start"], "\"start\"")));
    if (root.contains("rewards")) {
      const json& rewards = root["rewards"];
      if (!rewards.is_object()) fail("\"rewards\" must be an object {state: reward}");
      for (const auto& [s, r] : rewards.items()) builder_.reward(known(s), number(r, "the reward of state " + s));
    }
    if (root.contains("labels")) {
      const json& labels = root["labels"];
      if (!labels.is_object()) fail("\"labels\" must be an object {label: [state, ...]}");
      for (const auto& [name, states] : labels.items()) {
        if (!states.is_array()) fail("label " + name + " must be an array of state names");
        builder_.declare_label(name);
        for (const json& s : states) builder_.label(name, known(name_of(s, "an entry of label " + name)));
      }
    }
    return builder_.build();
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw std::invalid_argument(source_ + ": " + what); }

  std::string name_of(const json& v, const std::string& what) const {
    if (!v.is_string()) fail(what + " must be a state name (a string), not " + v.dump());
    return v.get<std::string>();
  }

  std::size_t known(const std::string& name) {
    if (const auto s = builder_.find(name)) return *s;
    const std::size_t line = line_of(text_, json(name).dump());
    fail((line ? "line " + std::to_string(line) + ": " : std::string()) + "unknown state \"" + name +
         "\": every state must have its transitions listed or be declared absorbing");
  }

  Rational number(const json& v, const std::string& what) const {
    try {
      if (v.is_string()) return parse_rational(v.get<std::string>());
      if (v.is_number_unsigned()) return Rational(BigInt(v.get<std::uint64_t>()));
      if (v.is_number_integer()) return Rational(BigInt(v.get<std::int64_t>()));
    } catch (const std::invalid_argument& e) {
      fail(what + ": " + e.what());
    }
    fail(what + " must be a number or a string such as \"1/6\", not " + v.dump());
  }

  std::string_view text_;
  std::string source_;
  markov_builder builder_;
};

std::string read_file(const std::string& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw std::invalid_argument("cannot read " + path + ": " + ec.message());
  // Parsing keeps a few tens of bytes per byte of text (the JSON tree).
  check_state_budget("reading " + path, static_cast<long double>(size), 64);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument("cannot open " + path);
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (static_cast<std::uintmax_t>(in.gcount()) != size) throw std::invalid_argument("cannot read all of " + path);
  return text;
}

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

markov_model parse_json_model(std::string_view text, const std::string& source) {
  return json_reader(text, source).read();
}

markov_model load_json_model(const std::string& path) {
  const std::string text = read_file(path);
  return parse_json_model(text, path);
}

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
  const std::string tra = read_file(tra_path);
  std::filesystem::path stem(tra_path);
  const std::string lab_path = std::filesystem::path(stem).replace_extension(".lab").string();
  const std::string srew_path = std::filesystem::path(stem).replace_extension(".srew").string();
  std::optional<std::string> lab, srew;
  if (std::filesystem::exists(lab_path)) lab = read_file(lab_path);
  if (std::filesystem::exists(srew_path)) srew = read_file(srew_path);
  return parse_prism_model(tra, tra_path, lab ? std::optional<std::string_view>(*lab) : std::nullopt, lab_path,
                           srew ? std::optional<std::string_view>(*srew) : std::nullopt, srew_path);
}

markov_model load_markov_model(const std::string& path, const std::string& format) {
  std::string f = format;
  if (f.empty()) {
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".json")
      f = "json";
    else if (ext == ".tra")
      f = "prism";
    else
      throw std::invalid_argument(path + ": cannot tell the format from the extension \"" + ext +
                                  "\"; give --format json or --format prism");
  }
  if (f == "json") return load_json_model(path);
  if (f == "prism") return load_prism_model(path);
  throw std::invalid_argument("unknown model format \"" + format + "\" (json or prism)");
}

}  // namespace exactdp
