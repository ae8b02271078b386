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

namespace exactdp::python {

namespace {

using model_ptr = std::shared_ptr<markov_model>;
using modulus_arg = std::optional<std::uint64_t>;

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

constexpr const char* number_words =
    " number=\"exact\" gives Fractions, \"double\" floats, \"mod\" residues modulo the prime modulus= (below 2^31, "
    "default 1000000007).";

std::string doc(const std::string& text) { return text + number_words; }

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
          "absorption). Raises exactdp.DomainError when reaching the target is not certain (the expectation is "
          "infinite).")
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
