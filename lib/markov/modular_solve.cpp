// The modular exact solve (modular_solve.hpp): p-adic lifting on one LU
// factorisation modulo a prime just above 2^27, with rational
// reconstruction over one common denominator, early termination and an
// exact check.
//
// Why p-adic lifting and not one elimination per prime with CRT: both stop
// as soon as the answer is rebuilt, but lifting pays for the O(n³)
// elimination once and then O(n²) per 50 bits, where CRT pays O(n³) per
// prime. bench/modular.cpp measured FLINT 2.9 on Herman's ring (2,026
// states): nmod_mat_solve 4.1 s per prime, and the answer needs about 12
// primes, against fmpz_mat_solve (fraction-free) 14.9 s and
// fmpz_mat_solve_dixon 13.7 s (lifting to the Hadamard bound, no early
// stop); this solver takes the one elimination plus a few lifting steps.
//
// Why a prime of 28 bits and not 50: FLINT 2.9's nmod_mat_lu (built without
// BLAS on Debian) takes 3.9 s on a dense matrix of 3,200 rows modulo a
// prime below 2^28, against 6.8 s modulo one above 2^49 (its products then
// need two-word sums; bench/modular.cpp, lu/*). A digit then carries 27
// bits instead of 49, but the factors fit 32-bit words: the two triangular
// solves of a digit read 4·n² bytes instead of 8·n², so the lifting costs
// about as much per bit of the answer as before.
#include "modular_solve.hpp"

#include <flint/fmpq.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/errors.hpp"
#include "flint_threads.hpp"

namespace exactdp::detail {

std::uint64_t modular_prime(std::size_t i) {
  mp_limb_t p = UWORD(1) << 27;
  for (std::size_t k = 0; k <= i; ++k) p = n_nextprime(p, 1);
  return p;
}

void exact_solve_record::add(const modular_stats& s) {
  ++modular;
  digits += s.digits;
  failed_checks += s.failed_checks;
  const auto at = std::lower_bound(primes.begin(), primes.end(), s.prime);
  if (at == primes.end() || *at != s.prime) primes.insert(at, s.prime);
}

exact_solve_record& exact_solve_log() {
  thread_local exact_solve_record record;
  return record;
}

namespace {

// Owned fmpz scalars and vectors (FLINT's C API has no RAII).
struct fmpz_scalar {
  fmpz_t v;
  fmpz_scalar() { fmpz_init(v); }
  ~fmpz_scalar() { fmpz_clear(v); }
  fmpz_scalar(const fmpz_scalar&) = delete;
  fmpz_scalar& operator=(const fmpz_scalar&) = delete;
};

struct fmpz_vector {
  std::vector<fmpz> v;
  explicit fmpz_vector(std::size_t n) : v(n) {
    for (auto& x : v) fmpz_init(&x);
  }
  ~fmpz_vector() {
    for (auto& x : v) fmpz_clear(&x);
  }
  fmpz_vector(const fmpz_vector&) = delete;
  fmpz_vector& operator=(const fmpz_vector&) = delete;
  fmpz* operator[](std::size_t i) { return &v[i]; }
};

struct nmod_matrix {
  nmod_mat_t m;
  nmod_matrix(slong n, mp_limb_t p) { nmod_mat_init(m, n, n, p); }
  ~nmod_matrix() { nmod_mat_clear(m); }
  nmod_matrix(const nmod_matrix&) = delete;
  nmod_matrix& operator=(const nmod_matrix&) = delete;
};

// The LU factorisation of A mod p (P·A = L·U, L unit lower triangular)
// and the solve of A·y = c mod p on it. FLINT factors (nmod_mat_lu, on
// solve_threads() threads); the factors are then kept in 32-bit words
// (p < 2^28), and a row's products (each below 2^56) are summed in 64 bits,
// 255 at a time, before one reduction.
struct lu_mod_p {
  static constexpr std::size_t chunk = 255;  // 255·(2^28 - 1)² < 2^64
  std::size_t n;
  mp_limb_t p;
  std::vector<std::uint32_t> lu;  // row-major, n×n
  std::vector<slong> perm;
  std::vector<std::uint32_t> inverse_diagonal, work;

  lu_mod_p(std::size_t size, mp_limb_t prime) : n(size), p(prime), perm(size) {}

  // False when A is singular mod p.
  bool factor(const sparse_fmpz_matrix& a) {
    if (n == 0) return true;
    nmod_matrix m(static_cast<slong>(n), p);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = a.begin[i]; k < a.begin[i + 1]; ++k)
        nmod_mat_entry(m.m, static_cast<slong>(i), static_cast<slong>(a.col[k])) = fmpz_fdiv_ui(&a.value[k], p);
    {
      const flint_threads_scope threads;
      if (nmod_mat_lu(perm.data(), m.m, 1) != static_cast<slong>(n)) return false;
    }
    lu.resize(n * n);
    inverse_diagonal.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const mp_limb_t* row = m.m->rows[i];
      std::copy(row, row + n, lu.begin() + static_cast<std::ptrdiff_t>(i * n));
      inverse_diagonal[i] = static_cast<std::uint32_t>(n_invmod(row[i], p));
    }
    work.resize(n);
    return true;
  }

  // sum_j row[j]·v[j] mod p over [from, to).
  std::uint64_t dot(const std::uint32_t* row, const std::uint32_t* v, std::size_t from, std::size_t to) const {
    std::uint64_t total = 0;
    while (from < to) {
      const std::size_t end = std::min(to, from + chunk);
      std::uint64_t s = 0;
      for (std::size_t j = from; j < end; ++j) s += static_cast<std::uint64_t>(row[j]) * v[j];
      total += s % p;
      from = end;
    }
    return total % p;
  }

  // y = A^-1·c mod p, for c in [0, p).
  void solve(const std::vector<mp_limb_t>& c, std::vector<std::uint32_t>& y) {
    // L·z = P·c (unit lower), then U·y = z.
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t t = dot(&lu[i * n], work.data(), 0, i);
      const std::uint64_t ci = c[static_cast<std::size_t>(perm[i])];
      work[i] = static_cast<std::uint32_t>(ci >= t ? ci - t : ci + p - t);
    }
    y.resize(n);
    for (std::size_t i = n; i-- > 0;) {
      const std::uint64_t t = dot(&lu[i * n], y.data(), i + 1, n);
      const std::uint64_t z = work[i] >= t ? work[i] - t : work[i] + p - t;
      y[i] = static_cast<std::uint32_t>(z * inverse_diagonal[i] % p);
    }
  }
};

// Rebuilds x from its p-adic expansion x ≡ X (mod m): one common
// denominator `den`, numerators in `num`, each |num_i|, den <= sqrt(m/2).
// Returns false when some entry has no such fraction.
bool reconstruct(const fmpz_vector& x_const, const fmpz_t m, fmpz_vector& num, fmpz_t den) {
  auto& x = const_cast<fmpz_vector&>(x_const);
  const std::size_t n = x.v.size();
  fmpz_scalar bound, t, half, d, scale;
  fmpz_fdiv_q_2exp(bound.v, m, 1);
  fmpz_sqrt(bound.v, bound.v);  // N = D = floor(sqrt(m / 2)): 2·N·D < m
  fmpz_fdiv_q_2exp(half.v, m, 1);
  fmpz_one(den);
  // num_i is found over the denominator known at i; the denominators found
  // later multiply it at the end (den_at[i] = den when i was found).
  std::vector<std::size_t> found_at(n);
  std::deque<fmpz_scalar> dens;  // the successive values of den
  dens.emplace_back();
  fmpz_one(dens.back().v);
  for (std::size_t i = 0; i < n; ++i) {
    fmpz_mul(t.v, den, x[i]);
    fmpz_mod(t.v, t.v, m);
    if (fmpz_cmp(t.v, half.v) > 0) fmpz_sub(t.v, t.v, m);  // symmetric residue
    if (fmpz_cmpabs(t.v, bound.v) <= 0) {
      fmpz_set(num[i], t.v);
    } else {
      fmpz_mod(t.v, t.v, m);
      fmpz_scalar room;
      fmpz_fdiv_q(room.v, bound.v, den);  // the new denominator's share of the bound
      if (fmpz_is_zero(room.v) || !_fmpq_reconstruct_fmpz_2(num[i], d.v, t.v, m, bound.v, room.v)) return false;
      fmpz_mul(den, den, d.v);
      dens.emplace_back();
      fmpz_set(dens.back().v, den);
    }
    found_at[i] = dens.size() - 1;
    if (i % 1024 == 0) poll_interrupt();
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (found_at[i] + 1 == dens.size()) continue;
    fmpz_divexact(scale.v, den, dens[found_at[i]].v);
    fmpz_mul(num[i], num[i], scale.v);
  }
  return true;
}

// True when A·num = den·b exactly.
bool check(const sparse_fmpz_matrix& a, const std::vector<fmpz>& b, const fmpz_vector& num_const, const fmpz_t den) {
  auto& num = const_cast<fmpz_vector&>(num_const);
  fmpz_scalar s;
  for (std::size_t i = 0; i < a.n; ++i) {
    fmpz_mul(s.v, den, &b[i]);
    fmpz_neg(s.v, s.v);
    for (std::size_t k = a.begin[i]; k < a.begin[i + 1]; ++k) fmpz_addmul(s.v, &a.value[k], num[a.col[k]]);
    if (!fmpz_is_zero(s.v)) return false;
    if (i % 1024 == 0) poll_interrupt();
  }
  return true;
}

}  // namespace

bool solve_sparse_padic(const sparse_fmpz_matrix& a, const std::vector<fmpz>& b, std::vector<fmpz>& num_out, fmpz_t den,
                        const modular_options& options, modular_stats* stats) {
  const std::size_t n = a.n;
  modular_stats local;
  modular_stats& st = stats ? *stats : local;
  st = {};
  // The work before the LU: the elimination and the fewest digits any
  // answer takes (one reconstruction and its confirmation) must fit. The
  // digits past those follow the answer's real size, checked as they come:
  // no bound known before the LU is both safe and close (Hadamard's is
  // reached by random chains, but Herman's ring's 192/11 takes 2 digits).
  const long double nn = static_cast<long double>(n), digit_work = 2 * nn * nn + static_cast<long double>(a.col.size());
  check_work_budget("the exact solve of a linear system of " + std::to_string(n) + " states (its LU and " +
                        std::to_string(1 + options.confirm) + " p-adic digits at the least)",
                    nn * nn * nn / 3 + static_cast<long double>(1 + options.confirm) * digit_work);
  // A prime where A is nonsingular (a nonsingular A is singular modulo
  // only the primes dividing its determinant: four in a row means A is
  // singular, or nearly so; the caller decides with an exact solver).
  std::size_t index = options.first_prime;
  std::unique_ptr<lu_mod_p> lu;
  for (int tries = 0;; ++tries) {
    if (tries == 4) return false;
    const mp_limb_t p = modular_prime(index++);
    lu = std::make_unique<lu_mod_p>(n, p);
    poll_interrupt();
    if (lu->factor(a)) break;
    ++st.singular_primes;
  }
  const mp_limb_t p = lu->p;
  st.prime = p;

  // Lifting: r_0 = b; y_k = A^-1·r_k mod p; r_{k+1} = (r_k - A·y_k) / p.
  // Then x ≡ sum_k y_k·p^k (mod p^K). The digits are folded into X in
  // blocks (Horner inside a block, one shift per block) so that the
  // expansion costs O(n·K²/block) word operations, not O(n·K²).
  fmpz_vector r(n), x(n), num(n), block(n);
  for (std::size_t i = 0; i < n; ++i) fmpz_set(r[i], &b[i]);
  fmpz_scalar modulus, shift, candidate_den, t;
  fmpz_one(modulus.v);  // p^K for the digits folded into x
  std::vector<mp_limb_t> c(n);
  std::vector<std::uint32_t> y(n);
  std::vector<std::vector<std::uint32_t>> pending;
  auto fold = [&]() {
    if (pending.empty()) return;
    for (std::size_t i = 0; i < n; ++i) {
      fmpz* v = block[i];
      fmpz_zero(v);
      for (std::size_t k = pending.size(); k-- > 0;) {
        fmpz_mul_ui(v, v, p);
        fmpz_add_ui(v, v, pending[k][i]);
      }
      fmpz_addmul(x[i], v, modulus.v);
    }
    fmpz_set_ui(shift.v, p);
    fmpz_pow_ui(shift.v, shift.v, pending.size());
    fmpz_mul(modulus.v, modulus.v, shift.v);
    pending.clear();
  };
  std::size_t next_attempt = 1, candidate_at = 0;
  bool have_candidate = false;
  fmpz_vector candidate(n);
  // The residual in machine words when A's rows are small: with every row
  // sum of |A_ij| below 2^62, |r_{k+1}| <= |r_k| / p + 2^62 stays below
  // 2^63 once it is, and r_k - A·y_k (|A·y_k| < 2^90) fits in 128 bits.
  bool small_rows = true;
  std::vector<std::int64_t> small_a;
  {
    fmpz_scalar sum;
    for (std::size_t i = 0; i < n && small_rows; ++i) {
      fmpz_zero(sum.v);
      for (std::size_t k = a.begin[i]; k < a.begin[i + 1]; ++k) {
        if (fmpz_sgn(&a.value[k]) < 0)
          fmpz_sub(sum.v, sum.v, &a.value[k]);
        else
          fmpz_add(sum.v, sum.v, &a.value[k]);
      }
      small_rows = fmpz_bits(sum.v) <= 62;
    }
    if (small_rows) {
      small_a.resize(a.value.size());
      for (std::size_t k = 0; k < a.value.size(); ++k) small_a[k] = fmpz_get_si(&a.value[k]);
    }
  }
  // Hadamard's bound: every numerator (Cramer's rule) and the determinant
  // are at most H = prod_i ||row_i|| · max(1, ||b||) in absolute value, and
  // the reconstruction is unique once p^K > 2·H², so the lifting provably
  // ends by then. Past it the solver has a bug: it throws, never loops.
  double hadamard_bits = 1;
  {
    fmpz_scalar square, norm;
    for (std::size_t i = 0; i <= n; ++i) {
      fmpz_zero(norm.v);
      if (i < n) {
        for (std::size_t k = a.begin[i]; k < a.begin[i + 1]; ++k) fmpz_addmul(norm.v, &a.value[k], &a.value[k]);
      } else {
        for (std::size_t j = 0; j < n; ++j) fmpz_addmul(norm.v, &b[j], &b[j]);
      }
      hadamard_bits += 0.5 * static_cast<double>(fmpz_bits(norm.v));  // log2 ||row|| <= bits / 2
    }
  }
  const std::size_t digit_bits = n_flog(p, 2);  // p > 2^digit_bits
  const auto sure =
      static_cast<std::size_t>((2 * hadamard_bits + 2) / static_cast<double>(digit_bits)) + 1;  // p^sure > 2·H²
  const std::size_t digit_cap = sure + options.confirm + 1;
  std::vector<std::int64_t> small_r;  // the residual once it fits (small_rows only)
  for (std::size_t digit = 1;; ++digit) {
    poll_interrupt();
    if (digit > digit_cap)
      throw std::logic_error("the modular solve of a system of " + std::to_string(n) +
                             " rows passed Hadamard's bound without a proven answer");
    // The lifting's work follows the answer's size, known only as it goes:
    // checked at every digit against the work budget (the elimination was
    // checked before the start).
    const long double work = nn * nn * nn / 3 + static_cast<long double>(digit) * digit_work;
    if (work > work_budget_steps())
      check_work_budget("the exact solve of a linear system of " + std::to_string(n) + " states (" +
                            std::to_string(digit * digit_bits) + " bits of its answer lifted, no proven value yet, " +
                            "at most " + std::to_string(static_cast<std::size_t>(2 * hadamard_bits) + 1) +
                            " by Hadamard's bound)",
                        work);
    if (small_rows && small_r.empty()) {
      bool fits = true;
      for (std::size_t i = 0; i < n && fits; ++i) fits = fmpz_bits(r[i]) <= 62;
      if (fits) {
        small_r.resize(n);
        for (std::size_t i = 0; i < n; ++i) small_r[i] = fmpz_get_si(r[i]);
      }
    }
    if (!small_r.empty()) {
      for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t v = small_r[i] % static_cast<std::int64_t>(p);
        c[i] = static_cast<mp_limb_t>(v < 0 ? v + static_cast<std::int64_t>(p) : v);
      }
      lu->solve(c, y);
      for (std::size_t i = 0; i < n; ++i) {
        __int128 s = small_r[i];
        for (std::size_t k = a.begin[i]; k < a.begin[i + 1]; ++k)
          s -= static_cast<__int128>(small_a[k]) * static_cast<__int128>(y[a.col[k]]);
        small_r[i] = static_cast<std::int64_t>(s / static_cast<__int128>(p));  // exact
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) c[i] = fmpz_fdiv_ui(r[i], p);
      lu->solve(c, y);
      for (std::size_t i = 0; i < n; ++i) {
        fmpz* ri = r[i];
        for (std::size_t k = a.begin[i]; k < a.begin[i + 1]; ++k) fmpz_submul_ui(ri, &a.value[k], y[a.col[k]]);
        fmpz_divexact_ui(ri, ri, p);
      }
    }
    pending.push_back(y);
    st.digits = digit;
    if (pending.size() == 32) fold();
    if (have_candidate && digit == candidate_at + options.confirm) {
      // Unchanged after `confirm` more digits: den·x ≡ num (mod p^digit).
      fold();
      bool same = true;
      for (std::size_t i = 0; i < n && same; ++i) {
        fmpz_mul(t.v, candidate_den.v, x[i]);
        fmpz_sub(t.v, t.v, candidate[i]);
        same = fmpz_divisible(t.v, modulus.v);
      }
      have_candidate = false;
      if (same) {
        if (check(a, b, candidate, candidate_den.v)) {
          num_out.resize(n);
          for (std::size_t i = 0; i < n; ++i) fmpz_swap(&num_out[i], candidate[i]);
          fmpz_set(den, candidate_den.v);
          return true;
        }
        ++st.failed_checks;
      }
      next_attempt = digit + 1 + digit / 8;
      continue;
    }
    if (have_candidate || (digit < next_attempt && digit != sure)) continue;
    fold();
    ++st.reconstructions;
    if (reconstruct(x, modulus.v, candidate, candidate_den.v)) {
      if (fmpz_sgn(candidate_den.v) < 0) {
        fmpz_neg(candidate_den.v, candidate_den.v);
        for (auto& v : candidate.v) fmpz_neg(&v, &v);
      }
      have_candidate = true;
      candidate_at = digit;
      if (options.confirm == 0) {
        have_candidate = false;
        if (check(a, b, candidate, candidate_den.v)) {
          num_out.resize(n);
          for (std::size_t i = 0; i < n; ++i) fmpz_swap(&num_out[i], candidate[i]);
          fmpz_set(den, candidate_den.v);
          return true;
        }
        ++st.failed_checks;
      }
    }
    next_attempt = digit + 1 + digit / 8;
  }
}

bool solve_integer_system_modular(std::size_t c, const std::vector<integer_entry>& entries,
                                  const std::vector<BigInt>& rhs, std::vector<BigInt>& x, BigInt& den,
                                  const modular_options& options, modular_stats* stats) {
  // Rows by (row, col), repeats summed.
  std::vector<std::size_t> order(entries.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t u, std::size_t v) {
    return entries[u].row != entries[v].row ? entries[u].row < entries[v].row : entries[u].col < entries[v].col;
  });
  sparse_fmpz_matrix a;
  a.n = c;
  a.begin.assign(1, 0);
  a.col.reserve(entries.size());
  a.value.reserve(entries.size());
  fmpz_scalar v;
  std::size_t row = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const integer_entry& e = entries[order[k]];
    while (row < e.row) {
      a.begin.push_back(a.col.size());
      ++row;
    }
    if (a.col.size() == a.begin.back() || a.col.back() != e.col) {
      a.col.push_back(e.col);
      a.value.emplace_back();
      fmpz_init(&a.value.back());
    }
    fmpz_set_mpz(v.v, e.value->backend().data());
    if (e.subtract)
      fmpz_sub(&a.value.back(), &a.value.back(), v.v);
    else
      fmpz_add(&a.value.back(), &a.value.back(), v.v);
  }
  while (row < c) {
    a.begin.push_back(a.col.size());
    ++row;
  }
  std::vector<fmpz> b(c);
  for (std::size_t i = 0; i < c; ++i) {
    fmpz_init(&b[i]);
    fmpz_set_mpz(&b[i], rhs[i].backend().data());
  }
  std::vector<fmpz> num;
  fmpz_scalar d;
  modular_stats local;
  const bool ok = solve_sparse_padic(a, b, num, d.v, options, stats ? stats : &local);
  exact_solve_log().add(stats ? *stats : local);
  if (ok) {
    x.resize(c);
    for (std::size_t i = 0; i < c; ++i) fmpz_get_mpz(x[i].backend().data(), &num[i]);
    fmpz_get_mpz(den.backend().data(), d.v);
  }
  for (auto& e : b) fmpz_clear(&e);
  for (auto& e : num) fmpz_clear(&e);
  return ok;
}

}  // namespace exactdp::detail
