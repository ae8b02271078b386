// soup_servings and soup_servings_within (soup.hpp).
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "chance_support.hpp"
#include "exactdp/probability/soup.hpp"

using namespace exactdp;

namespace {
// Independent oracle: the game in raw millilitres, every sequence of
// servings (explicit stack), exact.
Rational soup_by_enumeration(int n) {
  struct frame {
    int a, b;
    Rational probability;
  };
  static constexpr int serve_a[4] = {100, 75, 50, 25}, serve_b[4] = {0, 25, 50, 75};
  std::vector<frame> stack{{n, n, Rational(1)}};
  Rational answer(0);
  const Rational quarter = ratio<Rational>(1, 4);
  while (!stack.empty()) {
    const frame f = stack.back();
    stack.pop_back();
    if (f.a <= 0 && f.b <= 0) {
      answer += f.probability / 2;
    } else if (f.a <= 0) {
      answer += f.probability;
    } else if (f.b > 0) {
      for (int s = 0; s < 4; ++s) stack.push_back({f.a - serve_a[s], f.b - serve_b[s], f.probability * quarter});
    }
  }
  return answer;
}
}  // namespace

TEST_CASE("soup_servings: seed values and handed case C03", "[probability][soup]") {
  REQUIRE(soup_servings<Rational>(50) == ratio<Rational>(5, 8));
  REQUIRE(soup_servings<Rational>(0) == ratio<Rational>(1, 2));
  REQUIRE(soup_servings<double>(50) == Approx(0.625).margin(1e-16));
  const Rational c03 = soup_servings<Rational>(3505);
  REQUIRE(to_string(c03) == "348422548588233274271872855701001955852265/348449143727040986586495598010130648530944");
  REQUIRE(ulp_distance(to_double(c03), 0.99992367569475638) == 0);
  REQUIRE(soup_servings<Mod>(3505).value() == 925777202u);
  // 7.6e-5 from 1: "n >= 3400 -> 1" is wrong even for a tolerance of 1e-5.
  REQUIRE(Rational(1) - c03 > to_rational(7.6e-5));
}

TEST_CASE("soup_servings: every serving sequence in millilitres for n <= 150", "[probability][soup]") {
  for (int n = 0; n <= 150; ++n) {
    INFO("n = " << n);
    REQUIRE(soup_servings<Rational>(n) == soup_by_enumeration(n));
  }
}

TEST_CASE("soup_servings: policies agree", "[probability][soup]") {
  for (const std::int64_t n : {0, 1, 50, 51, 500, 3505, 4800, 20000}) {
    INFO("n = " << n);
    // Each cell is a sum of 4 values in [0, 1] and one scaling: the error
    // stays near one rounding per level of the recursion, 1e-14 is ample.
    test::check_policies<Rational>([n]<class T>(std::type_identity<T>) { return soup_servings<T>(n); }, 1e-14);
  }
}

TEST_CASE("soup_servings_within: the cutoff follows the tolerance", "[probability][soup]") {
  const soup_estimate loose = soup_servings_within(1'000'000'000, 1e-5);
  const soup_estimate strict = soup_servings_within(1'000'000'000, 1e-6);
  // The seed's 4800 is safe for 1e-5, not for 1e-6.
  REQUIRE(loose.cutoff_n <= 4800);
  REQUIRE(strict.cutoff_n > 4800);
  REQUIRE(Rational(1) - soup_servings<Rational>(4800) > to_rational(1e-6));
  for (const soup_estimate* e : {&loose, &strict}) {
    INFO("tolerance " << e->tolerance);
    REQUIRE(e->used_cutoff);
    REQUIRE(e->value == 1.0);
    REQUIRE(e->checked_to_n >= 2 * e->cutoff_n);
    // Certified: within the tolerance at the cutoff, exactly...
    const Rational at = soup_servings<Rational>(e->cutoff_n);
    REQUIRE(Rational(1) - at == e->gap_at_cutoff);
    REQUIRE(Rational(1) - at <= to_rational(e->tolerance));
    // ...and the cutoff is the smallest such n: 25 ml below it is not.
    REQUIRE(Rational(1) - soup_servings<Rational>(e->cutoff_n - 25) > to_rational(e->tolerance));
    // Non-decreasing and within the tolerance over a sample of the checked range.
    Rational previous = at;
    for (std::int64_t n = e->cutoff_n + 25; n <= e->checked_to_n; n += std::int64_t{25} * 37) {
      const Rational v = soup_servings<Rational>(n);
      REQUIRE(previous <= v);
      REQUIRE(Rational(1) - v <= to_rational(e->tolerance));
      previous = v;
    }
    REQUIRE(e->reason.find("drift") != std::string::npos);
  }
  // Below the cutoff the double is the full table.
  const soup_estimate small = soup_servings_within(3505, 1e-5);
  REQUIRE_FALSE(small.used_cutoff);
  REQUIRE(ulp_distance(small.value, 0.99992367569475638) <= 1);
  // A loose tolerance gives an early cutoff, and the value there is still within it.
  const soup_estimate rough = soup_servings_within(10'000, 1e-3);
  REQUIRE(rough.cutoff_n < loose.cutoff_n);
  REQUIRE(Rational(1) - soup_servings<Rational>(rough.cutoff_n) <= to_rational(1e-3));
}

TEST_CASE("soup_servings: errors", "[probability][soup][errors]") {
  REQUIRE_THROWS_WITH(soup_servings<double>(-1), Catch::Contains("between 0 and 10^15"));
  REQUIRE_THROWS_AS(soup_servings_within(100, 0.0), std::invalid_argument);
  REQUIRE_THROWS_AS(soup_servings_within(100, 1.0), std::invalid_argument);
  REQUIRE_THROWS_AS(soup_servings_within(100, -1e-5), std::invalid_argument);
  REQUIRE_THROWS_AS(soup_servings_within(-5, 1e-5), std::invalid_argument);
  // The table above the budget: the message gives the estimate.
  REQUIRE_THROWS_WITH(soup_servings<double>(1'000'000'000), Catch::Contains("8e+15 elementary steps"));
  REQUIRE_THROWS_AS(soup_servings<Rational>(1'000'000'000), resource_error);
  const long double saved = work_budget_steps();
  work_budget_steps() = 1e7L;
  REQUIRE_THROWS_AS(soup_servings_within(1'000'000, 1e-30), resource_error);
  work_budget_steps() = saved;
}
