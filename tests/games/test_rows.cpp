// Row games: best_lead (Predict the Winner), Stone Game, Stone Game II, III.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <random>
#include <vector>

#include <nlohmann/json.hpp>

#include "brute_force.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/stone.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/rational.hpp"
#include "support/handed.hpp"

using namespace exactdp;
using V = std::vector<std::int64_t>;

namespace {
template <class T>
std::vector<T> as(const V& v) {
  return std::vector<T>(v.begin(), v.end());
}
V random_row(std::mt19937& rng, std::size_t max_len, int lo, int hi) {
  V v(1 + rng() % max_len);
  for (auto& x : v) x = lo + static_cast<std::int64_t>(rng() % static_cast<unsigned>(hi - lo + 1));
  return v;
}
using exactdp::test::handed_case;
}  // namespace

TEST_CASE("best_lead seed values", "[games][rows]") {
  CHECK(!predict_the_winner<std::int64_t>(V{1, 5, 2}));
  CHECK(predict_the_winner<std::int64_t>(V{1, 2, 1}));  // a tie counts for the first player
  CHECK(best_lead<std::int64_t>(V{1, 2, 1}).lead == 0);
  const auto a = best_lead<std::int64_t>(V{5, 3, 4, 5});
  CHECK(a.lead == 1);
  CHECK(a.scores.first == 9);
  CHECK(a.scores.second == 8);
  CHECK(best_lead<std::int64_t>(V{7}).lead == 7);
  CHECK(best_lead<std::int64_t>(V{3, 2, 7, 4, 3}).lead == -1);
  CHECK(best_lead<std::int64_t>(V{1, 100, 2}).first_move == row_end::left);
  CHECK(best_lead<std::int64_t>(V{3, 100, 2, 1}).first_move == row_end::right);
}

TEST_CASE("best_lead agrees with exhaustive search on 600 random rows, in every value type", "[games][rows]") {
  std::mt19937 rng(486);
  for (int trial = 0; trial < 600; ++trial) {
    const V v = random_row(rng, 12, -20, 20);
    const auto brute = test::brute_row(v, 0, v.size());
    const auto a = best_lead<std::int64_t>(v);
    REQUIRE(a.lead == brute.first - brute.second);
    REQUIRE(a.scores.first == brute.first);
    // The optimal first move really is optimal.
    if (v.size() > 1) {
      const std::int64_t after = a.first_move == row_end::left
                                     ? v.front() - best_lead<std::int64_t>(V(v.begin() + 1, v.end())).lead
                                     : v.back() - best_lead<std::int64_t>(V(v.begin(), v.end() - 1)).lead;
      REQUIRE(after == a.lead);
    }
    REQUIRE(best_lead<BigInt>(as<BigInt>(v)).lead == BigInt(a.lead));
    REQUIRE(best_lead<Rational>(as<Rational>(v)).lead == Rational(a.lead));
    REQUIRE(best_lead<double>(as<double>(v)).lead == static_cast<double>(a.lead));  // small integers: exact in double
  }
}

TEST_CASE("best_lead with fractions: exact vs exhaustive search, double within tolerance", "[games][rows]") {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 100; ++trial) {
    std::vector<Rational> q(1 + rng() % 9);
    std::vector<double> d;
    for (auto& x : q) {
      x = Rational(static_cast<std::int64_t>(rng() % 41) - 20, 1 + static_cast<std::int64_t>(rng() % 7));
      d.push_back(to_double(x));
    }
    const auto brute = test::brute_row(q, 0, q.size());
    const Rational lead = best_lead<Rational>(q).lead;
    REQUIRE(lead == brute.first - brute.second);
    // Tolerance: at most 2n roundings of values below 100: 1e-12 absolute.
    REQUIRE(std::abs(best_lead<double>(d).lead - to_double(lead)) < 1e-12);
  }
}

TEST_CASE("Stone Game: the parity shortcut only under its preconditions", "[games][rows]") {
  CHECK(stone_game<std::int64_t>(V{5, 3, 4, 5}).first_player_wins);
  CHECK(stone_game<std::int64_t>(V{5, 3, 4, 5}).by_parity);
  const auto odd_count = stone_game<std::int64_t>(V{3, 2, 7, 4, 3});
  CHECK(!odd_count.by_parity);
  CHECK(!odd_count.first_player_wins);
  CHECK(odd_count.dp->lead == -1);
  const auto even_total = stone_game<std::int64_t>(V{1, 1});
  CHECK(!even_total.by_parity);
  CHECK(!even_total.first_player_wins);  // a tie is not a win here
  CHECK(!stone_game<Rational>(std::vector<Rational>{Rational(1, 2), Rational(1, 2)}).by_parity);
  std::mt19937 rng(877);
  int shortcut_rows = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    V v(2 * (1 + rng() % 6));
    for (auto& x : v) x = 1 + static_cast<std::int64_t>(rng() % 20);
    std::int64_t total = 0;
    for (auto x : v) total += x;
    const auto a = stone_game<std::int64_t>(v);
    const std::int64_t lead = best_lead<std::int64_t>(v).lead;
    REQUIRE(lead >= 0);  // even length: never negative
    REQUIRE(a.by_parity == (total % 2 != 0));
    if (a.by_parity) {
      ++shortcut_rows;
      REQUIRE(lead > 0);
      REQUIRE(a.parity_sum > a.other_sum);
    } else {
      REQUIRE(a.first_player_wins == (lead > 0));
    }
  }
  CHECK(shortcut_rows > 500);
}

TEST_CASE("Stone Game II: seeds, handed C09, exhaustive search", "[games][rows]") {
  const auto a = stone_game_ii<std::int64_t>(V{2, 7, 9, 4, 4});
  CHECK(a.first_score == 10);
  CHECK(a.second_score == 16);
  CHECK(a.first_take == 1);
  const auto c09 = handed_case("C09");
  V piles;
  for (const auto& x : c09["input"]["piles"]) piles.push_back(x.get<std::int64_t>());
  CHECK(std::to_string(stone_game_ii<std::int64_t>(piles).first_score) == c09["expected"]["exact"].get<std::string>());
  std::mt19937 rng(1140);
  for (int trial = 0; trial < 500; ++trial) {
    const V v = trial < 400 ? random_row(rng, 10, 1, 30) : random_row(rng, 9, -10, 10);
    const auto brute = test::brute_stone2(v, 0, 1);
    const auto r = stone_game_ii<std::int64_t>(v);
    REQUIRE(r.first_score == brute.first);
    REQUIRE(r.second_score == brute.second);
    REQUIRE(stone_game_ii<Rational>(as<Rational>(v)).first_score == Rational(brute.first));
  }
}

TEST_CASE("Stone Game III: seeds, handed C07, exhaustive search", "[games][rows]") {
  CHECK(stone_game_iii<std::int64_t>(V{1, 2, 3, 7}).winner == stone_winner::bob);
  CHECK(stone_game_iii<std::int64_t>(V{1, 2, 3, 7}).lead == -1);
  const auto alice = stone_game_iii<std::int64_t>(V{1, 2, 3, -9});
  CHECK(alice.winner == stone_winner::alice);
  CHECK(alice.lead == 15);
  CHECK(alice.first_take == 3);
  CHECK(stone_game_iii<std::int64_t>(V{1, 2, 3, 6}).winner == stone_winner::tie);
  const auto c07 = handed_case("C07");
  V values;
  for (const auto& x : c07["input"]["stoneValue"]) values.push_back(x.get<std::int64_t>());
  CHECK(to_string(stone_game_iii<std::int64_t>(values).winner) == c07["expected"]["exact"].get<std::string>());
  CHECK(stone_game_iii<double>(std::vector<double>{-5, -3}).winner == stone_winner::bob);
  std::mt19937 rng(1406);
  for (int trial = 0; trial < 600; ++trial) {
    const V v = random_row(rng, 12, -20, 20);
    const auto brute = test::brute_stone3(v, 0);
    const auto r = stone_game_iii<std::int64_t>(v);
    REQUIRE(r.lead == brute.first - brute.second);
    REQUIRE(stone_game_iii<BigInt>(as<BigInt>(v)).lead == BigInt(r.lead));
  }
}

TEST_CASE("row game errors: empty rows, int64 overflow", "[games][rows][errors]") {
  CHECK_THROWS_WITH(best_lead<std::int64_t>(V{}), Catch::Contains("empty"));
  CHECK_THROWS_AS(stone_game<std::int64_t>(V{}), std::invalid_argument);
  CHECK_THROWS_AS(stone_game_ii<std::int64_t>(V{}), std::invalid_argument);
  CHECK_THROWS_AS(stone_game_iii<std::int64_t>(V{}), std::invalid_argument);
  const std::int64_t big = std::numeric_limits<std::int64_t>::max();
  CHECK_THROWS_AS(best_lead<std::int64_t>(V{big, big}), std::overflow_error);
  CHECK_THROWS_AS(stone_game_iii<std::int64_t>(V{big, -big, big}), std::overflow_error);
  CHECK_THROWS_AS(stone_game_ii<std::int64_t>(V{big, 1}), std::overflow_error);
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  CHECK_THROWS_WITH(best_lead<double>(std::vector<double>{1, nan}), Catch::Contains("not a finite number"));
  CHECK_THROWS_AS(stone_game<double>(std::vector<double>{inf, 1}), std::invalid_argument);
  CHECK_THROWS_AS(stone_game_ii<double>(std::vector<double>{1, -inf}), std::invalid_argument);
  CHECK_THROWS_AS(stone_game_iii<double>(std::vector<double>{nan}), std::invalid_argument);
  // The exact type has no such limit.
  CHECK(best_lead<BigInt>(std::vector<BigInt>{BigInt(big), BigInt(big)}).lead == 0);
}
