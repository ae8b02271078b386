// The chance step (chance.hpp) and the fixed-width counts (count_first.hpp).
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "exactdp/numeric/numeric.hpp"
#include "exactdp/probability/chance.hpp"
#include "exactdp/probability/count_first.hpp"

using namespace exactdp;

TEST_CASE("chance_step: a fair die averages its successors exactly", "[probability][chance]") {
  const auto die = chance_step<Rational>::uniform(6);
  REQUIRE(die.outcomes() == 6);
  REQUIRE(die.probability(2) == ratio<Rational>(1, 6));
  const std::vector<Rational> next = {Rational(1), Rational(2), Rational(3), Rational(4), Rational(5), Rational(6)};
  REQUIRE(die.expected(next) == ratio<Rational>(7, 2));
  REQUIRE(die.average_of_sum(Rational(21)) == ratio<Rational>(7, 2));

  const auto die_mod = chance_step<Mod>::uniform(6);
  const std::vector<Mod> next_mod = {Mod(1), Mod(2), Mod(3), Mod(4), Mod(5), Mod(6)};
  REQUIRE(die_mod.expected(next_mod) == to_modint<Mod>(ratio<Rational>(7, 2)));

  const auto die_double = chance_step<double>::uniform(6);
  const std::vector<double> next_double = {1, 2, 3, 4, 5, 6};
  REQUIRE(die_double.expected(next_double) == Approx(3.5).margin(1e-15));
}

TEST_CASE("chance_step: weighted outcomes against enumeration of equally likely cases", "[probability][chance]") {
  // Weights w_i are w_i copies of an equally likely elementary outcome: the
  // weighted step must equal the uniform step over the expanded list.
  std::mt19937_64 rng(20261130);
  for (int trial = 0; trial < 200; ++trial) {
    const int m = 1 + static_cast<int>(rng() % 5);
    std::vector<std::int64_t> weights;
    std::vector<Rational> values, expanded;
    for (int i = 0; i < m; ++i) {
      const auto w = static_cast<std::int64_t>(rng() % 4);
      weights.push_back(w);
      values.push_back(
          ratio<Rational>(static_cast<std::int64_t>(rng() % 19) - 9, 1 + static_cast<std::int64_t>(rng() % 7)));
      for (std::int64_t c = 0; c < w; ++c) expanded.push_back(values.back());
    }
    if (expanded.empty()) {
      REQUIRE_THROWS_AS(chance_step<Rational>(weights), std::invalid_argument);
      continue;
    }
    const chance_step<Rational> step(weights);
    const auto uniform = chance_step<Rational>::uniform(static_cast<std::int64_t>(expanded.size()));
    REQUIRE(step.expected(values) == uniform.expected(expanded));
    Rational total(0);
    for (std::size_t i = 0; i < weights.size(); ++i) total += step.probability(i);
    REQUIRE(total == 1);
  }
}

TEST_CASE("chance_step: expectiminimax use, max at the player's node and average at the die's",
          "[probability][chance]") {
  // The player picks which of two dice to roll: die A shows 1..6, die B
  // shows 3 with weight 5 and 10 with weight 1. A: 7/2, B: 25/6 -> B.
  const auto a = chance_step<Rational>::uniform(6);
  const chance_step<Rational> b({5, 1});
  const Rational va = a.expected({Rational(1), Rational(2), Rational(3), Rational(4), Rational(5), Rational(6)});
  const Rational vb = b.expected({Rational(3), Rational(10)});
  REQUIRE(va == ratio<Rational>(7, 2));
  REQUIRE(vb == ratio<Rational>(25, 6));
  REQUIRE(std::max(va, vb) == vb);
}

TEST_CASE("chance_step: errors", "[probability][chance][errors]") {
  REQUIRE_THROWS_AS(chance_step<double>(std::vector<std::int64_t>{}), std::invalid_argument);
  REQUIRE_THROWS_AS(chance_step<double>({1, -1}), std::invalid_argument);
  REQUIRE_THROWS_AS(chance_step<double>({0, 0}), std::invalid_argument);
  REQUIRE_THROWS_AS(chance_step<double>({std::int64_t{1} << 62, 1}), std::invalid_argument);
  REQUIRE_THROWS_AS(chance_step<double>::uniform(0), std::invalid_argument);
  const auto die = chance_step<double>::uniform(6);
  REQUIRE_THROWS_AS(die.expected({1.0, 2.0}), std::invalid_argument);
  REQUIRE_THROWS_AS(die.probability(6), std::out_of_range);
  // The total weight must be invertible modulo P.
  dyn_modulus_scope scope(3);
  REQUIRE_THROWS_AS(chance_step<DynModInt>::uniform(6), std::domain_error);
  REQUIRE_THROWS_WITH(chance_step<DynModInt>({1, 2}),
                      Catch::Contains("the total weight 3") && Catch::Contains("no residue modulo 3"));
}

TEST_CASE("fixed_count: wrapping arithmetic agrees with BigInt modulo 2^(64L)", "[probability][count_first]") {
  std::mt19937_64 rng(7);
  const BigInt wrap = BigInt(1) << 320;
  auto random_count = [&] {
    detail::fixed_count<5> x;
    for (auto& limb : x.limb) limb = rng() >> (rng() % 64);
    return x;
  };
  auto reduce = [&](BigInt z) {
    z %= wrap;
    if (z < 0) z += wrap;
    return z;
  };
  for (int trial = 0; trial < 500; ++trial) {
    const auto a = random_count(), b = random_count();
    const BigInt x = a.to_bigint(), y = b.to_bigint();
    REQUIRE((a + b).to_bigint() == reduce(x + y));
    REQUIRE((a - b).to_bigint() == reduce(x - y));
    REQUIRE((a * b).to_bigint() == reduce(x * y));
    REQUIRE((-a).to_bigint() == reduce(-x));
  }
  REQUIRE(detail::fixed_count<3>(-1).to_bigint() == (BigInt(1) << 192) - 1);
  REQUIRE(detail::fixed_count<1>(42).to_bigint() == 42);
}

TEST_CASE("with_count_width picks a width that holds the bits", "[probability][count_first]") {
  for (const long double bits : {1.0L, 64.0L, 65.0L, 300.0L, 2048.0L}) {
    const int limbs = detail::with_count_width(bits, []<class C>(std::type_identity<C>) {
      if constexpr (detail::is_fixed_count<C>::value)
        return static_cast<int>(C().limb.size());
      else
        return 0;
    });
    REQUIRE(64.0L * limbs >= bits);
  }
  const int big = detail::with_count_width(
      2049.0L, []<class C>(std::type_identity<C>) { return std::is_same_v<C, BigInt> ? 1 : 0; });
  REQUIRE(big == 1);
}
