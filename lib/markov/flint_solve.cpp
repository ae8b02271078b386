// The FLINT solves of linear.hpp: exact with fmpq_mat_solve (FLINT picks
// fraction-free elimination for small systems and Dixon's p-adic lifting /
// multimodular solving for larger ones), integers with fmpz_mat_solve, and
// residues with an elimination with delayed reduction, or FLINT's
// nmod_mat_solve_vec from residue_flint_threshold rows. FLINT stays private
// to the library: nothing of it appears in a public header.
#include <flint/fmpq.h>
#include <flint/fmpq_mat.h>
#include <flint/fmpz_mat.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>

#include <algorithm>
#include <cstddef>

#include "exactdp/markov/linear.hpp"
#include "flint_threads.hpp"

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

// An owned fmpz_mat_t.
struct fmpz_matrix {
  fmpz_mat_t m;
  fmpz_matrix(slong rows, slong cols) { fmpz_mat_init(m, rows, cols); }
  ~fmpz_matrix() { fmpz_mat_clear(m); }
  fmpz_matrix(const fmpz_matrix&) = delete;
  fmpz_matrix& operator=(const fmpz_matrix&) = delete;
};

namespace {

// Solves ma·x = mb in place into b (see the comment inside).
bool solve_fmpq(std::size_t n, fmpq_matrix& ma, fmpq_matrix& mb, std::vector<Rational>& b);

}  // namespace

bool solve_dense_exact(std::size_t n, const std::vector<Rational>& a, std::vector<Rational>& b) {
  const auto rows = static_cast<slong>(n);
  fmpq_matrix ma(rows, rows), mb(rows, 1);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      const Rational& v = a[i * n + j];
      if (v != 0) fmpq_set_mpq(fmpq_mat_entry(ma.m, static_cast<slong>(i), static_cast<slong>(j)), v.backend().data());
    }
    fmpq_set_mpq(fmpq_mat_entry(mb.m, static_cast<slong>(i), 0), b[i].backend().data());
  }
  return solve_fmpq(n, ma, mb, b);
}

bool solve_integer_system(std::size_t c, const std::vector<integer_entry>& entries, const std::vector<BigInt>& rhs,
                          std::vector<BigInt>& x, BigInt& den) {
  // Large systems: p-adic lifting with early termination, proven by an
  // exact check. It returns false only when the matrix is singular modulo
  // four primes; the fraction-free solve below then decides.
  if (c >= modular_threshold() && solve_integer_system_modular(c, entries, rhs, x, den)) return true;
  ++exact_solve_log().fraction_free;
  const auto rows = static_cast<slong>(c);
  fmpz_matrix m(rows, rows), b(rows, 1), solution(rows, 1);
  fmpz_t v, d;
  fmpz_init(v);
  fmpz_init(d);
  for (const auto& e : entries) {
    fmpz_set_mpz(v, e.value->backend().data());
    fmpz* cell = fmpz_mat_entry(m.m, static_cast<slong>(e.row), static_cast<slong>(e.col));
    if (e.subtract)
      fmpz_sub(cell, cell, v);
    else
      fmpz_add(cell, cell, v);
  }
  for (std::size_t i = 0; i < c; ++i)
    fmpz_set_mpz(fmpz_mat_entry(b.m, static_cast<slong>(i), 0), rhs[i].backend().data());
  const bool ok = fmpz_mat_solve(solution.m, d, m.m, b.m) != 0 && !fmpz_is_zero(d);
  if (ok) {
    const bool negative = fmpz_sgn(d) < 0;
    x.resize(c);
    for (std::size_t i = 0; i < c; ++i) {
      fmpz* xi = fmpz_mat_entry(solution.m, static_cast<slong>(i), 0);
      if (negative) fmpz_neg(xi, xi);
      fmpz_get_mpz(x[i].backend().data(), xi);
    }
    if (negative) fmpz_neg(d, d);
    fmpz_get_mpz(den.backend().data(), d);
  }
  fmpz_clear(v);
  fmpz_clear(d);
  return ok;
}

namespace {

bool solve_fmpq(std::size_t n, fmpq_matrix& ma, fmpq_matrix& mb, std::vector<Rational>& b) {
  const auto rows = static_cast<slong>(n);
  fmpq_matrix mx(rows, 1);
  // FLINT clears denominators row by row. The component systems are
  // (I - Q)^T: each COLUMN holds one state's outgoing probabilities, with
  // one common denominator, while a row mixes the denominators of every
  // state (their lcm can be thousands of bits: 6x slower at 200 states).
  // So when the column lcms are smaller, scale columns instead:
  //   A = M·diag(1/c)  with  c_j = lcm of column j's denominators, M integer;
  //   A v = b  <=>  M u = L·b / L  with  v_j = c_j·u_j.
  std::vector<fmpz> col(n), row(n);
  for (auto& x : col) fmpz_init_set_ui(&x, 1);
  for (auto& x : row) fmpz_init_set_ui(&x, 1);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const fmpz* den = fmpq_mat_entry_den(ma.m, static_cast<slong>(i), static_cast<slong>(j));
      fmpz_lcm(&col[j], &col[j], den);
      fmpz_lcm(&row[i], &row[i], den);
    }
  slong col_bits = 0, row_bits = 0;
  for (std::size_t i = 0; i < n; ++i) {
    col_bits += static_cast<slong>(fmpz_bits(&col[i]));
    row_bits += static_cast<slong>(fmpz_bits(&row[i]));
  }
  bool ok;
  if (col_bits < row_bits) {
    fmpz_matrix m(rows, rows), rhs(rows, 1);
    fmpz_t q, l;
    fmpz_init(q);
    fmpz_init_set_ui(l, 1);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        const auto si = static_cast<slong>(i), sj = static_cast<slong>(j);
        fmpz_divexact(q, &col[j], fmpq_mat_entry_den(ma.m, si, sj));
        fmpz_mul(fmpz_mat_entry(m.m, si, sj), fmpq_mat_entry_num(ma.m, si, sj), q);
      }
    for (std::size_t i = 0; i < n; ++i) fmpz_lcm(l, l, fmpq_mat_entry_den(mb.m, static_cast<slong>(i), 0));
    for (std::size_t i = 0; i < n; ++i) {
      const auto si = static_cast<slong>(i);
      fmpz_divexact(q, l, fmpq_mat_entry_den(mb.m, si, 0));
      fmpz_mul(fmpz_mat_entry(rhs.m, si, 0), fmpq_mat_entry_num(mb.m, si, 0), q);
    }
    ok = fmpq_mat_solve_fmpz_mat(mx.m, m.m, rhs.m);
    if (ok) {
      for (std::size_t j = 0; j < n; ++j) {
        fmpq* x = fmpq_mat_entry(mx.m, static_cast<slong>(j), 0);
        fmpq_mul_fmpz(x, x, &col[j]);
        fmpq_div_fmpz(x, x, l);
      }
    }
    fmpz_clear(q);
    fmpz_clear(l);
  } else {
    ok = fmpq_mat_solve(mx.m, ma.m, mb.m);
  }
  for (auto& x : col) fmpz_clear(&x);
  for (auto& x : row) fmpz_clear(&x);
  if (!ok) return false;
  for (std::size_t i = 0; i < n; ++i)
    fmpq_get_mpq(b[i].backend().data(), fmpq_mat_entry(mx.m, static_cast<slong>(i), 0));
  return true;
}

}  // namespace

namespace {

// a mod p for any 64-bit a, by Barrett reduction (m = floor((2^64 - 1) / p);
// the quotient estimate is short by at most 2).
struct reducer {
  std::uint64_t p, m;
  explicit reducer(std::uint32_t modulus) : p(modulus), m(~std::uint64_t{0} / modulus) {}
  std::uint64_t operator()(std::uint64_t a) const {
    const auto q = static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) * m) >> 64);
    std::uint64_t r = a - q * p;
    while (r >= p) r -= p;
    return r;
  }
};

}  // namespace

// Gaussian elimination on residues with delayed reduction: the trailing
// rows keep 64-bit sums of products (each < p², p < 2^31) and are folded
// only every `batch` steps, before a sum could pass 2^64; the pivot column
// and row are reduced, and the row scaled to 1, once per step. The inner
// loop is a widening multiply-add on 32-bit residues, which compilers
// vectorise.
bool solve_dense_residue(std::size_t n, const std::vector<std::uint32_t>& a, std::vector<std::uint32_t>& b,
                         std::uint32_t p) {
  if (n == 0) return true;
  // FLINT's LU works on every cell; ours skips the zero multipliers, which
  // wins where the matrix is sparse: Herman's ring of 13 (a component of
  // 3,432 states, about 200 transitions a state) took 11.5 s of CPU here
  // against 17.2 s with FLINT. So FLINT only for mostly nonzero matrices.
  const auto nonzero =
      static_cast<std::size_t>(std::count_if(a.begin(), a.end(), [](std::uint32_t v) { return v != 0; }));
  if (n >= residue_flint_threshold() && 2 * nonzero >= n * n) {
    // FLINT's recursive LU (blocks multiplied by Strassen's method, or on
    // solve_threads() threads), then two triangular solves.
    nmod_mat_t m;
    nmod_mat_init(m, static_cast<slong>(n), static_cast<slong>(n), p);
    for (std::size_t i = 0; i < n; ++i)
      std::copy(a.begin() + static_cast<std::ptrdiff_t>(i * n), a.begin() + static_cast<std::ptrdiff_t>((i + 1) * n),
                m->rows[i]);
    std::vector<mp_limb_t> x(n), rhs(b.begin(), b.end());
    int ok = 0;
    {
      const flint_threads_scope threads;
      ok = nmod_mat_solve_vec(x.data(), m, rhs.data());
    }
    nmod_mat_clear(m);
    if (!ok) return false;
    std::copy(x.begin(), x.end(), b.begin());
    return true;
  }
  const std::size_t w = n + 1;  // the right-hand side is column n
  std::vector<std::uint64_t> m(n * w);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) m[i * w + j] = a[i * n + j];
    m[i * w + n] = b[i];
  }
  const reducer red(p);
  // Every `batch` steps the trailing sums are folded, x -> high(x)·(2^32 mod
  // p) + low(x): congruent, below `folded`, and vectorised.
  const std::uint64_t top = p - 1, high = (std::uint64_t{1} << 32) % p;
  const std::uint64_t folded = 0xffffffffULL * high + 0xffffffffULL;
  const std::uint64_t batch = (~std::uint64_t{0} - folded) / (top * top);  // products a sum can take
  std::vector<std::uint32_t> pivot(w);
  std::uint64_t since = 0;
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t found = n;
    for (std::size_t i = k; i < n; ++i) {
      std::uint64_t& cell = m[i * w + k];
      cell = red(cell);
      if (found == n && cell != 0) found = i;
    }
    if (found == n) return false;
    if (found != k)
      for (std::size_t j = k; j < w; ++j) std::swap(m[k * w + j], m[found * w + j]);
    const std::uint64_t inverse = n_invmod(m[k * w + k], p);
    std::uint64_t* row_k = &m[k * w];
    for (std::size_t j = k + 1; j < w; ++j) {
      row_k[j] = red(red(row_k[j]) * inverse);
      pivot[j] = static_cast<std::uint32_t>(row_k[j]);
    }
    for (std::size_t i = k + 1; i < n; ++i) {
      std::uint64_t* row_i = &m[i * w];
      const std::uint64_t f = row_i[k];
      if (f == 0) continue;
      const auto g = static_cast<std::uint32_t>(p - f);  // add (p - f)·pivot: only additions
      for (std::size_t j = k + 1; j < w; ++j) row_i[j] += static_cast<std::uint64_t>(g) * pivot[j];
    }
    if (++since == batch) {
      for (std::size_t i = k + 1; i < n; ++i) {
        std::uint64_t* row_i = &m[i * w];
        for (std::size_t j = k + 1; j < w; ++j) row_i[j] = (row_i[j] >> 32) * high + (row_i[j] & 0xffffffffULL);
      }
      since = 0;
    }
  }
  // Back substitution on the unit upper triangle.
  for (std::size_t k = n; k-- > 0;) {
    std::uint64_t x = m[k * w + n];
    for (std::size_t j = k + 1; j < n; ++j) x = red(x + (p - m[k * w + j]) * static_cast<std::uint64_t>(b[j]));
    b[k] = static_cast<std::uint32_t>(x);
  }
  return true;
}

void multiply_residue_matrices(std::size_t n, const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                               std::vector<std::uint32_t>& c, std::uint32_t p) {
  // Row i of c: 64-bit sums of a[i][l]·b[l][j] (each < p² < 2^62). Every
  // `batch` terms the sums are folded, x -> high(x)·(2^32 mod p) + low(x),
  // which keeps them congruent and below `folded` (a loop the compiler
  // vectorises); the full reduction is done once at the end.
  const reducer red(p);
  const std::uint64_t top = p - 1, high = (std::uint64_t{1} << 32) % p;
  const std::uint64_t folded = 0xffffffffULL * high + 0xffffffffULL;
  const std::uint64_t batch = (~std::uint64_t{0} - folded) / (top * top);
  std::vector<std::uint64_t> sum(n);
  c.assign(n * n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    std::fill(sum.begin(), sum.end(), 0);
    std::uint64_t terms = 0;
    for (std::size_t l = 0; l < n; ++l) {
      const std::uint32_t f = a[i * n + l];
      if (f == 0) continue;
      const std::uint32_t* row = &b[l * n];
      for (std::size_t j = 0; j < n; ++j) sum[j] += static_cast<std::uint64_t>(f) * row[j];
      if (++terms == batch) {
        for (auto& x : sum) x = (x >> 32) * high + (x & 0xffffffffULL);
        terms = 0;
      }
    }
    for (std::size_t j = 0; j < n; ++j) c[i * n + j] = static_cast<std::uint32_t>(red(sum[j]));
  }
}

}  // namespace exactdp::detail
