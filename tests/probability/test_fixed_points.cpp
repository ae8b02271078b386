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
  for (const int n : {1, 2, 3, 10, 49, 1000, 100000}) {
    INFO("n = " << n);
    // n additions of a rounded 1/n: at most n half-ulps of 1 apart.
    test::check_policies<Rational>(
        [n]<class T>(std::type_identity<T>) { return expected_fixed_points<T>(n); }, n * 1.2e-16);
  }
  // 10 additions of 0.1 stop one ulp below 1: the error the tool reports.
  REQUIRE(ulp_distance(expected_fixed_points<double>(10), 1.0) == 1);
}

TEST_CASE("expected_fixed_points: errors", "[probability][fixed_points][errors]") {
  REQUIRE_THROWS_AS(expected_fixed_points<double>(-1), std::invalid_argument);
  REQUIRE_THROWS_WITH(expected_fixed_points<double>(-1), Catch::Contains("between 0 and 10^8"));
  REQUIRE_THROWS_AS(expected_fixed_points<double>(100'000'001), std::invalid_argument);
  dyn_modulus_scope scope(7);
  REQUIRE_THROWS_AS(expected_fixed_points<DynModInt>(14), std::domain_error);
}
