// Reading a markov_model from its JSON form (docs/markov.md), through the
// strict JSON reader shared by every model file (exactdp/io/json_input.hpp).
#include <stdexcept>
#include <string>

#include "exactdp/io/json_input.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/markov/model.hpp"

namespace exactdp {

namespace {

class json_chain_reader {
 public:
  json_chain_reader(std::string_view text, const std::string& source) : doc_(text, source), builder_(source) {}

  markov_model read() {
    const json_value& root = doc_.root();
    doc_.expect_object(root, "the model", {"start", "transitions", "absorbing", "rewards", "labels", "description"});
    const json_value* transitions = root.find("transitions");
    if (!transitions) doc_.fail(root, "the model has no \"transitions\" object {state: {state: probability}}");
    doc_.expect_object(*transitions, "\"transitions\"");  // its keys are the states
    // The states: those with transitions, then those declared absorbing.
    for (const std::string& from : transitions->keys()) builder_.state(from);
    if (const json_value* absorbing = root.find("absorbing")) {
      doc_.expect_array(*absorbing, "\"absorbing\"");
      for (const json_value& s : absorbing->items())
        builder_.absorbing(builder_.state(doc_.expect_string(s, "an entry of \"absorbing\"")), at(s));
    }
    for (std::size_t i = 0; i < transitions->keys().size(); ++i) {
      const std::string& from = transitions->keys()[i];
      const json_value& row = transitions->items()[i];
      doc_.expect_object(row, "the transitions of state " + quote_input(from, 60));
      const std::size_t f = *builder_.find(from);
      for (std::size_t j = 0; j < row.keys().size(); ++j) {
        const json_value& p = row.items()[j];
        builder_.transition(
            f, known(row.keys()[j], p),
            doc_.read_number(p, "the probability of " + name_text(from) + " -> " + name_text(row.keys()[j])), at(p));
      }
    }
    if (const json_value* start = root.find("start"))
      builder_.start(known(doc_.expect_string(*start, "\"start\""), *start), at(*start));
    if (const json_value* rewards = root.find("rewards")) {
      doc_.expect_object(*rewards, "\"rewards\"");
      builder_.reward_structure();  // declared: a state not listed, or every state of {}, gets 0
      for (std::size_t i = 0; i < rewards->keys().size(); ++i) {
        const json_value& r = rewards->items()[i];
        builder_.reward(known(rewards->keys()[i], r),
                        doc_.read_number(r, "the reward of state " + name_text(rewards->keys()[i])), at(r));
      }
    }
    if (const json_value* labels = root.find("labels")) {
      doc_.expect_object(*labels, "\"labels\"");
      for (std::size_t i = 0; i < labels->keys().size(); ++i) {
        const std::string& name = labels->keys()[i];
        const json_value& states = labels->items()[i];
        doc_.expect_array(states, "label " + name_text(name));
        builder_.declare_label(name);
        for (const json_value& s : states.items())
          builder_.label(name, known(doc_.expect_string(s, "an entry of label " + name_text(name)), s), at(s));
      }
    }
    if (const json_value* description = root.find("description")) doc_.expect_string(*description, "\"description\"");
    return builder_.build();
  }

 private:
  std::string at(const json_value& v) const { return doc_.where(v); }

  std::size_t known(const std::string& name, const json_value& where) {
    if (const auto s = builder_.find(name)) return *s;
    doc_.fail(where, "unknown state " + quote_input(name, 60) +
                         ": every state must have its transitions listed or be declared absorbing");
  }

  json_document doc_;
  markov_builder builder_;
};

}  // namespace

markov_model parse_json_model(std::string_view text, const std::string& source) {
  return json_chain_reader(text, source).read();
}

markov_model load_json_model(const std::string& path) {
  const std::string text = read_text(path, "the chain model", json_bytes_per_byte);
  return parse_json_model(text, path == "-" ? "standard input" : path);
}

}  // namespace exactdp
