// field_traits<T>::solver picks the dense solver, and the chain's conversion
// of probabilities to residues names the transition, the modulus and the
// step. The 64-bit residues convert to uint32_t like the 32-bit ones, so a
// test of the residue interface alone would send them to the 32-bit solver
// with a truncated modulus: their trait sends them to plain elimination.
#include "exactdp/markov/linear.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/queries.hpp"
#include "exactdp/numeric/numeric.hpp"

using namespace exactdp;
using Catch::Matchers::Equals;

namespace {
using M62 = ModInt64<4'611'686'018'427'387'847ull>;  // the largest prime below 2^62
}

static_assert(field_traits<Mod>::solver == linear_solver::residues32);
static_assert(field_traits<M62>::solver == linear_solver::elimination);
static_assert(field_traits<Rational>::solver == linear_solver::flint);
static_assert(field_traits<double>::solver == linear_solver::pivoting);
static_assert(detail::residue_type<Mod> && !detail::residue_type<M62>);

TEST_CASE("solve_dense over 62-bit residues equals the exact solution mapped", "[markov][linear][policy]") {
  std::mt19937 rng(62);
  std::uniform_int_distribution<int> num(-9, 9), den(1, 12);
  for (std::size_t n = 1; n <= 12; ++n) {
    std::vector<Rational> a(n * n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        const int top = num(rng);  // drawn first: the operands of / are unsequenced
        a[i * n + j] = Rational(top) / Rational(den(rng));
      }
      a[i * n + i] += Rational(20);  // diagonally dominant: nonsingular
      const int top = num(rng);      // drawn first: the operands of / are unsequenced
      b[i] = Rational(top) / Rational(den(rng));
    }
    std::vector<Rational> x = b;
    std::vector<Rational> ax = a;
    REQUIRE(detail::solve_dense(n, ax, x));
    std::vector<M62> am(n * n), bm(n);
    for (std::size_t i = 0; i < n * n; ++i) am[i] = from_rational<M62>(a[i]);
    for (std::size_t i = 0; i < n; ++i) bm[i] = from_rational<M62>(b[i]);
    REQUIRE(detail::solve_dense(n, am, bm));
    for (std::size_t i = 0; i < n; ++i) REQUIRE(bm[i] == from_rational<M62>(x[i]));
  }
}

TEST_CASE("a chain over 62-bit residues: expected steps equal the exact value mapped", "[markov][policy]") {
  // Rolls of a die until two sixes in a row: 42 rolls, through a cycle.
  markov_builder b("sixes");
  const auto s0 = b.state("none"), s1 = b.state("one"), s2 = b.state("two");
  b.transition(s0, s0, ratio<Rational>(5, 6));
  b.transition(s0, s1, ratio<Rational>(1, 6));
  b.transition(s1, s0, ratio<Rational>(5, 6));
  b.transition(s1, s2, ratio<Rational>(1, 6));
  b.absorbing(s2);
  const markov_model m = b.build();
  markov_query q;
  q.start = s0;
  const Rational exact = expected_steps(markov_chain<Rational>(m), q);
  CHECK(exact == 42);
  CHECK(expected_steps(markov_chain<M62>(m), q) == from_rational<M62>(exact));
  CHECK(expected_steps(markov_chain<Mod>(m), q) == from_rational<Mod>(exact));
}

TEST_CASE("the chain's conversion to residues names the transition, the modulus and the step", "[markov][errors]") {
  markov_builder b("thirds");
  const auto a = b.state("a"), c = b.state("c");
  b.transition(a, c, ratio<Rational>(1, 3));
  b.transition(a, a, ratio<Rational>(2, 3));
  b.absorbing(c);
  const markov_model m = b.build();
  CHECK_THROWS_AS(markov_chain<ModInt<3>>(m), std::domain_error);
  CHECK_THROWS_WITH(markov_chain<ModInt<3>>(m),
                    Equals("markov chain: the probability 2/3 of the transition a -> a has no residue modulo 3 "
                           "(step: converting the model's probabilities)"));
  CHECK_THROWS_WITH(markov_chain<ModInt64<3>>(m), Catch::Contains("has no residue modulo 3"));
  CHECK_NOTHROW(markov_chain<ModInt<5>>(m));

  markov_builder r("rewards");
  const auto u = r.state("u"), v = r.state("v");
  r.transition(u, v, Rational(1));
  r.absorbing(v);
  r.reward(u, ratio<Rational>(1, 7));
  const markov_model rewarded = r.build();
  CHECK_THROWS_WITH(markov_chain<ModInt<7>>(rewarded),
                    Equals("markov chain: the reward 1/7 of state u has no residue modulo 7 (step: converting the "
                           "model's rewards)"));
}
