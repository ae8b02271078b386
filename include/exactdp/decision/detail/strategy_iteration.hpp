// exactdp/decision/detail/strategy_iteration.hpp: the machinery of
// exactdp/decision/solve.hpp (its file comment says what each step does):
// the graph analysis' setup, the values of stop states, the exact and
// double block solves, lazy exact comparisons, and strategy iteration over
// the components. Internal: use the functions of solve.hpp.
#pragma once

#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "exactdp/decision/detail/numbers.hpp"
#include "exactdp/decision/model.hpp"
#include "exactdp/decision/qualitative.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/linear.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/decision/query.hpp"

namespace exactdp {

namespace detail {

/// How the graph analysis left a state.
enum class settled : std::uint8_t { open, stop, zero, one, infinite };

/// Everything about a query that needs no arithmetic.
struct decision_setup {
  bool reward = false;                 ///< rmax or rmin
  std::vector<state_owner> owner;      ///< effective owners (MDP queries give every choosing state to one player)
  std::vector<char> is_target;         ///< per state
  std::vector<settled> state;          ///< per state
  std::vector<char> allowed;           ///< per global choice: may be chosen (rmin excludes choices into infinity)
  std::vector<std::uint32_t> initial;  ///< per state: the first strategy
  decision_components components;      ///< of the open states, sinks first
};

/// Validates the query against the model. Throws std::invalid_argument: a
/// target out of range, a target for payoff_game, an MDP query on a model
/// with states of both players, a negative reward for rmax or rmin.
void check_decision_query(const decision_model& m, const decision_query& q);

/// The graph analysis and the components (steps 1-2 of the file comment).
/// Cost: O(n + m) plus the almost-sure rounds.
decision_setup prepare_decision(const decision_model& m, const decision_query& q);

/// " modulo P, so the answer has no residue mod P" for residue types, else "".
template <class T>
std::string decision_modulus_words() {
  if constexpr (field_traits<T>::is_residue) {
    return " modulo " + std::to_string(T::modulus()) + ", so the answer has no residue mod " +
           std::to_string(T::modulus());
  } else {
    return "";
  }
}

/// The value of a stop state: 1 for a target and 0 for another terminal
/// (reachability), 0 for a target (rewards), its payoff (payoffs). Values
/// are never shifted by the default payoff: in double, payoff - default and
/// back would lose the payoffs beside a large default (issue 25).
/// Errors: std::domain_error when the payoff has no value in T (residues:
/// its denominator is a multiple of P); the message names the state.
template <Field T>
T decision_stop_value(const decision_model& m, const decision_query& q, const std::vector<char>& is_target,
                      std::size_t s) {
  switch (q.objective) {
    case decision_objective::rmax:
    case decision_objective::rmin:
      return T(0);
    case decision_objective::payoff_game:
      try {
        return from_rational<T>(m.payoff(s));
      } catch (const std::domain_error& err) {
        throw_domain_error_in("the payoff of state " + name_text(m.name(s)) + ": ", err);
      }
    default:
      return is_target[s] ? T(1) : T(0);
  }
}

/// What a play that never ends is worth: the default payoff (payoffs), else
/// 0 (a reachability target missed; rewards never ask). Errors:
/// std::domain_error when the default has no value in T (residues), and in
/// double when it is beyond the largest double: as ±infinity it would tie
/// every choice that can loop, and a strategy chosen among false ties gives
/// a wrong double (the exact value has no such limit). Cost: one
/// conversion.
template <Field T>
T decision_endless_value(const decision_query& q) {
  if (q.objective != decision_objective::payoff_game) return T(0);
  T v;
  try {
    v = from_rational<T>(q.default_payoff);
  } catch (const std::domain_error& err) {
    throw_domain_error_in("the default payoff: ", err);
  }
  if constexpr (std::same_as<T, double>) {
    if (!std::isfinite(v))
      throw std::domain_error("the default payoff " + message_text(q.default_payoff) +
                              " is beyond the largest double: the double run cannot weigh a play that never ends "
                              "against the payoffs (the exact value can)");
  }
  return v;
}

/// The bias equation's base at a state of gain g, where a play that never
/// ends is worth `endless`: -(g - endless), the gain in excess of an endless
/// play, counted per step (0 in closed classes). In double a difference
/// within 1e-12·|endless| of 0 is 0: the gain is the endless value up to
/// the iteration's slack, and the rounding of g - endless beside a large
/// endless value is noise that must not order choices.
template <Field T>
T decision_bias_base(const T& g, const T& endless) {
  T d = g - endless;
  if constexpr (!field_traits<T>::is_exact) {
    if (std::fabs(d) <= 1e-12 * std::fabs(endless)) d = T(0);
  }
  return -d;
}

/// What a block solve computes: x(s) = base(s) + sum_t p(s,t) x(t) with
///   gain:   base = 0, a closed class gets `endless` (a play that never
///           ends: the default payoff, or 0 for reachability);
///   reward: base = the choice's reward, a closed class means the target is
///           missed: infinite (or "improper" when no infinity is tracked);
///   bias:   base = -(g(s) - endless) (decision_bias_base), a closed class
///           gets 0.
enum class block_kind { gain, reward, bias };

/// The exact system of one piece: row r reads
///   x_r − sum over inside[r] of p·x_column = base_r + sum over exits[r] of p·value.
struct exact_piece {
  struct inside_term {
    std::size_t column;
    const Rational* probability;
  };
  struct exit_term {
    const Rational* probability;
    const Rational* value;
  };
  std::vector<Rational> base;                         ///< per row
  std::vector<std::size_t> inside_begin, exit_begin;  ///< rows + 1 each
  std::vector<inside_term> inside;
  std::vector<exit_term> exits;
};

/// Solves an exact piece with integers over common denominators (each row
/// scaled by the lcm of its probabilities' denominators, the incoming values
/// over one common denominator found with divisibility tests before any
/// lcm, FLINT's fraction-free fmpz_mat_solve, one reduction per value at the
/// end): no gcd per arithmetic operation, which is what makes Rational
/// arithmetic slow. Fills x (one value per row); returns false when the
/// system is singular. Cost: O(rows³) word operations for the elimination
/// plus the solve's back-substitution on the right-hand side's size, and one
/// gcd per value. Written for this family (markov/linear.hpp solves one
/// rational right-hand side with FLINT's rational solver).
bool solve_piece_exact(const exact_piece& piece, std::vector<Rational>& x);

/// Reusable scratch arrays of solve_chain_block.
template <Field T>
struct block_scratch {
  std::vector<std::size_t> local;  // per model state: local index + 1 inside the block, 0 outside
  std::vector<std::size_t> begin, adj, piece_of, row;
  std::vector<T> a, b, leave;
  exact_piece piece;  // Rational only
};

/// Solves the chain in which each state s of `states` takes the global
/// choice chosen[s], for x on `states`; x(t) = x[t] for the other states.
/// The chain's own strongly connected pieces are solved sinks first; each
/// piece that is not closed is a nonsingular system (its states are
/// transient). `endless`: what a play that never ends is worth
/// (decision_endless_value; gain and bias). `g` is the gain (bias only).
/// `infinite` (reward only, may be null): per state, 1 for an infinite
/// value, read for the states outside the block and written for the block.
/// Returns false in reward mode without `infinite` when a closed class is
/// met (an improper strategy).
/// Errors: std::domain_error when a piece's system is singular in T
/// (double: numerically; residues: mod P); resource_error when its dense
/// matrix passes the state budget. Cost: O(block + edges) plus O(k³) per
/// piece of k states.
template <Field T>
bool solve_chain_block(const decision_model& m, const decision_numbers<T>& num, std::span<const std::size_t> states,
                       const std::vector<std::size_t>& chosen, block_kind kind, const T& endless, std::vector<T>& x,
                       const std::vector<T>* g, std::vector<char>* infinite, block_scratch<T>& w) {
  const std::size_t n = m.size(), k = states.size();
  const auto& eb = m.edge_begin();
  const auto& to = m.targets();
  const auto& prob = num.probability();
  const T zero(0);
  if (w.local.size() != n) w.local.assign(n, 0);
  for (std::size_t i = 0; i < k; ++i) w.local[states[i]] = i + 1;
  w.begin.assign(1, 0);
  w.adj.clear();
  for (std::size_t i = 0; i < k; ++i) {
    const std::size_t c = chosen[states[i]];
    for (std::size_t e = eb[c]; e < eb[c + 1]; ++e)
      if (w.local[to[e]]) w.adj.push_back(w.local[to[e]] - 1);
    w.begin.push_back(w.adj.size());
  }
  const decision_components pieces = csr_components(k, w.begin, w.adj);
  w.piece_of.resize(k);
  w.row.resize(k);
  for (std::size_t p = 0; p < pieces.count(); ++p)
    for (std::size_t i = pieces.begin[p]; i < pieces.begin[p + 1]; ++i) {
      w.piece_of[pieces.states[i]] = p;
      w.row[pieces.states[i]] = i - pieces.begin[p];
    }
  // The row of t inside piece p, or k when t is not in it.
  auto row_in = [&](std::size_t t, std::size_t p) {
    return w.local[t] && w.piece_of[w.local[t] - 1] == p ? w.row[w.local[t] - 1] : k;
  };
  bool ok = true;
  for (std::size_t p = 0; p < pieces.count() && ok; ++p) {
    poll_interrupt();
    const std::size_t first = pieces.begin[p], size = pieces.begin[p + 1] - first;
    auto state_at = [&](std::size_t r) { return states[pieces.states[first + r]]; };
    // A closed piece never ends; in reward mode a piece leading to infinity is infinite.
    bool closed = true, to_infinite = false;
    for (std::size_t r = 0; r < size; ++r) {
      const std::size_t c = chosen[state_at(r)];
      for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) {
        if (row_in(to[e], p) != k) continue;
        closed = false;
        if (infinite && (*infinite)[to[e]]) to_infinite = true;
      }
    }
    if (closed || to_infinite) {
      if (kind == block_kind::reward && !infinite) {
        ok = false;
        break;
      }
      for (std::size_t r = 0; r < size; ++r) {
        x[state_at(r)] = kind == block_kind::gain ? endless : zero;
        if (kind == block_kind::reward) (*infinite)[state_at(r)] = 1;
      }
      continue;
    }
    if constexpr (field_traits<T>::solver == linear_solver::flint) {
      exact_piece& q = w.piece;
      q.base.resize(size);
      q.inside_begin.assign(1, 0);
      q.exit_begin.assign(1, 0);
      q.inside.clear();
      q.exits.clear();
      for (std::size_t r = 0; r < size; ++r) {
        const std::size_t s = state_at(r), c = chosen[s];
        if (kind == block_kind::reward)
          q.base[r] = num.reward()[c];
        else if (kind == block_kind::bias)
          q.base[r] = decision_bias_base((*g)[s], endless);
        else
          q.base[r] = 0;
        for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) {
          if (const std::size_t col = row_in(to[e], p); col != k)
            q.inside.push_back({col, &prob[e]});
          else if (!(x[to[e]] == zero))
            q.exits.push_back({&prob[e], &x[to[e]]});
        }
        q.inside_begin.push_back(q.inside.size());
        q.exit_begin.push_back(q.exits.size());
      }
      const auto sz = static_cast<long double>(size);
      check_state_budget("the linear system of " + std::to_string(size) + " states that reach each other", sz * sz,
                         sizeof(T));
      if (!solve_piece_exact(q, w.b))
        throw std::logic_error("the exact system of the " + std::to_string(size) + " states around state " +
                               name_text(m.name(state_at(0))) + " is singular, but its states are transient");
      for (std::size_t r = 0; r < size; ++r) x[state_at(r)] = std::move(w.b[r]);
      continue;
    }
    // Right-hand sides: base + flow to the states outside the piece.
    w.b.assign(size, zero);
    for (std::size_t r = 0; r < size; ++r) {
      const std::size_t s = state_at(r), c = chosen[s];
      T rhs = kind == block_kind::reward ? num.reward()[c]
              : kind == block_kind::bias ? decision_bias_base((*g)[s], endless)
                                         : zero;
      for (std::size_t e = eb[c]; e < eb[c + 1]; ++e)
        if (row_in(to[e], p) == k && !(x[to[e]] == zero)) rhs += prob[e] * x[to[e]];
      w.b[r] = std::move(rhs);
    }
    if (size == 1) {
      const std::size_t s = state_at(0), c = chosen[s];
      T self = zero;
      for (std::size_t e = eb[c]; e < eb[c + 1]; ++e)
        if (to[e] == s) self = prob[e];
      if (self == zero) {
        x[s] = w.b[0];
        continue;
      }
      const T leave = T(1) - self;
      if (leave == zero)
        throw std::domain_error("the equation of state " + name_text(m.name(s)) + " is singular in " +
                                field_traits<T>::name + " arithmetic: 1 - (its self-loop probability) is 0" +
                                decision_modulus_words<T>());
      x[s] = w.b[0] / leave;
      continue;
    }
    const auto sz = static_cast<long double>(size);
    check_state_budget("the linear system of " + std::to_string(size) + " states that reach each other", sz * sz,
                       sizeof(T));
    if constexpr (field_traits<T>::solver == linear_solver::pivoting) {
      // Floating point: x = b + P_piece x by state reduction, whose pivots
      // are sums of what leaves a state (no cancellation).
      w.a.assign(size * size, zero);
      w.leave.assign(size, zero);
      for (std::size_t r = 0; r < size; ++r) {
        const std::size_t c = chosen[state_at(r)];
        for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) {
          if (const std::size_t col = row_in(to[e], p); col == k)
            w.leave[r] += prob[e];
          else if (col != r)
            w.a[r * size + col] += prob[e];
        }
      }
      if (const std::size_t at = state_reduction_values(size, w.a, w.leave, w.b); at != size)
        throw std::domain_error("the linear system of the " + std::to_string(size) + " states around state " +
                                name_text(m.name(state_at(0))) + " is singular in " + field_traits<T>::name +
                                " arithmetic: the probability of leaving state " + name_text(m.name(state_at(at))) +
                                " (once the states before it are eliminated) is below the smallest positive double");
      for (std::size_t r = 0; r < size; ++r) x[state_at(r)] = w.b[r];
      continue;
    }
    // Dense system (I - P_piece) x = b, one row per state of the piece.
    w.a.assign(size * size, zero);
    for (std::size_t r = 0; r < size; ++r) {
      w.a[r * size + r] = T(1);
      const std::size_t c = chosen[state_at(r)];
      for (std::size_t e = eb[c]; e < eb[c + 1]; ++e)
        if (const std::size_t col = row_in(to[e], p); col != k) w.a[r * size + col] -= prob[e];
    }
    if (!solve_dense(size, w.a, w.b))
      throw std::domain_error("the linear system of the " + std::to_string(size) + " states around state " +
                              name_text(m.name(state_at(0))) + " is singular in " + field_traits<T>::name +
                              " arithmetic" + decision_modulus_words<T>());
    for (std::size_t r = 0; r < size; ++r) x[state_at(r)] = w.b[r];
  }
  for (std::size_t i = 0; i < k; ++i) w.local[states[i]] = 0;
  return ok;
}

// approximate(v) (concepts.hpp, field_traits<T>::approximate): a double
// within relative error 2^-52 of an exact value (infinity when out of range,
// which the filter below treats as unknown), or the double itself.

/// The value of a choice for a comparison: its double approximation with a
/// bound on the error, and (exact types) the exact value, computed only when
/// the approximations cannot decide. Exact gain comparisons also carry the
/// complement: an approximation of sum p·(1 - v) with its bound, which is
/// 1 - the value because a choice's probabilities sum to exactly 1. Values
/// within rounding of 1 (Pmax far from the risks) are all 1.0 in double,
/// but their complements keep 52 bits.
template <class T>
struct lazy_value {
  std::size_t choice = 0;
  double approx = 0, bound = 0;
  double complement = 0, complement_bound = HUGE_VAL;  ///< unused unless the bound is finite
  std::optional<T> exact;
};

/// Strategy iteration compares choice values many times. Exact types use a
/// filter: two values whose approximations differ by more than the sum of
/// their error bounds are ordered by the approximations (the error bound
/// of a sum of k products of approximations with relative error 2^-52 is
/// below (k + 4)·2^-51 times the sum of their magnitudes), or whose
/// complements do (reversed: the larger complement is the smaller value);
/// closer values are computed exactly. In double a choice must win by more
/// than slack·(floor + |b|), closer values being a tie: gains with slack
/// 1e-12 and floor 0 (relative: a Pmin of 2e-15 on zeroconf_dl still
/// tells its choices apart, where floor 1 kept a strategy worth 4e-15),
/// biases with slack 1e-9 and floor 1 (0 under relative_ties). A strategy
/// that comes back (rounding noise) stops the component's iteration.
template <class T, class Exact>
int compare_lazy(lazy_value<T>& a, lazy_value<T>& b, long double slack, double floor, Exact exact) {
  if constexpr (field_traits<T>::is_exact) {
    const double d = a.approx - b.approx, bound = a.bound + b.bound;
    if (std::isfinite(d) && std::isfinite(bound)) {
      if (d > bound) return 1;
      if (d < -bound) return -1;
    }
    const double dc = b.complement - a.complement, complement_bound = a.complement_bound + b.complement_bound;
    if (std::isfinite(dc) && std::isfinite(complement_bound)) {
      if (dc > complement_bound) return 1;
      if (dc < -complement_bound) return -1;
    }
    if (!a.exact) a.exact = exact(a.choice);
    if (!b.exact) b.exact = exact(b.choice);
    return *b.exact < *a.exact ? 1 : *a.exact < *b.exact ? -1 : 0;
  } else {
    (void)exact;
    const double tol = static_cast<double>(slack) * (floor + std::fabs(b.approx));
    return a.approx > b.approx + tol ? 1 : a.approx < b.approx - tol ? -1 : 0;
  }
}

struct complement_guess;
// complement_guess's iteration, defined after it: a class template's
// members may not reach into an incomplete type (clang checks them where
// they are written, not where they are instantiated).
inline void solve_complement(complement_guess& g, std::span<const std::size_t> comp);
inline void set_complement(complement_guess& g, std::size_t s, double w);

/// Strategy iteration over the components of a prepared query (steps 3-4
/// of the file comment), in the ordered field T.
template <OrderedField T>
class strategy_iteration {
 public:
  /// `endless`: what a play that never ends is worth (decision_endless_value).
  strategy_iteration(const decision_model& m, const decision_setup& su, const decision_numbers<T>& num, T endless,
                     std::vector<T>& value, std::vector<std::uint32_t>& strategy, decision_stats& stats)
      : m_(m),
        su_(su),
        num_(num),
        endless_(std::move(endless)),
        value_(value),
        strategy_(strategy),
        stats_(stats),
        chosen_(m.size(), 0),
        bias_(m.size(), T(0)),
        approx_value_(m.size(), 0.0),
        approx_bias_(m.size(), 0.0) {
    for (std::size_t s = 0; s < m.size(); ++s) {
      if (m.choice_count(s) > 0) chosen_[s] = m.choice_begin()[s] + strategy_[s];
      approx_value_[s] = approximate(value_[s]);
    }
    if constexpr (field_traits<T>::is_exact) {
      approx_complement_.resize(m.size());
      for (std::size_t s = 0; s < m.size(); ++s) approx_complement_[s] = approximate(T(1) - value_[s]);
    }
    approx_probability_.reserve(num.probability().size());
    for (const T& p : num.probability()) approx_probability_.push_back(approximate(p));
    if (su.reward)
      for (const T& r : num.reward()) approx_reward_.push_back(approximate(r));
  }

  /// Exact types, gain objectives: from now on, the exact iteration of each
  /// component starts from a guess refined in double on that component
  /// alone (pig_exact.cpp's idea: a double pass from the exact values of the
  /// states it leads to). The double iteration runs on the complements
  /// w = 1 - v, which obey the same equations (a choice's probabilities sum
  /// to exactly 1; a play that never ends is worth 1 - endless), with the
  /// players swapped (a larger v is a smaller w) and ties within 1e-12·|w|:
  /// values within rounding of 1, all 1.0 in double, keep 52 bits as
  /// complements, so the guess is right where a double run on v ties on
  /// noise. It is only a guess: the exact iteration proves or repairs it.
  /// Cost: O(n) memory; per component a double strategy iteration.
  void refine_guesses() {
    if constexpr (field_traits<T>::is_exact) {
      const double endless = approximate(T(1) - endless_);
      if (!su_.reward && std::isfinite(endless))
        refine_ = std::make_unique<complement_guess>(m_, su_, approx_complement_, endless, strategy_);
    }
  }

  /// Sets the value of a state that the components still to solve lead to
  /// (refine_guesses: the complement of an exact value).
  void set_value(std::size_t s, const T& v) {
    value_[s] = v;
    approx_value_[s] = approximate(v);
  }

  /// Bias ties within slack·|bias| instead of slack·(1 + |bias|) (double).
  void relative_ties() { tie_floor_ = 0; }

  /// Solves one component (its states get their values and choices).
  /// Exact arithmetic never meets a strategy twice: each round strictly
  /// improves the improving player's values (in gain, then bias), and the
  /// opponent's best responses strictly improve theirs. In double, a
  /// component whose values are within rounding of each other can switch
  /// choices back and forth on noise above the tie margins: a strategy met
  /// again (or the round limit) stops it with the strategy it has, whose
  /// values are within that noise of the optimum, and counts it in
  /// stats.unsettled_components (the exact phase re-proves every
  /// component). Throws resource_error when an exact iteration passes its
  /// round limit, 100·c + 1000 rounds on c states.
  void solve_component(std::span<const std::size_t> comp) {
    bool has_max = false, has_min = false;
    for (const std::size_t s : comp) {
      if (choosable(s) < 2) continue;
      has_max = has_max || su_.owner[s] == state_owner::max;
      has_min = has_min || su_.owner[s] == state_owner::min;
    }
    const std::size_t limit = 100 * comp.size() + 1000;
    std::size_t rounds = 0;
    seen_.clear();
    // Returns true when the component must stop (double: noise).
    auto count_round = [&] {
      ++stats_.rounds;
      if constexpr (!field_traits<T>::is_exact) {
        if (++rounds > limit || !seen_.insert(strategy_hash(comp)).second) {
          ++stats_.unsettled_components;
          return true;
        }
      } else if (++rounds > limit) {
        throw resource_error("strategy iteration did not settle within " + std::to_string(limit) +
                             " rounds on a component of " + std::to_string(comp.size()) + " states (state " +
                             name_text(m_.name(comp[0])) + ")");
      }
      return false;
    };
    if constexpr (!field_traits<T>::is_exact) seen_.insert(strategy_hash(comp));
    if constexpr (field_traits<T>::is_exact) {
      if (refine_ && (has_max || has_min)) {
        try {
          solve_complement(*refine_, comp);
        } catch (const std::domain_error&) {  // singular in double: keep the guess
        }
        for (const std::size_t s : comp)
          if (m_.choice_count(s) > 0) chosen_[s] = m_.choice_begin()[s] + strategy_[s];
      }
    }
    bool stop = false;
    while (true) {
      while (true) {
        poll_interrupt();
        evaluate(comp);
        if (stop || !has_min || improve(comp, state_owner::min) == 0) break;
        stop = count_round();
      }
      if (stop || !has_max || improve(comp, state_owner::max) == 0) break;
      stop = count_round();
    }
    for (const std::size_t s : comp) {
      bias_[s] = T(0);  // exits of later components have bias 0
      approx_bias_[s] = 0;
    }
    if constexpr (field_traits<T>::is_exact)
      if (refine_)
        for (const std::size_t s : comp) set_complement(*refine_, s, approx_complement_[s]);
  }

 private:
  std::size_t choosable(std::size_t s) const {
    std::size_t k = 0;
    for (std::size_t c = m_.choice_begin()[s]; c < m_.choice_begin()[s + 1]; ++c) k += su_.allowed[c] ? 1 : 0;
    return k;
  }

  // A hash of the component's strategy (FNV-1a over its choices).
  std::uint64_t strategy_hash(std::span<const std::size_t> comp) const {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const std::size_t s : comp) h = (h ^ chosen_[s]) * 0x100000001b3ULL;
    return h;
  }

  void set_choice(std::size_t s, std::size_t c) {
    chosen_[s] = c;
    strategy_[s] = static_cast<std::uint32_t>(c - m_.choice_begin()[s]);
  }

  // Evaluates the current strategy on the component. An improper strategy
  // (rmin, from a double guess) is replaced by the proper first strategy.
  void evaluate(std::span<const std::size_t> comp) {
    ++stats_.evaluations;
    bias_valid_ = false;
    const block_kind kind = su_.reward ? block_kind::reward : block_kind::gain;
    if (!solve_chain_block<T>(m_, num_, comp, chosen_, kind, endless_, value_, nullptr, nullptr, scratch_)) {
      for (const std::size_t s : comp) set_choice(s, m_.choice_begin()[s] + su_.initial[s]);
      if (!solve_chain_block<T>(m_, num_, comp, chosen_, kind, endless_, value_, nullptr, nullptr, scratch_))
        throw std::logic_error("strategy iteration: the proper first strategy misses the target at state " +
                               name_text(m_.name(comp[0])));
    }
    for (const std::size_t s : comp) approx_value_[s] = approximate(value_[s]);
    if constexpr (field_traits<T>::is_exact)
      for (const std::size_t s : comp) approx_complement_[s] = approximate(T(1) - value_[s]);
  }

  // The lazy value of choice c: the reward (rewards only) plus the expected
  // value (or bias) of the next state.
  lazy_value<T> lazy(std::size_t c, bool bias) const {
    const auto& eb = m_.edge_begin();
    const auto& to = m_.targets();
    const std::vector<double>& v = bias ? approx_bias_ : approx_value_;
    double sum = su_.reward && !bias ? approx_reward_[c] : 0.0, size = std::fabs(sum);
    for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) {
      const double term = approx_probability_[e] * v[to[e]];
      sum += term;
      size += std::fabs(term);
    }
    const double k = static_cast<double>(eb[c + 1] - eb[c]);
    lazy_value<T> out{c, sum, (k + 4) * 0x1p-51 * size, 0, HUGE_VAL, std::nullopt};
    if constexpr (field_traits<T>::is_exact) {
      if (!su_.reward && !bias) {  // a gain: sum p·v = 1 - sum p·(1 - v)
        double rest = 0, rest_size = 0;
        for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) {
          const double term = approx_probability_[e] * approx_complement_[to[e]];
          rest += term;
          rest_size += std::fabs(term);
        }
        out.complement = rest;
        out.complement_bound = (k + 4) * 0x1p-51 * rest_size;
      }
    }
    return out;
  }

  T choice_value(std::size_t c) const {
    const auto& eb = m_.edge_begin();
    const auto& to = m_.targets();
    const auto& prob = num_.probability();
    T v = su_.reward ? num_.reward()[c] : T(0);
    for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) v += prob[e] * value_[to[e]];
    return v;
  }

  T choice_bias(std::size_t c) const {
    const auto& eb = m_.edge_begin();
    const auto& to = m_.targets();
    const auto& prob = num_.probability();
    T v(0);
    for (std::size_t e = eb[c]; e < eb[c + 1]; ++e) v += prob[e] * bias_[to[e]];
    return v;
  }

  // One improvement step for `who`: switch where a choice is strictly better
  // in gain; if none is, where a choice of equal gain is strictly better in
  // bias (payoff and reachability objectives). Returns the switches made.
  std::size_t improve(std::span<const std::size_t> comp, state_owner who) {
    const int better = who == state_owner::max ? 1 : -1;
    const auto& cb = m_.choice_begin();
    auto gain_exact = [&](std::size_t c) { return choice_value(c); };
    auto bias_exact = [&](std::size_t c) { return choice_bias(c); };
    std::size_t switched = 0;
    tied_.clear();
    for (const std::size_t s : comp) {
      if (su_.owner[s] != who || cb[s + 1] - cb[s] < 2) continue;
      lazy_value<T> now = lazy(chosen_[s], false);
      lazy_value<T> top = now;
      bool tie = false;
      for (std::size_t c = cb[s]; c < cb[s + 1]; ++c) {
        if (c == now.choice || !su_.allowed[c]) continue;
        lazy_value<T> v = lazy(c, false);
        if (compare_lazy(v, top, 1e-12L, 0, gain_exact) == better) {
          top = std::move(v);
        } else if (!tie && compare_lazy(v, now, 1e-12L, 0, gain_exact) == 0) {
          tie = true;
        }
      }
      if (top.choice != now.choice) {
        set_choice(s, top.choice);
        ++switched;
      } else if (tie) {
        tied_.push_back(s);
      }
    }
    if (switched > 0 || su_.reward || tied_.empty()) return switched;
    if (!bias_valid_) {
      solve_chain_block<T>(m_, num_, comp, chosen_, block_kind::bias, endless_, bias_, &value_, nullptr, scratch_);
      for (const std::size_t s : comp) approx_bias_[s] = approximate(bias_[s]);
      bias_valid_ = true;
    }
    for (const std::size_t s : tied_) {
      lazy_value<T> now = lazy(chosen_[s], false);
      lazy_value<T> top = lazy(now.choice, true);
      for (std::size_t c = cb[s]; c < cb[s + 1]; ++c) {
        if (c == now.choice || !su_.allowed[c]) continue;
        lazy_value<T> v = lazy(c, false);
        if (compare_lazy(v, now, 1e-12L, 0, gain_exact) != 0) continue;  // only choices of equal gain
        lazy_value<T> b = lazy(c, true);
        if (compare_lazy(b, top, 1e-9L, tie_floor_, bias_exact) == better) top = std::move(b);
      }
      if (top.choice != now.choice) {
        set_choice(s, top.choice);
        ++switched;
      }
    }
    return switched;
  }

  const decision_model& m_;
  const decision_setup& su_;
  const decision_numbers<T>& num_;
  const T endless_;
  std::vector<T>& value_;
  std::vector<std::uint32_t>& strategy_;
  decision_stats& stats_;
  std::vector<std::size_t> chosen_;  // per state: the global index of its current choice
  std::vector<T> bias_;
  std::vector<double> approx_value_, approx_bias_, approx_probability_, approx_reward_;
  std::vector<double> approx_complement_;  // exact types: per state, approximate(1 - value)
  bool bias_valid_ = false;
  double tie_floor_ = 1;                      // double bias ties: within slack·(tie_floor_ + |bias|)
  std::unique_ptr<complement_guess> refine_;  // exact types: refine_guesses
  std::vector<std::size_t> tied_;
  std::unordered_set<std::uint64_t> seen_;  // double: the strategies met on this component
  block_scratch<T> scratch_;
};

/// strategy_iteration::refine_guesses' double iteration on the complements.
struct complement_guess {
  complement_guess(const decision_model& m, const decision_setup& su, const std::vector<double>& complement,
                   double endless, std::vector<std::uint32_t>& strategy)
      : setup(su), numbers(m, false), value(complement), iteration(m, setup, numbers, endless, value, strategy, stats) {
    for (state_owner& o : setup.owner)
      o = o == state_owner::max ? state_owner::min : o == state_owner::min ? state_owner::max : o;
    iteration.relative_ties();
  }
  decision_setup setup;  // the owners swapped
  decision_numbers<double> numbers;
  std::vector<double> value;  // per state: 1 - v
  decision_stats stats;
  strategy_iteration<double> iteration;
};

inline void solve_complement(complement_guess& g, std::span<const std::size_t> comp) {
  g.iteration.solve_component(comp);
}
inline void set_complement(complement_guess& g, std::size_t s, double w) { g.iteration.set_value(s, w); }

/// Bits of the largest probability denominator of state s's choices.
long double decision_state_bits(const decision_model& m, std::size_t s);

/// Checks the state and work budgets of solving the components in T before
/// starting: per component of c states a dense c×c system, solved about
/// twice (an evaluation and the proof) when it has choices, and once when
/// it has none; for exact types the values grow
/// along the components (a component carries the denominators of the ones
/// it leads to), estimated as for the Markov chain solver.
template <OrderedField T>
void check_decision_budget(const decision_model& m, const decision_components& comps) {
  const std::size_t count = comps.count();
  std::vector<std::size_t> comp_of;
  std::vector<long double> bits;
  if constexpr (!field_traits<T>::fixed_size) {
    comp_of.assign(m.size(), count);
    for (std::size_t k = 0; k < count; ++k)
      for (std::size_t i = comps.begin[k]; i < comps.begin[k + 1]; ++i) comp_of[comps.states[i]] = k;
    bits.assign(count, 0);
  }
  const auto& cb = m.choice_begin();
  const auto& eb = m.edge_begin();
  long double work = 0, largest_bits = 64, system_bytes = 0;
  std::size_t largest = 1, neediest = 1;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t size = comps.begin[k + 1] - comps.begin[k];
    largest = std::max(largest, size);
    long double edges = 0, choosing = 0, own = 0, in = 0;
    for (std::size_t i = comps.begin[k]; i < comps.begin[k + 1]; ++i) {
      const std::size_t s = comps.states[i];
      const auto out = static_cast<long double>(eb[cb[s + 1]] - eb[cb[s]]);
      edges += out;
      if (cb[s + 1] - cb[s] > 1) choosing += out;
      if constexpr (!field_traits<T>::fixed_size) {
        own += decision_state_bits(m, s);
        for (std::size_t e = eb[cb[s]]; e < eb[cb[s + 1]]; ++e) {
          const std::size_t j = comp_of[m.targets()[e]];
          if (j < k) in = std::max(in, bits[j]);  // sinks first: successors are earlier
        }
      }
    }
    long double b = 64;
    if constexpr (!field_traits<T>::fixed_size) {
      bits[k] = std::min(in + own, 1e12L);
      b = 64 + bits[k];
      largest_bits = std::max(largest_bits, b);
    }
    const long double c = static_cast<long double>(size);
    long double solve = size == 1 ? 1.0L : c * c * c / 3;
    if constexpr (!field_traits<T>::fixed_size) {
      if (size > 1) {
        // The exact evaluation of a strategy (linear.hpp's cost model).
        const component_cost cost = exact_component_cost(c, edges, std::min(b, 1e9L));
        solve = cost.work;
        if (cost.bytes > system_bytes) {
          system_bytes = cost.bytes;
          neediest = size;
        }
      }
    }
    // A component without choices is evaluated once and compares nothing
    // (a Markov chain as a decision model); one with choices is evaluated
    // about twice, and its choices compared, at worst exactly.
    work += choosing > 0 ? 2 * (solve + 4 * choosing * operation_cost<T>(b)) : solve + edges;
  }
  const long double c = static_cast<long double>(largest);
  const long double entry = static_cast<long double>(entry_bytes<T>(std::min(largest_bits, 1e9L)));
  if (field_traits<T>::fixed_size && largest > 1) {
    system_bytes = c * c * entry;
    neediest = largest;
  }
  // The largest component's system, the values, the model itself (the
  // caller's, held throughout: per transition its target and rational
  // probability with its two limbs, per state its rows and name) and, in
  // any T but Rational, the copy of its probabilities in T
  // (decision_numbers) are held together.
  const long double values = 2.0L * static_cast<long double>(m.size()) * entry,
                    model =
                        static_cast<long double>(m.targets().size()) * (sizeof(std::size_t) + sizeof(Rational) + 64) +
                        static_cast<long double>(m.size()) * (3 * sizeof(std::size_t) + sizeof(std::string) + 8),
                    copy = std::same_as<T, Rational> ? 0.0L
                                                     : static_cast<long double>(m.probabilities().size()) * sizeof(T);
  const std::string the_model = "the model (" + human_bytes(model) + ")";
  const std::string parts = "the values (" + human_bytes(values) + ")" +
                            (copy > 0 ? ", " + the_model + " and its probabilities in " +
                                            std::string(field_traits<T>::name) + " (" + human_bytes(copy) + ")"
                                      : " and " + the_model);
  check_state_budget(system_bytes > 0 ? std::string(field_traits<T>::fixed_size ? "the" : "the exact") +
                                            " linear system of a component of " + std::to_string(neediest) +
                                            " states (" + human_bytes(system_bytes) + "), " + parts
                                      : parts,
                     system_bytes + values + model + copy, 1, "bytes");
  check_work_budget("strategy iteration in " + std::string(field_traits<T>::name) + " on " + std::to_string(m.size()) +
                        " states (" + std::to_string(count) + " components, the largest of " + std::to_string(largest) +
                        " states)",
                    work);
}

/// Runs strategy iteration in T on every component, from `strategy`, and
/// fills `value` (the settled states included).
template <OrderedField T>
void run_strategy_iteration(const decision_model& m, const decision_query& q, const decision_setup& su,
                            std::vector<T>& value, std::vector<char>& infinite, std::vector<std::uint32_t>& strategy,
                            decision_stats& stats, bool report_progress) {
  check_decision_budget<T>(m, su.components);
  const decision_numbers<T> num(m, su.reward);
  const T endless = decision_endless_value<T>(q);
  value.assign(m.size(), T(0));
  infinite.assign(m.size(), 0);
  for (std::size_t s = 0; s < m.size(); ++s) {
    switch (su.state[s]) {
      case settled::stop:
        value[s] = decision_stop_value<T>(m, q, su.is_target, s);
        break;
      case settled::zero:
        value[s] = endless;  // 0, or the default payoff (payoffs)
        break;
      case settled::one:
        value[s] = T(1);
        break;
      case settled::infinite:
        infinite[s] = 1;
        break;
      default:
        break;
    }
  }
  strategy_iteration<T> si(m, su, num, endless, value, strategy, stats);
  // A double guess with components stopped on rounding noise: refine it per component.
  if (stats.guess_used && stats.unsettled_components > 0) si.refine_guesses();
  const auto& comps = su.components;
  const std::size_t total = comps.count();
  for (std::size_t k = 0; k < total; ++k) {
    if (report_progress && q.progress && k % 256 == 0) q.progress(k, total);
    poll_interrupt();
    si.solve_component(
        std::span<const std::size_t>(comps.states).subspan(comps.begin[k], comps.begin[k + 1] - comps.begin[k]));
  }
  if (report_progress && q.progress) q.progress(total, total);
}

}  // namespace detail

}  // namespace exactdp
