// python/decision.cpp: Markov decision processes and turn-based stochastic
// games (a model from a dict in the JSON decision shape, docs/decision.md, or
// from a file of any format the library reads), their optimal values and
// strategies, and the dice game Pig; each in the three number systems.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "exactdp/api/names.hpp"
#include "exactdp/decision/json_model.hpp"
#include "exactdp/decision/model.hpp"
#include "exactdp/decision/model_files.hpp"
#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/numeric/concepts.hpp"

namespace exactdp::python {

namespace {

using model_ptr = std::shared_ptr<decision_model>;

// A model from a DecisionModel, or from a dict in the JSON decision shape:
// Python's json module writes it (Fractions as "p/q"; floats are refused, as
// their decimal text is not the value meant), the library's strict reader
// reads it (every fault, an unknown key included, is ValueError with its
// message).
model_ptr read_model(py::handle x) {
  if (py::isinstance<decision_model>(x)) return x.cast<model_ptr>();
  if (!py::isinstance<py::dict>(x))
    throw py::type_error("a decision model is an exactdp.DecisionModel or a dict in the JSON decision shape");
  const std::string text = model_json_text(x, "a decision model");
  return std::make_shared<decision_model>(released([&] { return parse_decision_json(text, "the model"); }));
}

decision_objective read_objective(const std::string& query) {
  if (query == "pmax") return decision_objective::pmax;
  if (query == "pmin") return decision_objective::pmin;
  if (query == "rmax") return decision_objective::rmax;
  if (query == "rmin") return decision_objective::rmin;
  if (query == "reach") return decision_objective::reach_game;
  if (query == "payoff") return decision_objective::payoff_game;
  throw std::invalid_argument("query must be \"pmax\", \"pmin\", \"rmax\", \"rmin\", \"reach\" or \"payoff\", not \"" +
                              query + "\"");
}

// The query: the objective, the target (a label, a state, or a list of
// states; none for payoff) and the default payoff (payoff only).
decision_query read_query(const decision_model& m, const std::string& query, py::handle target,
                          py::handle default_payoff) {
  decision_query q;
  q.objective = read_objective(query);
  const bool payoff = q.objective == decision_objective::payoff_game;
  if (payoff && !target.is_none())
    throw std::invalid_argument("query \"payoff\" takes no target: plays end in terminal states, whose payoffs count");
  if (!payoff && target.is_none()) throw std::invalid_argument("query \"" + query + "\" needs a target");
  if (!default_payoff.is_none()) {
    if (!payoff) throw std::invalid_argument("default_payoff is for query \"payoff\" only");
    q.default_payoff = to_rational(default_payoff);
  }
  if (payoff) return q;
  q.target = target_states(m, target);
  return q;
}

// The values of every state and an optimal strategy, in any number system.
template <class T>
struct decision_answer {
  std::vector<T> value;
  std::vector<char> infinite;
  std::vector<std::uint32_t> strategy;
};

// Ordered fields (Rational, double) are optimised directly; a residue is the
// value of the exact optimal strategy computed modulo P (residues have no
// order to optimise over), as the library documents.
template <class T>
decision_answer<T> solve_decision_in(const decision_model& m, const decision_query& q) {
  if constexpr (OrderedField<T>) {
    decision_solution<T> sol = optimal_decision<T>(m, q);
    return {std::move(sol.value), std::move(sol.infinite), std::move(sol.strategy)};
  } else {
    decision_solution<Rational> sol = optimal_decision<Rational>(m, q);
    strategy_values<T> v = evaluate_strategy<T>(m, q, sol.strategy);
    return {std::move(v.value), std::move(v.infinite), std::move(sol.strategy)};
  }
}

// {"value": {state: value, None where infinite}, "strategy": {state: action}}
// with the action's name, or "#i" for the i-th choice of an unnamed one.
template <class T>
py::dict answer_dict(const decision_model& m, const decision_answer<T>& a) {
  py::dict value, strategy;
  for (std::size_t s = 0; s < m.size(); ++s) {
    value[py::str(m.name(s))] = a.infinite[s] ? py::none() : value_to_python(a.value[s]);
    const state_owner o = m.owner(s);
    if (o != state_owner::max && o != state_owner::min) continue;
    const std::string_view name = m.action_name(m.choice_begin()[s] + a.strategy[s]);
    std::string action(name);
    if (name.empty()) action.append("#").append(std::to_string(a.strategy[s]));
    strategy[py::str(m.name(s))] = action;
  }
  py::dict d;
  d["value"] = value;
  d["strategy"] = strategy;
  return d;
}

constexpr const char* number_words =
    " number=\"exact\" gives Fractions, \"double\" floats, \"mod\" residues modulo the prime modulus= (below 2^31, "
    "default 1000000007; the residue of the exact optimal strategy's value: raises exactdp.DomainError when it "
    "has none).";

std::string doc(const std::string& text) { return text + number_words; }

}  // namespace

void bind_decision(py::module_& m) {
  auto decision_class = py::class_<decision_model, model_ptr>(
      m, "DecisionModel",
      "A validated Markov decision process or turn-based stochastic game with exact "
      "probabilities (Puterman 1994; Condon 1992). Make one with "
      "decision_model(dict) or load_decision_model(path).");
  bind_state_names(decision_class);
  decision_class
      .def_property_readonly(
          "labels",
          [](const decision_model& model) {
            py::dict d;
            for (const auto& [name, states] : model.labels()) {
              py::list l;
              for (const std::size_t s : states) l.append(model.name(s));
              d[py::str(name)] = l;
            }
            return d;
          },
          "The labels: {label: [state, ...]}.")
      .def(
          "owner",
          [](const decision_model& model, const std::string& state) {
            return std::string(to_string(model.owner(api::resolve_state(model, state, "state"))));
          },
          py::arg("state"), "Who moves at `state`: \"max\", \"min\", \"chance\" or \"terminal\".")
      .def("__repr__", [](const decision_model& model) {
        return "<exactdp.DecisionModel of " + std::to_string(model.size()) + " states, " +
               std::to_string(model.choice_total()) + " choices>";
      });

  m.def("decision_model", &read_model, py::arg("model"),
        "A DecisionModel from a dict in the JSON decision shape (docs/decision.md): {\"start\": \"s0\", \"nodes\": "
        "[{\"id\": \"s0\", \"kind\": \"max\", \"choices\": [{\"action\": \"a\", \"to\": {\"s1\": \"1/2\", \"s0\": "
        "\"1/2\"}, \"reward\": 1}, ...]}, {\"id\": \"s1\", \"kind\": \"terminal\", \"payoff\": 1}], \"labels\": "
        "{\"goal\": [\"s1\"]}}. Kinds: max, min, chance, terminal. Probabilities are strings (\"1/6\"), ints or "
        "Fractions summing to exactly 1; floats are refused. Raises ValueError with the reader's message for any "
        "fault (an unknown key, an unknown node, probabilities not summing to 1, ...).");
  m.def(
      "load_decision_model",
      [](py::handle path, const std::string& format, const std::string& reward_model) {
        const auto p = py::module_::import("os").attr("fspath")(path).cast<std::string>();
        model_file_options options;
        options.format = format;
        options.reward_model = reward_model;
        return std::make_shared<decision_model>(released([&] { return load_decision_model(p, options); }));
      },
      py::arg("path"), py::arg("format") = "", py::arg("reward_model") = "",
      "A DecisionModel read from a file: the JSON decision format, or PRISM's or Storm's explicit MDP files (.tra "
      "with .lab and rewards beside it) or Storm's DRN (format \"json\", \"prism\", \"storm\", \"drn\", or \"\" to "
      "tell it from the content; reward_model: the DRN reward model, default the first). Raises ValueError for an "
      "unreadable file or a fault in it.");

  m.def(
      "optimal_decision",
      [](py::handle model, const std::string& query, py::handle target, py::handle default_payoff,
         const std::string& number, const modulus_arg& modulus) {
        const model_ptr mp = read_model(model);
        const decision_query q = read_query(*mp, query, target, default_payoff);
        return compute_as<Rational, false>(
            number, modulus, [&]<class T>(std::type_identity<T>) { return solve_decision_in<T>(*mp, q); },
            [&mp](const auto& a) { return answer_dict(*mp, a); });
      },
      py::arg("model"), py::arg("query"), py::arg("target").noconvert() = py::none(), py::kw_only(),
      py::arg("default_payoff") = py::none(), py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(),
      doc("The optimal value of every state of an MDP or a turn-based stochastic game, by strategy iteration "
          "(Puterman 1994; Hoffman and Karp 1966). model: a DecisionModel or a dict (decision_model). query: "
          "\"pmax\" / \"pmin\" (the maximal / minimal probability of reaching target; an MDP), \"rmax\" / \"rmin\" "
          "(the maximal / minimal expected total reward until target, PRISM's and Storm's conventions: None where "
          "infinite; an MDP), \"reach\" (a game: max reaches target, min avoids it) or \"payoff\" (a game with "
          "terminal payoffs; a play that never ends pays default_payoff, 0 by default; no target). target: a "
          "label, a state, or a list of states. Returns {\"value\": {state: value}, \"strategy\": {state of a "
          "player: the chosen action's name, or \"#i\" for its i-th choice}} (the C++ decision_solution's "
          "fields). Raises ValueError for a bad query (an unknown target, an MDP query on a game, a negative "
          "reward for rmax / rmin), exactdp.ResourceError past the budgets.")
          .c_str());

  m.def(
      "pig_game",
      [](const int_arg& target_arg, const int_arg& faces_arg, const std::string& number, const modulus_arg& modulus) {
        const int target = integer_value<int>(target_arg, "target"), faces = integer_value<int>(faces_arg, "faces");
        return compute_as<Rational, false>(
            number, modulus,
            [&]<class T>(std::type_identity<T>) -> T {
              if constexpr (OrderedField<T>)
                return pig_game<T>(faces, target).turn_start(0, 0);
              else {
                // As the tool does: when the solve mod P divides by a multiple
                // of P (1/6 mod 3), the residue comes from the exact value.
                const pig_solution<Rational> sol = pig_game<Rational>(faces, target);
                try {
                  return pig_residue<T>(sol, 0, 0, 0);
                } catch (const std::domain_error&) {
                  return from_rational<T>(sol.turn_start(0, 0));
                }
              }
            },
            [](const auto& v) { return value_to_python(v); });
      },
      py::arg("target").noconvert(), py::arg("faces").noconvert() = 6, py::kw_only(), py::arg("number") = "exact",
      py::arg("modulus").noconvert() = py::none(),
      doc("Pig, the dice game (Neller and Presser 2004): the probability that the first player wins under optimal "
          "play by both, with a die of `faces` faces (2..1000) and the target score `target` (1..10000); 7776/10961 "
          "for 6 faces and target 10. Cost: O(target^3 * faces) operations; the exact values grow quickly (target "
          "100: about 30 s). Raises ValueError outside the ranges, exactdp.ResourceError past the budgets.")
          .c_str());

  py::class_<pig_solution<Rational>>(m, "PigSolution",
                                     "A game of Pig solved exactly (pig_strategy): the win probability and an "
                                     "optimal action at every state (i, j, k): the mover's score i, the opponent's "
                                     "j, the turn total k, with 0 <= i, j < target and 0 <= k < target - i.")
      .def_property_readonly("target", &pig_solution<Rational>::target)
      .def_property_readonly("faces", &pig_solution<Rational>::faces)
      .def(
          "turn_start",
          [](const pig_solution<Rational>& s, const int_arg& i, const int_arg& j) {
            return to_fraction(s.turn_start(integer_value<int>(i, "i"), integer_value<int>(j, "j")));
          },
          py::arg("i").noconvert(), py::arg("j").noconvert(),
          "P(i, j, 0): the mover's win probability at the start of a turn (a Fraction).")
      .def(
          "action",
          [](const pig_solution<Rational>& s, const int_arg& i, const int_arg& j, const int_arg& k) {
            return std::string(to_string(
                s.action(integer_value<int>(i, "i"), integer_value<int>(j, "j"), integer_value<int>(k, "k"))));
          },
          py::arg("i").noconvert(), py::arg("j").noconvert(), py::arg("k").noconvert(),
          "The optimal action at (i, j, k): \"roll\" or \"hold\" (at k = 0 always \"roll\": a turn starts with a "
          "roll). Raises ValueError for a state outside the game.")
      .def(
          "values",
          [](const pig_solution<Rational>& s, const int_arg& i, const int_arg& j, const int_arg& k) {
            const pig_values<Rational> v =
                pig_values_at(s, integer_value<int>(i, "i"), integer_value<int>(j, "j"), integer_value<int>(k, "k"));
            py::dict d;
            d["win"] = to_fraction(v.win);
            d["roll"] = to_fraction(v.roll);
            d["hold"] = to_fraction(v.hold);
            d["best"] = std::string(to_string(v.best));
            d["tie"] = v.tie;
            return d;
          },
          py::arg("i").noconvert(), py::arg("j").noconvert(), py::arg("k").noconvert(),
          "The fields of the C++ pig_values at (i, j, k): win (the value under optimal play), roll and hold (the "
          "value of each action, then optimal play), best (the action played) and tie. Cost: O((target - i) * "
          "faces).");
  m.def(
      "pig_strategy",
      [](const int_arg& target_arg, const int_arg& faces_arg) {
        const int target = integer_value<int>(target_arg, "target"), faces = integer_value<int>(faces_arg, "faces");
        return released([&] { return pig_game<Rational>(faces, target); });
      },
      py::arg("target").noconvert(), py::arg("faces").noconvert() = 6,
      "Solves Pig exactly (as pig_game) and returns the PigSolution: the win probability and optimal action at "
      "every state. Memory: target^3/2 bytes and target^2 Fractions.");
}

}  // namespace exactdp::python
