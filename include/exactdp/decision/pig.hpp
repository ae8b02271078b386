// exactdp/decision/pig.hpp: the dice game Pig under optimal play by both
// players, exactly.
//
// Rules (Neller and Presser, "Optimal Play of the Dice Game Pig", 2004):
// two players take turns; on a turn the player rolls an F-faced die as
// often as they like. A 1 ends the turn and the points of the turn (the
// turn total) are lost; any other face adds to the turn total. Holding
// banks the turn total and ends the turn. The first player to reach the
// target T wins: a player whose score plus turn total reaches T has won.
// A turn starts with a roll: holding with a turn total of 0 (passing) is
// not an action. With passes allowed, a player far behind prefers the
// endless play of two passing players, which has no value by the rules;
// valuing it (say, 1/2) makes the game's value discontinuous in the
// strategies and strategy iteration can cycle (2 faces, target 96). Without
// passes every play ends with probability 1. Where passing is never
// strictly better (the published cases: 6 faces, targets 10 and 100) the
// values are the same either way.
//
// P(i, j, k) is the probability that the player to move, with score i
// against j and turn total k (i + k < T), wins:
//   P(i, j, k) = max(roll, hold) for k > 0, and roll for k = 0,
//   roll = (1/F)·(1 − P(j, i, 0)) + (1/F)·sum_{f=2..F} P(i, j, k + f)
//          (P = 1 once i + k + f >= T),
//   hold = 1 − P(j, i + k, 0).
// The equations are cyclic: a roll of 1 hands the turn back with the same
// scores. Structure used: the states with scores {i, j} (both movers, every
// turn total) form one component, and holding with k > 0 moves to a pair of
// larger sum, so the pairs are solved in order of decreasing i + j. Inside a
// pair, for a fixed strategy every P(i, j, k) is affine in c = P(j, i, 0):
// x_k = alpha_k + beta_k·c, found backwards from k = T − i − 1 with a
// sliding sum over the F − 1 faces; the two sides give a 2×2 system for
// P(i, j, 0) and P(j, i, 0). A strategy is improved by the best answer of
// one side with the other side's start value frozen (a backward pass,
// ties keep the current action); the second player answers first, then the
// first improves (Hoffman and Karp), until neither improves: the pair is
// then a saddle point. Exact solves start from the strategy of a double
// run and prove it pair by pair (detail::pig_prover): a side's value at
// turn total 0 is sum over its holding states k of reach(k)·(1 − P(j, i +
// k, 0)), plus the chances of rolling to the target and of rolling a 1
// (times 1 − c); the reach probabilities are small integers over F^n, the
// hold values integers over the lcm of the few denominators reached (with
// the usual threshold strategies, at most F − 1 states), and the 2×2 system
// is reduced once. Optimality is then checked at every state by a backward
// pass in double from these exact values: its error is below
// (n + 8)(F + 2)·2^-52 (inputs within 2^-51, each step adds below
// (F + 1)·2^-53), so a wider gap between rolling and holding has the
// exact sign; a pair with a closer one is proved by comparing exactly
// (pig_prove_pair: every state in integers over one common denominator),
// and a pair whose strategy is not optimal is improved by the exact
// iteration above. The same filter orders values in that iteration:
// two values whose doubles (GMP's mpq_get_d, error below 2^-52 for values
// in [0, 1]) differ by more than 1e-12 are ordered by their doubles; closer
// ones are compared exactly.
// Cost: per pair and round O((2T − i − j)·F) operations in the number type,
// T·T·(T+1)/2 states in all (505,000 for T = 100). Exact values grow with
// T: see docs/decision.md for the measured sizes.
// Source: Neller and Presser (2004); Hoffman and Karp (1966).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// Largest target and die accepted (the state budget usually binds first).
inline constexpr int pig_max_target = 10'000;
inline constexpr int pig_max_faces = 1'000;

/// What a Pig solve did.
struct pig_stats {
  std::size_t pairs = 0;         ///< score pairs {i, j} solved
  std::size_t rounds = 0;        ///< backward passes that changed the strategy
  std::size_t evaluations = 0;   ///< evaluations of a side's strategy (affine passes)
  bool guess_used = false;       ///< exact: started from the double strategy
  std::size_t guess_wrong = 0;   ///< exact: states whose double action the exact phase changed
  std::size_t value_bits = 0;    ///< exact: bits of the largest denominator of a stored P(i, j, 0)
  std::size_t pairs_proved = 0;  ///< exact: pairs whose first strategy was proven optimal in integers
  /// exact: pairs with a double comparison within the proven error bound
  /// (proved with exact comparisons instead)
  std::size_t pairs_near_tie = 0;
  /// double: pairs whose strategy iteration was stopped on rounding noise
  /// after 4T + 100 rounds (the values are within that noise of optimal)
  std::size_t unsettled_pairs = 0;
};

/// The action at a state of Pig.
enum class pig_action : std::uint8_t { roll, hold };

/// "roll" or "hold".
/// Example: to_string(pig_action::hold) is "hold".
constexpr const char* to_string(pig_action a) { return a == pig_action::roll ? "roll" : "hold"; }

namespace detail {
struct pig_access;
}

/// A solved game of Pig: P(i, j, 0) for every score pair and an optimal
/// action for every state (i, j, k) with 0 <= i, j < target, 0 <= k < target − i.
template <class T>
class pig_solution {
 public:
  int faces() const { return faces_; }
  int target() const { return target_; }
  /// Number of states T·T·(T+1)/2.
  std::size_t state_count() const { return policy_.size(); }
  /// P(i, j, 0): the win probability of the player to move at the start of
  /// a turn with score i against j. Throws std::invalid_argument outside [0, T).
  const T& turn_start(int i, int j) const {
    check(i, j, 0);
    return start_[static_cast<std::size_t>(i) * static_cast<std::size_t>(target_) + static_cast<std::size_t>(j)];
  }
  /// The optimal action found at (i, j, k). Throws std::invalid_argument
  /// for a state outside the game.
  pig_action action(int i, int j, int k) const {
    check(i, j, k);
    return policy_[index(i, j, k)] ? pig_action::roll : pig_action::hold;
  }
  const pig_stats& stats() const { return stats_; }
  /// Throws std::invalid_argument unless 0 <= i, j < target and 0 <= k < target − i.
  void check(int i, int j, int k) const {
    if (i < 0 || j < 0 || i >= target_ || j >= target_ || k < 0 || k >= target_ - i)
      throw std::invalid_argument("Pig state (" + std::to_string(i) + ", " + std::to_string(j) + ", " +
                                  std::to_string(k) + ") is outside 0 <= i, j < " + std::to_string(target_) +
                                  ", 0 <= k < target - i (with i + k >= target the player holds and has won)");
  }

 private:
  friend struct detail::pig_access;
  std::size_t index(int i, int j, int k) const {
    return base_[static_cast<std::size_t>(i)] + static_cast<std::size_t>(j) * static_cast<std::size_t>(target_ - i) +
           static_cast<std::size_t>(k);
  }
  int faces_ = 0, target_ = 0;
  std::vector<std::size_t> base_;     // index of (i, 0, 0)
  std::vector<T> start_;              // P(i, j, 0) at i·T + j
  std::vector<std::uint8_t> policy_;  // per state, 1 = roll
  pig_stats stats_;
};

/// The value of one state and of both actions there.
template <class T>
struct pig_values {
  T win;             ///< P(i, j, k) under optimal play
  T roll, hold;      ///< the value of rolling and of holding (then playing optimally)
  pig_action best;   ///< the action the solution plays
  bool tie = false;  ///< roll and hold have the same value
};

/// Solves Pig with an F-faced die and target T under optimal play by both
/// players (see the file comment): P(i, j, 0) for every score pair and an
/// optimal action at every state. T is double or Rational. For Rational
/// with `double_guess` (the default) a double solve gives the first
/// strategy; stats().guess_wrong counts the states where it was changed.
/// `progress` (optional) is called with (score sums done, score sums in all).
/// Errors: std::invalid_argument for faces outside [2, 1000] or target
/// outside [1, 10000]; resource_error when the T·T·(T+1)/2 strategy bytes
/// pass the state budget, or (exact) when the work left, priced at the size
/// the exact values have reached, passes the work budget (checked before
/// each score sum).
/// Cost: O(T³·F) operations in T for one round per pair (the usual case
/// with a good first strategy); exact (from the double strategy): O(T³·F)
/// small-integer and double operations and O(F) operations at the size of
/// the values per pair, which grow quickly with T (see docs/decision.md:
/// 6 faces, target 100 in about 5 s, 200 in minutes). Memory: T³/2 bytes
/// and T² values.
/// Source: Neller and Presser (2004). Status: 6 faces target 10 from
/// (0, 0, 0) is 7776/10961; agrees with plain value iteration in double
/// (1e-9) for several F and T; agrees with the general game solver on the
/// explored Pig model (T <= 12), values and the sets of optimal actions.
/// Example: pig_game<Rational>(6, 10).turn_start(0, 0) is 7776/10961.
template <OrderedField T>
pig_solution<T> pig_game(int faces, int target, bool double_guess = true,
                         const std::function<void(std::size_t, std::size_t)>& progress = {});

/// The win probability at (i, j, k) and the values of both actions there,
/// under the solution (rolling: (1/F)(1 − P(j, i, 0)) + (1/F)·sum of the
/// next values; holding: 1 − P(j, i + k, 0)). Errors: std::invalid_argument
/// for a state outside the game. Cost: one backward pass over the side
/// (i, j): O((T − i)·F) operations in T.
/// Example: pig_values_at(pig_game<Rational>(6, 10), 0, 0, 0).best == pig_action::roll.
template <OrderedField T>
pig_values<T> pig_values_at(const pig_solution<T>& sol, int i, int j, int k);

/// The win probability at (i, j, k) modulo P (M = ModInt<P> or DynModInt)
/// under the proven optimal strategy of an exact solution: every pair is
/// evaluated again mod P with the same affine forms and 2×2 systems.
/// Errors: std::invalid_argument for a state outside the game;
/// std::domain_error when a pair's determinant is 0 mod P (the value then
/// has no residue, or this strategy's system is singular mod P: the message
/// names the pair and P). Cost: O(T³·F) operations mod P.
/// Example: pig_residue<Mod>(pig_game<Rational>(6, 10), 0, 0, 0) == to_modint<Mod>(7776/10961).
template <class M>
M pig_residue(const pig_solution<Rational>& sol, int i, int j, int k);

}  // namespace exactdp

// The algorithms and the definitions of the templates above.
#include "exactdp/decision/detail/pig.hpp"
