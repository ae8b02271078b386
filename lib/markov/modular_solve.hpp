// lib/markov/modular_solve.hpp (private to the library: FLINT types): the
// exact solve of an integer system A·x = b by p-adic lifting with early
// termination, shared by the Markov chain solver (flint_solve.cpp) and the
// exact evaluation of decision strategies (lib/decision/exact_piece.cpp).
#pragma once

#include <flint/fmpz.h>

#include <cstddef>
#include <vector>

#include "exactdp/markov/linear.hpp"

namespace exactdp::detail {

/// A square integer matrix by rows (compressed sparse rows): row i holds
/// the entries col[k], value[k] for begin[i] <= k < begin[i + 1], at most
/// one per column. Owns its fmpz values.
struct sparse_fmpz_matrix {
  std::size_t n = 0;
  std::vector<std::size_t> begin, col;
  std::vector<fmpz> value;
  sparse_fmpz_matrix() = default;
  sparse_fmpz_matrix(const sparse_fmpz_matrix&) = delete;
  sparse_fmpz_matrix& operator=(const sparse_fmpz_matrix&) = delete;
  ~sparse_fmpz_matrix() {
    for (auto& v : value) fmpz_clear(&v);
  }
};

/// Solves A·x = b for the nonsingular integer matrix A by p-adic lifting
/// (Dixon 1982) with early termination: one LU factorisation of A modulo
/// the prime p (FLINT's nmod_mat_lu), then one p-adic digit of x per step
/// (two triangular solves mod p and one sparse product over the integers),
/// a rational reconstruction of the whole vector over one common
/// denominator at geometrically spaced steps, `options.confirm` more
/// digits that must leave it unchanged, and the exact check A·num = den·b.
/// A candidate that fails the check is dropped and the lifting goes on: the
/// result is proven, never guessed. On success x = num / den with den > 0
/// and returns true. Returns false when A is singular modulo four primes in
/// turn (the caller then decides singularity with FLINT's exact solver).
/// `b` has n entries. Errors: resource_error from poll_interrupt.
/// Cost: n³/3 word operations for the LU, and per digit 2·n² word
/// operations plus nnz(A) integer products; the number of digits is the
/// bit size of the answer (numerators and common denominator) over 50.
bool solve_sparse_padic(const sparse_fmpz_matrix& a, const std::vector<fmpz>& b, std::vector<fmpz>& num, fmpz_t den,
                        const modular_options& options, modular_stats* stats);

}  // namespace exactdp::detail
