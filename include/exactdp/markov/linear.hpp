// exactdp/markov/linear.hpp: dense linear solves for one strongly connected
// component of a Markov chain, one method per number type:
//   double    Gaussian elimination with partial pivoting (LU, one right side);
//   residues  Gaussian elimination on any nonzero pivot (exact in Z/P):
//             FLINT's nmod_mat_solve for ModInt<P> and DynModInt, the
//             template solve_dense_elimination for any other exact field;
//   Rational  FLINT's fmpq_mat_solve (fraction-free / multimodular, chosen by
//             FLINT; compiled in lib/markov/flint_solve.cpp so that FLINT
//             stays out of the public headers). A naive Rational elimination
//             is about 800x slower at 200 states (DESIGN.md "Performance").
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
#include "exactdp/numeric/rational.hpp"

namespace exactdp::detail {

/// One coefficient of a component system: entry (row, col) gets -*value.
template <class T>
struct minus_entry {
  std::size_t row, col;
  const T* value;
};

/// Exact solve of (I - sum of the entries) x = b with FLINT, the matrix
/// given by its off-identity entries (repeats add up), so that no dense
/// table of Rationals is ever allocated. Returns false when singular.
/// Requires every row, col < n and b.size() == n. Cost: as solve_dense_exact.
bool solve_identity_minus_exact(std::size_t n, const std::vector<minus_entry<Rational>>& entries,
                                std::vector<Rational>& b);

/// Exact solve with FLINT. Requires a.size() == n·n, b.size() == n.
/// Returns false when a is singular. Cost: FLINT's, about O(n³) word
/// operations on numbers of O(n·log(entry size)) bits (25 ms at n = 200).
bool solve_dense_exact(std::size_t n, const std::vector<Rational>& a, std::vector<Rational>& b);

/// Solve modulo the prime p < 2^31 with FLINT's nmod_mat_solve (LU on any
/// nonzero pivot, with delayed reduction). Entries are residues in [0, p);
/// b is overwritten with x. Returns false when a is singular mod p.
/// Cost: about n³/3 multiply-adds of machine words.
bool solve_dense_residue(std::size_t n, const std::vector<std::uint32_t>& a, std::vector<std::uint32_t>& b,
                         std::uint32_t p);

/// Gaussian elimination with partial pivoting over double (the LU
/// factorisation applied to one right-hand side). Returns false when a
/// pivot is exactly 0. Cost: n³/3 multiply-adds.
inline bool solve_dense_double(std::size_t n, std::vector<double>& a, std::vector<double>& b) {
  for (std::size_t k = 0; k < n; ++k) {
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

/// Gaussian elimination over a field with exact equality (residues): the
/// first nonzero entry of the column is the pivot, so the result is exact
/// and a false return means the matrix really is singular in T.
/// Cost: n³/3 multiply-adds in T and n inverses.
template <Field T>
bool solve_dense_elimination(std::size_t n, std::vector<T>& a, std::vector<T>& b) {
  const T zero(0);
  for (std::size_t k = 0; k < n; ++k) {
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

/// The solver for T: FLINT for Rational, partial pivoting for double,
/// elimination for residues (and any other exact field).
template <Field T>
bool solve_dense(std::size_t n, std::vector<T>& a, std::vector<T>& b) {
  if constexpr (std::same_as<T, Rational>) {
    return solve_dense_exact(n, a, b);
  } else if constexpr (std::same_as<T, double>) {
    return solve_dense_double(n, a, b);
  } else if constexpr (requires(const T& x) {
                         { T::modulus() } -> std::convertible_to<std::uint32_t>;
                         { x.value() } -> std::convertible_to<std::uint32_t>;
                         T::from_residue(std::uint32_t{});
                       }) {
    // Residues (ModInt<P>, DynModInt): FLINT's word-size elimination.
    std::vector<std::uint32_t> ra(a.size()), rb(b.size());
    for (std::size_t i = 0; i < a.size(); ++i) ra[i] = a[i].value();
    for (std::size_t i = 0; i < b.size(); ++i) rb[i] = b[i].value();
    if (!solve_dense_residue(n, ra, rb, T::modulus())) return false;
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = T::from_residue(rb[i]);
    return true;
  } else {
    static_assert(field_traits<T>::is_exact, "solve_dense: an inexact type other than double has no solver");
    return solve_dense_elimination(n, a, b);
  }
}

}  // namespace exactdp::detail
