// new21_probability (new21.hpp).
#include <catch2/catch.hpp>

#include <array>
#include <random>
#include <vector>

#include "chance_support.hpp"
#include "exactdp/probability/new21.hpp"

using namespace exactdp;

namespace {
// Independent oracle 1: every sequence of draws (explicit stack), exact.
Rational new21_by_enumeration(int n, int k, int max_pts) {
  struct frame {
    int total;
    Rational probability;
  };
  std::vector<frame> stack{{0, Rational(1)}};
  Rational answer(0);
  const Rational share = ratio<Rational>(1, max_pts);
  while (!stack.empty()) {
    const frame f = stack.back();
    stack.pop_back();
    if (f.total >= k) {
      if (f.total <= n) answer += f.probability;
      continue;
    }
    for (int d = 1; d <= max_pts; ++d) stack.push_back({f.total + d, f.probability * share});
  }
  return answer;
}

// Independent oracle 2: the O(n·max_pts) table of reach probabilities on
// Rationals, without the window and without the shortcut.
Rational new21_by_table(int n, int k, int max_pts) {
  const int top = k + max_pts;
  std::vector<Rational> reach(static_cast<std::size_t>(top) + 1, Rational(0));
  reach[0] = 1;
  for (int i = 1; i <= top; ++i)
    for (int j = std::max(0, i - max_pts); j < std::min(i, k); ++j)
      reach[static_cast<std::size_t>(i)] += reach[static_cast<std::size_t>(j)] / max_pts;
  Rational answer(0);
  for (int i = k; i <= std::min(n, top); ++i) answer += reach[static_cast<std::size_t>(i)];
  return answer;
}
}  // namespace

TEST_CASE("new21_probability: LeetCode 837 values, no cap on draws, no draw at all", "[probability][new21]") {
  REQUIRE(new21_probability<Rational>(5, 3, 4) == ratio<Rational>(59, 64));
  REQUIRE(new21_probability<double>(5, 3, 4) == Approx(0.921875).margin(1e-16));
  REQUIRE(new21_probability<Rational>(305, 303, 2) == 1);  // no cap on the number of draws
  REQUIRE(new21_probability<Rational>(304, 303, 2) == 1);
  REQUIRE(new21_probability<Rational>(303, 303, 2) == new21_by_table(303, 303, 2));
  REQUIRE(new21_probability<Rational>(1, 0, 2) == 1);  // no draw at all
  REQUIRE(new21_probability<Rational>(0, 0, 5) == 1);
  REQUIRE(new21_probability<Rational>(2, 5, 3) == 0);  // she never stops at or below 2
  REQUIRE(new21_probability<Rational>(21, 17, 10) == new21_by_table(21, 17, 10));
  // LeetCode 837's examples: 1, 0.6 and 0.73278 (5 decimals).
  REQUIRE(new21_probability<Rational>(10, 1, 10) == 1);
  REQUIRE(new21_probability<Rational>(6, 1, 10) == ratio<Rational>(3, 5));
  REQUIRE(new21_probability<double>(21, 17, 10) == Approx(0.73278).margin(5e-6));
}

TEST_CASE("new21_probability: every draw sequence on small inputs", "[probability][new21]") {
  for (int max_pts = 1; max_pts <= 4; ++max_pts)
    for (int k = 0; k <= 6; ++k)
      for (int n = 0; n <= k + max_pts + 1; ++n) {
        INFO("n " << n << ", k " << k << ", max_pts " << max_pts);
        REQUIRE(new21_probability<Rational>(n, k, max_pts) == new21_by_enumeration(n, k, max_pts));
      }
}

TEST_CASE("new21_probability: count-first exact path against the plain Rational table", "[probability][new21]") {
  std::mt19937 rng(21);
  for (int trial = 0; trial < 60; ++trial) {
    const int k = static_cast<int>(rng() % 60), max_pts = 1 + static_cast<int>(rng() % 30);
    const int n = static_cast<int>(rng() % static_cast<unsigned>(k + max_pts + 5));
    INFO("n " << n << ", k " << k << ", max_pts " << max_pts);
    REQUIRE(new21_probability<Rational>(n, k, max_pts) == new21_by_table(n, k, max_pts));
  }
}

TEST_CASE("new21_probability: n = k = max_pts has the closed form (m+1)^(m-1)/m^m", "[probability][new21]") {
  // Every total below m is reached only through the window's growth, and
  // she stops at or below n = m only by landing exactly on m.
  auto closed = [](int m) {
    return make_rational(detail::power_of(static_cast<unsigned long>(m) + 1, static_cast<unsigned long>(m - 1)),
                         detail::power_of(static_cast<unsigned long>(m), static_cast<unsigned long>(m)));
  };
  for (int m = 1; m <= 40; ++m) {
    INFO("m " << m);
    REQUIRE(new21_probability<Rational>(m, m, m) == closed(m));
  }
  // Only the window is kept: 10^4 totals of 133,000-bit counts fit a 30 MB budget.
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 30u << 20;
  REQUIRE(new21_probability<Rational>(10'000, 10'000, 10'000) == closed(10'000));
  state_budget_bytes() = saved;
}

TEST_CASE("new21_probability: kept values and plain steps on every small shape", "[probability][new21]") {
  // n around max_pts and k: nothing kept, a few kept, all kept; plain
  // prefixes of every length.
  for (int m = 1; m <= 7; ++m)
    for (int k = 0; k <= 12; ++k)
      for (int n = 0; n <= k + m; ++n) {
        INFO("n " << n << ", k " << k << ", max_pts " << m);
        REQUIRE(new21_probability<Rational>(n, k, m) == new21_by_table(n, k, m));
        REQUIRE(new21_probability<Mod>(n, k, m).value() == to_residue(new21_by_table(n, k, m), Mod::modulus()));
      }
}

TEST_CASE("new21_probability: policies agree", "[probability][new21]") {
  // The seed measured at most 9e-16 over 400 cases; each state adds at most
  // a few roundings to values below 1.
  for (const auto& [n, k, m] :
       std::vector<std::array<int, 3>>{{5, 3, 4}, {21, 17, 10}, {200, 150, 100}, {5500, 5000, 1000}}) {
    INFO("n " << n << ", k " << k << ", max_pts " << m);
    test::check_policies<Rational>(
        [n = n, k = k, m = m]<class T>(std::type_identity<T>) { return new21_probability<T>(n, k, m); }, 1e-13);
  }
}

TEST_CASE("new21_probability: errors", "[probability][new21][errors]") {
  REQUIRE_THROWS_WITH(new21_probability<double>(-1, 0, 1), Catch::Contains("n must be"));
  REQUIRE_THROWS_WITH(new21_probability<double>(1, -1, 1), Catch::Contains("k must be"));
  REQUIRE_THROWS_WITH(new21_probability<double>(1, 1, 0), Catch::Contains("max_pts"));
  dyn_modulus_scope scope(3);
  REQUIRE_THROWS_AS(new21_probability<DynModInt>(5, 4, 3), std::domain_error);
  REQUIRE(new21_probability<DynModInt>(10, 4, 3) == DynModInt(1));  // the answer 1 needs no inverse
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 1 << 20;
  REQUIRE_THROWS_WITH(new21_probability<Rational>(5500, 5000, 1000), Catch::Contains("state budget"));
  state_budget_bytes() = saved;
}
