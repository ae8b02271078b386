// exactdp/probability/chance.hpp: the chance step of a DP, ready for
// expectiminimax.
//
// A chance node's value is the probability-weighted average of its
// successors' values (expectiminimax, Michie 1966: dp[s] = Σ_t p_st·dp[t] at
// a chance node, max/min at a player's node; an expected value by first-step
// analysis: E[s] = 1 + Σ_o P(o)·E[next]). The probabilities are exact: outcome i has a
// non-negative integer weight w_i and probability w_i / W, W = Σ w_i, so the
// same node gives an exact fraction over Rational, p·q⁻¹ over a residue and a
// correctly rounded quotient over double. The step is built once (weights
// validated, 1/W computed once) and then evaluated in the inner loop.
//
// Use in an expectiminimax (any OrderedField T for the max/min nodes):
//
//   const exactdp::chance_step<T> die = exactdp::chance_step<T>::uniform(6);
//   std::array<T, 6> next;                    // value after each face
//   for (int f = 0; f < 6; ++f) next[f] = value_of(after_roll(s, f + 1));
//   T v = die.expected(next);                 // Σ (1/6)·next[f]
//
// or, with unequal outcomes, chance_step<T>({1, 2, 3}) for probabilities
// 1/6, 2/6, 3/6. The helper is self-contained (no table, no recursion): the
// caller owns the order of evaluation.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/numeric/concepts.hpp"

namespace exactdp {

/// A chance node with fixed integer outcome weights: outcome i has
/// probability weight(i) / total_weight().
///
/// Constraints: at least one outcome, every weight >= 0, total weight > 0 and
/// <= 2^62 (std::invalid_argument otherwise). Over a residue type the total
/// must be invertible: std::domain_error when W ≡ 0 mod P ("chance step: the
/// probability 1/3 of a unit of weight has no residue modulo 3 (step:
/// dividing by the total weight 3)"). The division by W follows
/// fixed_divisor's rule: one inverse for exact types, one correctly rounded
/// division per call for double.
/// Cost: construction O(m) plus one inverse; expected() m multiplications
/// (none for equal weights) and one division (double) or one multiplication.
/// Source: expectiminimax (Michie 1966; Russell and Norvig, "Artificial
/// Intelligence: A Modern Approach", ch. 5) and first-step analysis.
/// Status: tested on Rational, double and Mod against hand values, against
/// exhaustive enumeration (tests/probability/test_chance.cpp), and used by
/// expected_fixed_points, expected_rolls_to_reach, soup_servings and
/// new21_probability.
template <Field T>
class chance_step {
 public:
  /// Outcomes with the given weights (probability w_i / Σ w).
  explicit chance_step(std::vector<std::int64_t> weights) : weights_(std::move(weights)) {
    if (weights_.empty()) throw std::invalid_argument("a chance step needs at least one outcome");
    std::int64_t total = 0;
    bool equal = true;
    for (const std::int64_t w : weights_) {
      if (w < 0) throw std::invalid_argument("chance step weights must be >= 0, not " + std::to_string(w));
      if (w > (std::int64_t{1} << 62) - total)
        throw std::invalid_argument("chance step weights must sum to at most 2^62");
      total += w;
      equal = equal && w == weights_.front();
    }
    if (total == 0) throw std::invalid_argument("chance step weights must not all be 0");
    total_ = total;
    equal_ = equal;
    init();
  }
  chance_step(std::initializer_list<std::int64_t> weights) : chance_step(std::vector<std::int64_t>(weights)) {}

  /// `outcomes` equally likely outcomes (a fair die: uniform(6)).
  /// Throws std::invalid_argument unless 1 <= outcomes <= 2^31.
  /// Example: chance_step<Rational>::uniform(6).outcomes() == 6.
  static chance_step uniform(std::int64_t outcomes) {
    if (outcomes < 1 || outcomes > (std::int64_t{1} << 31))
      throw std::invalid_argument("a uniform chance step needs 1 to 2^31 outcomes, not " + std::to_string(outcomes));
    return chance_step(outcomes);
  }

  std::size_t outcomes() const {
    return equal_ && weights_.empty() ? static_cast<std::size_t>(total_) : weights_.size();
  }
  std::int64_t weight(std::size_t i) const { return weights_.empty() ? 1 : weights_.at(i); }
  std::int64_t total_weight() const { return total_; }
  /// Probability of outcome i, exact in T. Throws std::out_of_range for i >= outcomes().
  /// Example: chance_step<Rational>{1, 3}.probability(1) is 3/4.
  T probability(std::size_t i) const {
    if (i >= outcomes()) throw std::out_of_range("chance step has no outcome " + std::to_string(i));
    return ratio<T>(weight(i), total_);
  }

  /// Σ_i probability(i)·values[i]. Throws std::invalid_argument when the
  /// number of values is not outcomes().
  /// Example: chance_step<Rational>::uniform(2).expected({0, 1}) is 1/2.
  T expected(std::span<const T> values) const {
    if (values.size() != outcomes())
      throw std::invalid_argument("chance step has " + std::to_string(outcomes()) + " outcomes but " +
                                  std::to_string(values.size()) + " successor values were given");
    T sum(0);
    if (equal_) {
      for (const T& v : values) sum += v;
      if (weights_.empty() || weights_.front() == 1) return average_of_sum(sum);
      return average_of_sum(sum * T(weights_.front()));
    }
    for (std::size_t i = 0; i < values.size(); ++i)
      if (weights_[i] != 0) sum += T(weights_[i]) * values[i];
    return average_of_sum(sum);
  }
  T expected(std::initializer_list<T> values) const {
    return expected(std::span<const T>(values.begin(), values.size()));
  }

  /// The expectation when Σ_i weight(i)·value_i is already known (for
  /// example kept by a sliding window): sum / total_weight(), exact in T
  /// (fixed_divisor). Cost: one division (double) or one multiplication
  /// (exact types).
  T average_of_sum(const T& weighted_sum) const { return per_total_(weighted_sum); }

 private:
  explicit chance_step(std::int64_t uniform_outcomes) : total_(uniform_outcomes), equal_(true) { init(); }
  void init() {
    per_total_ = detail::name_the_step<T>(
        "chance step", "the probability 1/" + std::to_string(total_) + " of a unit of weight",
        "dividing by the total weight " + std::to_string(total_), [this] { return fixed_divisor<T>(T(total_)); });
  }

  std::vector<std::int64_t> weights_;  // empty for uniform(m): every weight 1
  std::int64_t total_ = 1;
  bool equal_ = true;
  fixed_divisor<T> per_total_{T(1)};  // x / W: the one rule of concepts.hpp
};

}  // namespace exactdp
