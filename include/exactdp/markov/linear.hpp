// exactdp/markov/linear.hpp: dense linear solves for one strongly connected
// component of a Markov chain, the method chosen by field_traits<T>::solver:
//   double    state reduction (Grassmann, Taksar and Heyman): subtraction-free
//             elimination for the visits of a component, accurate however
//             close a self-loop is to 1 (solve_dense_double, partial
//             pivoting, remains for general systems);
//   residues  for ModInt<P> and DynModInt (residues32): FLINT's nmod_mat
//             solve for systems of 1,024 rows or more (residue_flint_
//             threshold) at least half nonzero, otherwise Gaussian
//             elimination on any nonzero pivot (exact in Z/P) with delayed
//             reduction; the template solve_dense_elimination for any other
//             exact field (elimination: the 64-bit residues);
//   Rational  FLINT: fmpz_mat_solve on integer systems (the chain's rows over
//             their common denominators), fmpq_mat_solve on rational ones;
//             compiled in lib/markov/flint_solve.cpp so that FLINT stays out
//             of the public headers. A naive Rational elimination is about
//             800x slower at 200 states (bench/markov.cpp, dense200).
// All take the n×n matrix row-major and overwrite b with the solution x of
// a·x = b. They return false when the matrix is singular (in T: a residue
// system can be singular mod P while the rational one is not).
#pragma once

#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp::detail {

/// One coefficient of an integer system: cell (row, col) gets +*value, or
/// -*value when `subtract` (repeats add up).
struct integer_entry {
  std::size_t row, col;
  const BigInt* value;
  bool subtract;
};

/// Solves the integer system M·y = rhs exactly: systems of
/// modular_threshold rows or more by p-adic lifting with early termination
/// and an exact check (solve_integer_system_modular), smaller ones with
/// FLINT's fraction-free fmpz_mat_solve. On success y = x / den with x integers and den > 0 (one
/// common denominator: no gcd per entry). M is c×c, given by its entries, so
/// that no dense table of big numbers is allocated outside FLINT. Returns
/// false when M is singular. Requires every row, col < c and rhs.size() == c.
/// Cost: about c³/3 word operations plus 2·c² + nnz per 27 bits of the
/// solution (bench/modular.cpp).
bool solve_integer_system(std::size_t c, const std::vector<integer_entry>& entries, const std::vector<BigInt>& rhs,
                          std::vector<BigInt>& x, BigInt& den);

/// Options of the modular exact solve (modular_solve.cpp). The defaults
/// are what every caller uses; tests change them to prove the safeguards.
struct modular_options {
  /// Digits that must leave a reconstruction unchanged before the exact
  /// check (0 checks the first reconstruction: a test forces a stop too
  /// early this way, and the exact check must catch it).
  std::size_t confirm = 1;
  /// Index of the first prime tried (modular_prime).
  std::size_t first_prime = 0;
};

/// What one modular solve did: the prime of its p-adic digits, the digits
/// lifted, the reconstructions tried, the candidates the exact check
/// refused, and the primes skipped because the matrix was singular there.
struct modular_stats {
  std::uint64_t prime = 0;
  std::size_t digits = 0, reconstructions = 0, failed_checks = 0, singular_primes = 0;
};

/// The i-th prime of the modular solver: the primes above 2^27 in
/// increasing order (i = 0 gives 134217757; each is below 2^28 for every i
/// the solver reaches). Deterministic, so that a
/// run can be repeated. Cost: i + 1 primality tests.
std::uint64_t modular_prime(std::size_t i);

/// The exact solves of the current thread since the last reset: how many
/// went modular and how many through FLINT's fraction-free solver, the
/// p-adic digits lifted, the candidates the exact check refused, and the
/// distinct primes used (increasing). Read by the tool for --json.
struct exact_solve_record {
  std::size_t modular = 0, fraction_free = 0, digits = 0, failed_checks = 0;
  std::vector<std::uint64_t> primes;
  void add(const modular_stats& s);
};
exact_solve_record& exact_solve_log();

/// Solves the integer system M·y = rhs of solve_integer_system by p-adic
/// lifting with early termination and an exact check (modular_solve.hpp):
/// the answer is proven. Returns false when M is singular. `stats` may be
/// null. Cost: c³/3 word operations, plus 2·c² + nnz per 27 bits of the
/// answer.
bool solve_integer_system_modular(std::size_t c, const std::vector<integer_entry>& entries,
                                  const std::vector<BigInt>& rhs, std::vector<BigInt>& x, BigInt& den,
                                  const modular_options& options = {}, modular_stats* stats = nullptr);

/// The smallest system solve_integer_system (and the exact evaluation of
/// decision strategies) sends to the modular solver; smaller ones go to
/// FLINT's fraction-free elimination, which is as fast there (bench/
/// modular.cpp). Per thread, 24 by default; tests set it to 1 (everything
/// modular) or to SIZE_MAX (nothing) to compare the two paths.
inline std::size_t& modular_threshold() {
  thread_local std::size_t threshold = 24;
  return threshold;
}

/// The cost of the exact solve of one component, from its structure.
struct component_cost {
  long double bytes = 0;  ///< peak bytes of its solve
  long double work = 0;   ///< word operations
};

/// The exact solve of a component of c states with `edges` transitions and
/// values of at most `bits` bits (a bound): the modular solver (c >=
/// modular_threshold()) holds the LU matrix modulo p (8·c² bytes, 1.5x for
/// FLINT's recursive elimination), the sparse integer matrix and its
/// entries (48 bytes a transition), and a few vectors of the answer's size;
/// it takes c³/3 word operations for the LU and 2·c² + edges per 27 bits of
/// the answer. The answer's real size is known only as the lifting goes
/// (Herman's ring of 13 from state 0: 85 digits of 27 bits over its
/// five large components, against a bound of 61,000 bits), so the work charged here
/// is the elimination and 4 digits, and the solver checks the work budget
/// at every digit it lifts. Smaller systems go to FLINT's fraction-free
/// elimination: c² entries of the answer's size. The bytes are checked
/// against the peak of a child process (tests/markov/test_modular.cpp):
/// within 1.2-1.4x on dense components of 400 and 800 states; a sparse
/// component touches fewer pages of the LU matrix than the estimate counts.
inline component_cost exact_component_cost(long double c, long double edges, long double bits) {
  component_cost r;
  const long double words = 1 + bits / 64;
  if (c >= static_cast<long double>(modular_threshold())) {
    r.bytes = 12 * c * c + 48 * edges + 6 * c * (8 * words + 32);
    r.work = c * c * c / 3 + 4 * (2 * c * c + edges) + edges * 2 * words;
  } else {
    r.bytes = c * (c + 1) * (8 * words + 32) + 48 * edges;
    r.work = c * c * c / 3 + 8 * c * c * words + edges * 2 * words;
  }
  return r;
}

/// Exact solve with FLINT. Requires a.size() == n·n, b.size() == n.
/// Returns false when a is singular. Cost: FLINT's, about O(n³) word
/// operations on numbers of O(n·log(entry size)) bits (25 ms at n = 200).
bool solve_dense_exact(std::size_t n, const std::vector<Rational>& a, std::vector<Rational>& b);

/// The smallest system solve_dense_residue gives to FLINT's nmod_mat_solve_vec
/// (recursive LU, Strassen's products or solve_threads() threads), if at
/// least half of its entries are nonzero; smaller or sparser ones take the
/// elimination with delayed reduction, faster there (bench/
/// modular.cpp, lu/*: 0.14 s against 0.18 s at 800 rows, 14.1 s against
/// 8.6 s at 3,200). Per thread, 1024 by default; tests set it to 1 to
/// compare the two paths.
inline std::size_t& residue_flint_threshold() {
  thread_local std::size_t threshold = 1024;
  return threshold;
}

/// Solve modulo the prime p < 2^31: from residue_flint_threshold() rows, when
/// at least half of the matrix is nonzero, by FLINT's nmod_mat_solve_vec;
/// otherwise (smaller or sparser systems) by Gaussian elimination on any nonzero
/// pivot with delayed reduction: 64-bit sums of products of 32-bit
/// residues, reduced every (2^64 / p²) steps (about 18 for p = 10^9 + 7),
/// so that the inner loop is a plain multiply-add. Entries are residues in
/// [0, p); b is overwritten with x. Returns false when a is singular mod p.
/// Cost: about n³/3 multiply-adds of machine words (Strassen's n^2.81 in
/// FLINT's blocks), and 8·n² bytes besides a and b.
bool solve_dense_residue(std::size_t n, const std::vector<std::uint32_t>& a, std::vector<std::uint32_t>& b,
                         std::uint32_t p);

/// Gaussian elimination with partial pivoting over double (the LU
/// factorisation applied to one right-hand side). Returns false when a
/// pivot is exactly 0. Cost: n³/3 multiply-adds.
inline bool solve_dense_double(std::size_t n, std::vector<double>& a, std::vector<double>& b) {
  for (std::size_t k = 0; k < n; ++k) {
    poll_interrupt();
    std::size_t pivot = k;
    double best = std::fabs(a[k * n + k]);
    for (std::size_t i = k + 1; i < n; ++i) {
      const double v = std::fabs(a[i * n + k]);
      if (v > best) {
        best = v;
        pivot = i;
      }
    }
    if (best == 0.0) return false;
    if (pivot != k) {
      for (std::size_t j = k; j < n; ++j) std::swap(a[k * n + j], a[pivot * n + j]);
      std::swap(b[k], b[pivot]);
    }
    const double inv = 1.0 / a[k * n + k];
    const double* row_k = &a[k * n];
    for (std::size_t i = k + 1; i < n; ++i) {
      double* row_i = &a[i * n];
      const double f = row_i[k] * inv;
      if (f == 0.0) continue;
      for (std::size_t j = k + 1; j < n; ++j) row_i[j] -= f * row_k[j];
      b[i] -= f * b[k];
    }
  }
  for (std::size_t k = n; k-- > 0;) {
    double s = b[k];
    for (std::size_t j = k + 1; j < n; ++j) s -= a[k * n + j] * b[j];
    b[k] = s / a[k * n + k];
  }
  return true;
}

/// Where the walk leaves an open component C of an absorbing chain, and the
/// reward it collects inside C, by state reduction: the states of C are
/// eliminated one by one (the chain is censored to the states left), and
/// the probability of leaving a state is always the sum of its other
/// probabilities (to the states left and out of C), never 1 minus its
/// self-loop. Nothing is ever subtracted and no expected number of visits
/// (which can pass 10^308 when a self-loop is within 10^-300 of 1) is ever
/// formed: each quantity is a probability, a normalised probability or a
/// reward, and keeps a small relative error however close the self-loops
/// are to 1. (The reward collected from a state until the walk leaves it
/// can still pass the largest double: the caller sees a flow that is not
/// finite, and markov/detail/absorption_solver.hpp solves again in long
/// double.)
/// Arguments: p is c×c row-major, p[i·c + j] = P(C_i, C_j) for i != j (the
/// diagonal is ignored); x is c×w row-major: x[i·w + t] for t < w - 1 is
/// the probability of leaving C from C_i to the t-th state outside C, and
/// x[i·w + w - 1] the reward of a step from C_i; b (size c) is the inflow
/// of each state. Probabilities and inflows are >= 0. p, x and b are
/// overwritten. On return flow[t] (size w) is the expected flow out of C to
/// the t-th outside state, and flow[w - 1] the expected reward collected in
/// C before the walk leaves it.
/// Returns c when solved, or the position i whose probability of leaving is
/// 0 in T (an underflow in double: the system is singular in T).
/// Cost: about c³/3 + c²·w/2 multiply-adds and c·(c + w) divisions.
/// Source: Grassmann, Taksar and Heyman 1985 (the GTH algorithm), applied to
/// the absorption probabilities of an absorbing chain. Status: tested
/// against exact values on random chains whose self-loops are within
/// 10^-300 of 1.
template <class T>
std::size_t state_reduction_exits(std::size_t c, std::size_t w, std::vector<T>& p, std::vector<T>& x, std::vector<T>& b,
                                  std::vector<T>& flow) {
  const T zero(0);
  flow.assign(w, zero);
  std::vector<T> g(c, zero), h(w, zero);
  for (std::size_t k = 0; k < c; ++k) {
    poll_interrupt();
    const T* row_k = &p[k * c];
    const T* x_k = &x[k * w];
    T d = zero;
    for (std::size_t t = 0; t + 1 < w; ++t) d += x_k[t];
    for (std::size_t j = k + 1; j < c; ++j) d += row_k[j];
    if (d == zero) return k;
    // Censor state k: what enters it, and what enters the states that lead
    // to it, is passed on in proportion to where k leads (g, h <= 1).
    for (std::size_t j = k + 1; j < c; ++j) g[j] = row_k[j] / d;
    for (std::size_t t = 0; t < w; ++t) h[t] = x_k[t] / d;
    if (!(b[k] == zero)) {
      for (std::size_t j = k + 1; j < c; ++j) b[j] += b[k] * g[j];
      for (std::size_t t = 0; t < w; ++t) flow[t] += b[k] * h[t];
    }
    for (std::size_t i = k + 1; i < c; ++i) {
      T* row_i = &p[i * c];
      const T f = row_i[k];
      if (f == zero) continue;
      for (std::size_t j = k + 1; j < c; ++j) row_i[j] += f * g[j];
      T* x_i = &x[i * w];
      for (std::size_t t = 0; t < w; ++t) x_i[t] += f * h[t];
    }
  }
  return c;
}

/// The values x = b + P·x on an open component C whose states are all
/// transient, by state reduction (the backward form of
/// state_reduction_exits): each pivot 1 - P(C_k, C_k) is the sum of what
/// leaves C_k, never a difference, so the solve is accurate however close a
/// self-loop is to 1 (Gaussian elimination with partial pivoting computes
/// 1 - P(k, k) and can lose every digit: it gave -2.33 for a probability
/// of 7/10 on haddad-monmege with N = 60).
/// Arguments: p is c×c row-major, p[i·c + j] = P(C_i, C_j) for i != j (the
/// diagonal is ignored); leave[i] is the probability of leaving C from C_i;
/// b[i] is C_i's own term (a reward, or the weighted values of the states
/// outside C). Probabilities are >= 0; b may have any sign. p and leave are
/// overwritten, and b with x.
/// Returns c when solved, or the position i whose probability of leaving is
/// 0 in T (an underflow in double: the system is singular in T).
/// Cost: about c³/3 multiply-adds and c² divisions.
/// Source: Grassmann, Taksar and Heyman 1985 (the GTH algorithm), applied
/// to the value equations of an absorbing chain; Stewart, "Introduction to
/// the Numerical Solution of Markov Chains" (1994), section 2.7.
/// Example: c = 2, p = {0, 1 - 2^-60, 1 - 2^-60, 0}, leave = {2^-60, 2^-60},
/// b = {1, 0}: x = {2^59 + 1/2, 2^59 - 1/2} to a few ulps.
template <class T>
std::size_t state_reduction_values(std::size_t c, std::vector<T>& p, std::vector<T>& leave, std::vector<T>& b) {
  const T zero(0);
  for (std::size_t k = 0; k < c; ++k) {
    poll_interrupt();
    T* row_k = &p[k * c];
    T d = leave[k];
    for (std::size_t j = k + 1; j < c; ++j) d += row_k[j];
    if (d == zero) return k;
    // x_k = b_k/d + sum_j (P_kj/d) x_j once the states before k are gone.
    for (std::size_t j = k + 1; j < c; ++j) row_k[j] /= d;
    leave[k] /= d;
    b[k] /= d;
    for (std::size_t i = k + 1; i < c; ++i) {
      T* row_i = &p[i * c];
      const T f = row_i[k];
      if (f == zero) continue;
      for (std::size_t j = k + 1; j < c; ++j) row_i[j] += f * row_k[j];
      leave[i] += f * leave[k];
      b[i] += f * b[k];
    }
  }
  for (std::size_t k = c; k-- > 0;) {
    const T* row_k = &p[k * c];
    T s = b[k];
    for (std::size_t j = k + 1; j < c; ++j) s += row_k[j] * b[j];
    b[k] = s;
  }
  return c;
}

/// Gaussian elimination over a field with exact equality (residues): the
/// first nonzero entry of the column is the pivot, so the result is exact
/// and a false return means the matrix really is singular in T.
/// Cost: n³/3 multiply-adds in T and n inverses.
template <Field T>
bool solve_dense_elimination(std::size_t n, std::vector<T>& a, std::vector<T>& b) {
  const T zero(0);
  for (std::size_t k = 0; k < n; ++k) {
    poll_interrupt();
    std::size_t pivot = k;
    while (pivot < n && a[pivot * n + k] == zero) ++pivot;
    if (pivot == n) return false;
    if (pivot != k) {
      for (std::size_t j = k; j < n; ++j) std::swap(a[k * n + j], a[pivot * n + j]);
      std::swap(b[k], b[pivot]);
    }
    const T inv = T(1) / a[k * n + k];
    for (std::size_t j = k + 1; j < n; ++j) a[k * n + j] = a[k * n + j] * inv;
    b[k] = b[k] * inv;
    for (std::size_t i = k + 1; i < n; ++i) {
      const T f = a[i * n + k];
      if (f == zero) continue;
      for (std::size_t j = k + 1; j < n; ++j) a[i * n + j] -= f * a[k * n + j];
      b[i] -= f * b[k];
    }
  }
  for (std::size_t k = n; k-- > 0;) {
    T s = b[k];
    for (std::size_t j = k + 1; j < n; ++j) s -= a[k * n + j] * b[j];
    b[k] = s;  // the pivot row was scaled to 1
  }
  return true;
}

/// The residue types whose trait chooses the 32-bit solver (ModInt<P>,
/// DynModInt): a modulus below 2^31 and values readable and writable as
/// 32-bit residues. (The 64-bit residues convert to uint32_t too, so only the
/// trait can tell them apart: their modulus does not fit.)
template <class T>
concept residue_type = (field_traits<T>::solver == linear_solver::residues32) && requires(const T& x) {
  { T::modulus() } -> std::convertible_to<std::uint32_t>;
  { x.value() } -> std::same_as<std::uint32_t>;  // not the 64-bit residues, whose values a uint32_t would cut
  T::from_residue(std::uint32_t{});
};

/// c = a·b modulo the prime p < 2^31, for n×n row-major matrices of
/// residues in [0, p), with delayed reduction (64-bit sums of products,
/// reduced every 2^64 / p² terms). Cost: n³ multiply-adds of machine words.
void multiply_residue_matrices(std::size_t n, const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                               std::vector<std::uint32_t>& c, std::uint32_t p);

/// The bytes that the solve of a c×c system by solve_dense<T>, with its
/// caller's matrix of T, holds at its peak: c(c + 1) entries of T, and for
/// the 32-bit residues also the matrix's copy as 32-bit residues and a
/// 64-bit working matrix (our elimination's delayed sums, or FLINT's
/// nmod_mat), plus FLINT's LU of it from residue_flint_threshold() rows.
/// For ModInt<P> that is 16 bytes an entry, and 24 from 1,024 rows, against
/// measured peaks of 17 and 29 at 600 and 1,100 states (a child process's,
/// tests/markov/test_modular.cpp). For any other type the matrix of T alone
/// (elimination in place, or the double state reduction). Cost: O(1).
template <Field T>
long double dense_solve_bytes(long double c) {
  long double entry = sizeof(T);
  if constexpr (field_traits<T>::solver == linear_solver::residues32) {
    entry += sizeof(std::uint32_t) + sizeof(std::uint64_t);
    if (c >= static_cast<long double>(residue_flint_threshold())) entry += sizeof(std::uint64_t);
  }
  return c * (c + 1) * entry;
}

/// The solver for T, as field_traits<T>::solver says: FLINT for Rational,
/// partial pivoting for double, delayed reduction for 32-bit residues,
/// elimination in T for any other exact field (the 64-bit residues).
template <Field T>
bool solve_dense(std::size_t n, std::vector<T>& a, std::vector<T>& b) {
  constexpr linear_solver solver = field_traits<T>::solver;
  if constexpr (solver == linear_solver::flint) {
    return solve_dense_exact(n, a, b);
  } else if constexpr (solver == linear_solver::pivoting) {
    return solve_dense_double(n, a, b);
  } else if constexpr (solver == linear_solver::residues32) {
    // Residues (ModInt<P>, DynModInt): elimination with delayed reduction.
    std::vector<std::uint32_t> ra(a.size()), rb(b.size());
    for (std::size_t i = 0; i < a.size(); ++i) ra[i] = a[i].value();
    for (std::size_t i = 0; i < b.size(); ++i) rb[i] = b[i].value();
    if (!solve_dense_residue(n, ra, rb, T::modulus())) return false;
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = T::from_residue(rb[i]);
    return true;
  } else {
    static_assert(solver == linear_solver::elimination && field_traits<T>::is_exact,
                  "solve_dense: field_traits<T>::solver names no solver for T");
    return solve_dense_elimination(n, a, b);
  }
}

}  // namespace exactdp::detail
