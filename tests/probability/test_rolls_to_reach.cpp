// expected_rolls_to_reach (rolls_to_reach.hpp).
#include <catch2/catch.hpp>

#include <vector>

#include "chance_support.hpp"
#include "exactdp/probability/rolls_to_reach.hpp"

using namespace exactdp;

namespace {
// Independent oracle: every sequence of rolls until the total reaches the
// target, each with probability faces^-length, summed as length × probability.
// Explicit stack: (total, length, probability).
Rational rolls_by_enumeration(int target, int faces) {
  struct frame {
    int total, length;
    Rational probability;
  };
  std::vector<frame> stack{{0, 0, Rational(1)}};
  Rational expected(0);
  const Rational share = ratio<Rational>(1, faces);
  while (!stack.empty()) {
    const frame f = stack.back();
    stack.pop_back();
    if (f.total >= target) {
      expected += f.probability * f.length;
      continue;
    }
    for (int face = 1; face <= faces; ++face) stack.push_back({f.total + face, f.length + 1, f.probability * share});
  }
  return expected;
}
}  // namespace

TEST_CASE("expected_rolls_to_reach: seed value", "[probability][rolls_to_reach]") {
  REQUIRE(expected_rolls_to_reach<Rational>(3) == ratio<Rational>(49, 36));
  REQUIRE(expected_rolls_to_reach<double>(3) == Approx(49.0 / 36).epsilon(1e-15));
  REQUIRE(expected_rolls_to_reach<Rational>(0) == 0);
  REQUIRE(expected_rolls_to_reach<Rational>(1) == 1);
  REQUIRE(expected_rolls_to_reach<Rational>(17, 1) == 17);
}

TEST_CASE("expected_rolls_to_reach: every roll sequence for small targets", "[probability][rolls_to_reach]") {
  for (int faces = 1; faces <= 6; ++faces)
    for (int target = 0; target <= 8; ++target) {
      INFO("target " << target << ", faces " << faces);
      REQUIRE(expected_rolls_to_reach<Rational>(target, faces) == rolls_by_enumeration(target, faces));
    }
}

TEST_CASE("expected_rolls_to_reach: policies agree", "[probability][rolls_to_reach]") {
  for (const int target : {1, 2, 6, 7, 20, 50, 500}) {
    for (const int faces : {2, 6, 13}) {
      INFO("target " << target << ", faces " << faces);
      // Every state adds one rounding to a value of size ~target: 2e-16 per state, relative.
      test::check_policies<Rational>(
          [=]<class T>(std::type_identity<T>) { return expected_rolls_to_reach<T>(target, faces); }, target * 2.3e-16);
    }
  }
}

TEST_CASE("expected_rolls_to_reach: errors", "[probability][rolls_to_reach][errors]") {
  REQUIRE_THROWS_WITH(expected_rolls_to_reach<double>(-1), Catch::Contains("target"));
  REQUIRE_THROWS_AS(expected_rolls_to_reach<double>(5, 0), std::invalid_argument);
  REQUIRE_THROWS_AS(expected_rolls_to_reach<double>(5, 1'000'001), std::invalid_argument);
  dyn_modulus_scope scope(5);
  REQUIRE_THROWS_AS(expected_rolls_to_reach<DynModInt>(5, 10), std::domain_error);
  const long double saved = work_budget_steps();
  work_budget_steps() = 1e6L;
  REQUIRE_THROWS_AS(expected_rolls_to_reach<Rational>(100000, 6), resource_error);
  work_budget_steps() = saved;
}
