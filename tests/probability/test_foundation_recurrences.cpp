// The first recurrences: run of k equal faces, knight walk, coupon collector.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "exactdp/numeric/numeric.hpp"
#include "exactdp/probability/coupon.hpp"
#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/run.hpp"

using namespace exactdp;

namespace {

// Independent oracle: the run chain's k linear equations
//   E_j = 1 + (1/f)·E_{j+1} + ((f-1)/f)·E_0,  E_k = 0
// solved by Gauss-Jordan elimination over Rational.
Rational run_by_linear_system(int k, int f) {
  const auto n = static_cast<std::size_t>(k);
  std::vector<std::vector<Rational>> a(n, std::vector<Rational>(n + 1, Rational(0)));
  for (std::size_t j = 0; j < n; ++j) {
    a[j][j] += 1;
    a[j][0] -= make_rational(f - 1, f);
    if (j + 1 < n) a[j][j + 1] -= make_rational(1, f);
    a[j][n] = 1;
  }
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    while (a[pivot][c] == 0) ++pivot;
    std::swap(a[pivot], a[c]);
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c || a[r][c] == 0) continue;
      const Rational factor = a[r][c] / a[c][c];
      for (std::size_t x = c; x <= n; ++x) a[r][x] -= factor * a[c][x];
    }
  }
  return a[0][n] / a[0][0];
}

// Independent oracle for the knight: enumerate all 8^moves move sequences.
std::int64_t knight_brute_force(int n, int moves, int row, int col) {
  static constexpr int dr[8] = {1, 2, 2, 1, -1, -2, -2, -1};
  static constexpr int dc[8] = {2, 1, -1, -2, -2, -1, 1, 2};
  std::int64_t total = 1;
  for (int m = 0; m < moves; ++m) total *= 8;
  std::int64_t stay = 0;
  for (std::int64_t code = 0; code < total; ++code) {
    int r = row, c = col;
    bool on = true;
    std::int64_t x = code;
    for (int m = 0; m < moves && on; ++m, x /= 8) {
      r += dr[x % 8];
      c += dc[x % 8];
      on = r >= 0 && r < n && c >= 0 && c < n;
    }
    stay += on;
  }
  return stay;
}

// Independent oracle for the coupon collector: inclusion-exclusion,
// E = sum_{j=1..n} (-1)^(j+1) C(n, j) n / j.
Rational coupon_inclusion_exclusion(int n) {
  Rational e = 0;
  BigInt binom = 1;
  for (int j = 1; j <= n; ++j) {
    binom = binom * (n - j + 1) / j;
    const Rational term = make_rational(binom * n, BigInt(j));
    e += (j % 2 == 1) ? term : Rational(-term);
  }
  return e;
}

bool close(double computed, const Rational& exact, double relative) {
  const double truth = to_double(exact);
  return std::fabs(computed - truth) <= relative * std::fabs(truth);
}

}  // namespace

TEST_CASE("run of k sixes: the seed values and the closed form") {
  const std::int64_t seed[] = {6, 42, 258, 1554, 9330, 55986};
  for (int k = 1; k <= 6; ++k) CHECK(expected_rolls_for_run<Rational>(k) == seed[k - 1]);
  for (int f = 1; f <= 8; ++f)
    for (int k = 1; k <= 12; ++k) {
      // (f^(k+1) - f) / (f - 1), or k when f = 1
      BigInt fk = 1;
      for (int i = 0; i <= k; ++i) fk *= f;
      const Rational closed = f == 1 ? Rational(k) : make_rational(fk - f, BigInt(f - 1));
      INFO("f=" << f << " k=" << k);
      CHECK(expected_rolls_for_run<Rational>(k, f) == closed);
    }
}

TEST_CASE("run of k equal faces agrees with solving the chain's linear system") {
  for (int f = 2; f <= 7; ++f)
    for (int k = 1; k <= 7; ++k) CHECK(expected_rolls_for_run<Rational>(k, f) == run_by_linear_system(k, f));
}

TEST_CASE("run: the count-first path equals the recurrence run on Rational values") {
  // The old exact path: the same walk with Rational a, b and a division per step.
  auto on_rationals = [](int k, int f) {
    detail::run_probabilities<Rational> probabilities(f);
    auto [a, b] = detail::run_walk<Rational>(k, probabilities);
    return Rational(a / (1 - b));
  };
  for (int f = 1; f <= 9; ++f)
    for (int k = 1; k <= 40; ++k) {
      INFO("f=" << f << " k=" << k);
      CHECK(expected_rolls_for_run<Rational>(k, f) == on_rationals(k, f));
    }
  CHECK(expected_rolls_for_run<Rational>(1000, 6) == on_rationals(1000, 6));
  CHECK(expected_rolls_for_run<Rational>(300, 1'000'000) == on_rationals(300, 1'000'000));
  CHECK(expected_rolls_for_run<Rational>(1, 1) == 1);  // one face: every roll extends the run
  CHECK(expected_rolls_for_run<Rational>(5000, 1) == 5000);
}

TEST_CASE("run: the double shows its real rounding error, and fails at k = 21") {
  CHECK(format_shortest(expected_rolls_for_run<double>(2)) == "42.00000000000015");  // the seed's order of operations
  for (int k = 1; k <= 12; ++k) {
    INFO("k=" << k);
    CHECK(close(expected_rolls_for_run<double>(k), expected_rolls_for_run<Rational>(k), 1e-6));
  }
  // b = 1 - 6^-21 rounds to exactly 1 in double: 1 - b = 0.
  CHECK(std::isinf(expected_rolls_for_run<double>(21)));
  BigInt six22 = 1;
  for (int i = 0; i < 22; ++i) six22 *= 6;
  CHECK(expected_rolls_for_run<Rational>(21) == make_rational(six22 - 6, BigInt(5)));
}

TEST_CASE("run: residues agree with the exact value, and vanishing denominators throw") {
  for (int k = 1; k <= 30; ++k) {
    const Rational exact = expected_rolls_for_run<Rational>(k, 6);
    CHECK(expected_rolls_for_run<Mod>(k, 6).value() == to_residue(exact, 1'000'000'007));
    dyn_modulus_scope scope(998'244'353);
    CHECK(expected_rolls_for_run<DynModInt>(k, 6).value() == to_residue(exact, 998'244'353));
  }
  dyn_modulus_scope seven(7);
  CHECK_THROWS_AS(expected_rolls_for_run<DynModInt>(2, 7), std::domain_error);
}

TEST_CASE("run: argument errors") {
  CHECK_THROWS_AS(expected_rolls_for_run<double>(0), std::invalid_argument);
  CHECK_THROWS_AS(expected_rolls_for_run<double>(-3), std::invalid_argument);
  CHECK_THROWS_AS(expected_rolls_for_run<double>(2, 0), std::invalid_argument);
  CHECK_THROWS_AS(expected_rolls_for_run<double>(10'000'001), std::invalid_argument);
  CHECK_THROWS_AS(expected_rolls_for_run<Rational>(10'000'000), resource_error);  // ~26 million bits per step
}

TEST_CASE("knight: every 8^moves sequence enumerated, n <= 5, moves <= 4") {
  for (int n = 1; n <= 5; ++n)
    for (int moves = 0; moves <= 4; ++moves)
      for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
          const std::int64_t stay = knight_brute_force(n, moves, row, col);
          INFO("n=" << n << " moves=" << moves << " at " << row << "," << col);
          CHECK(knight_paths<BigInt>(n, moves, row, col) == stay);
          CHECK(knight_probability<Rational>(n, moves, row, col) ==
                make_rational(BigInt(stay), BigInt(1) << (3 * moves)));
          CHECK(knight_paths<Mod>(n, moves, row, col) == Mod(stay));
        }
}

TEST_CASE("knight: seed values") {
  CHECK(knight_probability<Rational>(3, 2, 0, 0) == make_rational(1, 16));
  CHECK(knight_paths<BigInt>(3, 2, 0, 0) == 4);
  const Rational p = knight_probability<Rational>(8, 100, 0, 0);
  CHECK(to_string(numerator(p)).size() == 77);
  CHECK(to_string(denominator(p)).size() == 90);
}

TEST_CASE("handed cases of the foundation recurrences (tests/data/handed.json)") {
  std::ifstream in(std::string(EXACTDP_SOURCE_DIR) + "/tests/data/handed.json");
  REQUIRE(in);
  const nlohmann::json handed = nlohmann::json::parse(in);
  int seen = 0;
  for (const auto& c : handed["cases"]) {
    const std::string fn = c["function"];
    const auto& i = c["input"];
    Rational exact;
    std::uint32_t residue = 0;
    double approx = 0;
    if (fn == "knight_probability") {
      const int n = i["n"], k = i["k"], row = i["row"], col = i["column"];
      exact = knight_probability<Rational>(n, k, row, col);
      residue = knight_probability<Mod>(n, k, row, col).value();
      approx = knight_probability<double>(n, k, row, col);
    } else if (fn == "expected_rolls_for_run") {
      exact = expected_rolls_for_run<Rational>(i["k"]);
      residue = expected_rolls_for_run<Mod>(i["k"]).value();
      approx = expected_rolls_for_run<double>(i["k"]);
    } else if (fn == "expected_draws_to_collect") {
      exact = expected_draws_to_collect<Rational>(i["n"]);
      residue = expected_draws_to_collect<Mod>(i["n"]).value();
      approx = expected_draws_to_collect<double>(i["n"]);
    } else {
      continue;
    }
    INFO("case " << c["id"].get<std::string>());
    CHECK(to_string(exact) == c["expected"]["exact"].get<std::string>());
    CHECK(format_17(to_double(exact)) == c["expected"]["double"].get<std::string>());
    CHECK(std::to_string(residue) == c["expected"]["mod"].get<std::string>());
    CHECK(close(approx, exact, 1e-12));  // the double run, within a stated relative tolerance
    ++seen;
  }
  CHECK(seen == 3);
}

TEST_CASE("knight: all policies agree on random boards") {
  for (int n = 1; n <= 9; ++n)
    for (int moves = 0; moves <= 30; moves += 3) {
      const int row = (n * 7 + moves) % n, col = (moves * 5) % n;
      const Rational exact = knight_probability<Rational>(n, moves, row, col);
      INFO("n=" << n << " moves=" << moves);
      CHECK(knight_probability<Mod>(n, moves, row, col).value() == to_residue(exact, 1'000'000'007));
      // The double divides by 8 exactly and adds at most 8^moves terms: the
      // relative error stays within a few ulps per move.
      CHECK(close(knight_probability<double>(n, moves, row, col), exact, 1e-13));
      CHECK(Rational(knight_paths<BigInt>(n, moves, row, col)) == exact * Rational(BigInt(1) << (3 * moves)));
    }
}

TEST_CASE("knight: probabilities below the double range are exact, the double underflows") {
  // From a corner of a 3x3 board exactly 2 of 8 moves stay on: 4^-moves.
  const BigInt one = 1;
  CHECK(knight_probability<Rational>(3, 536, 0, 0) == make_rational(one, one << 1072));
  CHECK(knight_probability<double>(3, 536, 0, 0) == std::ldexp(1.0, -1072));  // subnormal, still exact
  CHECK(knight_probability<Rational>(3, 538, 0, 0) == make_rational(one, one << 1076));
  CHECK(knight_probability<double>(3, 538, 0, 0) == 0.0);
  CHECK(to_double_checked(knight_probability<Rational>(3, 538, 0, 0)).status == double_status::underflow);
}

TEST_CASE("knight: argument errors and the state budget") {
  CHECK_THROWS_AS(knight_probability<double>(0, 1, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(knight_probability<double>(3, -1, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(knight_probability<double>(3, 1, 3, 0), std::invalid_argument);
  CHECK_THROWS_AS(knight_paths<BigInt>(3, 1, 0, -1), std::invalid_argument);
  CHECK_THROWS_WITH(knight_probability<double>(100'000, 1, 0, 0), Catch::Contains("state budget"));
  CHECK_THROWS_AS(knight_probability<Rational>(1000, 10'000'000, 0, 0), resource_error);
}

TEST_CASE("coupon collector: paired binary splitting equals the plain sum of n/(n - have)") {
  auto plain_sum = [](int n) {  // the old exact path: one Rational per term
    Rational e = 0;
    for (int have = 0; have < n; ++have) e += make_rational(n, n - have);
    return e;
  };
  for (int n = 0; n <= 300; ++n) {
    INFO("n=" << n);
    const Rational exact = expected_draws_to_collect<Rational>(n);
    CHECK(exact == plain_sum(n));
    CHECK(expected_draws_to_collect<Mod>(n).value() == to_residue(exact, 1'000'000'007));
    dyn_modulus_scope scope(998'244'353);
    CHECK(expected_draws_to_collect<DynModInt>(n).value() == to_residue(exact, 998'244'353));
  }
  CHECK(expected_draws_to_collect<Rational>(1) == 1);
  CHECK(expected_draws_to_collect<Rational>(2) == 3);
  CHECK(expected_draws_to_collect<Rational>(4097) == plain_sum(4097));  // odd, one past a power of two
  // n = P - 1: n + 1 ≡ 0 and H_(P-1) ≡ 0 mod P (Wolstenholme): the residue is 0 and exists.
  for (const int p : {3, 5, 7, 11, 13, 101}) {
    dyn_modulus_scope scope(static_cast<std::uint64_t>(p));
    INFO("P=" << p);
    CHECK(expected_draws_to_collect<DynModInt>(p - 1).value() ==
          to_residue(expected_draws_to_collect<Rational>(p - 1), static_cast<std::uint64_t>(p)));
    CHECK_THROWS_AS(expected_draws_to_collect<DynModInt>(p), std::domain_error);
    CHECK_THROWS_AS(expected_draws_to_collect<DynModInt>(2 * p + 1), std::domain_error);
  }
}

TEST_CASE("coupon collector: seed value, handed case C17, inclusion-exclusion") {
  CHECK(expected_draws_to_collect<Rational>(3) == make_rational(11, 2));
  CHECK(expected_draws_to_collect<Rational>(0) == 0);
  const Rational c17 = expected_draws_to_collect<Rational>(33);
  CHECK(to_string(c17) == "590436990861839/4375865239200");
  CHECK(format_17(to_double(c17)) == "134.93034144940518");
  CHECK(expected_draws_to_collect<Mod>(33).value() == 734'222'311u);
  for (int n = 1; n <= 30; ++n) {
    const Rational exact = expected_draws_to_collect<Rational>(n);
    CHECK(exact == coupon_inclusion_exclusion(n));
    CHECK(expected_draws_to_collect<Mod>(n).value() == to_residue(exact, 1'000'000'007));
    CHECK(close(expected_draws_to_collect<double>(n), exact, 1e-14));
  }
  CHECK_THROWS_AS(expected_draws_to_collect<double>(-1), std::invalid_argument);
  CHECK_THROWS_AS(expected_draws_to_collect<Rational>(10'000'001), std::invalid_argument);
  dyn_modulus_scope seven(7);
  CHECK_THROWS_AS(expected_draws_to_collect<DynModInt>(7), std::domain_error);
  CHECK_NOTHROW(expected_draws_to_collect<DynModInt>(6));
}
