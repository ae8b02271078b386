// win_lose_search and negamax_search on small games, against exhaustive search.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "brute_force.hpp"
#include "exactdp/games/negamax.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/stone.hpp"
#include "exactdp/games/win_lose.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/rational.hpp"

using namespace exactdp;

namespace {

struct take_game {
  using position = int;
  std::vector<int> take;
  play_rule rule = play_rule::normal;
  void moves(int n, std::vector<int>& out) const {
    out.clear();
    for (const int k : take)
      if (k <= n) out.push_back(n - k);
  }
  outcome no_move_outcome(int) const { return no_move_outcome_under(rule); }
};

// Can I Win as a general game: position = used mask, plus bit 31 set when the
// previous pick reached the target (the game is over, the mover there lost).
struct can_i_win_game {
  using position = std::uint32_t;
  int m;
  std::int64_t desired;
  bool two_valued = false;  // the faulty reading: an exhausted game counts as a loss for the mover
  static constexpr std::uint32_t over = 1u << 31;
  void moves(position p, std::vector<position>& out) const {
    out.clear();
    if (p & over) return;
    std::int64_t total = 0;
    for (int k = 1; k <= m; ++k)
      if (p >> (k - 1) & 1) total += k;
    for (int k = 1; k <= m; ++k)
      if (!(p >> (k - 1) & 1)) out.push_back((p | 1u << (k - 1)) | (total + k >= desired ? over : 0u));
  }
  outcome no_move_outcome(position p) const {
    if (p & over) return outcome::lose;                 // the opponent's pick reached the target
    return two_valued ? outcome::lose : outcome::draw;  // all numbers used, target unmet
  }
};

struct cycle_game {
  using position = int;
  void moves(int p, std::vector<int>& out) const { out = {(p + 1) % 3}; }
  outcome no_move_outcome(int) const { return outcome::lose; }
};

// Take-from-either-end as a negamax game: position = (l << 16) | r, values [l, r).
template <class T>
struct row_game {
  using position = std::uint32_t;
  using value = T;
  std::vector<T> v;
  void moves(position p, std::vector<scored_move<position, T>>& out) const {
    out.clear();
    const std::uint32_t l = p >> 16, r = p & 0xffff;
    if (l == r) return;
    out.push_back({v[l], ((l + 1) << 16) | r});
    out.push_back({v[r - 1], (l << 16) | (r - 1)});
  }
  T no_move_lead(position) const { return T(0); }
};

// Stone Game III as a negamax game: position = first remaining pile.
struct stone3_game {
  using position = std::size_t;
  using value = std::int64_t;
  std::vector<std::int64_t> v;
  void moves(position i, std::vector<scored_move<position, value>>& out) const {
    out.clear();
    std::int64_t taken = 0;
    for (std::size_t k = 1; k <= 3 && i + k <= v.size(); ++k) {
      taken += v[i + k - 1];
      out.push_back({taken, i + k});
    }
  }
  value no_move_lead(position) const { return 0; }
};

// A star: position 0 has moves to 1..100, which have none. Both engines
// hold the 100 waiting moves on their stack.
struct star_game {
  using position = int;
  using value = std::int64_t;
  void moves(int p, std::vector<int>& out) const {
    out.clear();
    if (p == 0)
      for (int k = 1; k <= 100; ++k) out.push_back(k);
  }
  void moves(int p, std::vector<scored_move<int, std::int64_t>>& out) const {
    out.clear();
    if (p == 0)
      for (int k = 1; k <= 100; ++k) out.push_back({k, k});
  }
  outcome no_move_outcome(int) const { return outcome::lose; }
  std::int64_t no_move_lead(int) const { return 0; }
};

}  // namespace

TEST_CASE("both engines count the moves waiting on the play against max_positions", "[games][engine][errors]") {
  // 100 waiting moves are more than 4 per position of a cap of 10.
  CHECK_THROWS_WITH(win_lose_search(star_game{}, 0, 10), Catch::Contains("100 moves wait on the current play"));
  CHECK_THROWS_WITH(negamax_search(star_game{}, 0, 10), Catch::Contains("100 moves wait on the current play"));
  // With room for them both answer: every child is lost for its mover, and the best gain is 100.
  CHECK(win_lose_search(star_game{}, 0, 200).result == outcome::win);
  CHECK(negamax_search(star_game{}, 0, 200).lead == 100);
}

TEST_CASE("win_lose_search agrees with exhaustive search on subtraction games, normal and misere", "[games][engine]") {
  for (unsigned set = 1; set < 64; ++set) {  // every move set inside {1..6}
    take_game g;
    for (int k = 1; k <= 6; ++k)
      if (set >> (k - 1) & 1) g.take.push_back(k);
    for (const play_rule rule : {play_rule::normal, play_rule::misere}) {
      g.rule = rule;
      for (int n = 0; n <= 16; ++n) {
        const auto r = win_lose_search(g, n);
        const bool expected = test::brute_take_wins(n, g.take, rule == play_rule::misere);
        REQUIRE((r.result == outcome::win) == expected);
        REQUIRE(r.result != outcome::draw);
        std::vector<int> children;
        g.moves(n, children);
        if (expected && !children.empty()) {
          REQUIRE(r.best_move.has_value());
          REQUIRE(!test::brute_take_wins(*r.best_move, g.take, rule == play_rule::misere));
        } else {
          REQUIRE(!r.best_move.has_value());  // a loss, or a misere win with no move to make
        }
      }
    }
  }
}

TEST_CASE("win_lose_search memoises: Nim Game n = 30 solves 31 positions", "[games][engine]") {
  const auto r = win_lose_search(take_game{{1, 2, 3}}, 30);
  CHECK(r.result == outcome::win);
  CHECK(r.positions == 31);
  CHECK(*r.best_move == 28);
  // A deep play (10^5 moves) needs no recursion.
  const auto deep = win_lose_search(take_game{{1}}, 100000);
  CHECK(deep.result == outcome::lose);
}

TEST_CASE("win_lose_search keeps a game that ends without a winner a draw", "[games][engine]") {
  for (int m = 1; m <= 7; ++m) {
    for (std::int64_t desired = 1; desired <= m * (m + 1) / 2 + 2; ++desired) {
      const can_i_win_game g{m, desired};
      const auto r = win_lose_search(g, 0u);
      REQUIRE(r.result == test::brute_can_i_win(m, desired, 0, 0));
    }
  }
  // The two-valued reading turns "no one can reach 2" into a first-player win.
  CHECK(win_lose_search(can_i_win_game{1, 2, false}, 0u).result == outcome::draw);
  CHECK(win_lose_search(can_i_win_game{1, 2, true}, 0u).result == outcome::win);
}

TEST_CASE("win_lose_search rejects a cycle and honours its position cap", "[games][engine][errors]") {
  CHECK_THROWS_AS(win_lose_search(cycle_game{}, 0), std::invalid_argument);
  CHECK_THROWS_WITH(win_lose_search(cycle_game{}, 0), Catch::Contains("cycle"));
  CHECK_THROWS_AS(win_lose_search(take_game{{1}}, 5000, 100), resource_error);
  CHECK(win_lose_search(take_game{{1}}, 99, 100).positions == 100);  // the cap is exact
  CHECK_THROWS_AS(win_lose_search(take_game{{1}}, 100, 100), resource_error);
}

TEST_CASE("negamax_search agrees with best_lead and with exhaustive search tracking both totals", "[games][engine]") {
  std::mt19937 rng(20261130);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 1 + rng() % 9;
    std::vector<std::int64_t> v(n);
    for (auto& x : v) x = static_cast<std::int64_t>(rng() % 41) - 20;
    const row_game<std::int64_t> g{v};
    const auto r = negamax_search(g, static_cast<std::uint32_t>(n));
    const auto brute = test::brute_row(v, 0, n);
    REQUIRE(r.lead == brute.first - brute.second);
    REQUIRE(r.lead == best_lead<std::int64_t>(v).lead);
    REQUIRE(r.best_move.has_value());
    const auto scores = r.scores(brute.first + brute.second);
    REQUIRE(scores.first == brute.first);
    REQUIRE(scores.second == brute.second);
  }
}

TEST_CASE("negamax_search: no pass, the maximum starts at the first real move", "[games][engine]") {
  const auto r = negamax_search(stone3_game{{-5, -3}}, std::size_t{0});
  CHECK(r.lead == -2);  // starting the maximum at 0 would give 0, a "Tie"
  CHECK(*r.best_move == 0);
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<std::int64_t> v(1 + rng() % 10);
    for (auto& x : v) x = static_cast<std::int64_t>(rng() % 41) - 20;
    const auto brute = test::brute_stone3(v, 0);
    REQUIRE(negamax_search(stone3_game{v}, std::size_t{0}).lead == brute.first - brute.second);
  }
}

TEST_CASE("negamax_search over Rational and double, and the int64 overflow check", "[games][engine]") {
  const row_game<Rational> g{{Rational(1, 3), Rational(-2, 7), Rational(5, 2), Rational(0)}};
  const auto exact = negamax_search(g, 4u);
  const auto brute = test::brute_row(g.v, 0, 4);
  CHECK(exact.lead == brute.first - brute.second);
  const row_game<double> gd{{1.0 / 3, -2.0 / 7, 2.5, 0.0}};
  // Tolerance: a handful of roundings on values of size ~3: 1e-12 absolute.
  CHECK(std::abs(negamax_search(gd, 4u).lead - to_double(exact.lead)) < 1e-12);

  const std::int64_t big = std::numeric_limits<std::int64_t>::max();
  const row_game<std::int64_t> overflow{{big, -big, big}};
  CHECK_THROWS_AS(negamax_search(overflow, 3u), std::overflow_error);
  CHECK_THROWS_AS(lead_sub<std::int64_t>(std::numeric_limits<std::int64_t>::min(), 1), std::overflow_error);
  CHECK_THROWS_AS(split_total<std::int64_t>(3, 0), std::invalid_argument);
  CHECK(split_total<Rational>(Rational(3), Rational(0)).first == Rational(3, 2));
}

// The search releases the moves of a position once it is solved (issue 25:
// a mutant that kept them counted went unnoticed). A root with 10 children
// that share the same 10 leaves has 21 positions; released, at most 20
// moves wait at once (the root's and one child's), 5 per position of a cap
// of 21 would not be reached. Kept, 110 would wait: more than 4 per position.
struct shared_leaves_game {
  using position = int;  // 0 the root, 1..10 its children, 11..20 the leaves
  void moves(int p, std::vector<int>& out) const {
    out.clear();
    if (p == 0)
      for (int c = 1; c <= 10; ++c) out.push_back(c);
    else if (p <= 10)
      for (int l = 11; l <= 20; ++l) out.push_back(l);
  }
  outcome no_move_outcome(int) const { return outcome::draw; }  // no win decides early: every move is tried
};

TEST_CASE("the search releases the waiting moves of solved positions", "[games][engine]") {
  const auto r = win_lose_search(shared_leaves_game{}, 0, 21);
  CHECK(r.result == outcome::draw);
  CHECK(r.positions == 21);
  CHECK_THROWS_AS(win_lose_search(shared_leaves_game{}, 0, 20), resource_error);
}
