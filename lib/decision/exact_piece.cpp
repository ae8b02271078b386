// The exact solve of one strongly connected piece of a strategy's chain,
// counting with integers over common denominators (no gcd per operation):
// each row is scaled by the lcm of its probabilities' denominators, the
// values flowing in from outside the piece are put over one common
// denominator D, and FLINT's fraction-free solver gives integer solutions
// over one determinant; each value is reduced once at the end.
#include <flint/fmpz.h>
#include <flint/fmpz_mat.h>

#include "../markov/modular_solve.hpp"
#include "exactdp/decision/solve.hpp"

namespace exactdp::detail {

namespace {

struct fmpz_matrix {
  fmpz_mat_t m;
  fmpz_matrix(slong rows, slong cols) { fmpz_mat_init(m, rows, cols); }
  ~fmpz_matrix() { fmpz_mat_clear(m); }
  fmpz_matrix(const fmpz_matrix&) = delete;
  fmpz_matrix& operator=(const fmpz_matrix&) = delete;
};

// The modular solve (lib/markov/modular_solve.hpp) of the dense integer
// system a·y = det·b, its nonzero entries taken row by row.
bool solve_modular(const fmpz_mat_t a, const fmpz_mat_t b, fmpz_mat_t y, fmpz_t det) {
  const slong n = fmpz_mat_nrows(a);
  sparse_fmpz_matrix m;
  m.n = static_cast<std::size_t>(n);
  m.begin.assign(1, 0);
  for (slong i = 0; i < n; ++i) {
    for (slong j = 0; j < n; ++j) {
      const fmpz* v = fmpz_mat_entry(a, i, j);
      if (fmpz_is_zero(v)) continue;
      m.col.push_back(static_cast<std::size_t>(j));
      m.value.emplace_back();
      fmpz_init_set(&m.value.back(), v);
    }
    m.begin.push_back(m.col.size());
  }
  std::vector<fmpz> rhs(m.n), num;
  for (slong i = 0; i < n; ++i) fmpz_init_set(&rhs[static_cast<std::size_t>(i)], fmpz_mat_entry(b, i, 0));
  modular_stats stats;
  const bool ok = solve_sparse_padic(m, rhs, num, det, modular_options{}, &stats);
  exact_solve_log().add(stats);
  for (auto& v : rhs) fmpz_clear(&v);
  if (ok)
    for (slong i = 0; i < n; ++i) fmpz_swap(fmpz_mat_entry(y, i, 0), &num[static_cast<std::size_t>(i)]);
  for (auto& v : num) fmpz_clear(&v);
  return ok;
}

mpz_srcptr num_of(const Rational& q) { return mpq_numref(q.backend().data()); }
mpz_srcptr den_of(const Rational& q) { return mpq_denref(q.backend().data()); }

}  // namespace

bool solve_piece_exact(const exact_piece& piece, std::vector<Rational>& x) {
  const std::size_t n = piece.base.size();
  // D: a common denominator of every value flowing in (bases and exits).
  // Denominators that D already holds cost a divisibility test, not a gcd.
  BigInt common(1);
  mpz_ptr d = common.backend().data();
  mpz_srcptr last = nullptr;
  auto include = [&](mpz_srcptr den) {
    if (mpz_cmp_ui(den, 1) == 0 || (last && mpz_cmp(last, den) == 0) || mpz_divisible_p(d, den)) return;
    mpz_lcm(d, d, den);
    last = den;
  };
  for (const Rational& b : piece.base) include(den_of(b));
  for (const auto& t : piece.exits) include(den_of(*t.value));
  // Row scales: the lcm of each row's probability denominators (small).
  std::vector<BigInt> scale(n, BigInt(1));
  for (std::size_t r = 0; r < n; ++r) {
    mpz_ptr s = scale[r].backend().data();
    for (std::size_t i = piece.inside_begin[r]; i < piece.inside_begin[r + 1]; ++i)
      mpz_lcm(s, s, den_of(*piece.inside[i].probability));
    for (std::size_t i = piece.exit_begin[r]; i < piece.exit_begin[r + 1]; ++i)
      mpz_lcm(s, s, den_of(*piece.exits[i].probability));
  }
  const auto rows = static_cast<slong>(n);
  fmpz_matrix a(rows, rows), b(rows, 1), y(rows, 1);
  mpz_t term, share, quotient;
  mpz_inits(term, share, quotient, nullptr);
  mpz_srcptr cached_den = nullptr;
  for (std::size_t r = 0; r < n; ++r) {
    const auto sr = static_cast<slong>(r);
    mpz_srcptr s = scale[r].backend().data();
    // Matrix row: s·(e_r − sum p·e_col), integers.
    fmpz_set_mpz(fmpz_mat_entry(a.m, sr, sr), s);
    for (std::size_t i = piece.inside_begin[r]; i < piece.inside_begin[r + 1]; ++i) {
      const Rational& p = *piece.inside[i].probability;
      mpz_divexact(term, s, den_of(p));
      mpz_mul(term, term, num_of(p));
      fmpz* cell = fmpz_mat_entry(a.m, sr, static_cast<slong>(piece.inside[i].column));
      fmpz_t t;
      fmpz_init_set_readonly(t, term);
      fmpz_sub(cell, cell, t);
      fmpz_clear_readonly(t);
    }
    // Right-hand side: s·D·(base + sum p·v), integers.
    mpz_t rhs;
    mpz_init(rhs);
    auto add_scaled = [&](mpz_srcptr coefficient_num, mpz_srcptr coefficient_den, const Rational& v) {
      // s·(coefficient)·v·D = (s / coefficient_den)·coefficient_num·num(v)·(D / den(v))
      if (mpz_sgn(num_of(v)) == 0) return;
      if (cached_den == nullptr || mpz_cmp(cached_den, den_of(v)) != 0) {
        mpz_divexact(quotient, d, den_of(v));
        cached_den = den_of(v);
      }
      mpz_mul(share, num_of(v), quotient);
      mpz_divexact(term, s, coefficient_den);
      mpz_mul(term, term, coefficient_num);
      mpz_addmul(rhs, share, term);
    };
    static const BigInt one(1);
    add_scaled(one.backend().data(), one.backend().data(), piece.base[r]);
    for (std::size_t i = piece.exit_begin[r]; i < piece.exit_begin[r + 1]; ++i) {
      const Rational& p = *piece.exits[i].probability;
      add_scaled(num_of(p), den_of(p), *piece.exits[i].value);
    }
    fmpz_set_mpz(fmpz_mat_entry(b.m, sr, 0), rhs);
    mpz_clear(rhs);
  }
  mpz_clears(term, share, quotient, nullptr);
  fmpz_t det;
  fmpz_init(det);
  bool ok;
  if (n == 1) {  // a·x·D = b: no solver needed
    fmpz_set(det, fmpz_mat_entry(a.m, 0, 0));
    fmpz_set(fmpz_mat_entry(y.m, 0, 0), fmpz_mat_entry(b.m, 0, 0));
    ok = !fmpz_is_zero(det);
  } else if (n >= modular_threshold() && solve_modular(a.m, b.m, y.m, det)) {
    ok = true;  // a·y = det·b, proven by the solver's exact check
  } else {
    ++exact_solve_log().fraction_free;
    ok = fmpz_mat_solve(y.m, det, a.m, b.m) != 0;  // a·y = det·b
  }
  if (ok) {
    // x_r = y_r / (det·D), reduced once.
    mpz_t whole;
    mpz_init(whole);
    fmpz_get_mpz(whole, det);
    mpz_mul(whole, whole, d);
    x.resize(n);
    for (std::size_t r = 0; r < n; ++r) {
      mpq_ptr q = x[r].backend().data();
      fmpz_get_mpz(mpq_numref(q), fmpz_mat_entry(y.m, static_cast<slong>(r), 0));
      mpz_set(mpq_denref(q), whole);
      mpq_canonicalize(q);
    }
    mpz_clear(whole);
  }
  fmpz_clear(det);
  return ok;
}

}  // namespace exactdp::detail
