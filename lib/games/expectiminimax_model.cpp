// Reading an expectiminimax game graph from JSON (see expectiminimax.hpp),
// through the strict JSON reader shared by every model file.
#include <unordered_map>

#include "exactdp/games/expectiminimax.hpp"
#include "exactdp/io/json_input.hpp"

namespace exactdp {

expectiminimax_model parse_expectiminimax_model(std::string_view json_text, const std::string& source) {
  const json_document doc(json_text, source);
  const json_value& root = doc.root();
  doc.expect_object(root, "the model", {"root", "nodes", "description"});
  const json_value* list = root.find("nodes");
  if (!list) doc.fail(root, "the model has no \"nodes\" array");
  doc.expect_array(*list, "\"nodes\"");
  const json_value* root_id = root.find("root");
  if (!root_id) doc.fail(root, "the model must name its \"root\" node (a string id)");
  doc.expect_string(*root_id, "\"root\"");
  if (const json_value* description = root.find("description")) doc.expect_string(*description, "\"description\"");
  const auto& items = list->items();
  if (items.size() > expectiminimax_max_nodes)
    doc.fail(*list, "the model has more than " + describe_bound(BigInt(expectiminimax_max_nodes)) + " nodes");
  if (items.empty()) doc.fail(*list, "the model has no nodes");

  expectiminimax_model m;
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t v = 0; v < items.size(); ++v) {
    const json_value& j = items[v];
    const std::string what = "node " + std::to_string(v);
    doc.expect_object(j, what, {"id", "kind", "children", "probabilities", "payoff"});
    const json_value* id = j.find("id");
    if (!id) doc.fail(j, what + " has no \"id\"");
    if (!index.emplace(doc.expect_string(*id, what + "'s \"id\""), v).second)
      doc.fail(*id, "the node id " + quote_input(id->text(), 60) + " is used twice");
  }
  m.nodes.resize(items.size());
  for (std::size_t v = 0; v < items.size(); ++v) {
    const json_value& j = items[v];
    auto& nd = m.nodes[v];
    nd.id = j.find("id")->text();
    const std::string what = "node " + quote_input(nd.id, 60);
    const json_value* kind = j.find("kind");
    if (!kind) doc.fail(j, what + " needs \"kind\": one of max, min, chance, terminal");
    const std::string& k = doc.expect_string(*kind, what + "'s \"kind\"");
    if (k == "max")
      nd.kind = node_kind::max;
    else if (k == "min")
      nd.kind = node_kind::min;
    else if (k == "chance")
      nd.kind = node_kind::chance;
    else if (k == "terminal")
      nd.kind = node_kind::terminal;
    else
      doc.fail(*kind, what + " has kind " + quote_input(k, 60) + ": the kinds are max, min, chance, terminal");
    if (const json_value* children = j.find("children")) {
      if (nd.kind == node_kind::terminal) doc.fail(*children, what + " is terminal and has children");
      doc.expect_array(*children, what + "'s \"children\"");
      for (const json_value& c : children->items()) {
        const auto it = index.find(doc.expect_string(c, "a child of " + what));
        if (it == index.end())
          doc.fail(c, what + " has the child " + quote_input(c.text(), 60) + ", which is not a node");
        nd.children.push_back(it->second);
      }
    }
    if (nd.kind != node_kind::terminal && nd.children.empty()) doc.fail(j, what + " (" + k + ") has no children");
    const json_value* probabilities = j.find("probabilities");
    if (nd.kind == node_kind::chance) {
      if (!probabilities) doc.fail(j, what + " is a chance node and needs \"probabilities\", one per child");
      doc.expect_array(*probabilities, what + "'s \"probabilities\"");
      Rational sum = 0;
      for (const json_value& p : probabilities->items()) {
        nd.probabilities.push_back(doc.read_number(p, "a probability of " + what));
        if (nd.probabilities.back() < 0)
          doc.fail(p, what + " has the negative probability " + message_text(nd.probabilities.back()));
        sum += nd.probabilities.back();
      }
      if (nd.probabilities.size() != nd.children.size())
        doc.fail(*probabilities, what + " has " + std::to_string(nd.probabilities.size()) + " probabilities for " +
                                     std::to_string(nd.children.size()) + " children");
      if (sum != 1) doc.fail(*probabilities, what + "'s probabilities add up to " + message_text(sum) + ", not 1");
    } else if (probabilities) {
      doc.fail(*probabilities, what + " has probabilities, but only chance nodes have them");
    }
    const json_value* payoff = j.find("payoff");
    if (nd.kind == node_kind::terminal) {
      if (!payoff) doc.fail(j, what + " is terminal and needs a \"payoff\"");
      nd.payoff = doc.read_number(*payoff, "the payoff of " + what);
    } else if (payoff) {
      doc.fail(*payoff, what + " has a payoff but is not terminal");
    }
  }
  const auto r = index.find(root_id->text());
  if (r == index.end()) doc.fail(*root_id, "the root " + quote_input(root_id->text(), 60) + " is not a node");
  m.root = r->second;
  return m;
}

}  // namespace exactdp
