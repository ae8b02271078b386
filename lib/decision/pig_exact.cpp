// The exact proof of a Pig strategy, pair by pair of scores: the fast
// evaluation by reach probabilities with comparisons by doubles under a
// proven error bound (pig_prover), and the integer proof with exact
// comparisons for near ties (pig_prove_pair); see pig.hpp.
#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "exactdp/decision/pig.hpp"

namespace exactdp::detail {

namespace {

mpz_ptr z(BigInt& v) { return v.backend().data(); }
mpz_srcptr z(const BigInt& v) { return v.backend().data(); }
mpz_srcptr num_of(const Rational& q) { return mpq_numref(q.backend().data()); }
mpz_srcptr den_of(const Rational& q) { return mpq_denref(q.backend().data()); }

// a / b for big integers, as a double (both may be far outside double range).
double ratio(mpz_srcptr a, mpz_srcptr b) {
  if (mpz_sgn(a) == 0) return 0.0;
  long ea = 0, eb = 0;
  const double ma = mpz_get_d_2exp(&ea, a), mb = mpz_get_d_2exp(&eb, b);
  return std::ldexp(ma / mb, static_cast<int>(ea - eb));
}

// One side of the pair in integers: the mover has score a against b,
// n = T − a states. Every value is x_k = (A_k + B_k·c·L) / (L·F^(n−k)),
// c = P(b, a, 0): A over L·F^(n−k), B over F^(n−k).
struct integer_side {
  int a = 0, b = 0, n = 0;
  const std::uint8_t* roll = nullptr;
  std::vector<BigInt> hold;    // L·(1 − P(b, a + k, 0)), k >= 1
  std::vector<BigInt> A, B;    // the chosen action's affine form
  std::vector<BigInt> RA, RB;  // the roll form (where the side holds)
};

void build_side(integer_side& s, unsigned faces, int target, const BigInt& L, const std::vector<BigInt>& lf,
                const std::vector<BigInt>& fp, const std::vector<Rational>& start) {
  const int n = s.n, f = static_cast<int>(faces);
  const auto un = static_cast<std::size_t>(n);
  s.hold.resize(un);
  s.A.resize(un);
  s.B.resize(un);
  s.RA.resize(un);
  s.RB.resize(un);
  BigInt q;
  for (int k = 1; k < n; ++k) {
    const Rational& p =
        start[static_cast<std::size_t>(s.b) * static_cast<std::size_t>(target) + static_cast<std::size_t>(s.a + k)];
    mpz_divexact(z(q), z(L), den_of(p));
    mpz_sub(z(s.hold[static_cast<std::size_t>(k)]), den_of(p), num_of(p));
    mpz_mul(z(s.hold[static_cast<std::size_t>(k)]), z(s.hold[static_cast<std::size_t>(k)]), z(q));
  }
  BigInt ra, rb;
  for (int k = n - 1; k >= 0; --k) {
    const auto uk = static_cast<std::size_t>(k);
    const auto e = static_cast<std::size_t>(n - k - 1);
    // Roll: (1/F)·(1 − c + sum over faces 2..F of the next values).
    int beyond = 1;  // the 1 of "1 − c"
    mpz_set_ui(z(ra), 0);
    mpz_neg(z(rb), z(fp[e]));
    for (int g = 2; g <= f; ++g) {
      if (k + g >= n) {
        ++beyond;
        continue;
      }
      const auto next = uk + static_cast<std::size_t>(g);
      mpz_addmul(z(ra), z(s.A[next]), z(fp[static_cast<std::size_t>(g - 1)]));
      mpz_addmul(z(rb), z(s.B[next]), z(fp[static_cast<std::size_t>(g - 1)]));
    }
    mpz_addmul_ui(z(ra), z(lf[e]), static_cast<unsigned long>(beyond));
    if (s.roll[uk]) {
      mpz_swap(z(s.A[uk]), z(ra));
      mpz_swap(z(s.B[uk]), z(rb));
    } else {
      mpz_swap(z(s.RA[uk]), z(ra));
      mpz_swap(z(s.RB[uk]), z(rb));
      if (k > 0) {
        mpz_mul(z(s.A[uk]), z(s.hold[uk]), z(fp[e + 1]));
        mpz_set_ui(z(s.B[uk]), 0);
      } else {
        mpz_set(z(s.A[uk]), z(lf[e + 1]));
        mpz_neg(z(s.B[uk]), z(fp[e + 1]));
      }
    }
  }
}

// The exact value (A + B·c·L)/(L·F^e) − hold, for a near tie.
Rational exact_roll(const BigInt& A, const BigInt& B, const BigInt& L, const BigInt& fe, const Rational& c) {
  Rational v = Rational(A) / Rational(L * fe);
  v += Rational(B) / Rational(fe) * c;
  return v;
}

// Is the side's strategy a best answer to c (no action strictly worse
// than the other at any k)? Doubles decide unless the two values are
// within 1e-12 (their errors are below 1e-14: see pig.hpp).
bool side_is_best(const integer_side& s, const Rational& c, const BigInt& L, const std::vector<BigInt>& lf,
                  const std::vector<BigInt>& fp, int target, const std::vector<Rational>& start) {
  const double cd = mpq_get_d(c.backend().data());
  if (s.n > 0 && !s.roll[0]) return false;  // a turn starts with a roll: no hold at k = 0
  for (int k = 1; k < s.n; ++k) {
    const auto uk = static_cast<std::size_t>(k);
    const auto e = static_cast<std::size_t>(s.n - k);
    const BigInt& A = s.roll[uk] ? s.A[uk] : s.RA[uk];
    const BigInt& B = s.roll[uk] ? s.B[uk] : s.RB[uk];
    const double roll = ratio(z(A), z(lf[e])) + ratio(z(B), z(fp[e])) * cd;
    const Rational* held = k > 0 ? &start[static_cast<std::size_t>(s.b) * static_cast<std::size_t>(target) +
                                          static_cast<std::size_t>(s.a + k)]
                                 : &c;
    const double hold = 1.0 - mpq_get_d(held->backend().data());
    int sign;  // sign of roll − hold
    if (roll - hold > 1e-12) {
      sign = 1;
    } else if (roll - hold < -1e-12) {
      sign = -1;
    } else {
      const Rational r = exact_roll(A, B, L, fp[e], c), h = 1 - *held;
      sign = r > h ? 1 : r < h ? -1 : 0;
    }
    if (s.roll[uk] ? sign < 0 : sign > 0) return false;
  }
  return true;
}

}  // namespace

bool pig_prove_pair(unsigned faces, int target, int i, int j, const std::uint8_t* roll_i, const std::uint8_t* roll_j,
                    std::vector<Rational>& start, const BigInt& lcm_i, const BigInt& lcm_j) {
  // One scale L for both sides: every hold value of either side is a
  // multiple of 1/L.
  BigInt L;
  mpz_lcm(z(L), z(lcm_i), z(lcm_j));
  const int largest = target - std::min(i, j);
  std::vector<BigInt> fp(static_cast<std::size_t>(std::max(largest, static_cast<int>(faces))) + 2),
      lf(static_cast<std::size_t>(largest) + 2);
  mpz_set_ui(z(fp[0]), 1);
  mpz_set(z(lf[0]), z(L));
  for (std::size_t e = 1; e < fp.size(); ++e) mpz_mul_ui(z(fp[e]), z(fp[e - 1]), faces);
  for (std::size_t e = 1; e < lf.size(); ++e) mpz_mul_ui(z(lf[e]), z(lf[e - 1]), faces);
  integer_side a, b;
  a.a = i, a.b = j, a.n = target - i, a.roll = roll_i;
  b.a = j, b.b = i, b.n = target - j, b.roll = roll_j;
  build_side(a, faces, target, L, lf, fp, start);
  build_side(b, faces, target, L, lf, fp, start);
  // x0 = (A0·FB + B0·G0) / (L·(FA·FB − B0·D0)), y0 = (G0·FA + D0·A0) / (same), with
  // (A0, B0) side a's forms at k = 0 over (L·FA, FA), (G0, D0) side b's.
  const BigInt& fa = fp[static_cast<std::size_t>(a.n)];
  const BigInt& fb = fp[static_cast<std::size_t>(b.n)];
  BigInt den, t, xn, yn;
  mpz_mul(z(den), z(fa), z(fb));
  mpz_submul(z(den), z(a.B[0]), z(b.B[0]));
  if (mpz_sgn(z(den)) == 0) return false;  // both hold at 0: not a strategy this solver plays
  mpz_mul(z(den), z(den), z(L));
  mpz_mul(z(xn), z(a.A[0]), z(fb));
  mpz_addmul(z(xn), z(a.B[0]), z(b.A[0]));
  mpz_mul(z(yn), z(b.A[0]), z(fa));
  mpz_addmul(z(yn), z(b.B[0]), z(a.A[0]));
  Rational x0 = make_rational(xn, den), y0 = make_rational(yn, den);
  if (!side_is_best(a, y0, L, lf, fp, target, start) || !side_is_best(b, x0, L, lf, fp, target, start)) return false;
  start[static_cast<std::size_t>(i) * static_cast<std::size_t>(target) + static_cast<std::size_t>(j)] = std::move(x0);
  start[static_cast<std::size_t>(j) * static_cast<std::size_t>(target) + static_cast<std::size_t>(i)] = std::move(y0);
  return true;
}

pig_exact_hooks& pig_hooks() {
  static pig_exact_hooks hooks;
  return hooks;
}

pig_prover::pig_prover(unsigned faces, int target)
    : faces_(faces),
      target_(target),
      suffix_lcm_(static_cast<std::size_t>(target), BigInt(1)),
      suffix_from_(static_cast<std::size_t>(target), target),
      start_double_(static_cast<std::size_t>(target) * static_cast<std::size_t>(target), 0.0) {}

void pig_prover::stored(const std::vector<Rational>& start, int i, int j) {
  for (const std::size_t at :
       {static_cast<std::size_t>(i) * static_cast<std::size_t>(target_) + static_cast<std::size_t>(j),
        static_cast<std::size_t>(j) * static_cast<std::size_t>(target_) + static_cast<std::size_t>(i)})
    start_double_[at] = mpq_get_d(start[at].backend().data());
}

const BigInt& pig_prover::suffix(const std::vector<Rational>& start, int col, int from) {
  auto& l = suffix_lcm_[static_cast<std::size_t>(col)];
  auto& first = suffix_from_[static_cast<std::size_t>(col)];
  while (first > from) {
    --first;
    mpz_srcptr den = den_of(
        start[static_cast<std::size_t>(col) * static_cast<std::size_t>(target_) + static_cast<std::size_t>(first)]);
    if (!mpz_divisible_p(z(l), den)) mpz_lcm(z(l), z(l), den);
  }
  return l;
}

void pig_prover::reach(const std::uint8_t* roll, int a, int b, int n, BigInt& scale, BigInt& A, BigInt& B) {
  const auto un = static_cast<std::size_t>(n);
  if (reach_.size() < un) reach_.resize(un);
  for (std::size_t k = 0; k < un; ++k) mpz_set_ui(z(reach_[k]), 0);
  mpz_ui_pow_ui(z(reach_[0]), faces_, static_cast<unsigned long>(n));
  BigInt one, win, q, term;
  held_.clear();
  for (int k = 0; k < n; ++k) {
    const auto uk = static_cast<std::size_t>(k);
    if (mpz_sgn(z(reach_[uk])) == 0) continue;
    if (!roll[uk]) {  // k >= 1: the turn ends here with 1 − P(b, a + k, 0)
      held_.push_back(k);
      continue;
    }
    // A roll: each face 1/F; a 1 ends the turn, faces reaching n win.
    mpz_divexact_ui(z(q), z(reach_[uk]), faces_);
    mpz_add(z(one), z(one), z(q));
    unsigned long beyond = 0;
    for (int g = 2; g <= static_cast<int>(faces_); ++g) {
      if (k + g >= n)
        ++beyond;
      else
        mpz_add(z(reach_[uk + static_cast<std::size_t>(g)]), z(reach_[uk + static_cast<std::size_t>(g)]), z(q));
    }
    mpz_addmul_ui(z(win), z(q), beyond);
  }
  // The scale: the lcm of the denominators of the hold values reached.
  auto held = [&](int k) -> const Rational& {
    return (*start_)[static_cast<std::size_t>(b) * static_cast<std::size_t>(target_) + static_cast<std::size_t>(a + k)];
  };
  mpz_set_ui(z(scale), 1);
  for (const int k : held_)
    if (!mpz_divisible_p(z(scale), den_of(held(k)))) mpz_lcm(z(scale), z(scale), den_of(held(k)));
  // A = F^n·reach(k)·scale·(1 − P(b, a + k, 0)) summed, plus scale·F^n·(P(win) + P(a 1)).
  mpz_add(z(term), z(win), z(one));
  mpz_mul(z(A), z(term), z(scale));
  for (const int k : held_) {
    const Rational& p = held(k);
    mpz_divexact(z(q), z(scale), den_of(p));
    mpz_sub(z(term), den_of(p), num_of(p));
    mpz_mul(z(term), z(term), z(q));
    mpz_addmul(z(A), z(term), z(reach_[static_cast<std::size_t>(k)]));
  }
  mpz_neg(z(B), z(one));
}

int pig_prover::check_side(const std::uint8_t* roll, int a, int b, int n, double c) {
  const auto un = static_cast<std::size_t>(n);
  if (x_.size() < un) x_.resize(un);
  const int f = static_cast<int>(faces_);
  // Error bound (see pig.hpp): inputs within 2^-51, each backward step adds
  // below (F + 1)·2^-53, the difference of the two actions one more rounding.
  const double tolerance =
      std::ldexp((static_cast<double>(n) + 8) * (static_cast<double>(f) + 2), -52) * pig_hooks().tolerance_factor;
  const double lose = 1.0 - c;
  bool near = false;
  for (int k = n - 1; k >= 0; --k) {
    const auto uk = static_cast<std::size_t>(k);
    double sum = lose;
    for (int g = 2; g <= f; ++g) sum += k + g < n ? x_[uk + static_cast<std::size_t>(g)] : 1.0;
    const double r = sum / f;
    if (k == 0) break;  // a turn starts with a roll (roll[0] is checked by the caller)
    const double h = 1.0 - start_double_[static_cast<std::size_t>(b) * static_cast<std::size_t>(target_) +
                                         static_cast<std::size_t>(a + k)];
    const double d = r - h;
    if (std::fabs(d) <= tolerance)
      near = true;
    else if ((d > 0) != static_cast<bool>(roll[uk]))
      return -1;
    x_[uk] = roll[uk] ? r : h;
  }
  return near ? 0 : 1;
}

bool pig_prover::prove(int i, int j, const std::uint8_t* roll_i, const std::uint8_t* roll_j,
                       std::vector<Rational>& start) {
  start_ = &start;
  const int na = target_ - i, nb = target_ - j;
  if (!roll_i[0] || !roll_j[0]) return false;  // a turn starts with a roll
  // Side i holds into column j (P(j, i + k, 0)), side j into column i:
  // x0 = Aa/(La·Fa) + (Ba/Fa)·y0, y0 = Ab/(Lb·Fb) + (Bb/Fb)·x0. With one
  // scale L = lcm(La, Lb) and A rescaled to it:
  // x0 = (Aa·Fb + Ba·Ab) / (L·(Fa·Fb − Ba·Bb)), y0 = (Ab·Fa + Bb·Aa) / (same).
  reach(roll_i, i, j, na, la_, aa_, ab_);
  reach(roll_j, j, i, nb, lb_, ba_, bb_);
  BigInt fa, fb, den, l, u, xn, yn;
  mpz_ui_pow_ui(z(fa), faces_, static_cast<unsigned long>(na));
  mpz_ui_pow_ui(z(fb), faces_, static_cast<unsigned long>(nb));
  mpz_mul(z(den), z(fa), z(fb));
  mpz_submul(z(den), z(ab_), z(bb_));
  if (mpz_sgn(z(den)) == 0) return false;  // not reached: a turn that starts with a roll can go on
  mpz_lcm(z(l), z(la_), z(lb_));
  mpz_divexact(z(u), z(l), z(la_));
  mpz_mul(z(aa_), z(aa_), z(u));
  mpz_divexact(z(u), z(l), z(lb_));
  mpz_mul(z(ba_), z(ba_), z(u));
  mpz_mul(z(den), z(den), z(l));
  mpz_mul(z(xn), z(aa_), z(fb));
  mpz_addmul(z(xn), z(ab_), z(ba_));
  mpz_mul(z(yn), z(ba_), z(fa));
  mpz_addmul(z(yn), z(bb_), z(aa_));
  Rational x0 = make_rational(xn, den), y0 = make_rational(yn, den);
  const int sa = check_side(roll_i, i, j, na, mpq_get_d(y0.backend().data()));
  const int sb = sa < 0 ? -1 : check_side(roll_j, j, i, nb, mpq_get_d(x0.backend().data()));
  if (sa < 0 || sb < 0) return false;
  if (sa == 0 || sb == 0) {
    // A near tie: the integer proof compares it exactly, with scales that
    // cover every hold value of both sides.
    ++near_ties_;
    return pig_prove_pair(faces_, target_, i, j, roll_i, roll_j, start, suffix(start, i, j + 1),
                          suffix(start, j, i + 1));
  }
  const std::size_t ij = static_cast<std::size_t>(i) * static_cast<std::size_t>(target_) + static_cast<std::size_t>(j);
  const std::size_t ji = static_cast<std::size_t>(j) * static_cast<std::size_t>(target_) + static_cast<std::size_t>(i);
  start[ij] = std::move(x0);
  start[ji] = std::move(y0);
  return true;
}

}  // namespace exactdp::detail
