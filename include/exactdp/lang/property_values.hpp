// exactdp/lang/property_values.hpp: the evaluation of PRISM properties
// (lang/properties.hpp's file comment, "Evaluation") by the solvers:
// bounded and long-run questions, and a property's values in any number
// system. Apart from properties.hpp so that a reader of properties (the
// certificate checker, verify/) includes no solver.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "exactdp/decision/bounded.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/lang/properties.hpp"

namespace exactdp::lang {

/// The values of a property at every state of the space, in T: probabilities
/// or expected rewards (infinite[s] = 1 where a reward is +infinity), with
/// the optimal strategy of the unbounded MDP questions (for residues:
/// evaluate that strategy).
template <class T>
struct property_values {
  std::vector<T> value;
  std::vector<char> infinite;
  std::vector<std::uint32_t> strategy;  ///< unbounded P, R, T on an MDP: an optimal choice per state
};

namespace detail {

/// The inputs of a bounded or one-step property: the decision model, the
/// target (reach), the state values (I=k), the steps, max or min, and
/// whether the answer is 1 - the values (G).
struct bounded_question {
  decision_model model;
  bounded_kind kind = bounded_kind::reach;
  std::uint64_t steps = 0;
  bool maximise = true;
  bool complement = false;
  std::vector<char> target;
  std::vector<Rational> state_value;
};

bounded_question bounded_question_of(const symbolic_model& model, const state_space& space, const property& p);

/// The long-run probability of the property's states (S=? [phi]) from each
/// of its reported states (0 at the others). DTMC only.
std::vector<Rational> long_run_exact(const symbolic_model& model, const state_space& space, const property& p);
std::vector<double> long_run_double(const symbolic_model& model, const state_space& space, const property& p);

}  // namespace detail

/// A property's question to the solvers, built once from the state space
/// and then solved in any number of number systems: the decision model of
/// a bounded or unbounded P, R or T property (empty for S, whose chain is
/// built by the long-run solver).
struct property_question {
  std::optional<detail::bounded_question> bounded;
  std::optional<unbounded_question> unbounded;
};

/// The question of property p on the space (see property_question).
/// Errors: to_decision_model's and the expressions' (std::invalid_argument,
/// resource_error). Cost: linear in the state space.
/// Example: question_of(model, space, p).unbounded is set for p "P=? [ F x=1 ]" on the coin of
/// build_state_space's example.
property_question question_of(const symbolic_model& model, const state_space& space, const property& p);

/// The property's value at every state (see the file comment for the
/// solver each operator goes to). T: Rational or double for every property;
/// residues (DynModInt) need `strategy` for unbounded MDP questions (the
/// exact solve's), and have no value for step-bounded MDP questions or S.
/// Errors: the solvers' (std::domain_error, resource_error), and
/// std::domain_error for a residue question that has none (a step-bounded
/// MDP question).
/// Cost: that of the solver: graph analysis plus strategy iteration
/// (unbounded), k rounds of O(n + m) (bounded).
/// `question` is question_of(model, space, p), built once for every number
/// system; the overload without it builds it.
/// Example: evaluate_property<Rational>(model, space, p, question_of(model, space, p)).value[0] == 1 for
/// question_of's example.
template <class T>
property_values<T> evaluate_property(const symbolic_model& model, const state_space& space, const property& p,
                                     const property_question& question,
                                     const std::vector<std::uint32_t>* strategy = nullptr) {
  property_values<T> out;
  const std::size_t n = space.size();
  out.infinite.assign(n, 0);
  if (p.letter == 'S') {
    if constexpr (std::is_same_v<T, Rational>) {
      out.value = detail::long_run_exact(model, space, p);
    } else if constexpr (std::is_same_v<T, double>) {
      out.value = detail::long_run_double(model, space, p);
    } else {
      const std::vector<Rational> exact = detail::long_run_exact(model, space, p);
      for (const Rational& q : exact) out.value.push_back(from_rational<T>(q));
    }
    return out;
  }
  if (question.bounded) {
    const detail::bounded_question& q = *question.bounded;
    bounded_values<T> v =
        bounded_value_iteration<T>(q.model, q.kind, q.steps, q.maximise, q.target, q.state_value, q.complement);
    // G: the complement the iteration kept (in double, iterated where it
    // is the smaller side), not 1 - the value.
    out.value = q.complement ? std::move(v.complement) : std::move(v.value);
    return out;
  }
  if (!question.unbounded) throw std::invalid_argument("evaluate_property: the question is not this property's");
  const unbounded_question& q = *question.unbounded;
  if constexpr (std::totally_ordered<T>) {
    decision_solution<T> sol = optimal_decision<T>(q.model, q.query);
    out.value = std::move(sol.value);
    out.infinite = std::move(sol.infinite);
    out.strategy = std::move(sol.strategy);
  } else {
    std::vector<std::uint32_t> first(n, 0);
    bool choices = false;
    for (std::size_t s = 0; s < n && !choices; ++s) choices = q.model.choice_count(s) > 1;
    if (choices && !strategy)
      throw std::invalid_argument("the residue of an optimum needs the optimal strategy of the exact solve");
    strategy_values<T> v = evaluate_strategy<T>(q.model, q.query, strategy ? std::span(*strategy) : std::span(first));
    out.value = std::move(v.value);
    out.infinite = std::move(v.infinite);
  }
  if (q.complement)
    for (T& x : out.value) x = T(1) - x;
  return out;
}

/// evaluate_property with question_of(model, space, p) built here.
/// Example: evaluate_property<Rational>(model, space, p).value[0] == 1 for question_of's example.
template <class T>
property_values<T> evaluate_property(const symbolic_model& model, const state_space& space, const property& p,
                                     const std::vector<std::uint32_t>* strategy = nullptr) {
  return evaluate_property<T>(model, space, p, question_of(model, space, p), strategy);
}

}  // namespace exactdp::lang
