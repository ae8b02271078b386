// The writing side of certificates (certify/writer.hpp): the JSON text,
// written with nlohmann_json, Pig's certificate from its solution, and a
// chain's values for its certificate.
#include "exactdp/certify/writer.hpp"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "exactdp/decision/solve.hpp"
#include "exactdp/io/parse.hpp"
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

namespace {

// `m` with every choice's reward replaced by reward(its reward).
template <class F>
decision_model with_rewards(const decision_model& m, F reward) {
  decision_builder b(m.source());
  for (std::size_t s = 0; s < m.size(); ++s) b.add_state(m.owner(s), m.name(s));
  for (std::size_t s = 0; s < m.size(); ++s) {
    if (m.owner(s) == state_owner::terminal) b.payoff(s, m.payoff(s));
    for (std::size_t c = m.choice_begin()[s]; c < m.choice_begin()[s + 1]; ++c) {
      const std::size_t k = b.add_choice(s, m.action_name(c));
      for (std::size_t e = m.edge_begin()[c]; e < m.edge_begin()[c + 1]; ++e)
        b.transition(s, k, m.targets()[e], m.probabilities()[e]);
      b.reward(s, k, reward(m.reward(c)));
    }
  }
  for (const auto& [name, states] : m.labels()) {
    b.declare_label(name);
    for (const std::size_t s : states) b.label(name, s);
  }
  if (m.start()) b.start(*m.start());
  return b.build();
}

}  // namespace

decision_solution<Rational> chain_solution(const decision_model& m, const decision_query& q) {
  if (q.objective != decision_objective::pmax && q.objective != decision_objective::rmin)
    throw std::invalid_argument("chain_solution: a chain's queries are reach (pmax) and steps (rmin), not " +
                                std::string(to_string(q.objective)));
  for (std::size_t s = 0; s < m.size(); ++s)
    if (m.choice_count(s) > 1)
      throw std::invalid_argument("chain_solution: state " + name_text(m.name(s)) + " of " + m.source() + " has " +
                                  std::to_string(m.choice_count(s)) + " choices: a chain has at most one");
  Rational lowest(0);
  if (q.objective == decision_objective::rmin)
    for (std::size_t c = 0; c < m.choice_total(); ++c)
      if (m.reward(c) < lowest) lowest = m.reward(c);
  if (lowest == 0) return optimal_decision<Rational>(m, q);
  // The rewards shifted by c = -lowest are >= 0; the value is theirs less c
  // times the expected steps (both infinite where the target may be missed).
  const Rational shift = -lowest;
  decision_solution<Rational> sol =
      optimal_decision<Rational>(with_rewards(m, [&shift](const Rational& r) { return r + shift; }), q);
  const decision_solution<Rational> steps =
      optimal_decision<Rational>(with_rewards(m, [](const Rational&) { return Rational(1); }), q);
  for (std::size_t s = 0; s < m.size(); ++s) {
    if (sol.infinite[s] != steps.infinite[s])
      throw std::domain_error("chain_solution: the expected reward and the expected steps from state " +
                              name_text(m.name(s)) + " disagree on being infinite");
    if (!sol.infinite[s]) sol.value[s] -= shift * steps.value[s];
  }
  return sol;
}

}  // namespace exactdp
