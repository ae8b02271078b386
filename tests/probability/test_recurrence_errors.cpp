// Errors from inside a recurrence say which recurrence and which step: a
// probability whose denominator is 0 modulo P has no residue, and the message
// names the recurrence, the probability, the modulus and the division that
// failed (not a bare "no inverse"). Recurrences that only divide by powers of
// two (knight, soup) or never divide (boundary paths, dice sequences) have no
// such error: they are run modulo 3 against the exact value instead.
#include <catch2/catch.hpp>

#include <array>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/numeric.hpp"
#include "exactdp/probability/boundary_paths.hpp"
#include "exactdp/probability/chance.hpp"
#include "exactdp/probability/coupon.hpp"
#include "exactdp/probability/dice_sequences.hpp"
#include "exactdp/probability/fixed_points.hpp"
#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/new21.hpp"
#include "exactdp/probability/rolls_to_reach.hpp"
#include "exactdp/probability/run.hpp"
#include "exactdp/probability/soup.hpp"

using namespace exactdp;
using Catch::Matchers::Equals;

TEST_CASE("recurrence errors: new21 names the draw and the divisor", "[probability][errors]") {
  const std::string want =
      "new21: the probability 1/3 of each draw has no residue modulo 3 (step: dividing by max_pts = 3)";
  CHECK_THROWS_AS(new21_probability<ModInt<3>>(5, 4, 3), std::domain_error);
  CHECK_THROWS_WITH(new21_probability<ModInt<3>>(5, 4, 3), Equals(want));
  {
    dyn_modulus_scope scope(3);
    CHECK_THROWS_WITH(new21_probability<DynModInt>(5, 4, 3), Equals(want));
  }
  CHECK_THROWS_WITH(new21_probability<ModInt64<3>>(5, 4, 3), Equals(want));
  CHECK_THROWS_WITH(new21_probability<ModInt<5>>(25, 20, 10),
                    Equals("new21: the probability 1/10 of each draw has no residue modulo 5 (step: dividing by "
                           "max_pts = 10)"));
  CHECK(new21_probability<ModInt<3>>(6, 4, 3) == ModInt<3>(1));  // the shortcut: she always ends at or below 6
}

TEST_CASE("recurrence errors: rolls to reach, runs, fixed points, coupons", "[probability][errors]") {
  CHECK_THROWS_WITH(expected_rolls_to_reach<ModInt<5>>(7, 5),
                    Equals("expected_rolls_to_reach: the probability 1/5 of each face has no residue modulo 5 "
                           "(step: dividing by faces = 5)"));
  CHECK_THROWS_WITH(expected_rolls_for_run<ModInt<7>>(3, 7),
                    Equals("expected_rolls_for_run: the probability 1/7 of a face has no residue modulo 7 (step: "
                           "dividing by faces = 7)"));
  CHECK_THROWS_WITH(expected_fixed_points<ModInt<3>>(6),
                    Equals("expected_fixed_points: the probability 1/6 that a position holds its own number has no "
                           "residue modulo 3 (step: dividing by n = 6)"));
  CHECK_THROWS_WITH(expected_draws_to_collect<ModInt<3>>(5),
                    Equals("expected_draws_to_collect: the expected n·H_n has no residue modulo 3 (step: the term "
                           "n/k for k = 3)"));
  CHECK_THROWS_WITH(expected_draws_to_collect<ModInt<7>>(7),
                    Equals("expected_draws_to_collect: the expected n·H_n has no residue modulo 7 (step: the term "
                           "n/k for k = 7)"));
  CHECK_THROWS_WITH(chance_step<ModInt<3>>::uniform(6),
                    Equals("chance step: the probability 1/6 of a unit of weight has no residue modulo 3 (step: "
                           "dividing by the total weight 6)"));
  CHECK_THROWS_WITH(chance_step<ModInt<3>>({1, 2}),
                    Equals("chance step: the probability 1/3 of a unit of weight has no residue modulo 3 (step: "
                           "dividing by the total weight 3)"));
  // Below the modulus the same calls have residues: the exact value mapped.
  CHECK(expected_draws_to_collect<ModInt<7>>(6) == from_rational<ModInt<7>>(expected_draws_to_collect<Rational>(6)));
  CHECK(expected_rolls_to_reach<ModInt<5>>(7, 4) == from_rational<ModInt<5>>(expected_rolls_to_reach<Rational>(7, 4)));
}

TEST_CASE("recurrence errors: knight, soup, boundary paths and dice have no division by P", "[probability][errors]") {
  using M3 = ModInt<3>;
  CHECK(knight_probability<M3>(5, 6, 0, 0) == from_rational<M3>(knight_probability<Rational>(5, 6, 0, 0)));
  CHECK(soup_servings<M3>(200) == from_rational<M3>(soup_servings<Rational>(200)));
  CHECK(boundary_paths<M3>(3, 4, 5, 1, 1) == M3(static_cast<std::int64_t>(boundary_paths<BigInt>(3, 4, 5, 1, 1))));
  const std::array<int, 6> limits{1, 2, 3, 1, 2, 3};
  CHECK(dice_sequences<M3>(9, limits) == M3(static_cast<std::int64_t>(dice_sequences<BigInt>(9, limits))));
}

TEST_CASE("from_rational is the one conversion, with the fraction and the modulus named", "[numeric][errors]") {
  CHECK_THROWS_WITH(from_rational<ModInt<3>>(ratio<Rational>(1, 3)),
                    Equals("1/3 has no residue modulo 3: it has a denominator divisible by 3"));
  CHECK_THROWS_WITH(to_modint<ModInt64<3>>(ratio<Rational>(5, 6)),
                    Equals("5/6 has no residue modulo 3: it has a denominator divisible by 3"));
  CHECK(from_rational<ModInt<7>>(ratio<Rational>(-1, 2)) == ModInt<7>(3));        // -1/2 = 3 (mod 7): 3·2 = 6 = -1
  CHECK(ulp_distance(from_rational<double>(ratio<Rational>(1, 10)), 0.1) == 0u);  // correctly rounded: 0 ulps
  CHECK(from_rational<Rational>(ratio<Rational>(1, 10)) == ratio<Rational>(1, 10));
}
