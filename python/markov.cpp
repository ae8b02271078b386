// python/markov.cpp: finite Markov chains: a model from a dict in the JSON
// model's shape (docs/markov.md) or from a file, and the queries on it, each
// in the three number systems.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "exactdp/api/names.hpp"
#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/long_run.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/markov/queries.hpp"
#include "exactdp/markov/steps.hpp"

namespace exactdp::python {

namespace {

using model_ptr = std::shared_ptr<markov_model>;

// A model from a MarkovModel, or from a dict in the JSON model's shape:
// Python's json module writes it, the library's JSON reader reads it (the
// same checks as a file; probabilities may be Fractions, written as "p/q").
model_ptr read_model(py::handle x) {
  if (py::isinstance<markov_model>(x)) return x.cast<model_ptr>();
  if (!py::isinstance<py::dict>(x))
    throw py::type_error("a Markov chain is an exactdp.MarkovModel or a dict in the JSON model's shape");
  const std::string text = model_json_text(x, "a Markov model");
  return std::make_shared<markov_model>(parse_json_model(text, "the model"));
}

// The query: start (a state name, or the model's start), target (a state, a
// label, or a list of states; none: the absorbing states), named by the
// library's one rule (api/names.hpp).
markov_query read_query(const markov_model& model, const std::optional<std::string>& start, py::handle target) {
  markov_query q;
  q.start = api::resolve_start(model, start, "start", "start=");
  if (target.is_none()) return q;
  q.target = target_states(model, target);
  return q;
}

// (state, value) pairs as a dict {state name: value}.
template <class T>
py::dict named(const markov_model& model, const std::vector<std::pair<std::size_t, T>>& values) {
  py::dict d;
  for (const auto& [s, v] : values) d[py::str(model.name(s))] = value_to_python(v);
  return d;
}

// A k-step answer (after_steps, within_steps) as a dict with the fields of
// the C++ markov_steps.
template <class T>
py::dict steps_dict(const markov_model& model, const markov_steps<T>& r) {
  py::dict d;
  d["distribution"] = named(model, r.distribution);
  d["target_probability"] = value_to_python(r.target_probability);
  d["method"] = r.method == markov_step_method::step_by_step ? "step_by_step" : "repeated_squaring";
  return d;
}

// One k-step query (after_steps or within_steps) in the number system asked.
template <class Query>
py::object k_steps(py::handle model, const int_arg& k_arg, const std::optional<std::string>& start, py::handle target,
                   const std::string& number, const modulus_arg& modulus, const Query& query) {
  const model_ptr mp = read_model(model);
  const std::uint64_t k = integer_value<std::uint64_t>(k_arg, "k", 0, markov_max_steps);
  const markov_query q = read_query(*mp, start, target);
  return compute_as<Rational, false>(
      number, modulus, [&]<class T>(std::type_identity<T>) { return query(markov_chain<T>(*mp), q, k); },
      [&mp](const auto& r) { return steps_dict(*mp, r); });
}

constexpr const char* number_words =
    " number=\"exact\" gives Fractions, \"double\" floats, \"mod\" residues modulo the prime modulus= (below 2^31, "
    "default 1000000007).";

std::string doc(const std::string& text) { return text + number_words; }

// Binds a k-step query (after_steps, within_steps) under `name`.
template <class Query>
void def_k_steps(py::module_& m, const char* name, const Query& query, const std::string& text) {
  m.def(
      name,
      [query](py::handle model, const int_arg& k, const std::optional<std::string>& start, py::handle target,
              const std::string& number,
              const modulus_arg& modulus) { return k_steps(model, k, start, target, number, modulus, query); },
      py::arg("model"), py::arg("k"), py::arg("start") = py::none(), py::arg("target").noconvert() = py::none(),
      py::kw_only(), py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(), doc(text).c_str());
}

}  // namespace

void bind_markov(py::module_& m) {
  auto markov_class =
      py::class_<markov_model, model_ptr>(m, "MarkovModel",
                                          "A validated finite Markov chain with exact probabilities (Kemeny and Snell, "
                                          "Finite Markov Chains). Make one with markov_model(dict) or "
                                          "load_markov_model(path).");
  bind_state_names(markov_class);
  markov_class.def("__repr__", [](const markov_model& model) {
    return "<exactdp.MarkovModel of " + std::to_string(model.size()) + " states, " +
           std::to_string(model.transition_count()) + " transitions>";
  });

  m.def("markov_model", &read_model, py::arg("model"),
        "A MarkovModel from a dict in the JSON model's shape (docs/markov.md): {\"start\": \"s0\", "
        "\"transitions\": {\"s0\": {\"s0\": \"5/6\", \"s1\": \"1/6\"}, ...}, \"absorbing\": [\"done\"], "
        "\"rewards\": {...}, \"labels\": {...}}. Probabilities are strings (\"1/6\", \"0.1\"), ints or Fractions; "
        "floats are refused. Raises ValueError naming the first fault (probabilities not summing to 1, unknown "
        "states, ...).");
  m.def(
      "load_markov_model",
      [](const std::string& path, const std::string& format) {
        return std::make_shared<markov_model>(released([&] { return load_markov_model(path, format); }));
      },
      py::arg("path"), py::arg("format") = "",
      "A MarkovModel read from a file: a JSON model, or PRISM's or Storm's explicit files (format \"json\", "
      "\"prism\", \"storm\", \"drn\", or \"\" to detect it from the content). Raises ValueError for an "
      "unreadable file or a fault in it.");

  m.def(
      "expected_steps",
      [](py::handle model, const std::optional<std::string>& start, py::handle target, const std::string& number,
         const modulus_arg& modulus) {
        const model_ptr mp = read_model(model);
        const markov_query q = read_query(*mp, start, target);
        return compute_as<Rational, false>(
            number, modulus, [&]<class T>(std::type_identity<T>) { return expected_steps(markov_chain<T>(*mp), q); },
            [](const auto& v) { return value_to_python(v); });
      },
      py::arg("model"), py::arg("start") = py::none(), py::arg("target").noconvert() = py::none(), py::kw_only(),
      py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(),
      doc("Expected total reward (with the default rewards: the expected number of steps) until the walk from "
          "`start` (default: the model's start) reaches `target` (a state, a label or a list of states; default: "
          "absorption). Raises exactdp.InfiniteValueError (a DomainError) when reaching the target is not certain: "
          "the expectation is infinite (exactdp.answer makes that the answer math.inf).")
          .c_str());
  m.def(
      "reach_probability",
      [](py::handle model, const std::optional<std::string>& start, py::handle target, const std::string& number,
         const modulus_arg& modulus) {
        const model_ptr mp = read_model(model);
        const markov_query q = read_query(*mp, start, target);
        return compute_as<Rational, false>(
            number, modulus, [&]<class T>(std::type_identity<T>) { return reach_probability(markov_chain<T>(*mp), q); },
            [](const auto& v) { return value_to_python(v); });
      },
      py::arg("model"), py::arg("start") = py::none(), py::arg("target").noconvert() = py::none(), py::kw_only(),
      py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(),
      doc("Probability that the walk from `start` reaches `target` (default: is absorbed).").c_str());
  m.def(
      "absorption_probabilities",
      [](py::handle model, const std::optional<std::string>& start, py::handle target, const std::string& number,
         const modulus_arg& modulus) {
        const model_ptr mp = read_model(model);
        const markov_query q = read_query(*mp, start, target);
        return compute_as<Rational, false>(
            number, modulus,
            [&]<class T>(std::type_identity<T>) { return absorption_probabilities(markov_chain<T>(*mp), q); },
            [&mp](const auto& r) {
              py::dict d;
              d["stopped"] = named(*mp, r.stopped);
              d["target_probability"] = value_to_python(r.target_probability);
              d["never"] = value_to_python(r.never);
              d["closed_state"] = r.closed_state ? py::object(py::str(mp->name(*r.closed_state))) : py::none();
              d["closed"] = named(*mp, r.closed);
              return d;
            });
      },
      py::arg("model"), py::arg("start") = py::none(), py::arg("target").noconvert() = py::none(), py::kw_only(),
      py::arg("number") = "exact", py::arg("modulus").noconvert() = py::none(),
      doc("Where the walk from `start` ends, as a dict with the fields of the C++ markov_absorption: stopped "
          "({stopping state: probability of ending there}), target_probability, never (the probability of never "
          "stopping), closed_state (a state of a closed class the walk can enter, or None) and closed ({first "
          "state of each closed class: probability of entering it}).")
          .c_str());
  def_k_steps(
      m, "after_steps",
      [](const auto& chain, const markov_query& q, std::uint64_t k) { return after_steps(chain, q, k); },
      "The walk from `start` after exactly k steps (0 <= k <= 10^12), as exactdp chain --query 'after K': a dict "
      "with the fields of the C++ markov_steps: distribution ({state: probability} for every state the walk can "
      "be in; absorbing states keep their mass, target states do not stop the walk), target_probability (of "
      "being in `target` then; default: of being absorbed) and method (\"step_by_step\", or "
      "\"repeated_squaring\" for double and residues when it is cheaper). Cost: min(k·(n + m), n^3·log k) "
      "operations; exact values grow with k. Raises exactdp.ResourceError past the budgets.");
  def_k_steps(
      m, "within_steps",
      [](const auto& chain, const markov_query& q, std::uint64_t k) { return within_steps(chain, q, k); },
      "The walk from `start` stopped when it reaches `target` (default: when it is absorbed), after k steps (0 <= "
      "k <= 10^12), as exactdp chain --query 'within K': a dict as after_steps returns, whose target_probability "
      "is the probability of having reached the target within k steps.");
  m.def(
      "long_run",
      [](py::handle model, const std::optional<std::string>& start, const std::string& number,
         const modulus_arg& modulus) {
        const model_ptr mp = read_model(model);
        const markov_query q = read_query(*mp, start, py::none());
        return compute_as<Rational, false>(
            number, modulus, [&]<class T>(std::type_identity<T>) { return long_run(markov_chain<T>(*mp), q); },
            [&mp](const auto& r) {
              py::list classes, stationary;
              for (std::size_t i = 0; i < r.classes.size(); ++i) {
                py::dict c;
                py::list states;
                for (const std::size_t s : r.classes[i].states) states.append(mp->name(s));
                c["states"] = states;
                c["period"] = r.classes[i].period;
                classes.append(c);
                py::dict pi;
                for (std::size_t j = 0; j < r.classes[i].states.size(); ++j)
                  pi[py::str(mp->name(r.classes[i].states[j]))] = value_to_python(r.stationary[i][j]);
                stationary.append(pi);
              }
              py::list class_probability;
              for (const auto& p : r.class_probability) class_probability.append(value_to_python(p));
              py::dict d;
              d["classes"] = classes;
              d["class_probability"] = class_probability;
              d["stationary"] = stationary;
              d["distribution"] = named(*mp, r.distribution);
              d["average_reward"] = value_to_python(r.average_reward);
              return d;
            });
      },
      py::arg("model"), py::arg("start") = py::none(), py::kw_only(), py::arg("number") = "exact",
      py::arg("modulus").noconvert() = py::none(),
      doc("The long run of the walk from `start` (default: the model's start), as exactdp chain --query longrun: "
          "a dict with the fields of the C++ markov_long_run: classes (the closed classes the walk can enter, "
          "[{\"states\": [...], \"period\": p}], by increasing first state), class_probability (of ending in "
          "each), stationary (each class's stationary distribution, {state: probability}), distribution (the "
          "long-run, Cesaro average, distribution {state: probability} over the states of those classes) and "
          "average_reward (the long-run reward per step). Cost: the absorption solve plus O(c^3) per class of c "
          "states.")
          .c_str());
  m.def(
      "stationary_distribution",
      [](py::handle model, const std::optional<std::string>& state, const std::string& number,
         const modulus_arg& modulus) {
        const model_ptr mp = read_model(model);
        const std::size_t s = api::resolve_start(*mp, state, "state", "state=");
        return compute_as<Rational, false>(
            number, modulus,
            [&]<class T>(std::type_identity<T>) {
              const markov_chain<T> chain(*mp);
              const std::optional<markov_closed_class> c = closed_class_of(chain, s);
              if (!c)
                throw std::invalid_argument("state " + mp->name(s) +
                                            " is transient (the walk leaves it for good with a positive "
                                            "probability), so it has no stationary distribution");
              const std::vector<T> pi = stationary_distribution(chain, *c);
              std::vector<std::pair<std::size_t, T>> out;
              for (std::size_t i = 0; i < c->states.size(); ++i) out.emplace_back(c->states[i], pi[i]);
              return out;
            },
            [&mp](const auto& out) { return named(*mp, out); });
      },
      py::arg("model"), py::arg("state") = py::none(), py::kw_only(), py::arg("number") = "exact",
      py::arg("modulus").noconvert() = py::none(),
      doc("The stationary distribution of the closed class of `state` (default: the model's start), as {state: "
          "probability}. Raises ValueError for a transient state.")
          .c_str());
}

}  // namespace exactdp::python
