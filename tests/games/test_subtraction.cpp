// The subtraction game: direct table, certified period, huge piles.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "brute_force.hpp"
#include "exactdp/games/divisor.hpp"
#include "exactdp/games/subtraction.hpp"

using namespace exactdp;

namespace {
std::vector<std::uint64_t> losing_up_to(const std::vector<std::int64_t>& moves, std::uint64_t last) {
  std::vector<std::uint64_t> out;
  const auto t = subtraction_table(moves, last);
  for (std::uint64_t n = 0; n <= last; ++n)
    if (t[n] == outcome::lose) out.push_back(n);
  return out;
}
}  // namespace

TEST_CASE("subtraction game seed tables", "[games][subtraction]") {
  CHECK(losing_up_to({1, 3, 4}, 40) == std::vector<std::uint64_t>{0, 2, 7, 9, 14, 16, 21, 23, 28, 30, 35, 37});
  const auto nim_game = subtraction_table(std::vector<std::int64_t>{1, 2, 3}, 200);
  for (std::uint64_t n = 0; n <= 200; ++n) REQUIRE((nim_game[n] == outcome::lose) == (n % 4 == 0));
  CHECK(subtraction_game(4, std::vector<std::int64_t>{1, 2, 3}).result == outcome::lose);  // Nim Game n = 4 -> false
  const auto five = subtraction_game(5, std::vector<std::int64_t>{3, 1, 2});
  CHECK(five.result == outcome::win);
  CHECK(*five.winning_move == 1);
}

TEST_CASE("subtraction table agrees with exhaustive search for every move set inside {1..6}", "[games][subtraction]") {
  for (unsigned set = 1; set < 64; ++set) {
    std::vector<int> take;
    std::vector<std::int64_t> moves;
    for (int k = 1; k <= 6; ++k)
      if (set >> (k - 1) & 1) {
        take.push_back(k);
        moves.push_back(k);
      }
    const auto t = subtraction_table(moves, 20);
    for (int n = 0; n <= 20; ++n)
      REQUIRE((t[static_cast<std::size_t>(n)] == outcome::win) == test::brute_take_wins(n, take));
    // The period answers every n of a long direct table.
    const auto p = find_subtraction_period(moves);
    const auto long_table = subtraction_table(moves, 3000);
    for (std::uint64_t n = 0; n <= 3000; ++n) REQUIRE(p.at(n) == long_table[n]);
  }
}

TEST_CASE("certified periods: known sets, a long preperiod, minimality", "[games][subtraction]") {
  struct known {
    std::vector<std::int64_t> moves;
    std::uint64_t preperiod, period;
  };
  const std::vector<known> cases = {{{1, 2, 3}, 0, 4}, {{1, 3, 4}, 0, 7},    {{1}, 0, 2},
                                    {{2}, 0, 4},       {{2, 12, 13}, 44, 5}, {{4, 7, 13}, 26, 17}};
  for (const auto& c : cases) {
    const auto p = find_subtraction_period(c.moves);
    CHECK(p.preperiod == c.preperiod);
    CHECK(p.period == c.period);
    CHECK(p.largest_move == static_cast<std::uint64_t>(c.moves.back()));
    // Independent check against a long direct table: periodic from the preperiod on,
    // not periodic from one step earlier, and no smaller period works.
    const auto t = subtraction_table(c.moves, 20000);
    for (std::uint64_t n = p.preperiod; n + p.period <= 20000; ++n) REQUIRE(t[n] == t[n + p.period]);
    if (p.preperiod > 0) CHECK(t[p.preperiod - 1] != t[p.preperiod - 1 + p.period]);
    for (std::uint64_t q = 1; q < p.period; ++q) {
      bool holds = true;
      for (std::uint64_t n = p.preperiod; n + q <= 20000 && holds; ++n) holds = t[n] == t[n + q];
      CHECK(!holds);
    }
  }
}

TEST_CASE("the largest move allowed: period 2m certified from a table of O(m) values", "[games][subtraction]") {
  // Moves {m}: lost exactly when n mod 2m < m. The certifier scans its table
  // once (a scan per candidate period would take about m^2 steps here).
  const std::uint64_t m = subtraction_max_move;
  const auto p = find_subtraction_period(std::vector<std::int64_t>{static_cast<std::int64_t>(m)});
  CHECK(p.preperiod == 0);
  CHECK(p.period == 2 * m);
  CHECK(p.checked_to <= p.positions_computed);
  for (const std::uint64_t n : std::vector<std::uint64_t>{0, m - 1, m, 2 * m - 1, 2 * m, 1'000'000'000'000ULL + m})
    CHECK((p.at(n) == outcome::lose) == (n % (2 * m) < m));
}

TEST_CASE("huge piles are answered from the period", "[games][subtraction]") {
  const std::vector<std::int64_t> moves{1, 3, 4};
  const auto a = subtraction_game(1'000'000'000'000'000'000ULL, moves);
  REQUIRE(a.certificate.has_value());
  // Losing piles are 0 and 2 mod 7; 10^18 = 1 mod 7.
  const std::uint64_t r = 1'000'000'000'000'000'000ULL % 7;
  CHECK((a.result == outcome::lose) == (r == 0 || r == 2));
  CHECK(a.result == outcome::win);
  CHECK(a.certificate->at(1'000'000'000'000'000'000ULL - *a.winning_move) == outcome::lose);
  const auto top = subtraction_game(subtraction_max_pile, std::vector<std::int64_t>{1, 2, 3});
  CHECK((top.result == outcome::lose) == (subtraction_max_pile % 4 == 0));
  // Direct and period paths agree where both apply.
  std::mt19937_64 rng(42);
  const auto p = find_subtraction_period(std::vector<std::int64_t>{2, 12, 13});
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t n = rng() % 1'000'000;
    REQUIRE(subtraction_game(n, std::vector<std::int64_t>{2, 12, 13}).result == p.at(n));
  }
}

TEST_CASE("subtraction game errors", "[games][subtraction][errors]") {
  using V = std::vector<std::int64_t>;
  CHECK_THROWS_WITH(subtraction_game(5, V{}), Catch::Contains("empty"));
  CHECK_THROWS_WITH(subtraction_game(5, V{1, 0}), Catch::Contains("not positive"));
  CHECK_THROWS_WITH(subtraction_game(5, V{-3}), Catch::Contains("not positive"));
  CHECK_THROWS_WITH(subtraction_game(5, V{1, 3, 1}), Catch::Contains("twice"));
  CHECK_THROWS_WITH(subtraction_game(5, V{2'000'000}), Catch::Contains("limit"));
  CHECK_THROWS_AS(subtraction_game(subtraction_max_pile + 1, V{1}), std::invalid_argument);
  CHECK_THROWS_AS(subtraction_table(V{1}, 2'000'000'000), std::invalid_argument);
}

TEST_CASE("Divisor Game: even wins, 0 follows the rules", "[games][divisor]") {
  for (int n = 1; n <= 60; ++n) {
    const auto a = divisor_game(static_cast<std::uint64_t>(n));
    REQUIRE((a.result == outcome::win) == test::brute_divisor_wins(n));
    if (a.winning_move) REQUIRE(!test::brute_divisor_wins(n - 1));
  }
  CHECK(divisor_game(0).result == outcome::lose);
  CHECK(!divisor_game(0).winning_move);
  CHECK(test::brute_divisor_wins(0) == false);  // the rules, read literally: no x with 0 < x < 0
  CHECK(divisor_game(~std::uint64_t{0} - 1).result == outcome::win);
}
