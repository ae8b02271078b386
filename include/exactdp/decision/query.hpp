// exactdp/decision/query.hpp: what is asked of a decision model (an MDP or a
// turn-based stochastic game) and what a solve returns: the objective, the
// query, the statistics, the solution and the values of a fixed strategy.
// The solvers are in exactdp/decision/solve.hpp, which includes this.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// The question asked of a decision model (see the file comment).
enum class decision_objective : std::uint8_t { pmax, pmin, rmax, rmin, reach_game, payoff_game };

/// "pmax", "pmin", "rmax", "rmin", "reach", "payoff".
/// Example: to_string(decision_objective::rmax) is "rmax".
constexpr const char* to_string(decision_objective o) {
  switch (o) {
    case decision_objective::pmax:
      return "pmax";
    case decision_objective::pmin:
      return "pmin";
    case decision_objective::rmax:
      return "rmax";
    case decision_objective::rmin:
      return "rmin";
    case decision_objective::reach_game:
      return "reach";
    default:
      return "payoff";
  }
}

/// A query: the objective, the target states (every objective but
/// payoff_game), and the payoff of a play that never ends (payoff_game).
struct decision_query {
  decision_objective objective = decision_objective::pmax;
  std::vector<std::size_t> target;
  Rational default_payoff = 0;
  /// Exact solves: start from the strategy of a double run (the fast path).
  bool double_guess = true;
  /// Called with (components done, components in all). Optional.
  std::function<void(std::size_t, std::size_t)> progress;
};

/// What a solve did.
struct decision_stats {
  std::size_t settled_zero = 0;      ///< states of value 0 found by the graph analysis (or the default, payoff games)
  std::size_t settled_one = 0;       ///< states of value 1 found by the graph analysis
  std::size_t settled_infinite = 0;  ///< states of infinite expected reward found by the graph analysis
  std::size_t components = 0;        ///< components solved by strategy iteration
  std::size_t largest_component = 0;
  std::size_t rounds = 0;        ///< improvement rounds (in this number system) that changed the strategy
  std::size_t evaluations = 0;   ///< strategies evaluated (linear solves of a component)
  bool guess_used = false;       ///< exact solves: the double strategy was the starting point
  std::size_t guess_rounds = 0;  ///< exact solves: improvement rounds of the double run
  std::size_t guess_wrong = 0;   ///< exact solves: states whose double choice the exact phase changed
  /// double: components stopped on rounding noise (a strategy met again), whose values are within it of
  /// optimal; exact solves: those of the double guess (the exact phase re-proves them)
  std::size_t unsettled_components = 0;
};

/// The solution: the value of every state (for the maximiser in games; the
/// optimum for the MDP queries), an optimal strategy, and what it took.
template <class T>
struct decision_solution {
  std::vector<T> value;        ///< per state; 0 where infinite
  std::vector<char> infinite;  ///< per state: 1 when the value is +infinity (rmax, rmin)
  /// Per state: the index of an optimal choice (0 for chance and terminal states).
  std::vector<std::uint32_t> strategy;
  decision_stats stats;
};

/// The value of a fixed strategy (one choice per state), in any Field.
template <class T>
struct strategy_values {
  std::vector<T> value;        ///< per state; 0 where infinite
  std::vector<char> infinite;  ///< per state: 1 when the expected reward is infinite
};

}  // namespace exactdp
