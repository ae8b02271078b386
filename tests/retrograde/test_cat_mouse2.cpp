// Cat and Mouse II (LC 1728): the LC examples; the cyclic form (remoteness
// against the limit) against the timed acyclic form and against a forward
// search written from the rules, on random small grids and limits; errors.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "exactdp/numeric/errors.hpp"
#include "exactdp/retrograde/cat_mouse2.hpp"

using namespace exactdp;

namespace {

/// Forward oracle from the rules: can the mouse force the food on a ply
/// <= limit? Layers t = limit .. 0 over (mouse cell, cat cell) as grid
/// squares; its own jump generator.
bool mouse_wins_by_rules(const std::vector<std::string>& grid, int cat_jump, int mouse_jump, int limit) {
  const int rows = static_cast<int>(grid.size()), cols = static_cast<int>(grid[0].size()), s = rows * cols;
  int mouse = 0, cat = 0, food = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const char ch = grid[std::size_t(r)][std::size_t(c)];
      if (ch == 'M') mouse = r * cols + c;
      if (ch == 'C') cat = r * cols + c;
      if (ch == 'F') food = r * cols + c;
    }
  auto jumps = [&](int square, int jump) {
    std::vector<int> out{square};
    const int r0 = square / cols, c0 = square % cols;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; ++d)
      for (int k = 1; k <= jump; ++k) {
        const int r = r0 + dr[d] * k, c = c0 + dc[d] * k;
        if (r < 0 || r >= rows || c < 0 || c >= cols || grid[std::size_t(r)][std::size_t(c)] == '#') break;
        out.push_back(r * cols + c);
      }
    return out;
  };
  // wins[m * s + c] at ply t: does the mouse win from there? (indices in std::size_t)
  auto at = [s](int m, int c) { return std::size_t(m) * std::size_t(s) + std::size_t(c); };
  const std::size_t pairs = std::size_t(s) * std::size_t(s);
  std::vector<char> later(pairs, 0), now(pairs, 0);
  for (int t = limit; t >= 0; --t) {
    for (int m = 0; m < s; ++m)
      for (int c = 0; c < s; ++c) {
        char& v = now[at(m, c)];
        if (grid[std::size_t(m / cols)][std::size_t(m % cols)] == '#' ||
            grid[std::size_t(c / cols)][std::size_t(c % cols)] == '#' || m == c || c == food) {
          v = 0;
        } else if (m == food) {
          v = 1;
        } else if (t == limit) {
          v = 0;
        } else if (t % 2 == 0) {
          v = 0;
          for (const int next : jumps(m, mouse_jump)) v = v || later[at(next, c)];
        } else {
          v = 1;
          for (const int next : jumps(c, cat_jump)) v = v && later[at(m, next)];
        }
      }
    later.swap(now);
  }
  return later[at(mouse, cat)] != 0;
}

}  // namespace

TEST_CASE("the LC 1728 examples", "[cat_mouse2]") {
  CHECK(can_mouse_win({"####F", "#C...", "M...."}, 1, 2));
  CHECK(can_mouse_win({"M.C...F"}, 1, 4));
  CHECK_FALSE(can_mouse_win({"M.C...F"}, 1, 3));
  CHECK_FALSE(can_mouse_win({"C...#", "...#F", "....#", "M...."}, 2, 5));
  CHECK(can_mouse_win({".M...", "..#..", "#..#.", "C#.#.", "...#F"}, 3, 1));
  const cat_mouse2_result a = cat_mouse2({"M.C...F"}, 1, 4);
  CHECK(a.remoteness == 3);  // mouse to (0,4), cat anywhere, mouse to the food
  CHECK(a.move_row == 0);
  CHECK(a.move_col == 4);
  // The limit is part of the rules: with 2 plies the mouse cannot eat.
  CHECK_FALSE(cat_mouse2({"M.C...F"}, 1, 4, 2).mouse_wins);
  CHECK(cat_mouse2({"M.C...F"}, 1, 4, 3).mouse_wins);
  CHECK_FALSE(cat_mouse2_timed({"M.C...F"}, 1, 4, 2).mouse_wins);
  CHECK(cat_mouse2_timed({"M.C...F"}, 1, 4, 3).mouse_wins);
}

TEST_CASE("cyclic form, timed form and the rules agree on random grids and limits", "[cat_mouse2]") {
  std::mt19937 rng(1728);
  int mouse_wins = 0, cat_wins = 0, long_wins = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const int rows = 1 + static_cast<int>(rng() % 4), cols = 3 + static_cast<int>(rng() % 2);
    std::vector<std::string> grid(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
    for (auto& row : grid)
      for (char& ch : row)
        if (rng() % 4 == 0) ch = '#';
    std::vector<int> squares(static_cast<std::size_t>(rows * cols));
    for (std::size_t k = 0; k < squares.size(); ++k) squares[k] = static_cast<int>(k);
    std::shuffle(squares.begin(), squares.end(), rng);
    const char pieces[3] = {'C', 'M', 'F'};
    for (int k = 0; k < 3; ++k)
      grid[std::size_t(squares[std::size_t(k)] / cols)][std::size_t(squares[std::size_t(k)] % cols)] = pieces[k];
    const int cat_jump = static_cast<int>(rng() % 3), mouse_jump = static_cast<int>(rng() % 3);
    const cat_mouse2_result cyclic = cat_mouse2(grid, cat_jump, mouse_jump, 1000);
    INFO("trial " << trial << " grid " << grid[0] << " ... cat " << cat_jump << " mouse " << mouse_jump);
    for (const std::uint32_t limit : {0u, 1u, 2u, 3u, 4u, 5u, 7u, 9u, 12u, 20u}) {
      INFO("limit " << limit);
      const bool by_rules = mouse_wins_by_rules(grid, cat_jump, mouse_jump, static_cast<int>(limit));
      const cat_mouse2_result timed = cat_mouse2_timed(grid, cat_jump, mouse_jump, limit);
      REQUIRE(timed.mouse_wins == by_rules);
      REQUIRE(cat_mouse2(grid, cat_jump, mouse_jump, limit).mouse_wins == by_rules);
      // Remoteness is the least limit that lets the mouse win.
      REQUIRE(by_rules == (cyclic.mouse_outcome == outcome::win && cyclic.remoteness <= limit));
      if (timed.mouse_wins) REQUIRE(timed.remoteness == cyclic.remoteness);
    }
    (cyclic.mouse_wins ? mouse_wins : cat_wins) += 1;
    long_wins += cyclic.mouse_wins && cyclic.remoteness > 5 ? 1 : 0;
  }
  // The sample is not one-sided.
  CHECK(mouse_wins > 20);
  CHECK(cat_wins > 20);
  CHECK(long_wins > 0);
}

TEST_CASE("cat and mouse II errors", "[cat_mouse2][errors]") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(can_mouse_win({"C.M.."}, 1, 1), Contains("the grid has no food 'F'"));
  CHECK_THROWS_WITH(can_mouse_win({"C.MMF"}, 1, 1), Contains("the grid has 2 mouse 'M'"));
  CHECK_THROWS_WITH(can_mouse_win({"..M.F"}, 1, 1), Contains("no cat 'C'"));
  CHECK_THROWS_WITH(can_mouse_win({"C.M.F", "..."}, 1, 1), Contains("row 1 of the grid has 3 characters"));
  CHECK_THROWS_WITH(can_mouse_win({"C.MxF"}, 1, 1), Contains("the character 'x'"));
  CHECK_THROWS_WITH(can_mouse_win({}, 1, 1), Contains("no rows"));
  CHECK_THROWS_WITH(can_mouse_win({""}, 1, 1), Contains("row 0 of the grid is empty"));
  CHECK_THROWS_WITH(can_mouse_win({"CMF"}, -1, 1), Contains("jump lengths must be between 0 and 1000"));
  CHECK_THROWS_WITH(can_mouse_win({"CMF"}, 1, 1001), Contains("jump lengths"));
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 1 << 16;
  CHECK_THROWS_AS(can_mouse_win({std::string(100, '.') + "CMF"}, 1, 1), resource_error);
  state_budget_bytes() = saved;
  CHECK_THROWS_AS(cat_mouse2_timed({std::string(100, '.') + "CMF"}, 1, 1, 100'000), resource_error);
}
