// Reading a decision model from JSON (exactdp/decision/json_model.hpp),
// through the strict JSON reader shared by every model file. Every rule is
// checked here, at the line of the value that breaks it, before the builder
// sees the model.
#include "exactdp/decision/json_model.hpp"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include "exactdp/io/json_input.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/io/read_text.hpp"

namespace exactdp {

namespace {

class json_decision_reader {
 public:
  json_decision_reader(std::string_view text, const std::string& source) : doc_(text, source), builder_(source) {}

  decision_model read() {
    const json_value& root = doc_.root();
    doc_.expect_object(root, "the model", {"start", "root", "nodes", "labels", "description"});
    if (const json_value* description = root.find("description")) doc_.expect_string(*description, "\"description\"");
    const json_value* nodes = root.find("nodes");
    if (!nodes) doc_.fail(root, "the model has no \"nodes\" array");
    doc_.expect_array(*nodes, "\"nodes\"");
    if (nodes->items().empty()) doc_.fail(*nodes, "the model has no nodes");
    // First pass: every id, so that successors may come later (cycles).
    for (std::size_t v = 0; v < nodes->items().size(); ++v) {
      const json_value& node = nodes->items()[v];
      const std::string what = "node " + std::to_string(v);
      doc_.expect_object(node, what, {"id", "kind", "choices", "children", "probabilities", "payoff"});
      const json_value* id = node.find("id");
      if (!id) doc_.fail(node, what + " has no \"id\"");
      const std::string& name = doc_.expect_string(*id, what + "'s \"id\"");
      if (name.empty()) doc_.fail(*id, what + " has an empty \"id\"");
      if (builder_.find(name)) doc_.fail(*id, "the node id " + quote_input(name, 60) + " is used twice");
      owners_.push_back(read_kind(node, name));
      builder_.add_state(owners_.back(), name);
    }
    for (std::size_t v = 0; v < nodes->items().size(); ++v) read_node(nodes->items()[v], v);
    if (const json_value* labels = root.find("labels")) read_labels(*labels);
    const json_value* start = root.find("start");
    if (const json_value* r = root.find("root")) {
      if (start) doc_.fail(*r, "give the start node as \"start\" or as \"root\", not both");
      start = r;
    }
    if (start) builder_.start(known(doc_.expect_string(*start, "the start node"), *start, "the start node"));
    return builder_.build();
  }

 private:
  state_owner read_kind(const json_value& node, const std::string& name) {
    const std::string what = "node " + quote_input(name, 60);
    const json_value* kind = node.find("kind");
    if (!kind) doc_.fail(node, what + " needs \"kind\": one of max, min, chance, terminal");
    const std::string& k = doc_.expect_string(*kind, what + "'s \"kind\"");
    if (k == "max") return state_owner::max;
    if (k == "min") return state_owner::min;
    if (k == "chance") return state_owner::chance;
    if (k == "terminal") return state_owner::terminal;
    doc_.fail(*kind, what + " has kind " + quote_input(k, 60) + ": the kinds are max, min, chance, terminal");
  }

  std::size_t known(const std::string& name, const json_value& where, const std::string& what) {
    if (const auto s = builder_.find(name)) return *s;
    doc_.fail(where, what + " " + quote_input(name, 60) + " is not a node");
  }

  Rational probability(const json_value& p, const std::string& what) {
    Rational q = doc_.read_number(p, what);
    if (q < 0 || q > 1) doc_.fail(p, what + " is " + message_text(q) + ", outside [0, 1]");
    return q;
  }

  void check_sum(const Rational& sum, const json_value& where, const std::string& what) {
    if (sum != 1) doc_.fail(where, what + " add up to " + message_text(sum) + ", not 1 (nothing is renormalised)");
  }

  void read_node(const json_value& node, std::size_t s) {
    const std::string& name = node.find("id")->text();
    const std::string what = "node " + quote_input(name, 60);
    const state_owner owner = owners_[s];
    const json_value* choices = node.find("choices");
    const json_value* children = node.find("children");
    const json_value* probabilities = node.find("probabilities");
    const json_value* payoff = node.find("payoff");
    if (owner == state_owner::terminal) {
      for (const json_value* v : {choices, children, probabilities})
        if (v) doc_.fail(*v, what + " is terminal: it has no choices, children or probabilities");
      if (payoff) builder_.payoff(s, doc_.read_number(*payoff, "the payoff of " + what));
      return;
    }
    if (payoff) doc_.fail(*payoff, what + " has a payoff, but only terminal nodes have one");
    if (choices && children) doc_.fail(*children, what + " has both \"choices\" and \"children\": give one of them");
    if (probabilities && (owner != state_owner::chance || !children))
      doc_.fail(*probabilities, what + " has \"probabilities\", which go with the \"children\" of a chance node");
    if (choices) {
      read_choices(*choices, s, owner, what);
    } else if (children) {
      read_children(node, *children, probabilities, s, owner, what);
    } else {
      doc_.fail(node, what + " (" + to_string(owner) + ") has no choices: give \"choices\" or \"children\"" +
                          (owner == state_owner::chance ? "" : ", or make it terminal"));
    }
  }

  void read_choices(const json_value& list, std::size_t s, state_owner owner, const std::string& what) {
    doc_.expect_array(list, what + "'s \"choices\"");
    if (list.items().empty()) doc_.fail(list, what + " has an empty list of choices");
    if (owner == state_owner::chance && list.items().size() != 1)
      doc_.fail(list, what + " is a chance node with " + std::to_string(list.items().size()) +
                          " choices: it has exactly one (a distribution)");
    std::unordered_set<std::string> actions;
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      const json_value& c = list.items()[i];
      std::string which = "choice " + std::to_string(i) + " of " + what;
      doc_.expect_object(c, which, {"action", "to", "reward"});
      std::string action;
      if (const json_value* a = c.find("action")) {
        action = doc_.expect_string(*a, "the action of " + which);
        if (action.empty()) doc_.fail(*a, "the action of " + which + " is empty (leave \"action\" out instead)");
        if (!actions.insert(action).second) doc_.fail(*a, what + " has two choices called " + quote_input(action, 60));
        which = "choice " + quote_input(action, 60) + " of " + what;
      }
      const json_value* to = c.find("to");
      if (!to) doc_.fail(c, which + " has no \"to\": {node: probability, ...}");
      doc_.expect_object(*to, "the \"to\" of " + which);
      if (to->keys().empty()) doc_.fail(*to, which + " has no successors");
      const std::size_t k = builder_.add_choice(s, action);
      Rational sum = 0;
      for (std::size_t j = 0; j < to->keys().size(); ++j) {
        const json_value& p = to->items()[j];
        const std::size_t t = known(to->keys()[j], p, "the successor");
        const Rational q = probability(p, "the probability of " + which + " to " + quote_input(to->keys()[j], 60));
        sum += q;
        builder_.transition(s, k, t, q);
      }
      check_sum(sum, *to, "the probabilities of " + which);
      if (const json_value* r = c.find("reward")) builder_.reward(s, k, doc_.read_number(*r, "the reward of " + which));
    }
  }

  void read_children(const json_value& node, const json_value& list, const json_value* probabilities, std::size_t s,
                     state_owner owner, const std::string& what) {
    doc_.expect_array(list, what + "'s \"children\"");
    if (list.items().empty()) doc_.fail(list, what + " has no children");
    std::vector<std::size_t> to;  // parallel to list.items()
    for (const json_value& c : list.items()) {
      const std::size_t t = known(doc_.expect_string(c, "a child of " + what), c, what + " has the child");
      if (std::find(to.begin(), to.end(), t) != to.end())
        doc_.fail(c, what + " lists the child " + quote_input(c.text(), 60) + " twice");
      to.push_back(t);
    }
    if (owner != state_owner::chance) {
      for (std::size_t i = 0; i < to.size(); ++i)  // one sure move per child, named after it
        builder_.transition(s, builder_.add_choice(s, list.items()[i].text()), to[i], Rational(1));
      return;
    }
    if (!probabilities)
      doc_.fail(node, what + " is a chance node with children and needs \"probabilities\", one per child");
    doc_.expect_array(*probabilities, what + "'s \"probabilities\"");
    if (probabilities->items().size() != to.size())
      doc_.fail(*probabilities, what + " has " + std::to_string(probabilities->items().size()) + " probabilities for " +
                                    std::to_string(to.size()) + " children");
    const std::size_t k = builder_.add_choice(s);
    Rational sum = 0;
    for (std::size_t i = 0; i < to.size(); ++i) {
      const Rational q = probability(probabilities->items()[i], "probability " + std::to_string(i) + " of " + what);
      sum += q;
      builder_.transition(s, k, to[i], q);
    }
    check_sum(sum, *probabilities, "the probabilities of " + what);
  }

  void read_labels(const json_value& labels) {
    doc_.expect_object(labels, "\"labels\"");
    for (std::size_t i = 0; i < labels.keys().size(); ++i) {
      const std::string& name = labels.keys()[i];
      const json_value& states = labels.items()[i];
      if (name.empty()) doc_.fail(states, "a label has an empty name");
      doc_.expect_array(states, "label " + quote_input(name, 60));
      builder_.declare_label(name);
      for (const json_value& v : states.items())
        builder_.label(name, known(doc_.expect_string(v, "an entry of label " + quote_input(name, 60)), v,
                                   "label " + quote_input(name, 60) + " lists the node"));
    }
  }

  json_document doc_;
  decision_builder builder_;
  std::vector<state_owner> owners_;  // per node, from the first pass
};

}  // namespace

decision_model parse_decision_json(std::string_view text, const std::string& source) {
  return json_decision_reader(text, source).read();
}

decision_model load_decision_json(const std::string& path) {
  const std::string text = read_text(path, "the decision model", json_bytes_per_byte);
  return parse_decision_json(text, path == "-" ? "standard input" : path);
}

}  // namespace exactdp
