// python/probability.cpp: a function for each question of the catalogue
// (exactdp/api/question.hpp: expected_rolls_for_run, knight_probability,
// knight_paths, expected_draws_to_collect, expected_fixed_points,
// expected_rolls_to_reach, boundary_paths, soup_servings,
// new21_probability, seat_probability), made from its record, and
// dice_sequences (its limits are a list, not a parameter of the catalogue),
// each answered in the number system asked for by api::compute_answer.
#include <algorithm>
#include <array>
#include <stdexcept>
#include <cstdint>
#include <utility>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "exactdp/api/answer.hpp"
#include "exactdp/api/question.hpp"
#include "exactdp/probability/dice_sequences.hpp"

namespace exactdp::python {

namespace {

constexpr const char* number_doc =
    "\n\nnumber=\"exact\" gives the exact value, \"double\" a float, \"mod\" the residue modulo the prime "
    "modulus= (default 1000000007) as an int. Raises ValueError for bad arguments, exactdp.DomainError when "
    "the residue does not exist, exactdp.ResourceError above the state or work budget.";

std::string doc(const std::string& text) { return text + number_doc; }

// ---- the catalogue's questions (exactdp/api/question.hpp) ----

constexpr api::front_end python_end = api::front_end::python;

// An argument of a catalogue question as text for api::read_argument, the
// tool's reader and message, whatever its size: an integer beyond 64 bits is
// refused with the same words as one in range of the type ("n (the number of
// passengers) must be an integer in 1..10^6, not '18446744073709551616'").
std::optional<std::string> argument_text(const int_arg& x) { return integer_text(x); }

// A value's runs answered in the number system asked for, by the tool's
// rule (api::compute_answer: a residue that the run cannot give is taken
// from the exact value; a nan double is refused), with the GIL released.
// `counts`: the exact value is an integer (an int), else a Fraction.
py::object answer_runs(const api::value_runs& runs, bool counts, const std::string& number,
                       const modulus_arg& modulus) {
  const api::number_system system = read_system(number, modulus, runs.residues);
  api::answer_request request;
  request.as = system.kind == api::system_kind::exact    ? "exact"
               : system.kind == api::system_kind::approx ? "double"
                                                         : "mod";
  request.modulus = system.modulus;
  api::answer_hooks hooks;
  hooks.exact_option = "number=\"exact\"";
  hooks.check_option = "check=";
  const api::answer r = released([&] { return api::compute_answer(runs, request, hooks); });
  if (r.exact) return counts ? py::object(to_python_int(BigInt(numerator(*r.exact)))) : to_fraction(*r.exact);
  if (r.approx) return py::float_(*r.approx);
  return py::int_(r.residue.value());
}

// The question's value for the texts of its arguments (api::read_arguments).
py::object answer_question(const api::question& q, const std::vector<std::optional<std::string>>& texts,
                           const std::string& number, const modulus_arg& modulus) {
  return answer_runs(q.runs(api::read_arguments(q, texts, python_end)), q.counts, number, modulus);
}

// The docstring of a question: its summary, source and ranges, its notes,
// and the number systems.
std::string question_doc(const api::question& q) {
  std::string d = api::words_in(q, q.summary, python_end) + ". Source: " + q.source + ".";
  for (std::size_t i = 0; i < q.parameters.size(); ++i) {
    const api::parameter& p = q.parameters[i];
    d += (i ? ", " : " ") + api::range_words(q, i, python_end) +
         (p.fallback ? " (default " + std::to_string(*p.fallback) + ")" : "");
  }
  d += ".";
  if (!q.notes.empty()) d += " " + q.notes;
  if (q.counts) d += " Exact: an int.";
  return doc(d);
}

template <std::size_t>
struct int_parameter {
  using type = const int_arg&;
};

// A parameter as pybind11 names it: required, or a keyword with its default.
template <bool Required>
auto python_arg(const api::parameter& p) {
  if constexpr (Required)
    return py::arg(p.python.c_str()).noconvert();
  else
    return py::arg(p.python.c_str()).noconvert() = p.fallback.value();
}

// The function of a question with sizeof...(I) parameters, the first
// `Required` of them required: a real signature, so that help() and
// pybind11's argument errors name every parameter.
template <std::size_t Required, std::size_t... I>
void def_question(py::module_& m, const api::question& q, std::index_sequence<I...>) {
  const api::question* qp = &q;  // the catalogue lives as long as the program
  m.def(
      q.python.c_str(),
      [qp](typename int_parameter<I>::type... x, const std::string& number, const modulus_arg& modulus) {
        return answer_question(*qp, {argument_text(x)...}, number, modulus);
      },
      python_arg<(I < Required)>(q.parameters[I])..., py::kw_only(), py::arg("number") = "exact",
      py::arg("modulus").noconvert() = py::none(), question_doc(q).c_str());
}

// def_question for q's number of parameters N (up to 5) and of required ones.
template <std::size_t N = 0, std::size_t Required = 0>
void def_question_of(py::module_& m, const api::question& q, std::size_t required) {
  if constexpr (N > 5) {
    throw std::logic_error("a catalogue question has at most 5 parameters: " + q.name);
  } else if constexpr (Required > N) {
    def_question_of<N + 1, 0>(m, q, required);
  } else {
    if (q.parameters.size() == N && required == Required)
      def_question<Required>(m, q, std::make_index_sequence<N>{});
    else
      def_question_of<N, Required + 1>(m, q, required);
  }
}

}  // namespace

void bind_catalogue(py::module_& m) {
  for (const api::question& q : api::catalogue()) {
    const auto required = static_cast<std::size_t>(
        std::count_if(q.parameters.begin(), q.parameters.end(), [](const api::parameter& p) { return !p.fallback; }));
    for (std::size_t i = 0; i < q.parameters.size(); ++i)
      if (q.parameters[i].fallback.has_value() != (i >= required))
        throw std::logic_error("a catalogue question's parameters with defaults come last: " + q.name);
    def_question_of(m, q, required);
  }
  m.def(
      "_catalogue",
      [] {
        py::list out;
        for (const api::question& q : api::catalogue()) {
          py::list parameters;
          for (const api::parameter& p : q.parameters) {
            py::dict d;
            d["python"] = p.python;
            d["tool"] = api::parameter_name(p, api::front_end::tool);
            d["tool_refusal"] = api::parameter_name(p, api::front_end::tool, true);
            d["python_refusal"] = api::parameter_name(p, python_end, true);
            d["low"] = p.low;
            d["high"] = p.high;
            d["default"] = p.fallback ? py::object(py::int_(*p.fallback)) : py::object(py::none());
            parameters.append(d);
          }
          py::dict d;
          d["name"] = q.name;
          d["python"] = q.python;
          d["counts"] = q.counts;
          d["example"] = q.example;
          d["parameters"] = parameters;
          out.append(d);
        }
        return out;
      },
      "The catalogue of scalar questions (exactdp/api/question.hpp), for the tests: each one's tool command, "
      "Python function, parameters (names in each front end, bounds, default) and example arguments.");
}

void bind_probability(py::module_& m) {
  m.def(
      "dice_sequences",
      [](const int_arg& n_arg, const std::vector<int_arg>& roll_max_arg, const std::string& number,
         const modulus_arg& modulus) {
        const int n = integer_value<int>(n_arg, "n");
        const std::vector<int> limits = integer_values<int>(roll_max_arg, "roll_max");
        if (limits.size() != 6)
          throw std::invalid_argument("roll_max must hold 6 ints (one per face), not " + std::to_string(limits.size()));
        std::array<int, 6> roll_max{};
        std::copy(limits.begin(), limits.end(), roll_max.begin());
        return answer_runs(
            api::runs_of<BigInt>([=]<class T>(std::type_identity<T>) { return dice_sequences<T>(n, roll_max); },
                                 [=] { return dice_sequences_bound(n, roll_max); }),
            true, number, modulus);
      },
      py::arg("n").noconvert(), py::arg("roll_max").noconvert(), py::kw_only(), py::arg("number") = "exact",
      py::arg("modulus").noconvert() = py::none(),
      doc("Number of sequences of n die rolls in which face i never comes up more than roll_max[i] times in a "
          "row (LeetCode 1223, Dice Roll Simulation). roll_max: six ints in 1..15. Exact: an int.")
          .c_str());
}

}  // namespace exactdp::python
