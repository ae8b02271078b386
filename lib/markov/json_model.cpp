// Reading a markov_model from its JSON form (docs/markov.md): nlohmann_json,
// with a SAX front end that keeps the text of every JSON number so that 0.1
// is read as 1/10, and that rejects duplicate keys.
#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "exactdp/io/read_text.hpp"
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

}  // namespace

markov_model parse_json_model(std::string_view text, const std::string& source) {
  return json_reader(text, source).read();
}

markov_model load_json_model(const std::string& path) {
  const std::string text = read_text(path, "the chain model");
  return parse_json_model(text, path);
}

}  // namespace exactdp
