// The double solver never computes 1 - p: self-loops within 10^-300 of 1
// keep their complement, and every answer is checked in ulps against the
// exact value rounded to double.
#include "exactdp/markov/queries.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>

#include "exactdp/markov/model.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "support/set2.hpp"

using namespace exactdp;
using exactdp::test::set2_case;
using exactdp::test::set2_path;

namespace {

std::uint64_t ulps(double got, const Rational& exact) {
  const auto d = ulp_distance(got, to_double(exact));
  return d ? *d : std::numeric_limits<std::uint64_t>::max();
}

Rational pow10_inverse(int k) {
  BigInt p = 1;
  for (int i = 0; i < k; ++i) p *= 10;
  return Rational(1) / Rational(p);
}

// A random chain whose every self-loop is 1 - 10^-k (k in 1..300): the mass
// 10^-k leaving a state is split among 1..3 other states with weights
// w·10^-j (w in 1..9, j in 0..40), so that leaving probabilities span
// hundreds of orders of magnitude. The first `absorbing` states absorb.
markov_model ill_conditioned(std::mt19937& rng, std::size_t n, std::size_t absorbing) {
  markov_builder b("ill-conditioned");
  for (std::size_t s = 0; s < n; ++s) b.state(std::string("s").append(std::to_string(s)));
  std::uniform_int_distribution<int> exponent(1, 300), digit(1, 9), shrink(0, 40), degree(1, 3);
  std::uniform_int_distribution<std::size_t> pick(0, n - 1);
  for (std::size_t s = 0; s < n; ++s) {
    if (s < absorbing) {
      b.absorbing(s);
      continue;
    }
    const Rational leave = pow10_inverse(exponent(rng));
    std::vector<std::size_t> targets;
    const int d = degree(rng);
    for (int tries = 0; tries < 20 && static_cast<int>(targets.size()) < d; ++tries) {
      const std::size_t t = pick(rng);
      if (t != s && std::find(targets.begin(), targets.end(), t) == targets.end()) targets.push_back(t);
    }
    if (targets.empty()) targets.push_back(s == 0 ? 1 : 0);
    std::vector<Rational> w;
    Rational total = 0;
    for (std::size_t i = 0; i < targets.size(); ++i) {
      // Two statements: the operands of * are unsequenced, and g++ and
      // clang++ would draw them in different orders (different chains).
      const int weight = digit(rng);
      w.push_back(Rational(weight) * pow10_inverse(shrink(rng)));
      total += w.back();
    }
    b.transition(s, s, 1 - leave);
    for (std::size_t i = 0; i < targets.size(); ++i) b.transition(s, targets[i], leave * w[i] / total);
  }
  return b.build();
}

}  // namespace

TEST_CASE("D03: self-loops within 1e-30 of 1, every target within 4 ulps in double", "[markov][accuracy]") {
  const markov_model m = load_markov_model(set2_path("ill_conditioned_chain.json"));
  const auto expected = set2_case("D03")["expected"];
  const markov_chain<double> approx(m);
  const markov_chain<Rational> exact(m);
  const markov_chain<Mod> residue(m);
  markov_query q;
  q.start = *m.start();
  int checked = 0;
  for (const auto& [name, want] : expected.items()) {
    INFO("target " << name);
    q.target = std::vector<std::size_t>{m.find(name).value()};
    const double got = reach_probability(approx, q);
    const double correctly_rounded = std::stod(want["double"].get<std::string>());
    const Rational value = reach_probability(exact, q);
    CHECK(to_double(value) == correctly_rounded);  // the case's value is the exact one, rounded
    CHECK(ulp_distance(got, correctly_rounded).value() <= 4);
    CHECK(reach_probability(residue, q).value() == want["mod"].get<std::uint32_t>());
    ++checked;
  }
  CHECK(checked == 4);
  // The whole absorption distribution and the expected number of steps
  // (about 10^31: the self-loop of "D, E, F" is within 10^-31 of 1).
  q.target.reset();
  const auto ab = absorption_probabilities(approx, q);
  const auto ab_exact = absorption_probabilities(exact, q);
  REQUIRE(ab.stopped.size() == ab_exact.stopped.size());
  for (std::size_t i = 0; i < ab.stopped.size(); ++i)
    CHECK(ulps(ab.stopped[i].second, ab_exact.stopped[i].second) <= 4);
  const Rational steps = expected_steps(exact, q);
  CHECK(to_double(steps) > 1e30);
  CHECK(ulps(expected_steps(approx, q), steps) <= 4);
}

// The stated bound: on chains of at most 12 states with self-loops
// 1 - 10^-k (k <= 300) and probabilities down to 10^-340 (below the
// smallest double: the solver works on the jump chain, whose probabilities
// P(s, t) / (1 - P(s, s)) are computed exactly and rounded once), every
// absorption probability and every expected number of steps computed in
// double is within 8 ulps of the exact value rounded to double. State
// reduction's error is a small multiple of the unit roundoff per state
// eliminated, whatever the self-loops; the largest error measured on these
// 300 chains is 3 ulps (printed when the test fails).
TEST_CASE("random ill-conditioned chains: doubles within 8 ulps of the exact value", "[markov][accuracy]") {
  std::mt19937 rng(1985);
  std::uint64_t worst = 0;
  int components = 0, values = 0;
  for (int round = 0; round < 300; ++round) {
    const std::size_t n = 2 + static_cast<std::size_t>(round % 11);
    const markov_model m = ill_conditioned(rng, n, 1 + static_cast<std::size_t>(round % 2));
    const markov_chain<double> approx(m);
    const markov_chain<Rational> exact(m);
    markov_query q;
    q.start = n - 1;
    INFO("round " << round);
    const auto ab = absorption_probabilities(approx, q);
    const auto ab_exact = absorption_probabilities(exact, q);
    REQUIRE(ab.stopped.size() == ab_exact.stopped.size());
    for (std::size_t i = 0; i < ab.stopped.size(); ++i) {
      const std::uint64_t e = ulps(ab.stopped[i].second, ab_exact.stopped[i].second);
      INFO("double " << ab.stopped[i].second << " exact " << to_double(ab_exact.stopped[i].second));
      worst = std::max(worst, e);
      CHECK(e <= 8);
      ++values;
    }
    if (ab_exact.never == 0) {
      const Rational steps = expected_steps(exact, q);
      if (to_double(steps) < 1e300) {
        const std::uint64_t e = ulps(expected_steps(approx, q), steps);
        INFO("steps double " << expected_steps(approx, q) << " exact " << to_double(steps));
        worst = std::max(worst, e);
        CHECK(e <= 8);
        ++values;
      }
    }
    const std::vector<char> stop = [&] {
      std::vector<char> v(n, 0);
      for (std::size_t s = 0; s < n; ++s) v[s] = m.is_absorbing(s);
      return v;
    }();
    const auto comps = reachable_components(n, exact.row_begin(), exact.targets(), q.start, stop);
    for (std::size_t k = 0; k < comps.count(); ++k) components += comps.begin[k + 1] - comps.begin[k] >= 3;
  }
  INFO("largest error " << worst << " ulps over " << values << " values");
  CHECK(values > 300);
  CHECK(components > 50);  // state reduction of components, not only single states
  CHECK(worst <= 8);
}

TEST_CASE("a reward that passes the largest double inside a component still gives a finite double",
          "[markov][accuracy]") {
  // s enters the cycle u <-> v with probability 10^-40. v keeps itself with
  // 1 - 10^-300 (10^300 steps a visit) and returns to u but for 10^-30, so
  // the walk visits v about 10^30 times: 10^330 steps once inside, past the
  // largest double, but about 10^290 steps from s. State reduction forms
  // the 10^330 on the way (solved again in long double); the round in the
  // random chains above whose answer is 5·10^296 once did the same.
  const Rational tiny = pow10_inverse(40), leave = pow10_inverse(300), out = pow10_inverse(30);
  markov_builder b("overflow inside");
  const auto s = b.state("s"), u = b.state("u"), v = b.state("v"), a = b.state("a"), z = b.state("z");
  b.transition(s, u, tiny);
  b.transition(s, a, 1 - tiny);
  b.transition(u, v, Rational(1));
  b.transition(v, v, 1 - leave);
  b.transition(v, u, leave * (1 - out));
  b.transition(v, z, leave * out);
  b.absorbing(a);
  b.absorbing(z);
  const markov_model m = b.build();
  markov_query q;
  q.start = s;
  const Rational steps = expected_steps(markov_chain<Rational>(m), q);
  CHECK(to_double(steps) > 1e289);
  CHECK(to_double(steps) < 1e291);
  CHECK(ulps(expected_steps(markov_chain<double>(m), q), steps) <= 8);
  q.target = std::vector<std::size_t>{z};
  const Rational reach = reach_probability(markov_chain<Rational>(m), q);
  CHECK(reach == tiny);
  CHECK(ulps(reach_probability(markov_chain<double>(m), q), reach) <= 8);
}

TEST_CASE("a double that really cannot be computed is refused, naming the state", "[markov][accuracy][errors]") {
  // A lone state whose self-loop is within 10^-400 of 1 (its complement is
  // below the smallest double) still has an answer: the walk leaves it with
  // probability 1, after 10^400 steps (inf in double, as an overflow is).
  const Rational leave = pow10_inverse(400);
  markov_builder b("tiny");
  const auto x = b.state("x"), y = b.state("y");
  b.transition(x, x, 1 - leave);
  b.transition(x, y, leave);
  b.absorbing(y);
  const markov_model m = b.build();
  markov_query q;
  q.start = x;
  CHECK(reach_probability(markov_chain<double>(m), q) == 1.0);
  CHECK(std::isinf(expected_steps(markov_chain<double>(m), q)));
  CHECK(reach_probability(markov_chain<Rational>(m), q) == 1);
  // Two states u <-> v, v leaving with 10^-400: after u is eliminated, the
  // probability of leaving v is 10^-400, 0 in double, and nothing is left
  // to compute with.
  markov_builder c("tiny2");
  const auto u = c.state("u"), v = c.state("v"), z = c.state("z");
  c.transition(u, v, Rational(1));
  c.transition(v, u, 1 - leave);
  c.transition(v, z, leave);
  c.absorbing(z);
  const markov_model m2 = c.build();
  q.start = u;
  CHECK_THROWS_WITH(reach_probability(markov_chain<double>(m2), q),
                    Catch::Contains("component of 2 states") && Catch::Contains("state v") &&
                        Catch::Contains("below the smallest positive double"));
  CHECK(reach_probability(markov_chain<Rational>(m2), q) == 1);
}
