// exactdp/markov/chain.hpp: the numeric image of a markov_model in a number
// type T (double, Rational, ModInt<P>, DynModInt): the same states and
// transitions with probabilities and rewards as T, in compressed sparse rows.
// The queries of queries.hpp run on it.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/io/parse.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// The bytes a markov_chain<T> of `states` states and `transitions`
/// transitions holds: per transition its target and probability, per state
/// its row, name, reward and leaving probability; for inexact types the
/// jump chain besides; for exact rationals the two GMP numbers' limbs of
/// each probability (32 bytes each with malloc's header), and each row over
/// its common denominator (a BigInt per transition and per state). Rational:
/// 152 bytes a transition, against 150 measured (the peak of
/// `exactdp chain` on a dense chain of 1,600 states, less the model's).
/// Arguments may be any size (no overflow). Cost: O(1).
/// Example: markov_chain_bytes<double>(0, 1000) == 1000 * (8 + 2 * sizeof(double)).
template <Field T>
long double markov_chain_bytes(long double states, long double transitions) {
  long double edge = sizeof(std::size_t) + sizeof(T), state = sizeof(std::size_t) + sizeof(std::string) + 3 * sizeof(T);
  if constexpr (!field_traits<T>::is_exact) {
    edge += sizeof(T);  // the jump chain
    state += sizeof(T);
  }
  if constexpr (!field_traits<T>::fixed_size) {
    edge += 64;
    state += 3 * 64;
  }
  if constexpr (field_traits<T>::solver == linear_solver::flint) {
    edge += sizeof(BigInt) + 32;
    state += sizeof(BigInt) + 32;
  }
  return states * state + transitions * edge;
}

/// A Markov chain with probabilities and rewards in T, built from a
/// validated markov_model (the model's exact sums are what make it a chain:
/// the T values are their images and are not checked again).
/// States are 0..size()-1 with the model's names; an absorbing state has no
/// transitions. Cost: O(n + m) conversions and exact subtractions; memory
/// O(n + m) values of T.
/// Errors: std::domain_error over residues when a probability or reward has
/// a denominator divisible by the modulus ("markov chain: the probability
/// 1/3 of the transition a -> b has no residue modulo 3 (step: converting
/// the model's probabilities)"); resource_error when the arrays would pass
/// the state budget. Source: the explicit chains of PRISM and Storm
/// (transition lists with exact probabilities). Status: tested through every
/// query, in the three policies (tests/markov), the messages in
/// tests/markov/test_chain_messages.cpp.
template <Field T>
class markov_chain {
 public:
  explicit markov_chain(const markov_model& model) : names_(model.size()), source_(model.source()) {
    const std::size_t n = model.size();
    check_state_budget(
        "the chain of " + std::to_string(n) + " states",
        markov_chain_bytes<T>(static_cast<long double>(n), static_cast<long double>(model.transition_count())), 1,
        "bytes");
    row_begin_.reserve(n + 1);
    to_.reserve(model.transition_count());
    probability_.reserve(model.transition_count());
    reward_.reserve(n);
    leave_.reserve(n);
    row_begin_.push_back(0);
    for (std::size_t s = 0; s < n; ++s) {
      names_[s] = model.name(s);
      Rational leave = model.is_absorbing(s) ? 0 : 1;
      for (const markov_transition& t : model.transitions(s)) {
        to_.push_back(t.to);
        if (t.to == s) leave -= t.probability;
        probability_.push_back(detail::name_the_step<T>(
            "markov chain",
            "the probability " + message_text(t.probability) + " of the transition " + name_text(model.name(s)) +
                " -> " + name_text(model.name(t.to)),
            "converting the model's probabilities", [&] { return from_rational<T>(t.probability); }));
      }
      // 1 - P(s, s) exactly, then converted once: in double a self-loop
      // within 10^-30 of 1 keeps its complement, which 1.0 - p would lose.
      leave_.push_back(from_rational<T>(leave));
      if constexpr (!field_traits<T>::is_exact) {
        // The jump chain: P(s, t) / (1 - P(s, s)) exactly, rounded once (a
        // probability of 10^-320 out of a state that leaves with 10^-300
        // underflows in double, its jump probability 10^-20 does not).
        // leave is in [0, 1]; clang-tidy 14 takes Boost's two comparison
        // templates for one expression, hence the NOLINT.
        const bool loop = leave > 0 && leave < 1;  // NOLINT(misc-redundant-expression)
        for (std::size_t e = row_begin_.back(); e < to_.size(); ++e)
          jump_.push_back(to_[e] == s ? T(0)
                          : loop ? from_rational<T>(model.transitions(s)[e - row_begin_.back()].probability / leave)
                                 : probability_[e]);
        jump_reward_.push_back(loop ? from_rational<T>(model.reward(s) / leave) : from_rational<T>(model.reward(s)));
      }
      if constexpr (field_traits<T>::solver == linear_solver::flint) {
        // Exact rationals: the row over its common denominator, so that the
        // solver works with integers (one lcm per state, here, once).
        BigInt common = 1;
        for (const markov_transition& t : model.transitions(s))
          mpz_lcm(common.backend().data(), common.backend().data(), mpq_denref(t.probability.backend().data()));
        for (const markov_transition& t : model.transitions(s)) {
          BigInt scaled;
          mpz_divexact(scaled.backend().data(), common.backend().data(), mpq_denref(t.probability.backend().data()));
          scaled *= numerator(t.probability);
          numerators_.push_back(std::move(scaled));
        }
        denominators_.push_back(std::move(common));
      }
      row_begin_.push_back(to_.size());
      reward_.push_back(detail::name_the_step<T>(
          "markov chain", "the reward " + message_text(model.reward(s)) + " of state " + name_text(model.name(s)),
          "converting the model's rewards", [&] { return from_rational<T>(model.reward(s)); }));
    }
  }

  std::size_t size() const { return names_.size(); }
  /// The bytes the chain holds (markov_chain_bytes of its size). Cost: O(1).
  long double bytes() const {
    return markov_chain_bytes<T>(static_cast<long double>(size()), static_cast<long double>(to_.size()));
  }
  const std::string& name(std::size_t s) const { return names_.at(s); }
  /// Where the model came from, for messages.
  const std::string& source() const { return source_; }
  bool is_absorbing(std::size_t s) const { return row_begin_[s] == row_begin_[s + 1]; }
  /// Transitions of s are the positions row_begin()[s] .. row_begin()[s+1]-1
  /// of targets() and probabilities().
  const std::vector<std::size_t>& row_begin() const { return row_begin_; }
  const std::vector<std::size_t>& targets() const { return to_; }
  const std::vector<T>& probabilities() const { return probability_; }
  /// Reward collected at each step taken from s.
  const T& reward(std::size_t s) const { return reward_[s]; }
  /// The probability of leaving s for another state, 1 - P(s, s), computed
  /// exactly from the model and then converted to T (0 for an absorbing
  /// state). For double it is the correctly rounded complement even when
  /// P(s, s) rounds to 1.
  const T& leave_probability(std::size_t s) const { return leave_[s]; }
  /// Inexact types only (empty for exact ones): the jump chain, the chain
  /// watched only when it moves. jump_probabilities()[e] is P(s, t) /
  /// (1 - P(s, s)) for the transition e from s to t != s, and 0 for a
  /// self-loop, each computed exactly and rounded once; jump_reward(s) is
  /// reward(s) / (1 - P(s, s)), the reward collected from one arrival in s
  /// to its departure. The solver works on it, so that a self-loop within
  /// 10^-300 of 1 loses nothing.
  const std::vector<T>& jump_probabilities() const { return jump_; }
  const T& jump_reward(std::size_t s) const { return jump_reward_.at(s); }
  /// The FLINT solver only (field_traits<T>::solver == flint, Rational;
  /// empty otherwise): each row over one common
  /// denominator, probabilities()[e] = row_numerators()[e] /
  /// row_denominator(s) for the transitions e of s, the denominator being
  /// the lcm of the row's. The exact solver builds integer systems from them.
  const std::vector<BigInt>& row_numerators() const { return numerators_; }
  const BigInt& row_denominator(std::size_t s) const { return denominators_.at(s); }

 private:
  std::vector<std::string> names_;
  std::string source_;
  std::vector<std::size_t> row_begin_;
  std::vector<std::size_t> to_;
  std::vector<T> probability_;
  std::vector<T> reward_;
  std::vector<T> leave_;
  std::vector<T> jump_, jump_reward_;
  std::vector<BigInt> numerators_, denominators_;
};

}  // namespace exactdp
