// Reading an expectiminimax game graph from JSON (see expectiminimax.hpp).
#include <nlohmann/json.hpp>

#include <unordered_map>

#include "exactdp/games/expectiminimax.hpp"

namespace exactdp {

namespace {

Rational number_of(const nlohmann::json& j, const std::string& where) {
  if (j.is_string()) {
    try {
      return parse_rational(j.get<std::string>());
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where + ": " + e.what());
    }
  }
  if (j.is_number_integer()) return Rational(j.get<std::int64_t>());
  if (j.is_number_unsigned()) return Rational(BigInt(j.get<std::uint64_t>()));
  throw std::invalid_argument(where +
                              " must be an exact number: an integer or a string such as \"1/6\" (a JSON "
                              "decimal would be read through a double)");
}

}  // namespace

expectiminimax_model parse_expectiminimax_model(std::string_view json_text) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(json_text);
  } catch (const nlohmann::json::exception& e) {  // a syntax error, or a number out of range (1e999)
    std::string message = e.what();               // "[json.exception.parse_error.101] parse error at line 1, ..."
    const auto cut = message.find("] ");
    if (cut != std::string::npos) message = message.substr(cut + 2);
    throw std::invalid_argument("the model is not valid JSON: " + message);
  }
  if (!doc.is_object() || !doc.contains("nodes") || !doc["nodes"].is_array())
    throw std::invalid_argument("the model must be a JSON object with a \"nodes\" array");
  if (!doc.contains("root") || !doc["root"].is_string())
    throw std::invalid_argument("the model must name its \"root\" node (a string id)");
  const auto& list = doc["nodes"];
  if (list.size() > expectiminimax_max_nodes)
    throw std::invalid_argument("the model has more than " + std::to_string(expectiminimax_max_nodes) + " nodes");
  expectiminimax_model m;
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t v = 0; v < list.size(); ++v) {
    const auto& j = list[v];
    const std::string where = "node " + std::to_string(v);
    if (!j.is_object() || !j.contains("id") || !j["id"].is_string())
      throw std::invalid_argument(where + " must be an object with a string \"id\"");
    const std::string id = j["id"].get<std::string>();
    if (!index.emplace(id, v).second) throw std::invalid_argument("node id \"" + id + "\" is used twice");
  }
  m.nodes.resize(list.size());
  for (std::size_t v = 0; v < list.size(); ++v) {
    const auto& j = list[v];
    auto& nd = m.nodes[v];
    nd.id = j["id"].get<std::string>();
    const std::string where = "node \"" + nd.id + "\"";
    const std::string kind = j.contains("kind") && j["kind"].is_string() ? j["kind"].get<std::string>() : "";
    if (kind == "max")
      nd.kind = node_kind::max;
    else if (kind == "min")
      nd.kind = node_kind::min;
    else if (kind == "chance")
      nd.kind = node_kind::chance;
    else if (kind == "terminal")
      nd.kind = node_kind::terminal;
    else
      throw std::invalid_argument(where + " needs \"kind\": one of max, min, chance, terminal");
    if (j.contains("children")) {
      if (!j["children"].is_array()) throw std::invalid_argument(where + ": \"children\" must be an array of ids");
      for (const auto& c : j["children"]) {
        if (!c.is_string()) throw std::invalid_argument(where + ": \"children\" must be an array of ids");
        const auto it = index.find(c.get<std::string>());
        if (it == index.end())
          throw std::invalid_argument(where + " has child \"" + c.get<std::string>() + "\", which is not a node");
        nd.children.push_back(it->second);
      }
    }
    if (j.contains("probabilities")) {
      if (!j["probabilities"].is_array()) throw std::invalid_argument(where + ": \"probabilities\" must be an array");
      for (const auto& p : j["probabilities"]) nd.probabilities.push_back(number_of(p, where + " probability"));
    }
    if (j.contains("payoff")) {
      if (nd.kind != node_kind::terminal) throw std::invalid_argument(where + " has a payoff but is not terminal");
      nd.payoff = number_of(j["payoff"], where + " payoff");
    } else if (nd.kind == node_kind::terminal) {
      throw std::invalid_argument(where + " is terminal and needs a \"payoff\"");
    }
  }
  const auto root = index.find(doc["root"].get<std::string>());
  if (root == index.end())
    throw std::invalid_argument("the root \"" + doc["root"].get<std::string>() + "\" is not a node");
  m.root = root->second;
  return m;
}

}  // namespace exactdp
