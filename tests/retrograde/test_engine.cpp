// The retrograde engine on explicit game graphs: exhaustive agreement with a
// history search and with depth-bounded tables, remoteness, optimal moves,
// principal lines, validation and budgets.
#include <catch2/catch.hpp>

#include <random>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "exactdp/retrograde/retrograde.hpp"
#include "retrograde/oracles.hpp"

using namespace exactdp;
using exactdp::test::small_game;

namespace {

/// Checks the engine's table for g against both oracles at every position,
/// and that every optimal move is consistent with the table.
void check_against_oracles(const small_game& g) {
  const game_graph graph = make_game_graph(g.children, g.terminal, g.player);
  const retrograde_result r = retrograde_analysis(graph);
  const auto bounded = test::bounded_tables(g);
  const auto n = static_cast<std::uint32_t>(g.children.size());
  std::vector<char> on_path(n, 0);
  for (std::uint32_t p = 0; p < n; ++p) {
    INFO("position " << p << " of " << n);
    const outcome expected = test::as_outcome(test::history_value(g, p, on_path));
    REQUIRE(r.outcomes[p] == expected);
    REQUIRE(bounded.outcomes[p] == expected);
    REQUIRE(r.remoteness[p] == bounded.remoteness[p]);
    const bool ended = g.terminal[p] != outcome::undecided || g.children[p].empty();
    if (ended) {
      REQUIRE(r.best_move[p] == no_move);
      continue;
    }
    const std::uint32_t c = r.best_move[p];
    REQUIRE(c < n);
    REQUIRE(std::find(g.children[p].begin(), g.children[p].end(), c) != g.children[p].end());
    const outcome seen = g.passes(p, c) ? opposite(r.outcomes[c]) : r.outcomes[c];
    REQUIRE(seen == r.outcomes[p]);
    if (r.outcomes[p] != outcome::draw) REQUIRE(r.remoteness[c] + 1 == r.remoteness[p]);
  }
}

/// Decodes `code` into a game on n positions: each position is one of three
/// terminal outcomes or a non-terminal one with a subset of the n positions
/// as moves (2^n choices).
small_game decode(std::uint64_t code, std::uint32_t n, std::uint32_t player_bits, bool with_players) {
  small_game g;
  g.children.resize(n);
  g.terminal.assign(n, outcome::undecided);
  const std::uint64_t choices = 3 + (std::uint64_t{1} << n);
  for (std::uint32_t p = 0; p < n; ++p) {
    const std::uint64_t k = code % choices;
    code /= choices;
    if (k < 3) {
      g.terminal[p] = k == 0 ? outcome::win : k == 1 ? outcome::lose : outcome::draw;
    } else {
      for (std::uint32_t c = 0; c < n; ++c)
        if ((k - 3) >> c & 1) g.children[p].push_back(c);
    }
  }
  if (with_players)
    for (std::uint32_t p = 0; p < n; ++p) g.player.push_back(static_cast<std::uint8_t>(player_bits >> p & 1));
  return g;
}

}  // namespace

TEST_CASE("every game graph with up to 3 positions, any players, agrees with a history search", "[engine]") {
  std::size_t graphs = 0;
  for (std::uint32_t n = 1; n <= 3; ++n) {
    std::uint64_t codes = 1;
    for (std::uint32_t p = 0; p < n; ++p) codes *= 3 + (std::uint64_t{1} << n);
    for (std::uint64_t code = 0; code < codes; ++code)
      for (std::uint32_t players = 0; players < (1u << n); ++players) {
        check_against_oracles(decode(code, n, players, true));
        ++graphs;
      }
  }
  CHECK(graphs == 10 + 196 + 10648);
}

TEST_CASE("every alternating game graph with 4 positions agrees with a history search", "[engine]") {
  std::uint64_t codes = 1;
  for (int p = 0; p < 4; ++p) codes *= 3 + 16;
  for (std::uint64_t code = 0; code < codes; ++code) check_against_oracles(decode(code, 4, 0, false));
  CHECK(codes == 130321);
}

TEST_CASE("random game graphs up to 8 positions (repeated moves, self-loops, players) agree", "[engine]") {
  std::mt19937 rng(20261130);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::uint32_t n = 1 + static_cast<unsigned>(rng() % 8);
    small_game g;
    g.children.resize(n);
    g.terminal.assign(n, outcome::undecided);
    for (std::uint32_t p = 0; p < n; ++p) {
      const unsigned kind = static_cast<unsigned>(rng() % 10);
      if (kind < 2) {
        g.terminal[p] = static_cast<outcome>(1 + static_cast<unsigned>(rng() % 3));
        continue;
      }
      const unsigned moves = static_cast<unsigned>(rng() % 4);
      for (unsigned k = 0; k < moves; ++k)
        g.children[p].push_back(static_cast<std::uint32_t>(static_cast<unsigned>(rng() % n)));
    }
    if (trial % 2) {
      for (std::uint32_t p = 0; p < n; ++p)
        g.player.push_back(static_cast<std::uint8_t>(static_cast<unsigned>(rng() % 2)));
    }
    INFO("trial " << trial);
    check_against_oracles(g);
  }
}

TEST_CASE("remoteness: shortest win, longest loss, on a hand-checked graph", "[engine]") {
  // 1 -> 3 (terminal lose): 1 wins in 1. 5 -> 6 (terminal lose): 5 wins in 1;
  // 4 -> 5: 4 loses in 2; 2 -> 4: 2 wins in 3. 0 -> {1, 2}: both are wins for
  // the opponent, so 0 loses and delays through 2: remoteness 4. 7 -> {4, 3}:
  // two wins, in 3 (via 4) and in 1 (via 3): the shorter is kept.
  const game_graph g = make_game_graph({{1, 2}, {3}, {4}, {}, {5}, {6}, {}, {4, 3}},
                                       {outcome::undecided, outcome::undecided, outcome::undecided, outcome::lose,
                                        outcome::undecided, outcome::undecided, outcome::lose, outcome::undecided});
  const retrograde_result r = retrograde_analysis(g);
  CHECK(r.outcomes[0] == outcome::lose);
  CHECK(r.remoteness[0] == 4);
  CHECK(r.best_move[0] == 2);
  CHECK(r.outcomes[2] == outcome::win);
  CHECK(r.remoteness[2] == 3);
  CHECK(r.outcomes[7] == outcome::win);
  CHECK(r.remoteness[7] == 1);
  CHECK(r.best_move[7] == 3);
  CHECK(principal_line(r, 0, 100) == std::vector<std::uint32_t>{0, 2, 4, 5, 6});
  CHECK(principal_line(r, 0, 2) == std::vector<std::uint32_t>{0, 2, 4});
}

TEST_CASE("draws: a cycle, a terminal draw, and the principal line stops on repetition", "[engine]") {
  // 0 <-> 1 cycle, 1 -> 2 (terminal win for its mover: bad for 1's mover).
  const game_graph g =
      make_game_graph({{1}, {0, 2}, {}, {2, 4}, {}},
                      {outcome::undecided, outcome::undecided, outcome::win, outcome::undecided, outcome::draw});
  const retrograde_result r = retrograde_analysis(g);
  CHECK(r.outcomes[0] == outcome::draw);
  CHECK(r.outcomes[1] == outcome::draw);
  CHECK(r.remoteness[0] == no_remoteness);
  CHECK(r.best_move[1] == 0);
  CHECK(principal_line(r, 0, 100) == std::vector<std::uint32_t>{0, 1, 0});
  CHECK(r.outcomes[3] == outcome::draw);  // a terminal draw beats a loss
  CHECK(r.best_move[3] == 4);
  CHECK(r.outcomes[4] == outcome::draw);
  CHECK(r.best_move[4] == no_move);
  CHECK_THROWS_AS(principal_line(r, 5, 10), std::invalid_argument);
}

TEST_CASE("players: a move to the same player keeps the turn", "[engine]") {
  // Player 0 moves at 0 and again at 1; 2 is a terminal win for its mover,
  // player 1. So 1 (player 0) loses, and 0, whose move keeps the turn with
  // player 0, loses too (not wins, as strict alternation would give).
  const game_graph g =
      make_game_graph({{1}, {2}, {}}, {outcome::undecided, outcome::undecided, outcome::win}, {0, 0, 1});
  const retrograde_result r = retrograde_analysis(g);
  CHECK(r.outcomes[1] == outcome::lose);
  CHECK(r.outcomes[0] == outcome::lose);
  CHECK(r.remoteness[0] == 2);
}

TEST_CASE("a long chain is solved without recursion", "[engine]") {
  const std::uint32_t n = 200'000;
  std::vector<std::vector<std::uint32_t>> children(n);
  for (std::uint32_t p = 0; p + 1 < n; ++p) children[p] = {p + 1};
  const retrograde_result r = retrograde_analysis(make_game_graph(children));
  // The last position has no move: it loses; remoteness grows by one per step.
  CHECK(r.outcomes[n - 1] == outcome::lose);
  CHECK(r.remoteness[0] == n - 1);
  CHECK(r.outcomes[0] == ((n - 1) % 2 == 0 ? outcome::lose : outcome::win));
}

TEST_CASE("game graph validation", "[engine][errors]") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(make_game_graph({{1}, {2}}), Contains("move to 2, which is not one of the 2 positions"));
  CHECK_THROWS_WITH(make_game_graph({{1}, {0}}, {outcome::win, outcome::undecided}),
                    Contains("position 0 is terminal (win) but has 1 moves"));
  CHECK_THROWS_WITH(make_game_graph({{1}, {0}}, {}, {0, 2}), Contains("player of position 1 is 2"));
  CHECK_THROWS_WITH(make_game_graph({{1}, {0}}, {}, {0}), Contains("player has 1 entries for 2 positions"));
  CHECK_THROWS_WITH(make_game_graph({{1}, {0}}, {outcome::undecided}), Contains("terminal has 1 entries"));
  game_graph g = make_game_graph({{1}, {0}});
  g.move_begin[1] = 5;
  CHECK_THROWS_AS(retrograde_analysis(g), std::invalid_argument);
  g = make_game_graph({{1}, {0}});
  g.terminal[0] = static_cast<outcome>(7);
  CHECK_THROWS_WITH(retrograde_analysis(g), Contains("invalid terminal outcome"));
  g = make_game_graph({{1}, {0}});
  g.move_begin.pop_back();
  CHECK_THROWS_WITH(retrograde_analysis(g), Contains("move_begin has 2 entries"));
}

TEST_CASE("the state budget is checked before the solver allocates", "[engine][errors]") {
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 1000;
  std::vector<std::vector<std::uint32_t>> children(100);
  for (std::uint32_t p = 0; p + 1 < 100; ++p) children[p] = {p + 1};
  const game_graph g = make_game_graph(children);
  CHECK_THROWS_AS(retrograde_analysis(g), resource_error);
  state_budget_bytes() = saved;
  CHECK(retrograde_analysis(g).remoteness[0] == 99);
}
