// The names renamed in 2026-12 (function nouns, result types ending in
// _result, outcome_name) still compile for one release and give the same
// answers as the new names. This file is the only user of the old names: it
// silences their deprecation warnings (the rest of the tree builds with
// -Werror and must not use them).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/games/can_i_win.hpp"
#include "exactdp/games/divisor.hpp"
#include "exactdp/games/expectiminimax.hpp"
#include "exactdp/games/flip.hpp"
#include "exactdp/games/guess_number.hpp"
#include "exactdp/games/negamax.hpp"
#include "exactdp/games/nim.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/stone.hpp"
#include "exactdp/games/subtraction.hpp"
#include "exactdp/games/win_lose.hpp"
#include "exactdp/grundy/flip.hpp"
#include "exactdp/grundy/misere.hpp"
#include "exactdp/grundy/octal.hpp"
#include "exactdp/grundy/period.hpp"
#include "exactdp/probability/new21.hpp"
#include "exactdp/retrograde/cat_mouse.hpp"
#include "exactdp/retrograde/cat_mouse2.hpp"
#include "exactdp/retrograde/game_graph.hpp"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

using namespace exactdp;

namespace {

// Take one or two from a pile; the player who cannot move loses.
struct take_game {
  using position = int;
  void moves(int n, std::vector<int>& out) const {
    out.clear();
    for (int k = 1; k <= 2 && k <= n; ++k) out.push_back(n - k);
  }
  outcome no_move_outcome(int) const { return outcome::lose; }
};

// Take one or two coins worth 1 each; the lead of the mover.
struct coin_game {
  using position = int;
  using value = std::int64_t;
  void moves(int n, std::vector<scored_move<int, std::int64_t>>& out) const {
    out.clear();
    for (int k = 1; k <= 2 && k <= n; ++k) out.push_back({k, n - k});
  }
  std::int64_t no_move_lead(int) const { return 0; }
};

}  // namespace

TEST_CASE("old result-type names are the new types", "[names]") {
  STATIC_REQUIRE(std::is_same_v<can_i_win_answer, can_i_win_result>);
  STATIC_REQUIRE(std::is_same_v<divisor_answer, divisor_result>);
  STATIC_REQUIRE(std::is_same_v<expectiminimax_answer<Rational>, expectiminimax_result<Rational>>);
  STATIC_REQUIRE(std::is_same_v<flip_search_answer, flip_search_result>);
  STATIC_REQUIRE(std::is_same_v<guess_number_answer, guess_number_result>);
  STATIC_REQUIRE(std::is_same_v<nim_answer, nim_result>);
  STATIC_REQUIRE(std::is_same_v<row_game_answer<std::int64_t>, row_game_result<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<stone_game_answer<std::int64_t>, stone_game_result<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<stone_game_ii_answer<std::int64_t>, stone_game_ii_result<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<stone_game_iii_answer<std::int64_t>, stone_game_iii_result<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<stone_game_vii_answer<std::int64_t>, stone_game_vii_result<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<subtraction_answer, subtraction_result>);
  STATIC_REQUIRE(std::is_same_v<flip_answer, flip_grundy_result>);
  STATIC_REQUIRE(std::is_same_v<misere_heap_answer, misere_heap_result>);
  STATIC_REQUIRE(std::is_same_v<cat_mouse_answer, cat_mouse_result>);
  STATIC_REQUIRE(std::is_same_v<cat_mouse2_answer, cat_mouse2_result>);
}

TEST_CASE("old function names give the answers of the new ones", "[names]") {
  // LeetCode 837 New 21 Game, example 2: n = 6, k = 1, maxPts = 10 gives 6/10.
  CHECK(new21_game<Rational>(6, 1, 10) == Rational(3, 5));
  CHECK(new21_game<Rational>(21, 17, 10) == new21_probability<Rational>(21, 17, 10));
  CHECK(new21_game_bound(21, 17, 10).denominator_bits == new21_probability_bound(21, 17, 10).denominator_bits);

  CHECK(std::string(to_string(outcome::win)) == "win");
  CHECK(std::string(to_string(outcome::lose)) == outcome_name(outcome::lose));

  const std::vector<std::int64_t> moves{1, 3, 4};
  for (std::uint64_t n = 0; n < 20; ++n) CHECK(solve_subtraction(n, moves).result == subtraction_game(n, moves).result);

  const std::vector<std::uint64_t> takes{1, 2};
  CHECK(subtraction_game(takes).code() == octal_subtraction_game(takes).code());
  const octal_values old_values = solve_octal(parse_octal("0.07"), 4096);
  CHECK(old_values.certificate().period == certified_octal_values(parse_octal("0.07"), 4096).certificate().period);

  CHECK(solve_flip("++++").value == flip_grundy("++++").value);

  CHECK(solve_win_lose(take_game{}, 9).result == outcome::lose);
  CHECK(solve_win_lose(take_game{}, 10).result == win_lose_search(take_game{}, 10).result);
  CHECK(solve_negamax(coin_game{}, 5).lead == negamax_search(coin_game{}, 5).lead);

  std::vector<game_node<Rational>> nodes(3);
  nodes[0].kind = node_kind::max;
  nodes[0].children = {1, 2};
  nodes[1].payoff = Rational(1, 3);
  nodes[2].payoff = Rational(1, 2);
  CHECK(solve_expectiminimax(nodes).values[0] == Rational(1, 2));
  CHECK(solve_expectiminimax(nodes).values == expectiminimax(nodes).values);

  const std::vector<std::vector<int>> graph{{2, 5},    {3},    {0, 4, 5},
                                            {1, 4, 5}, {2, 3}, {0, 2, 3}};  // LeetCode 913 ex. 1
  CHECK(solve_cat_mouse(cat_mouse_game(graph)).result == 0);
  const std::vector<std::string> grid{"####F", "#C...", "M...."};  // LeetCode 1728 ex. 1
  CHECK(solve_cat_mouse2(grid, 1, 2).mouse_wins);
  CHECK(solve_cat_mouse2_timed(grid, 1, 2).mouse_wins);
  const game_graph g = make_game_graph({{1}, {}});
  CHECK(solve_retrograde(g).outcomes == retrograde_analysis(g).outcomes);
  CHECK(solve_retrograde(g).outcomes[0] == outcome::win);

  CHECK(solve_pig<Rational>(2, 4).turn_start(0, 0) == pig_game<Rational>(2, 4).turn_start(0, 0));

  decision_builder b;
  const auto s = b.add_state(state_owner::max);
  const auto t = b.add_state(state_owner::terminal);
  b.add_choice(s);
  b.transition(s, 0, t, Rational(1));
  b.label("goal", t);
  const decision_model m = b.build();
  decision_query q;
  q.target = m.label("goal");
  q.objective = decision_objective::pmax;
  CHECK(solve_decision<Rational>(m, q).value[0] == 1);
}
