// exactdp/decision/detail/pig.hpp: the algorithms of Pig (decision/pig.hpp
// holds the contract and the method): the affine passes, the best answers,
// the exact proof of a pair, the solve of the pairs in order, and the
// definitions of pig_game, pig_values_at and pig_residue. Internal: include
// exactdp/decision/pig.hpp.
#pragma once

#include <gmp.h>
#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>
#include "exactdp/markov/chain.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/decision/pig.hpp"

namespace exactdp {

namespace detail {

/// The algorithms' access to a solution's arrays.
struct pig_access {
  template <class T>
  static std::vector<std::uint8_t>& policy(pig_solution<T>& s) {
    return s.policy_;
  }
  template <class T>
  static const std::vector<std::uint8_t>& policy(const pig_solution<T>& s) {
    return s.policy_;
  }
  template <class T>
  static std::vector<T>& start(pig_solution<T>& s) {
    return s.start_;
  }
  template <class T>
  static const std::vector<T>& start(const pig_solution<T>& s) {
    return s.start_;
  }
  template <class T>
  static pig_stats& stats(pig_solution<T>& s) {
    return s.stats_;
  }
  template <class T>
  static std::size_t index(const pig_solution<T>& s, int i, int j, int k) {
    return s.index(i, j, k);
  }
  template <class T>
  static void layout(pig_solution<T>& s, int faces, int target, std::vector<std::size_t> base) {
    s.faces_ = faces;
    s.target_ = target;
    s.base_ = std::move(base);
  }
};

inline void check_pig(int faces, int target) {
  if (faces < 2 || faces > pig_max_faces)
    throw std::invalid_argument("Pig: the die needs 2 to " + std::to_string(pig_max_faces) + " faces, not " +
                                std::to_string(faces) + " (with one face every roll is a 1 and no one ever scores)");
  if (target < 1 || target > pig_max_target)
    throw std::invalid_argument("Pig: the target must be 1 to " + std::to_string(pig_max_target) + ", not " +
                                std::to_string(target));
}

/// out = 1 − p (for Rational without a gcd: 1 − a/b = (b − a)/b is in lowest terms).
template <Field T>
void pig_one_minus(T& out, const T& p) {
  if constexpr (std::same_as<T, Rational>) {
    mpq_ptr o = out.backend().data();
    mpq_srcptr q = p.backend().data();
    if (o == q) {
      mpz_sub(mpq_numref(o), mpq_denref(o), mpq_numref(o));
    } else {
      mpz_sub(mpq_numref(o), mpq_denref(q), mpq_numref(q));
      mpz_set(mpq_denref(o), mpq_denref(q));
    }
  } else {
    out = T(1) - p;
  }
}

/// x = x / faces (for Rational with one small gcd instead of a full one).
template <Field T>
void pig_divide(T& x, unsigned faces, const T& inverse) {
  if constexpr (std::same_as<T, Rational>) {
    mpq_ptr q = x.backend().data();
    if (mpz_sgn(mpq_numref(q)) == 0) return;
    const unsigned long g = mpz_gcd_ui(nullptr, mpq_numref(q), faces);
    if (g > 1) mpz_divexact_ui(mpq_numref(q), mpq_numref(q), g);
    mpz_mul_ui(mpq_denref(q), mpq_denref(q), faces / g);
  } else if constexpr (!field_traits<T>::is_exact) {
    x /= T(static_cast<std::int64_t>(faces));  // fixed_divisor's rule: inexact types divide every time
  } else {
    x *= inverse;
  }
}

/// Sign of a − b for strategy comparisons: exact for Rational (filtered
/// through doubles, see the file comment), within 1e-12 for double (closer
/// is a tie, which keeps the current action).
template <OrderedField T>
int pig_compare(const T& a, const T& b) {
  if constexpr (field_traits<T>::is_exact) {
    const double da = approximate(a), db = approximate(b);
    if (da > db + 1e-12) return 1;
    if (da < db - 1e-12) return -1;
    return a > b ? 1 : a < b ? -1 : 0;
  } else {
    const double tol = 1e-12;
    return a > b + tol ? 1 : a < b - tol ? -1 : 0;
  }
}

/// One side of a score pair: the mover has score i against j; n = T − i
/// states k = 0..n−1; roll[k] is the strategy; hold[k] = 1 − P(j, i + k, 0).
template <Field T>
struct pig_side {
  int i = 0, j = 0, n = 0;
  std::uint8_t* roll = nullptr;
  std::vector<T> hold, alpha, beta, x;
};

/// x_k = alpha_k + beta_k·c under the side's strategy (see the file comment).
template <Field T>
void pig_affine(pig_side<T>& s, unsigned faces, const T& inverse) {
  const int n = s.n, f = static_cast<int>(faces);
  s.alpha.resize(static_cast<std::size_t>(n));
  s.beta.resize(static_cast<std::size_t>(n));
  // wa, wb: sums of alpha / beta over k+2 .. k+F (1 and 0 beyond n − 1).
  T wa(f - 1), wb(0);
  const T one(1), zero(0);
  for (int k = n - 1; k >= 0; --k) {
    const auto uk = static_cast<std::size_t>(k);
    if (s.roll[uk]) {
      s.alpha[uk] = wa;
      s.alpha[uk] += one;
      pig_divide(s.alpha[uk], faces, inverse);
      s.beta[uk] = wb;
      s.beta[uk] -= one;
      pig_divide(s.beta[uk], faces, inverse);
    } else if (k > 0) {
      s.alpha[uk] = s.hold[uk];
      s.beta[uk] = zero;
    } else {
      s.alpha[uk] = one;
      s.beta[uk] = T(-1);
    }
    if (k == 0) break;
    // Slide to k − 1: the window gains k + 1 and loses k + F.
    if (k + 1 < n) {
      wa += s.alpha[uk + 1];
      wb += s.beta[uk + 1];
    } else {
      wa += one;
    }
    if (k + f < n) {
      wa -= s.alpha[uk + faces];
      wb -= s.beta[uk + faces];
    } else {
      wa -= one;
    }
  }
}

/// The best answer of a side to c = P(j, i, 0), by a backward pass: at each
/// k the better of rolling and holding given the values already chosen
/// above k; a tie keeps the current action. Fills s.x with the values and
/// returns the number of actions changed. With an optimal strategy nothing
/// changes and s.x holds the exact values: this pass is the proof.
template <OrderedField T>
std::size_t pig_best_answer(pig_side<T>& s, const T& c, unsigned faces, const T& inverse) {
  const int n = s.n, f = static_cast<int>(faces);
  s.x.resize(static_cast<std::size_t>(n));
  T lose;  // the value of a 1: the opponent moves at (j, i, 0)
  pig_one_minus(lose, c);
  T w(f - 1), r;
  const T one(1);
  std::size_t changed = 0;
  for (int k = n - 1; k >= 0; --k) {
    const auto uk = static_cast<std::size_t>(k);
    r = w;
    r += lose;
    pig_divide(r, faces, inverse);
    const T& h = k > 0 ? s.hold[uk] : lose;
    const int cmp = pig_compare(r, h);
    const bool roll = k == 0 || (s.roll[uk] ? cmp >= 0 : cmp > 0);  // a turn starts with a roll
    if (roll != static_cast<bool>(s.roll[uk])) {
      s.roll[uk] = roll ? 1 : 0;
      ++changed;
    }
    s.x[uk] = roll ? r : h;
    if (k == 0) break;
    w += k + 1 < n ? s.x[uk + 1] : one;
    w -= k + f < n ? s.x[uk + faces] : one;
  }
  return changed;
}

/// Solves the 2×2 system of a pair from the affine forms of its sides:
/// x0 = a0 + b0·y0, y0 = g0 + d0·x0. When both sides hold at 0 the play
/// never ends (determinant 0): a draw, 1/2 each.
template <Field T>
void pig_pair_values(const pig_side<T>& a, const pig_side<T>& b, T& x0, T& y0) {
  T det = a.beta[0] * b.beta[0];
  pig_one_minus(det, det);
  if (det == T(0)) {
    x0 = y0 = T(1) / T(2);
    return;
  }
  x0 = a.beta[0] * b.alpha[0];
  x0 += a.alpha[0];
  x0 /= det;
  y0 = b.beta[0] * x0;
  y0 += b.alpha[0];
}

/// Fills the hold values of side (i, j) from the stored P(j, ·, 0).
template <Field T>
void pig_hold_values(pig_side<T>& s, const std::vector<T>& start, int target) {
  s.hold.resize(static_cast<std::size_t>(s.n));
  for (int k = 1; k < s.n; ++k)
    pig_one_minus(
        s.hold[static_cast<std::size_t>(k)],
        start[static_cast<std::size_t>(s.j) * static_cast<std::size_t>(target) + static_cast<std::size_t>(s.i + k)]);
}

/// The bits of the denominator of an exact value (0 otherwise).
template <class T>
std::size_t pig_bits(const T& v) {
  if constexpr (std::same_as<T, Rational>)
    return mpz_sizeinbase(mpq_denref(v.backend().data()), 2);
  else
    return 0;
}

/// The integer proof of one pair {i, j} with exact comparisons (compiled
/// in lib/decision/pig_exact.cpp; pig_prover sends it the pairs with a near
/// tie): the pair's strategy is evaluated at every state with
/// integers over one common denominator L (the values are
/// (A_k + B_k·c·L) / (L·F^(n−k)) with c the other side's start value, so the
/// recurrence needs no gcd), P(i, j, 0) and P(j, i, 0) are solved from the
/// 2×2 system and reduced once, and every state's two actions are compared
/// (filtered through doubles, exactly on a near tie). On success the two
/// values are stored in `start` and true is returned; false means the
/// strategy is not optimal (or holds at 0 on both sides) and the caller
/// improves it with the general iteration. `lcm_i` must be a multiple of
/// the denominators of P(i, m, 0) for m > j, `lcm_j` of P(j, m, 0) for m > i.
bool pig_prove_pair(unsigned faces, int target, int i, int j, const std::uint8_t* roll_i, const std::uint8_t* roll_j,
                    std::vector<Rational>& start, const BigInt& lcm_i, const BigInt& lcm_j);

/// Test hooks of the exact proof: `tolerance_factor` scales the proven
/// error bound under which pig_prover's double comparisons count as near
/// ties (a large factor sends every pair to the integer proof with exact
/// comparisons; tests only).
struct pig_exact_hooks {
  double tolerance_factor = 1.0;
};
pig_exact_hooks& pig_hooks();

/// The fast exact proof of a double strategy, pair by pair in decreasing
/// score sum (compiled in lib/decision/pig_exact.cpp; see pig.hpp). For the
/// pair {i, j}: each side's value at turn total 0 is affine in the other
/// side's, x_0 = alpha + beta·c, with alpha = sum over the holding states k
/// of reach(k)·(1 − P(j, i + k, 0)) plus the chance of rolling to the
/// target and of rolling a 1, beta = −(the chance of rolling a 1); the
/// reach probabilities are integers over F^n (forward, O(n·F) small
/// integer additions), the hold values integers over L, a multiple of
/// the denominators of the hold targets (the lcm of a suffix of their
/// column, from the first holding turn total). The 2×2 system then gives
/// P(i, j, 0) and P(j, i, 0) exactly, reduced once. Optimality: a backward
/// pass in double from these exact values compares both actions at every
/// state; with inputs within 2^-51 and (F + 1)·2^-53 added per step, a
/// difference above (n + 8)(F + 2)·2^-52 has the exact sign; a pair with
/// a closer one goes to pig_prove_pair (exact comparisons). Cost per pair:
/// O(n·F) small-integer and double operations, and per holding state one
/// exact division of L and one product at the size of the values.
class pig_prover {
 public:
  pig_prover(unsigned faces, int target);
  /// Proves the strategy of pair {i, j} (every pair of larger sum solved
  /// and recorded with stored()); on success stores P(i, j, 0) and
  /// P(j, i, 0) in `start` and returns true; false: the strategy is not
  /// optimal (the caller improves it).
  bool prove(int i, int j, const std::uint8_t* roll_i, const std::uint8_t* roll_j, std::vector<Rational>& start);
  /// Records the values of pair {i, j} stored in `start` (their doubles).
  void stored(const std::vector<Rational>& start, int i, int j);
  /// Pairs sent to the integer proof by a near tie.
  std::size_t near_ties() const { return near_ties_; }

 private:
  const BigInt& suffix(const std::vector<Rational>& start, int col, int from);
  void reach(const std::uint8_t* roll, int a, int b, int n, BigInt& scale, BigInt& A, BigInt& B);
  int check_side(const std::uint8_t* roll, int a, int b, int n, double c);
  unsigned faces_;
  int target_;
  std::vector<BigInt> suffix_lcm_;  // column c: lcm of the denominators of P(c, m, 0), m >= suffix_from_[c]
  std::vector<int> suffix_from_;
  std::vector<double> start_double_;  // P(i, j, 0) as doubles (truncated: within 2^-53)
  std::vector<BigInt> reach_;
  std::vector<double> x_;
  std::vector<int> held_;  // the holding turn totals reached
  BigInt aa_, ab_, ba_, bb_, la_, lb_;
  const std::vector<Rational>* start_ = nullptr;
  std::size_t near_ties_ = 0;
};

/// Solves every pair in T, from the strategy in pig_access::policy(sol).
template <OrderedField T>
void pig_solve_pairs(pig_solution<T>& sol, const std::function<void(std::size_t, std::size_t)>& progress) {
  const int target = sol.target();
  const auto faces = static_cast<unsigned>(sol.faces());
  const T inverse = T(1) / T(static_cast<std::int64_t>(faces));
  pig_side<T> a, b;
  std::vector<std::uint8_t> mirror;  // the second side's strategy when i == j
  T x0, y0;
  auto& st = pig_access::stats(sol);
  const std::size_t diagonals = static_cast<std::size_t>(2 * target - 1);
  long double work_done = 0;
  // Exact runs that start from a guess prove it pair by pair (pig_prover).
  const bool prove = std::same_as<T, Rational> && st.guess_used;
  std::optional<pig_prover> prover;
  if (prove) prover.emplace(faces, target);
  for (int sum = 2 * target - 2; sum >= 0; --sum) {
    if (progress) progress(static_cast<std::size_t>(2 * target - 2 - sum), diagonals);
    poll_interrupt();
    {
      // The work left, priced at the size the values have reached so far:
      // one step per operation in a fixed-size type. The fast proof
      // (pig_prover) does per state and face one small-integer addition
      // (T·log2 F bits) and per pair 2(F + 6) products, divisions and gcds
      // at the size of the values (each words·log2(words)); the exact
      // iteration 12 Rational operations per state.
      long double left = 0, pairs_left = 0;
      for (int i = 0; i <= sum / 2; ++i)
        if (sum - i < target) {
          left += static_cast<long double>(2 * target - sum);
          pairs_left += 1;
        }
      const long double bits = static_cast<long double>(std::max<std::size_t>(st.value_bits, 64));
      long double cost = left * 12 * operation_cost<T>(2 * bits);
      if (prove) {
        const long double words = 1 + 2 * bits / 64;
        cost = left * faces *
                   operation_cost<BigInt>(static_cast<long double>(target) * std::log2(static_cast<double>(faces))) +
               pairs_left * 2 * (faces + 6) * operation_cost<T>(2 * bits) * std::max(1.0L, std::log2(words));
      }
      check_work_budget(
          "the Pig solve (faces " + std::to_string(faces) + ", target " + std::to_string(target) + ") at score sum " +
              std::to_string(sum) +
              (field_traits<T>::fixed_size ? std::string()
                                           : ", with values of " + std::to_string(st.value_bits) + " bits"),
          work_done + cost);
      work_done += cost;
    }
    for (int i = std::max(0, sum - target + 1); 2 * i <= sum; ++i) {
      const int j = sum - i;
      if constexpr (std::same_as<T, Rational>) {
        if (prove && prover->prove(i, j, &pig_access::policy(sol)[pig_access::index(sol, i, j, 0)],
                                   &pig_access::policy(sol)[pig_access::index(sol, j, i, 0)], pig_access::start(sol))) {
          prover->stored(pig_access::start(sol), i, j);
          const std::size_t ij =
              static_cast<std::size_t>(i) * static_cast<std::size_t>(target) + static_cast<std::size_t>(j);
          const std::size_t ji =
              static_cast<std::size_t>(j) * static_cast<std::size_t>(target) + static_cast<std::size_t>(i);
          st.value_bits =
              std::max({st.value_bits, pig_bits(pig_access::start(sol)[ij]), pig_bits(pig_access::start(sol)[ji])});
          ++st.pairs;
          ++st.pairs_proved;
          st.evaluations += 2;
          continue;
        }
      }
      a.i = i, a.j = j, a.n = target - i;
      b.i = j, b.j = i, b.n = target - j;
      a.roll = &pig_access::policy(sol)[pig_access::index(sol, i, j, 0)];
      if (i == j) {
        mirror.assign(a.roll, a.roll + a.n);
        b.roll = mirror.data();
      } else {
        b.roll = &pig_access::policy(sol)[pig_access::index(sol, j, i, 0)];
      }
      pig_hold_values(a, pig_access::start(sol), target);
      pig_hold_values(b, pig_access::start(sol), target);
      pig_affine(a, faces, inverse);
      pig_affine(b, faces, inverse);
      st.evaluations += 2;
      pig_pair_values(a, b, x0, y0);
      // Exact arithmetic settles (each change strictly raises the improving
      // side's value, and the game stops with probability 1). In double a
      // pair whose 2x2 system is nearly singular can flip a choice back and
      // forth on rounding noise above the 1e-12 tie margin: after `limit`
      // rounds the double run keeps the strategy it has (its values are
      // within that noise of the optimum; the exact run re-proves every pair).
      const std::size_t limit = (field_traits<T>::is_exact ? 64 : 1) * (4 * static_cast<std::size_t>(target) + 100);
      std::size_t rounds = 0;
      auto too_many = [&] {
        // Each further round re-evaluates a side: its work is counted, so a
        // run whose pairs keep changing is stopped at the work budget.
        work_done += 12 * static_cast<long double>(target - i) *
                     operation_cost<T>(2.0L * static_cast<long double>(std::max<std::size_t>(st.value_bits, 64)));
        if (work_done > work_budget_steps())
          check_work_budget("the Pig solve (faces " + std::to_string(faces) + ", target " + std::to_string(target) +
                                ") at score pair (" + std::to_string(i) + ", " + std::to_string(j) + ")",
                            work_done);
        if (++rounds <= limit) return false;
        if constexpr (field_traits<T>::is_exact)
          throw std::logic_error("Pig: strategy iteration did not settle on the score pair (" + std::to_string(i) +
                                 ", " + std::to_string(j) + ") in exact arithmetic");
        ++st.unsettled_pairs;
        return true;
      };
      bool stop = false;
      while (!stop) {
        while (!stop && pig_best_answer(b, x0, faces, inverse) > 0) {
          ++st.rounds;
          pig_affine(b, faces, inverse);
          ++st.evaluations;
          pig_pair_values(a, b, x0, y0);
          stop = too_many();
        }
        if (stop || pig_best_answer(a, y0, faces, inverse) == 0) break;
        ++st.rounds;
        pig_affine(a, faces, inverse);
        ++st.evaluations;
        pig_pair_values(a, b, x0, y0);
        stop = too_many();
      }
      const std::size_t ij =
          static_cast<std::size_t>(i) * static_cast<std::size_t>(target) + static_cast<std::size_t>(j);
      const std::size_t ji =
          static_cast<std::size_t>(j) * static_cast<std::size_t>(target) + static_cast<std::size_t>(i);
      pig_access::start(sol)[ij] = a.x[0];
      pig_access::start(sol)[ji] = b.x[0];
      st.value_bits = std::max({st.value_bits, pig_bits(a.x[0]), pig_bits(b.x[0])});
      if constexpr (std::same_as<T, Rational>)
        if (prove) prover->stored(pig_access::start(sol), i, j);
      ++st.pairs;
    }
  }
  if (prove) st.pairs_near_tie = prover->near_ties();
  if (progress) progress(diagonals, diagonals);
}

template <class T>
void pig_layout(pig_solution<T>& sol, int faces, int target) {
  check_pig(faces, target);
  const auto t = static_cast<long double>(target);
  const long double states = t * t * (t + 1) / 2;
  check_state_budget(
      "Pig with target " + std::to_string(target) + " (" + std::to_string(static_cast<long long>(states)) + " states)",
      states, 1);
  check_state_budget("Pig's turn-start values", t * t, entry_bytes<T>(64));
  std::vector<std::size_t> base(static_cast<std::size_t>(target) + 1, 0);
  for (int i = 0; i < target; ++i)
    base[static_cast<std::size_t>(i) + 1] =
        base[static_cast<std::size_t>(i)] + static_cast<std::size_t>(target) * static_cast<std::size_t>(target - i);
  pig_access::policy(sol).assign(base.back(), 1);  // first strategy: always roll
  pig_access::start(sol).assign(static_cast<std::size_t>(target) * static_cast<std::size_t>(target), T(0));
  pig_access::layout(sol, faces, target, std::move(base));
}

}  // namespace detail

template <OrderedField T>
pig_solution<T> pig_game(int faces, int target, bool double_guess,
                         const std::function<void(std::size_t, std::size_t)>& progress) {
  detail::check_pig(faces, target);
  {
    // The whole need at once, so that the first refusal names it: the
    // strategy (a byte a state) and the turn-start values of the solve; for
    // T exact with the double's guess, also the guess's strategy and values
    // and the copy of its strategy kept to count the changes.
    const auto t = static_cast<long double>(target);
    const long double states = t * t * (t + 1) / 2;
    const bool guess = field_traits<T>::is_exact && double_guess;
    const long double bytes =
        states * (guess ? 3 : 1) + t * t * static_cast<long double>(entry_bytes<T>(64) + (guess ? sizeof(double) : 0));
    check_state_budget("Pig with target " + std::to_string(target) + " (" +
                           std::to_string(static_cast<long long>(states)) + " states: the strategy" +
                           (guess ? ", the double's guess" : "") + " and the turn-start values)",
                       bytes, 1, "bytes");
  }
  pig_solution<T> sol;
  detail::pig_layout(sol, faces, target);
  if constexpr (field_traits<T>::is_exact) {
    if (double_guess) {
      pig_solution<double> guess;
      detail::pig_layout(guess, faces, target);
      detail::pig_solve_pairs(guess, {});
      detail::pig_access::policy(sol) = detail::pig_access::policy(guess);
      detail::pig_access::stats(sol).guess_used = true;
    }
  }
  const std::vector<std::uint8_t> first =
      detail::pig_access::stats(sol).guess_used ? detail::pig_access::policy(sol) : std::vector<std::uint8_t>{};
  detail::pig_solve_pairs(sol, progress);
  if (detail::pig_access::stats(sol).guess_used)
    for (std::size_t s = 0; s < first.size(); ++s)
      detail::pig_access::stats(sol).guess_wrong += first[s] != detail::pig_access::policy(sol)[s] ? 1 : 0;
  return sol;
}

template <OrderedField T>
pig_values<T> pig_values_at(const pig_solution<T>& sol, int i, int j, int k) {
  sol.check(i, j, k);
  const int target = sol.target();
  const auto faces = static_cast<unsigned>(sol.faces());
  const T inverse = T(1) / T(static_cast<std::int64_t>(faces));
  detail::pig_side<T> s;
  s.i = i, s.j = j, s.n = target - i;
  std::vector<std::uint8_t> roll(
      detail::pig_access::policy(sol).begin() + static_cast<std::ptrdiff_t>(detail::pig_access::index(sol, i, j, 0)),
      detail::pig_access::policy(sol).begin() + static_cast<std::ptrdiff_t>(detail::pig_access::index(sol, i, j, 0)) +
          s.n);
  s.roll = roll.data();
  detail::pig_hold_values(s, detail::pig_access::start(sol), target);
  const T& c = sol.turn_start(j, i);
  detail::pig_best_answer(s, c, faces, inverse);  // the solution is optimal: nothing changes
  pig_values<T> v;
  const auto uk = static_cast<std::size_t>(k);
  v.win = s.x[uk];
  // The value of the other action at k, from the values above k.
  T w(0), lose;
  detail::pig_one_minus(lose, c);
  for (unsigned f = 2; f <= faces; ++f) w += k + static_cast<int>(f) < s.n ? s.x[uk + f] : T(1);
  w += lose;
  detail::pig_divide(w, faces, inverse);
  v.roll = w;
  v.hold = k > 0 ? s.hold[uk] : lose;  // at k = 0: what a pass would be worth (not an action)
  v.best = sol.action(i, j, k);
  v.tie = k > 0 && v.roll == v.hold;
  return v;
}

template <class M>
M pig_residue(const pig_solution<Rational>& sol, int i, int j, int k) {
  sol.check(i, j, k);
  const int target = sol.target();
  const auto faces = static_cast<unsigned>(sol.faces());
  const M inverse = M(1) / M(static_cast<std::int64_t>(faces));
  std::vector<M> start(static_cast<std::size_t>(target) * static_cast<std::size_t>(target), M(0));
  detail::pig_side<M> a, b;
  std::vector<std::uint8_t> pa, pb;
  M x0, y0;
  for (int sum = 2 * target - 2; sum >= 0; --sum)
    for (int p = std::max(0, sum - target + 1); 2 * p <= sum; ++p) {
      poll_interrupt();
      const int q = sum - p;
      a.i = p, a.j = q, a.n = target - p;
      b.i = q, b.j = p, b.n = target - q;
      pa.assign(detail::pig_access::policy(sol).begin() +
                    static_cast<std::ptrdiff_t>(detail::pig_access::index(sol, p, q, 0)),
                detail::pig_access::policy(sol).begin() +
                    static_cast<std::ptrdiff_t>(detail::pig_access::index(sol, p, q, 0)) + a.n);
      pb.assign(detail::pig_access::policy(sol).begin() +
                    static_cast<std::ptrdiff_t>(detail::pig_access::index(sol, q, p, 0)),
                detail::pig_access::policy(sol).begin() +
                    static_cast<std::ptrdiff_t>(detail::pig_access::index(sol, q, p, 0)) + b.n);
      a.roll = pa.data();
      b.roll = pb.data();
      detail::pig_hold_values(a, start, target);
      detail::pig_hold_values(b, start, target);
      detail::pig_affine(a, faces, inverse);
      detail::pig_affine(b, faces, inverse);
      M det = a.beta[0] * b.beta[0];
      det = M(1) - det;
      if (det == M(0))
        throw std::domain_error("Pig: the system of scores {" + std::to_string(p) + ", " + std::to_string(q) +
                                "} is singular modulo " + std::to_string(M::modulus()) +
                                ", so the answer has no residue mod " + std::to_string(M::modulus()));
      detail::pig_pair_values(a, b, x0, y0);
      start[static_cast<std::size_t>(p) * static_cast<std::size_t>(target) + static_cast<std::size_t>(q)] = x0;
      start[static_cast<std::size_t>(q) * static_cast<std::size_t>(target) + static_cast<std::size_t>(p)] = y0;
      if (p == i && q == j) {
        if (k == 0) return x0;
        return a.alpha[static_cast<std::size_t>(k)] + a.beta[static_cast<std::size_t>(k)] * y0;
      }
      if (q == i && p == j) {
        if (k == 0) return y0;
        return b.alpha[static_cast<std::size_t>(k)] + b.beta[static_cast<std::size_t>(k)] * x0;
      }
    }
  throw std::logic_error("pig_residue: state not reached");
}

}  // namespace exactdp
