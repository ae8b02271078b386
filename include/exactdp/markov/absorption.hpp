// exactdp/markov/absorption.hpp: where the walk on a Markov chain stops
// (absorption and reaching probabilities) and the expected total reward
// until it stops (expected steps), over any Field T.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/io/parse.hpp"
#include "exactdp/markov/absorption_solver.hpp"
#include "exactdp/markov/query.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// Where the walk from q.start stops: the probability of stopping in each
/// reachable absorbing (or target) state, of reaching the target, and of
/// never stopping. Probabilities in [0, 1] as T; they sum to 1 exactly in
/// exact arithmetic.
/// Errors: std::invalid_argument for a start or target index out of range;
/// std::domain_error when a component's system is singular in T (over
/// residues: the answer has no residue mod P; in double: a state's
/// probability of leaving is below the smallest double; the message names a
/// state of the component and P); resource_error when the largest
/// component's dense system would pass the state or work budget.
/// Accuracy in double: no subtraction (the jump chain and state reduction,
/// see the file comment); within 8 ulps of the exact value on chains whose
/// self-loops are within 10^-300 of 1.
/// Cost: O(n + m) plus, per component of c states, a dense solve: O(c³)
/// operations in T (FLINT's exact integer solve for Rational).
/// Source: Kemeny and Snell 1960 (absorbing chains); Grassmann, Taksar and
/// Heyman 1985 (state reduction). Status: tested against a dense solve of
/// the whole system on random chains, the gambler's ruin closed form, exact
/// values in ulps on ill-conditioned chains, and across the three policies.
/// Example: absorption_probabilities(coin, {}).stopped.at(0).first == 1 (coin: parse_json_model's example).
template <Field T>
markov_absorption<T> absorption_probabilities(const markov_chain<T>& chain, const markov_query& q) {
  std::vector<char> stop, is_target;
  detail::markov_stop_sets(chain, q, stop, is_target);
  return detail::markov_forward(chain, q, stop, is_target);
}

/// The probability of reaching the target (default: of being absorbed) from
/// q.start, in [0, 1]. Same errors and cost as absorption_probabilities.
/// Example: reach_probability(coin, {}) == 1 (coin: parse_json_model's example).
template <Field T>
T reach_probability(const markov_chain<T>& chain, const markov_query& q) {
  return absorption_probabilities(chain, q).target_probability;
}

/// Expected total reward collected until the walk from q.start reaches the
/// target (default: until absorption); with the default rewards, the
/// expected number of steps. A reward is collected at every step taken from
/// a non-stopping state.
/// Errors: infinite_value_error (a std::domain_error) when reaching the
/// target is not certain, so the expectation is infinite: the message names a state of a closed class the
/// walk can enter and never leave, or an absorbing state outside the target;
/// the other errors of absorption_probabilities.
/// Cost: as absorption_probabilities.
/// Source: the first-step equations E(s) = reward(s) + sum_t P(s, t)·E(t)
/// (Kemeny and Snell 1960); the run of two sixes (42 rolls) as an example.
/// Status: tested against the run values 6, 42, 258, ..., a dense
/// whole-system solve, and across policies.
/// Example: expected_steps(coin, {}) == 2 (coin: parse_json_model's example).
template <Field T>
T expected_steps(const markov_chain<T>& chain, const markov_query& q) {
  std::vector<char> stop, is_target;
  detail::markov_stop_sets(chain, q, stop, is_target);
  // Certainty of stopping in the target is structural: check it before any
  // arithmetic, on the components alone.
  {
    const markov_components comps =
        reachable_components(chain.size(), chain.row_begin(), chain.targets(), q.start, stop);
    for (std::size_t k = 0; k < comps.count(); ++k) {
      const std::size_t head = comps.states[comps.begin[k]];
      const std::size_t size = comps.begin[k + 1] - comps.begin[k];
      if (size == 1 && stop[head]) {
        if (!is_target[head])
          throw infinite_value_error("the expected reward is infinite: from state " + name_text(chain.name(q.start)) +
                                     " the walk can be absorbed in state " + name_text(chain.name(head)) +
                                     ", which is not in the target, and then never reaches it");
      } else if (detail::markov_component_closed(chain, comps, k)) {
        throw infinite_value_error("the expected reward is infinite: absorption is not certain: from state " +
                                   name_text(chain.name(q.start)) + " the walk can enter " +
                                   (size == 1 ? "state " + name_text(chain.name(head))
                                              : "the closed class of " + std::to_string(size) +
                                                    " states containing state " + name_text(chain.name(head))) +
                                   ", which it never leaves");
      }
    }
  }
  T total(0);
  detail::markov_forward(chain, q, stop, is_target, &total);
  return total;
}

}  // namespace exactdp
