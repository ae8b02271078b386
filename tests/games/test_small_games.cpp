// Can I Win, Flip Game II (memoised search) and Nim, against exhaustive search.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "brute_force.hpp"
#include "exactdp/games/can_i_win.hpp"
#include "exactdp/games/flip.hpp"
#include "exactdp/games/nim.hpp"
#include "support/handed.hpp"

using namespace exactdp;

using exactdp::test::handed_case;

TEST_CASE("Can I Win seed values and handed case C01", "[games][can-i-win]") {
  CHECK(!can_i_win(10, 11).first_player_wins);
  CHECK(!can_i_win(3, 4).first_player_wins);
  CHECK(can_i_win(10, 0).first_player_wins);
  CHECK(can_i_win(10, -5).first_player_wins);
  CHECK(can_i_win(10, 1).first_player_wins);
  CHECK(*can_i_win(10, 1).winning_pick == 1);
  const auto c01 = handed_case("C01");
  const auto a =
      can_i_win(c01["input"]["maxChoosableInteger"].get<int>(), c01["input"]["desiredTotal"].get<std::int64_t>());
  CHECK(std::string(a.first_player_wins ? "true" : "false") == c01["expected"]["exact"].get<std::string>());
  CHECK(a.result == outcome::draw);
  CHECK(!a.guard.empty());
  // The whole kind: every total above 1 + ... + m is a draw, never a first-player win.
  for (int m = 1; m <= 20; ++m)
    for (std::int64_t extra = 1; extra <= 3; ++extra)
      REQUIRE(can_i_win(m, m * (m + 1) / 2 + extra).result == outcome::draw);
}

TEST_CASE("Can I Win agrees with exhaustive search for every (m <= 8, total)", "[games][can-i-win]") {
  for (const auto method :
       {can_i_win_method::fewer_masks, can_i_win_method::bottom_up, can_i_win_method::memoised_search}) {
    for (int m = 1; m <= 8; ++m) {
      for (std::int64_t desired = -1; desired <= m * (m + 1) / 2 + 2; ++desired) {
        INFO("m " << m << ", total " << desired << ", method " << static_cast<int>(method));
        const auto a = can_i_win(m, desired, method);
        const outcome brute = desired <= 0 ? outcome::win : test::brute_can_i_win(m, desired, 0, 0);
        REQUIRE(a.result == brute);
        REQUIRE(a.first_player_wins == (brute == outcome::win));
        REQUIRE(a.winning_pick.has_value() == (a.first_player_wins && desired > 0));
        if (a.winning_pick) {
          // The smallest winning pick: it wins, and every smaller pick loses.
          const int k = *a.winning_pick;
          REQUIRE((k >= desired || test::brute_can_i_win(m, desired, 1u << (k - 1), k) == outcome::lose));
          for (int j = 1; j < k; ++j)
            REQUIRE((j < desired && test::brute_can_i_win(m, desired, 1u << (j - 1), j) != outcome::lose));
        }
      }
    }
  }
}

TEST_CASE("Can I Win: the search and the table agree, and the default solves fewer masks", "[games][can-i-win]") {
  for (int m = 9; m <= 14; ++m)
    for (std::int64_t desired = 1; desired <= m * (m + 1) / 2; ++desired) {
      INFO("m " << m << ", total " << desired);
      const auto table = can_i_win(m, desired, can_i_win_method::bottom_up);
      const auto search = can_i_win(m, desired, can_i_win_method::memoised_search);
      const auto chosen = can_i_win(m, desired);
      REQUIRE(search.result == table.result);
      REQUIRE(search.winning_pick == table.winning_pick);
      REQUIRE(chosen.result == table.result);
      REQUIRE(chosen.positions <= table.positions);
      REQUIRE(chosen.method == (search.positions <= table.positions ? "memoised search" : "bottom-up table"));
    }
}

TEST_CASE("Can I Win at m = 20 and the limit", "[games][can-i-win][errors]") {
  const auto a = can_i_win(20, 210, can_i_win_method::bottom_up);
  CHECK(a.positions == (std::uint64_t{1} << 20) - 1);  // every mask but the full one has a sum below 210
  CHECK(a.method == "bottom-up table");
  const auto searched = can_i_win(20, 210);
  CHECK(searched.method == "memoised search");
  CHECK(searched.positions < 30'000);
  CHECK(searched.result == a.result);
  CHECK(can_i_win(20, 209).positions > 0);
  CHECK_THROWS_WITH(can_i_win(26, 300), Catch::Contains("limit of 25") && Catch::Contains("MiB"));
  CHECK(can_i_win(30, 1000).result == outcome::draw);  // the guard answers before the limit
  CHECK_THROWS_AS(can_i_win(0, 5), std::invalid_argument);
}

TEST_CASE("Flip Game II search agrees with exhaustive search on every string of length <= 13", "[games][flip]") {
  int strings = 0;
  for (std::size_t len = 0; len <= 13; ++len) {
    for (std::uint32_t bits = 0; bits < (1u << len); ++bits) {
      std::string s(len, '-');
      for (std::size_t i = 0; i < len; ++i)
        if (bits >> i & 1) s[i] = '+';
      const auto a = flip_wins_by_search(s);
      const bool expected = test::brute_flip_wins(s);
      REQUIRE((a.result == outcome::win) == expected);
      if (expected) {
        REQUIRE(a.winning_flip.has_value());
        std::string next = s;
        REQUIRE(next.substr(*a.winning_flip, 2) == "++");
        next[*a.winning_flip] = next[*a.winning_flip + 1] = '-';
        REQUIRE(!test::brute_flip_wins(next));
      }
      ++strings;
    }
  }
  CHECK(strings == 16383);
  CHECK(flip_wins_by_search("+++++").result == outcome::lose);
  CHECK(flip_wins_by_search("++++").result == outcome::win);
  CHECK(*flip_wins_by_search("++++").winning_flip == 1);
  CHECK(handed_case("C06")["expected"]["exact"] ==
        (flip_wins_by_search("+++++++++++++").result == outcome::win ? "true" : "false"));
}

TEST_CASE("Flip Game II search errors", "[games][flip][errors]") {
  CHECK_THROWS_WITH(flip_wins_by_search("++x+"), Catch::Contains("only '+' and '-'"));
  CHECK_THROWS_WITH(flip_wins_by_search(std::string(65, '+')), Catch::Contains("limit of 64"));
  CHECK_THROWS_WITH(flip_wins_by_search(std::string(40, '+'), 1000), Catch::Contains("1.656e+08 distinct strings"));
  CHECK_THROWS_AS(flip_wins_by_search(std::string(64, '+')), resource_error);  // before any search
  // The estimate bounds the memo: "+++++-++++" reaches 8 x 5 strings.
  CHECK(flip_wins_by_search("+++++-++++").positions <= 40);
  CHECK(flip_wins_by_search("+++++-++++", 40).result == flip_wins_by_search("+++++-++++").result);
  CHECK_THROWS_AS(flip_wins_by_search("+++++-++++", 39), resource_error);
}

TEST_CASE("Nim agrees with exhaustive search on the seed's 5,043 heap vectors", "[games][nim]") {
  int vectors = 0;
  auto check = [&](std::vector<int> heaps) {
    std::vector<std::uint64_t> h(heaps.begin(), heaps.end());
    const auto a = nim(h);
    REQUIRE((a.result == outcome::win) == test::brute_nim_wins(heaps));
    if (a.winning_move) {
      REQUIRE(a.winning_move->remove >= 1);
      REQUIRE(a.winning_move->remove <= h[a.winning_move->heap]);
      heaps[a.winning_move->heap] -= static_cast<int>(a.winning_move->remove);
      REQUIRE(!test::brute_nim_wins(heaps));
    }
    ++vectors;
  };
  const int limits[] = {0, 9, 9, 7, 5, 4};  // heaps count -> largest heap
  for (int count = 1; count <= 5; ++count) {
    const int top = limits[count];
    std::vector<int> heaps(static_cast<std::size_t>(count), 0);
    while (true) {
      check(heaps);
      std::size_t i = 0;
      while (i < heaps.size() && heaps[i] == top) heaps[i++] = 0;
      if (i == heaps.size()) break;
      ++heaps[i];
    }
  }
  CHECK(vectors == 10 + 100 + 512 + 1296 + 3125);
  const std::vector<std::uint64_t> seed{3, 4, 5};
  const auto a = nim(seed);
  CHECK(a.nim_sum == 2);
  CHECK(a.winning_move->heap == 0);
  CHECK(a.winning_move->remove == 2);
  CHECK(nim(std::vector<std::uint64_t>{1, 2, 3}).result == outcome::lose);
  CHECK(!nim(std::vector<std::uint64_t>{}).winning_move);
}
