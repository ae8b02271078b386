// Misère play: Nim by Bouton's rule and the subtraction game's table and
// period, each against an exhaustive search under the misère rule.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "brute_force.hpp"
#include "exactdp/games/nim.hpp"
#include "exactdp/games/subtraction.hpp"
#include "exactdp/games/win_lose.hpp"

using namespace exactdp;

namespace {

// Misère Nim by search: the player who cannot move (no stones left) wins.
bool brute_misere_nim_wins(std::vector<int>& heaps, std::map<std::vector<int>, bool>& memo) {
  if (const auto it = memo.find(heaps); it != memo.end()) return it->second;
  bool any = false, wins = false;
  for (std::size_t i = 0; i < heaps.size() && !wins; ++i) {
    const int original = heaps[i];
    for (int to = 0; to < original && !wins; ++to) {
      any = true;
      heaps[i] = to;
      wins = !brute_misere_nim_wins(heaps, memo);
      heaps[i] = original;
    }
  }
  if (!any) wins = true;
  memo.emplace(heaps, wins);
  return wins;
}
bool brute_misere_nim_wins(std::vector<int> heaps) {
  static std::map<std::vector<int>, bool> memo;
  return brute_misere_nim_wins(heaps, memo);
}

std::vector<std::uint64_t> u64(const std::vector<int>& v) { return {v.begin(), v.end()}; }

// Every heap vector of `count` heaps of at most `most` stones.
template <class F>
void each_heaps(int count, int most, F f) {
  std::vector<int> h(static_cast<std::size_t>(count), 0);
  while (true) {
    f(h);
    std::size_t i = 0;
    for (; i < h.size(); ++i) {
      if (++h[i] <= most) break;
      h[i] = 0;
    }
    if (i == h.size()) return;
  }
}

// The subtraction game as a WinLoseGame, for the win/lose engine.
struct take_game {
  using position = std::uint64_t;
  std::vector<std::uint64_t> takes;
  play_rule rule;
  void moves(const position& n, std::vector<position>& out) const {
    out.clear();
    for (const auto k : takes)
      if (k <= n) out.push_back(n - k);
  }
  outcome no_move_outcome(const position&) const { return no_move_outcome_under(rule); }
};

}  // namespace

TEST_CASE("misère Nim: the published verdicts", "[games][misere][D05]") {
  struct verdict {
    std::vector<int> heaps;
    outcome result;
  };
  const std::vector<verdict> cases = {
      {{3, 4, 5}, outcome::win}, {{1, 1, 1}, outcome::lose}, {{1, 1}, outcome::win},       {{1}, outcome::lose},
      {{2, 2}, outcome::lose},   {{1, 2, 3}, outcome::lose}, {{2, 3, 4, 5}, outcome::lose}};
  for (const auto& c : cases) {
    const auto h = u64(c.heaps);
    CHECK(misere_nim(h).result == c.result);
    CHECK(brute_misere_nim_wins(c.heaps) == (c.result == outcome::win));
  }
  // The normal-play rule is wrong exactly when every heap holds at most one stone.
  CHECK(nim(u64({1, 1})).result == outcome::lose);
  CHECK(misere_nim(u64({})).result == outcome::win);  // no stones: the other player took the last one
}

TEST_CASE("misère Nim agrees with exhaustive search, winning move included", "[games][misere]") {
  for (const auto& size : {std::pair{1, 9}, std::pair{2, 9}, std::pair{3, 7}, std::pair{4, 5}, std::pair{5, 3}}) {
    each_heaps(size.first, size.second, [&](const std::vector<int>& heaps) {
      INFO(size.first << " heaps of at most " << size.second);
      const auto a = misere_nim(u64(heaps));
      const bool wins = brute_misere_nim_wins(heaps);
      REQUIRE((a.result == outcome::win) == wins);
      const bool stones = std::any_of(heaps.begin(), heaps.end(), [](int h) { return h > 0; });
      REQUIRE(a.winning_move.has_value() == (wins && stones));  // no stones: won without a move
      if (a.winning_move) {
        std::vector<int> after = heaps;
        REQUIRE(a.winning_move->remove >= 1);
        REQUIRE(a.winning_move->remove <= static_cast<std::uint64_t>(after[a.winning_move->heap]));
        after[a.winning_move->heap] -= static_cast<int>(a.winning_move->remove);
        REQUIRE(!brute_misere_nim_wins(after));
      }
    });
  }
}

TEST_CASE("misère subtraction games: table, period and answer against the win/lose engine", "[games][misere]") {
  for (unsigned set = 1; set < 64; ++set) {
    std::vector<int> take;
    std::vector<std::int64_t> moves;
    std::vector<std::uint64_t> umoves;
    for (int k = 1; k <= 6; ++k)
      if (set >> (k - 1) & 1) {
        take.push_back(k);
        moves.push_back(k);
        umoves.push_back(static_cast<std::uint64_t>(k));
      }
    const take_game g{umoves, play_rule::misere};
    const auto t = subtraction_table(moves, 40, play_rule::misere);
    for (std::uint64_t n = 0; n <= 40; ++n) {
      INFO("set " << set << " n " << n);
      const auto r = win_lose_search(g, n);
      REQUIRE(t[n] == r.result);
      if (n <= 20) REQUIRE((t[n] == outcome::win) == test::brute_take_wins(static_cast<int>(n), take, true));
      const auto a = subtraction_game(n, moves, play_rule::misere);
      REQUIRE(a.result == r.result);
      // A pile below the smallest move is won without a move (the other player took the last stone).
      REQUIRE(a.winning_move.has_value() == (a.result == outcome::win && n >= umoves.front()));
      if (a.winning_move) REQUIRE(t[n - *a.winning_move] == outcome::lose);
    }
    const auto p = find_subtraction_period(moves, play_rule::misere);
    const auto long_table = subtraction_table(moves, 3000, play_rule::misere);
    for (std::uint64_t n = 0; n <= 3000; ++n) REQUIRE(p.at(n) == long_table[n]);
  }
  // Huge piles go through the certified period: {1,2,3} misère loses exactly at n = 1 mod 4.
  const std::vector<std::int64_t> nim_game{1, 2, 3};
  for (const std::uint64_t n : {1'000'000'000'000'000'001ULL, 1'000'000'000'000'000'002ULL})
    CHECK(subtraction_game(n, nim_game, play_rule::misere).result == (n % 4 == 1 ? outcome::lose : outcome::win));
}
