// The checker of Pig's certificates (verify.hpp, check_pig_certificate):
// the rules of Pig regenerated here, a backward pass over the turn totals of
// each pair of scores in integers over one common denominator. It calls no
// solver: pig.hpp gives the bounds of the parameters only.
#include <gmp.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "exactdp/decision/pig.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/verify/verify.hpp"

namespace exactdp {

namespace {

mpz_ptr raw(BigInt& z) { return z.backend().data(); }
mpz_srcptr num_of(const Rational& q) { return mpq_numref(q.backend().data()); }
mpz_srcptr den_of(const Rational& q) { return mpq_denref(q.backend().data()); }

std::string pig_state(int i, int j, int k) { return pig_state_name(i, j, k); }

// "faces=F,target=T" (pig_parameters_text), read back.
std::pair<int, int> pig_parameters(const std::string& text) {
  const std::size_t comma = text.find(',');
  if (!text.starts_with("faces=") || comma == std::string::npos || text.compare(comma + 1, 7, "target=") != 0)
    throw std::invalid_argument("a certificate of Pig names its parameters \"faces=F,target=T\", not " +
                                quote_input(text, 60));
  const auto faces = parse_integer<int>(std::string_view(text).substr(6, comma - 6), "faces", 2, pig_max_faces);
  const auto target = parse_integer<int>(std::string_view(text).substr(comma + 8), "target", 1, pig_max_target);
  if (pig_parameters_text(faces, target) != text)
    throw std::invalid_argument("a certificate of Pig names its parameters as " + pig_parameters_text(faces, target) +
                                ", not " + quote_input(text, 60));
  return {faces, target};
}

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
      if (c.states[s] != pig_state(i, j, 0))
        throw std::invalid_argument("state " + std::to_string(s) + " of the certificate is " + name_text(c.states[s]) +
                                    ", not " + pig_state(i, j, 0));
      if (c.actions[s].size() != static_cast<std::size_t>(target - i) ||
          c.actions[s].find_first_not_of("rh") != std::string::npos)
        throw std::invalid_argument("the actions of state " + pig_state(i, j, 0) + " must be " +
                                    std::to_string(target - i) + " letters r (roll) or h (hold), one per turn total");
    }
  if (c.start != pig_state(0, 0, 0)) throw std::invalid_argument("a certificate of Pig starts at (0, 0, 0)");
  verify_report r;
  r.start = c.start;
  r.start_value = c.values[0];
  auto failed = [&r, t](int i, int j, int k, const std::string& what) {
    r.state = static_cast<std::size_t>(i) * t + static_cast<std::size_t>(j);
    r.reason = "state " + pig_state(i, j, k) + ": " + what;
    return r;
  };
  for (std::size_t s = 0; s < t * t; ++s)
    if (!c.values[s])
      return failed(static_cast<int>(s / t), static_cast<int>(s % t), 0, "a win probability is not inf");
  auto value = [&c, t](int i, int j) -> const Rational& {
    return *c.values[static_cast<std::size_t>(i) * t + static_cast<std::size_t>(j)];
  };
  // P(i, j, k) = max(roll, hold) for k > 0 and roll for k = 0, with
  //   roll = (1/F)·(1 − P(j, i, 0)) + (1/F)·Σ_{f=2..F} P(i, j, k + f)   (1 once i + k + f >= T),
  //   hold = 1 − P(j, i + k, 0).
  // With D a common denominator of P(j, m, 0) for m >= i and E = T − i,
  // X_k = P(i, j, k)·D·F^E is an integer (each roll divides by F once, at
  // most T − i − k times), so the pass runs in integers: X_k = (one − C +
  // Σ X_{k+f} + wins·one) / F exactly, one = D·F^E, C = P(j, i, 0)·D·F^E.
  BigInt d(1), one, c0, sum, roll, hold, q, lhs, rhs;
  std::vector<BigInt> x(t + 1);
  for (int j = 0; j < target; ++j) {
    d = 1;
    for (int i = target - 1; i >= 0; --i) {  // the scores of j's column, larger sums first
      if (!mpz_divisible_p(raw(d), den_of(value(j, i)))) mpz_lcm(raw(d), raw(d), den_of(value(j, i)));
      const int e = target - i;
      mpz_ui_pow_ui(raw(one), static_cast<unsigned long>(faces), static_cast<unsigned long>(e));
      const BigInt power = one;
      one *= d;
      auto scaled = [&](const Rational& v, BigInt& out) {  // v·D·F^E
        mpz_divexact(raw(out), raw(d), den_of(v));
        mpz_mul(raw(out), raw(out), num_of(v));
        out *= power;
      };
      scaled(value(j, i), c0);
      const std::string& actions = c.actions[static_cast<std::size_t>(i) * t + static_cast<std::size_t>(j)];
      sum = 0;  // Σ X_{k+f} over the faces f = 2..F with i + k + f < T
      for (int k = e - 1; k >= 0; --k) {
        if (k + 2 <= e - 1) sum += x[static_cast<std::size_t>(k) + 2];
        if (k + faces + 1 <= e - 1) sum -= x[static_cast<std::size_t>(k) + static_cast<std::size_t>(faces) + 1];
        const int first_win = std::max(2, e - k);  // the least face that reaches the target
        const int wins = faces >= first_win ? faces - first_win + 1 : 0;
        roll = one - c0 + sum + one * wins;
        mpz_divexact_ui(raw(roll), raw(roll), static_cast<unsigned long>(faces));
        BigInt& xk = x[static_cast<std::size_t>(k)];
        if (k == 0) {
          if (actions[0] != 'r')
            return failed(i, j, 0, "the action is hold, but a turn starts with a roll (holding at 0 is a pass)");
          xk = roll;
          break;
        }
        scaled(value(j, i + k), hold);
        hold = one - hold;
        const bool rolls = actions[static_cast<std::size_t>(k)] == 'r';
        if (rolls ? roll < hold : hold < roll)
          return failed(i, j, k,
                        std::string("not optimal: the action is ") + (rolls ? "roll" : "hold") + ", worth " +
                            message_text(make_rational(rolls ? roll : hold, one)) + ", but " +
                            (rolls ? "holding" : "rolling") + " gives " +
                            message_text(make_rational(rolls ? hold : roll, one)));
        xk = rolls ? roll : hold;
      }
      // The turn-start value must be its equation's: X_0 / one = P(i, j, 0).
      const Rational& p = value(i, j);
      mpz_mul(raw(lhs), raw(x[0]), den_of(p));
      mpz_mul(raw(rhs), num_of(p), raw(one));
      if (lhs != rhs)
        return failed(i, j, 0,
                      "the equation fails: value " + message_text(p) + ", but rolling gives (1/" +
                          std::to_string(faces) + ")·(1 − P" + pig_state(j, i, 0) + ") + (1/" + std::to_string(faces) +
                          ")·Σ P" + pig_state(i, j, 2) + ".. = " + message_text(make_rational(x[0], one)) + ", with P" +
                          pig_state(j, i, 0) + " = " + message_text(value(j, i)));
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
