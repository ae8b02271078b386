// The checker of Pig's certificates (verify.hpp, check_pig_certificate):
// the rules of Pig regenerated here. Per pair of scores, the equation in
// the reach-sum form, in integers; the actions by a backward pass in
// fixed-point intervals, exactly where those do not decide. It calls no
// solver, and includes none of the solver's headers.
#include <gmp.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/io/parse.hpp"
#include "exactdp/verify/verify.hpp"

namespace exactdp {

namespace {

mpz_ptr raw(BigInt& z) { return z.backend().data(); }
mpz_srcptr raw(const BigInt& z) { return z.backend().data(); }
mpz_srcptr num_of(const Rational& q) { return mpq_numref(q.backend().data()); }
mpz_srcptr den_of(const Rational& q) { return mpq_denref(q.backend().data()); }

// The checker's own bounds of the parameters (those of the solver, decision/pig.hpp).
constexpr int max_faces = 1'000, max_target = 10'000;

// "faces=F,target=T" (pig_parameters_text), read back.
std::pair<int, int> pig_parameters(const std::string& text) {
  const std::size_t comma = text.find(',');
  if (!text.starts_with("faces=") || comma == std::string::npos || text.compare(comma + 1, 7, "target=") != 0)
    throw std::invalid_argument("a certificate of Pig names its parameters \"faces=F,target=T\", not " +
                                quote_input(text, 60));
  const auto faces = parse_integer<int>(std::string_view(text).substr(6, comma - 6), "faces", 2, max_faces);
  const auto target = parse_integer<int>(std::string_view(text).substr(comma + 8), "target", 1, max_target);
  if (pig_parameters_text(faces, target) != text)
    throw std::invalid_argument("a certificate of Pig names its parameters as " + pig_parameters_text(faces, target) +
                                ", not " + quote_input(text, 60));
  return {faces, target};
}

// Values on the fixed-point scale 2^64 as unsigned 128-bit integers.
using fixed = unsigned __int128;
constexpr fixed scale = fixed{1} << 64;

// floor(v·2^64) and ceil(v·2^64) for 0 <= v <= 1.
std::pair<fixed, fixed> fixed_bounds(const Rational& v, BigInt& q, BigInt& r) {
  static_assert(GMP_NUMB_BITS == 64, "the fixed-point bounds read 64-bit limbs");
  mpz_mul_2exp(raw(q), num_of(v), 64);
  mpz_tdiv_qr(raw(q), raw(r), raw(q), den_of(v));
  const fixed lo = (fixed{mpz_getlimbn(raw(q), 1)} << 64) | mpz_getlimbn(raw(q), 0);
  return {lo, lo + (mpz_sgn(raw(r)) != 0 ? 1 : 0)};
}

// One pair of scores (i, j): the mover has i, the opponent j, and the turn
// totals are k = 0 .. E−1, E = T − i; a total of E or more wins.
//   roll(k) = (1/F)·(1 − P(j, i, 0)) + (1/F)·Σ_{f=2..F} x(k + f)   (x = 1 from E on),
//   hold(k) = 1 − P(j, i + k, 0),
// x(k) the value of the certificate's action at k.
struct pair_pass {
  int faces = 0, target = 0, i = 0, j = 0;
  const std::string* actions = nullptr;
  const std::vector<std::optional<Rational>>* values = nullptr;
  BigInt d;                  // D, a common denominator of the hold values used
  std::vector<BigInt> mass;  // work space: the reach masses
  std::vector<int> holds;    // the totals where the turn holds
  BigInt q, ones, wins;

  const Rational& value(int a, int b) const {
    return *(*values)[static_cast<std::size_t>(a) * static_cast<std::size_t>(target) + static_cast<std::size_t>(b)];
  }
  // h(m) = D − P(j, m, 0)·D, an integer when D covers P(j, m, 0): the hold
  // value 1 − P(j, m, 0) over D.
  void hold_numerator(int m, BigInt& out) {
    const Rational& p = value(j, m);
    mpz_divexact(raw(q), raw(d), den_of(p));
    mpz_mul(raw(q), raw(q), num_of(p));
    mpz_sub(raw(out), raw(d), raw(q));
  }
  // The number of rolls a turn from total k0 makes at most: each roll that
  // does not end the turn adds at least 2.
  int rolls_from(int k0) const { return (target - i - 1 - k0) / 2 + 1; }

  // The value of rolling at k0 and then playing the actions, times F^M·D
  // (M = rolls_from(k0); D, set here, covers P(j, i, 0), the hold values
  // the turn reaches and P(j, also, 0)), into `out`: the sum over the states
  // the turn reaches of (reach chance)·(their value), where the chance of
  // reaching a total is an integer over F^M (each roll divides it by F):
  //   Σ_{holds k} c(k)·h(i + k) + c(win)·D + c(1 rolled)·h(i).
  void roll_value(int k0, int also, BigInt& out) {
    const int e = target - i;
    mass.resize(static_cast<std::size_t>(e));
    holds.clear();
    BigInt window;  // Σ of the masses that roll from totals k − F .. k − 2
    mpz_ui_pow_ui(raw(mass[static_cast<std::size_t>(k0)]), static_cast<unsigned long>(faces),
                  static_cast<unsigned long>(rolls_from(k0)));
    ones = 0;
    wins = 0;
    auto rolls = [&](int k) { return k == k0 || (*actions)[static_cast<std::size_t>(k)] == 'r'; };
    for (int k = k0; k < e; ++k) {
      const auto uk = static_cast<std::size_t>(k);
      if (k > k0) {  // the rolls of totals k − F .. k − 2 that land here
        if (k - 2 >= k0 && rolls(k - 2)) window += mass[uk - 2];
        if (k - faces - 1 >= k0 && rolls(k - faces - 1)) window -= mass[uk - static_cast<std::size_t>(faces) - 1];
        mpz_divexact_ui(raw(mass[uk]), raw(window), static_cast<unsigned long>(faces));
      }
      if (mpz_sgn(raw(mass[uk])) == 0) continue;
      if (rolls(k)) {
        ones += mass[uk];
        const int first_win = std::max(2, e - k);  // the least face that reaches the target
        if (faces >= first_win)
          mpz_addmul_ui(raw(wins), raw(mass[uk]),
                        static_cast<unsigned long>(faces) - static_cast<unsigned long>(first_win) + 1);
      } else {
        holds.push_back(k);
      }
    }
    mpz_divexact_ui(raw(ones), raw(ones), static_cast<unsigned long>(faces));
    mpz_divexact_ui(raw(wins), raw(wins), static_cast<unsigned long>(faces));
    // Σ c·(1 − P) = (Σ c)·D − Σ c·P·D over D, with D grown from den(P(j, i, 0))
    // by the small factors the hold values' denominators lack: their
    // denominators divide it as a rule (a pair's hold values are among
    // those its own value was solved from), so a gcd is rarely needed.
    const Rational& bust = value(j, i);
    d = den_of(bust);
    mpz_mul(raw(out), raw(ones), num_of(bust));  // Σ c·P·D so far
    BigInt total = ones + wins, r, g, grow;      // Σ c
    holds.push_back(also - i);                   // covered, with no mass
    for (std::size_t h = 0; h < holds.size(); ++h) {
      const Rational& p = value(j, i + holds[h]);
      mpz_tdiv_qr(raw(q), raw(r), raw(d), den_of(p));
      if (mpz_sgn(raw(r)) != 0) {  // D grows by den/g, g = gcd(den, D)
        mpz_gcd(raw(g), den_of(p), raw(r));
        mpz_divexact(raw(grow), den_of(p), raw(g));
        d *= grow;
        out *= grow;
        mpz_divexact(raw(r), raw(r), raw(g));  // D_new/den = (q·den + r)/g = q·grow + r/g
        q *= grow;
        q += r;
      }
      if (h + 1 == holds.size()) break;
      const BigInt& c = mass[static_cast<std::size_t>(holds[h])];
      total += c;
      mpz_mul(raw(q), raw(q), num_of(p));
      mpz_addmul(raw(out), raw(q), raw(c));
    }
    mpz_neg(raw(out), raw(out));
    mpz_addmul(raw(out), raw(total), raw(d));
  }
  BigInt scale_of(int k0) const {  // F^M·D
    BigInt s;
    mpz_ui_pow_ui(raw(s), static_cast<unsigned long>(faces), static_cast<unsigned long>(rolls_from(k0)));
    return s * d;
  }
};

}  // namespace

verify_report check_pig_certificate(const certificate& c) {
  const auto [faces, target] = pig_parameters(c.model.constants);
  const auto t = static_cast<std::size_t>(target);
  if (c.states.size() != t * t || c.values.size() != t * t || c.actions.size() != t * t)
    throw std::invalid_argument("a certificate of Pig with target " + std::to_string(target) + " has " +
                                std::to_string(t * t) + " turn-start states, and this one " +
                                std::to_string(c.states.size()));
  for (int i = 0; i < target; ++i)
    for (int j = 0; j < target; ++j) {
      const std::size_t s = static_cast<std::size_t>(i) * t + static_cast<std::size_t>(j);
      if (c.states[s] != pig_state_name(i, j, 0))
        throw std::invalid_argument("state " + std::to_string(s) + " of the certificate is " + name_text(c.states[s]) +
                                    ", not " + pig_state_name(i, j, 0));
      if (c.actions[s].size() != static_cast<std::size_t>(target - i) ||
          c.actions[s].find_first_not_of("rh") != std::string::npos)
        throw std::invalid_argument("the actions of state " + pig_state_name(i, j, 0) + " must be " +
                                    std::to_string(target - i) + " letters r (roll) or h (hold), one per turn total");
    }
  if (c.start != pig_state_name(0, 0, 0)) throw std::invalid_argument("a certificate of Pig starts at (0, 0, 0)");
  verify_report r;
  r.start = c.start;
  r.start_value = c.values[0];  // as read (certificate.hpp): reduced here
  if (r.start_value) mpq_canonicalize(r.start_value->backend().data());
  auto failed = [&r, t](int i, int j, int k, const std::string& what) {
    r.state = static_cast<std::size_t>(i) * t + static_cast<std::size_t>(j);
    r.reason = "state " + pig_state_name(i, j, k) + ": " + what;
    return r;
  };
  // Every value a probability, and its bounds on the scale 2^64.
  std::vector<fixed> lo(t * t), hi(t * t);
  BigInt q, rem;
  for (std::size_t s = 0; s < t * t; ++s) {
    const auto i = static_cast<int>(s / t), j = static_cast<int>(s % t);
    if (!c.values[s] || mpz_sgn(num_of(*c.values[s])) < 0 || mpz_cmp(num_of(*c.values[s]), den_of(*c.values[s])) > 0)
      return failed(i, j, 0,
                    "a win probability is between 0 and 1, not " +
                        (c.values[s] ? message_text(*c.values[s]) : std::string("inf")));
    if (c.actions[s][0] != 'r')
      return failed(i, j, 0, "the action is hold, but a turn starts with a roll (holding at 0 is a pass)");
    std::tie(lo[s], hi[s]) = fixed_bounds(*c.values[s], q, rem);
  }
  // Optimality of the actions: a backward pass over the turn totals in
  // fixed point, with rigorous bounds. By induction from k = E−1 down,
  // lo_x(k) <= x(k)·2^64 <= hi_x(k): the bounds of the turn-start values are
  // floor and ceil of them, a sum of bounds bounds the sum, and the division
  // by F rounds the lower bound down and the upper one up. So lo_roll >=
  // hi_hold proves roll >= hold (and the other way round); only where the
  // two intervals overlap (a tie, or values within about T·2^-64) are the
  // two compared exactly, by roll_value. The integers stay below
  // (F + 1)·(2^64 + T) < 2^128.
  BigInt exact, h;
  std::vector<fixed> xl(t + 1), xh(t + 1);
  pair_pass pass;
  pass.faces = faces;
  pass.target = target;
  pass.values = &c.values;
  for (int j = 0; j < target; ++j) {
    for (int i = 0; i < target; ++i) {
      const std::size_t s = static_cast<std::size_t>(i) * t + static_cast<std::size_t>(j);
      const std::string& actions = c.actions[s];
      pass.i = i;
      pass.j = j;
      pass.actions = &actions;
      const int e = target - i;
      const std::size_t bust = static_cast<std::size_t>(j) * t + static_cast<std::size_t>(i);
      fixed sum_lo = 0, sum_hi = 0;  // Σ x(k + f) over the faces f = 2..F with k + f < E
      for (int k = e - 1; k >= 1; --k) {
        const auto uk = static_cast<std::size_t>(k);
        if (k + 2 <= e - 1) {
          sum_lo += xl[uk + 2];
          sum_hi += xh[uk + 2];
        }
        if (const auto out = uk + static_cast<std::size_t>(faces) + 1; k + faces + 1 <= e - 1) {
          sum_lo -= xl[out];
          sum_hi -= xh[out];
        }
        const int first_win = std::max(2, e - k);
        const fixed wins = faces >= first_win ? static_cast<fixed>(faces - first_win + 1) * scale : 0;
        const auto f = static_cast<fixed>(faces);
        const fixed roll_lo = (scale - hi[bust] + sum_lo + wins) / f;
        const fixed roll_hi = (scale - lo[bust] + sum_hi + wins + f - 1) / f;
        const std::size_t held = static_cast<std::size_t>(j) * t + static_cast<std::size_t>(i + k);
        const fixed hold_lo = scale - hi[held], hold_hi = scale - lo[held];
        const bool rolls = actions[uk] == 'r';
        if (rolls ? roll_lo < hold_hi : hold_lo < roll_hi) {  // not decided: compare exactly
          pass.roll_value(k, i + k, exact);
          pass.hold_numerator(i + k, h);
          mpz_ui_pow_ui(raw(q), static_cast<unsigned long>(faces), static_cast<unsigned long>(pass.rolls_from(k)));
          h *= q;
          if (rolls ? exact < h : h < exact) {
            const BigInt one = pass.scale_of(k);
            return failed(i, j, k,
                          std::string("not optimal: the action is ") + (rolls ? "roll" : "hold") + ", worth " +
                              message_text(make_rational(rolls ? exact : h, one)) + ", but " +
                              (rolls ? "holding" : "rolling") + " gives " +
                              message_text(make_rational(rolls ? h : exact, one)));
          }
        }
        xl[uk] = rolls ? roll_lo : hold_lo;
        xh[uk] = rolls ? roll_hi : hold_hi;
      }
      // The equation: P(i, j, 0) = roll(0), cross-multiplied:
      // num(P)·F^M·D = den(P)·roll_value(0). Where den(P) divides F^M·D
      // (P in lowest terms, as written), it reads
      // num(P)·(F^M·D / den(P)) = roll_value(0): no product of two long numbers.
      pass.roll_value(0, i, exact);
      const Rational& p = *c.values[s];
      const BigInt one = pass.scale_of(0);
      bool holds = false;
      if (mpz_divisible_p(raw(one), den_of(p)) != 0) {
        mpz_divexact(raw(q), raw(one), den_of(p));
        mpz_mul(raw(q), raw(q), num_of(p));
        holds = q == exact;
      } else {
        mpz_mul(raw(q), raw(one), num_of(p));
        mpz_mul(raw(h), raw(exact), den_of(p));
        holds = q == h;
      }
      if (!holds)
        return failed(i, j, 0,
                      "the equation fails: value " + message_text(p) + ", but rolling gives (1/" +
                          std::to_string(faces) + ")·(1 − P" + pig_state_name(j, i, 0) + ") + (1/" +
                          std::to_string(faces) + ")·Σ P" + pig_state_name(i, j, 2) +
                          ".. = " + message_text(make_rational(exact, one)) + ", with P" + pig_state_name(j, i, 0) +
                          " = " + message_text(*c.values[bust]));
    }
  }
  r.verified = true;
  r.theorem =
      "every action is at least as good as the other and every turn-start value is its equation's, so the values "
      "solve Pig's equations; every play ends with probability 1 whatever the strategies (T rolls in a row "
      "without a 1 end it, and every turn rolls), so the game is stopping and its equations have one solution "
      "(Condon 1992): the values are Pig's, and the actions optimal";
  return r;
}

}  // namespace exactdp
