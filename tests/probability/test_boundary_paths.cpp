// boundary_paths (boundary_paths.hpp).
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "chance_support.hpp"
#include "exactdp/probability/boundary_paths.hpp"

using namespace exactdp;

namespace {
// Independent oracle: every sequence of up to max_moves moves, followed
// until it leaves the grid (explicit stack of (row, col, moves made)).
std::int64_t boundary_by_enumeration(int m, int n, int max_moves, int row, int col) {
  struct frame {
    int r, c, made;
  };
  static constexpr int dr[4] = {1, -1, 0, 0}, dc[4] = {0, 0, 1, -1};
  std::vector<frame> stack{{row, col, 0}};
  std::int64_t out = 0;
  while (!stack.empty()) {
    const frame f = stack.back();
    stack.pop_back();
    if (f.made == max_moves) continue;
    for (int d = 0; d < 4; ++d) {
      const int r = f.r + dr[d], c = f.c + dc[d];
      if (r < 0 || r >= m || c < 0 || c >= n)
        ++out;
      else
        stack.push_back({r, c, f.made + 1});
    }
  }
  return out;
}
}  // namespace

TEST_CASE("boundary_paths: seed values", "[probability][boundary_paths]") {
  REQUIRE(boundary_paths<BigInt>(2, 2, 2, 0, 0) == 6);
  REQUIRE(boundary_paths<BigInt>(1, 3, 3, 0, 1) == 12);
  REQUIRE(boundary_paths<Mod>(8, 50, 23, 5, 26).value() == 914783380u);
  REQUIRE(boundary_paths<BigInt>(8, 50, 23, 5, 26) == BigInt("1590914794510"));
  REQUIRE(boundary_paths<BigInt>(3, 3, 0, 1, 1) == 0);
}

TEST_CASE("boundary_paths: every move sequence on small grids", "[probability][boundary_paths]") {
  std::mt19937 rng(576);
  for (int trial = 0; trial < 80; ++trial) {
    const int m = 1 + static_cast<int>(rng() % 4), n = 1 + static_cast<int>(rng() % 4);
    const int moves = static_cast<int>(rng() % 7);
    const int row = static_cast<int>(rng() % static_cast<unsigned>(m)),
              col = static_cast<int>(rng() % static_cast<unsigned>(n));
    INFO(m << "x" << n << ", " << moves << " moves from (" << row << ", " << col << ")");
    REQUIRE(boundary_paths<BigInt>(m, n, moves, row, col) == boundary_by_enumeration(m, n, moves, row, col));
  }
}

TEST_CASE("boundary_paths: fixed-width and BigInt tables agree across widths", "[probability][boundary_paths]") {
  for (const int moves : {31, 32, 63, 64, 200, 1023, 1024}) {
    INFO(moves << " moves");
    REQUIRE(boundary_paths<BigInt>(6, 5, moves, 2, 2) == detail::boundary_walk<BigInt>(6, 5, moves, 2, 2, 0));
  }
}

TEST_CASE("boundary_paths: policies agree", "[probability][boundary_paths]") {
  for (const int moves : {0, 1, 10, 23, 40, 50}) {
    INFO(moves << " moves");
    test::check_policies<BigInt>(
        [moves]<class T>(std::type_identity<T>) { return boundary_paths<T>(8, 50, moves, 5, 26); }, moves * 1e-15);
  }
}

TEST_CASE("boundary_paths: errors", "[probability][boundary_paths][errors]") {
  REQUIRE_THROWS_WITH(boundary_paths<Mod>(-2, 2, 2, 0, 0), Catch::Contains("grid sizes"));
  REQUIRE_THROWS_WITH(boundary_paths<Mod>(2, 2, -1, 0, 0), Catch::Contains("max_moves"));
  REQUIRE_THROWS_WITH(boundary_paths<Mod>(2, 2, 2, 2, 0), Catch::Contains("outside the 2x2 grid"));
  REQUIRE_THROWS_AS(boundary_paths<Mod>(2, 2, 2, 0, -1), std::invalid_argument);
  const std::uint64_t saved = state_budget_bytes();
  state_budget_bytes() = 1 << 20;
  REQUIRE_THROWS_WITH(boundary_paths<Mod>(100000, 100000, 1, 0, 0), Catch::Contains("2e+10 states"));
  state_budget_bytes() = saved;
}

TEST_CASE("boundary_paths: the lazy residue path gives the residue of adding in the type",
          "[probability][boundary_paths]") {
  // boundary_paths<ModInt/DynModInt> runs detail::boundary_walk_lazy (64-bit
  // cells reduced every 16 moves); detail::boundary_walk adds in the type.
  // Moduli near 2^31 leave the least room in 64 bits; more than 16 moves
  // pass a reduction.
  std::mt19937 rng(576);
  for (int trial = 0; trial < 60; ++trial) {
    const int m = 1 + static_cast<int>(rng() % 40), n = 1 + static_cast<int>(rng() % 40);
    const int moves = static_cast<int>(rng() % 80);
    const int row = static_cast<int>(rng() % static_cast<unsigned>(m)),
              col = static_cast<int>(rng() % static_cast<unsigned>(n));
    INFO(m << "x" << n << ", " << moves << " moves from (" << row << ", " << col << ")");
    REQUIRE(boundary_paths<Mod>(m, n, moves, row, col) == detail::boundary_walk<Mod>(m, n, moves, row, col, 0));
    using near_2_31 = ModInt<2'147'483'647>;  // 2^31 - 1, prime
    REQUIRE(boundary_paths<near_2_31>(m, n, moves, row, col) ==
            detail::boundary_walk<near_2_31>(m, n, moves, row, col, 0));
    for (const std::uint32_t p : {3u, 7u, 998'244'353u, 2'147'483'629u, 2'147'483'647u}) {
      INFO("modulus " << p);
      dyn_modulus_scope scope(p);
      REQUIRE(boundary_paths<DynModInt>(m, n, moves, row, col) ==
              detail::boundary_walk<DynModInt>(m, n, moves, row, col, 0));
    }
  }
  // A wide grid: every row and column is an edge for many moves.
  REQUIRE(boundary_paths<Mod>(3, 500, 300, 1, 250) == detail::boundary_walk<Mod>(3, 500, 300, 1, 250, 0));
}
