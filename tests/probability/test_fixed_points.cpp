// expected_fixed_points (fixed_points.hpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

#include "chance_support.hpp"
#include "exactdp/probability/fixed_points.hpp"

using namespace exactdp;

namespace {
// Independent oracle: the average number of fixed points over all n!
// permutations, by enumeration.
Rational fixed_points_by_enumeration(int n) {
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  BigInt total = 0, count = 0;
  do {
    for (int i = 0; i < n; ++i)
      if (p[static_cast<std::size_t>(i)] == i) total += 1;
    count += 1;
  } while (std::next_permutation(p.begin(), p.end()));
  return make_rational(total, count);
}
}  // namespace

TEST_CASE("expected_fixed_points: every permutation for n <= 8", "[probability][fixed_points]") {
  for (int n = 1; n <= 8; ++n) {
    INFO("n = " << n);
    REQUIRE(expected_fixed_points<Rational>(n) == fixed_points_by_enumeration(n));
    REQUIRE(expected_fixed_points<Rational>(n) == 1);
  }
  REQUIRE(expected_fixed_points<Rational>(0) == 0);
}

TEST_CASE("expected_fixed_points: policies agree; the double shows its rounding", "[probability][fixed_points]") {
  for (const int n : {1, 2, 3, 10, 49, 1000, 100000, 2147483647}) {
    INFO("n = " << n);
    // Two roundings (1/n and the product): within 2.3e-16 of 1.
    test::check_policies<Rational>([n]<class T>(std::type_identity<T>) { return expected_fixed_points<T>(n); },
                                   2.3e-16);
  }
  // 49·(1/49) stops one ulp below 1: the error the tool reports.
  REQUIRE(ulp_distance(expected_fixed_points<double>(49), 1.0) == 1);
}

TEST_CASE("expected_fixed_points: errors", "[probability][fixed_points][errors]") {
  REQUIRE_THROWS_AS(expected_fixed_points<double>(-1), std::invalid_argument);
  REQUIRE_THROWS_WITH(expected_fixed_points<double>(-1), Catch::Contains("must be >= 0"));
  dyn_modulus_scope scope(7);
  REQUIRE_THROWS_AS(expected_fixed_points<DynModInt>(14), std::domain_error);
}
