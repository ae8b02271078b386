// The exact dense solve of linear.hpp, with FLINT's fmpq_mat_solve (FLINT
// picks fraction-free elimination for small systems and Dixon's p-adic
// lifting / multimodular solving for larger ones). FLINT stays private to
// the library: nothing of it appears in a public header.
#include <flint/fmpq.h>
#include <flint/fmpq_mat.h>

#include "exactdp/markov/linear.hpp"

namespace exactdp::detail {

namespace {

// Owns an fmpq_mat_t (FLINT's C API has no RAII).
struct fmpq_matrix {
  fmpq_mat_t m;
  fmpq_matrix(slong rows, slong cols) { fmpq_mat_init(m, rows, cols); }
  ~fmpq_matrix() { fmpq_mat_clear(m); }
  fmpq_matrix(const fmpq_matrix&) = delete;
  fmpq_matrix& operator=(const fmpq_matrix&) = delete;
};

}  // namespace

bool solve_dense_exact(std::size_t n, const std::vector<Rational>& a, std::vector<Rational>& b) {
  const auto rows = static_cast<slong>(n);
  fmpq_matrix ma(rows, rows), mb(rows, 1), mx(rows, 1);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      const Rational& v = a[i * n + j];
      if (v != 0) fmpq_set_mpq(fmpq_mat_entry(ma.m, static_cast<slong>(i), static_cast<slong>(j)), v.backend().data());
    }
    fmpq_set_mpq(fmpq_mat_entry(mb.m, static_cast<slong>(i), 0), b[i].backend().data());
  }
  if (!fmpq_mat_solve(mx.m, ma.m, mb.m)) return false;
  for (std::size_t i = 0; i < n; ++i)
    fmpq_get_mpq(b[i].backend().data(), fmpq_mat_entry(mx.m, static_cast<slong>(i), 0));
  return true;
}

}  // namespace exactdp::detail
