// The writing side of certificates (certify/writer.hpp): the JSON text,
// written with nlohmann_json, and Pig's certificate from its solution.
#include "exactdp/certify/writer.hpp"

#include <nlohmann/json.hpp>

#include "exactdp/markov/explicit_model.hpp"

namespace exactdp {

std::string certificate_text(const certificate& c) {
  using json = nlohmann::ordered_json;
  json values = json::array();
  for (const auto& v : c.values) values.push_back(v ? to_string(*v) : std::string("inf"));
  json rank = json::array();
  for (const std::int64_t r : c.rank) rank.push_back(r < 0 ? json(nullptr) : json(r));
  json doc{{"certificate", "exactdp"},
           {"version", certificate_version},
           {"model",
            {{"file", c.model.file},
             {"format", c.model.format},
             {"reward_model", c.model.reward_model},
             {"sha256", c.model.sha256},
             {"constants", c.model.constants},
             {"constants_sha256", c.model.constants_sha256}}},
           {"query",
            {{"kind", c.kind},
             {"objective", c.objective},
             {"target", c.target ? json(*c.target) : json(nullptr)},
             {"start", c.start}}},
           {"states", c.states},
           {"values", std::move(values)}};
  if (c.default_payoff) doc["query"]["default"] = to_string(*c.default_payoff);
  if (c.kind == "mdp" || c.kind == "game") doc["strategy"] = c.strategy;
  if (c.kind == "pig") {
    doc["strategy"] = c.actions;
  } else {
    doc["rank"] = std::move(rank);
  }
  return doc.dump(1) + "\n";
}

certificate pig_certificate(const pig_solution<Rational>& sol) {
  const int target = sol.target();
  certificate c;
  c.model = {"", "pig", "", "", pig_parameters_text(sol.faces(), target), ""};
  c.model.constants_sha256 = sha256_hex(c.model.constants);
  c.kind = "pig";
  c.objective = "win";
  c.start = pig_state_name(0, 0, 0);
  for (int i = 0; i < target; ++i)
    for (int j = 0; j < target; ++j) {
      c.states.push_back(pig_state_name(i, j, 0));
      c.values.emplace_back(sol.turn_start(i, j));
      std::string& a = c.actions.emplace_back();
      for (int k = 0; k < target - i; ++k) a += sol.action(i, j, k) == pig_action::roll ? 'r' : 'h';
    }
  return c;
}

}  // namespace exactdp
