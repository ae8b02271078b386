// The knight's exact count on fixed-width integers (knight.hpp internals):
// the width dispatch must agree with the plain BigInt walk at every width.
#include <catch2/catch.hpp>

#include "chance_support.hpp"
#include "exactdp/probability/knight.hpp"

using namespace exactdp;

TEST_CASE("knight_paths: fixed-width counts equal the BigInt walk across widths", "[probability][knight]") {
  // 8^moves needs 3·moves + 1 bits: 21/22 cross 64, 42/43 cross 128, 682/683 cross 2048.
  for (const int moves : {0, 1, 21, 22, 42, 43, 100, 170, 171, 341, 682, 683}) {
    INFO(moves << " moves");
    REQUIRE(knight_paths<BigInt>(8, moves, 0, 0) == detail::knight_walk<BigInt>(8, moves, 0, 0, BigInt(1), 0));
  }
  // Widths chosen from the largest count: boards where the counts grow
  // slowly (3x3: 2 bits a move) or not at all (1x1, 2x2: 0 after one move),
  // and long walks that end on BigInt (past 4096 bits).
  for (const int n : {1, 2, 3, 4, 5, 8})
    for (const int moves : {0, 1, 2, 30, 200, 700}) {
      INFO(n << "x" << n << ", " << moves << " moves");
      REQUIRE(knight_paths<BigInt>(n, moves, n / 2, n - 1) ==
              detail::knight_walk<BigInt>(n, moves, n / 2, n - 1, BigInt(1), 0));
    }
  REQUIRE(knight_paths<BigInt>(8, 1700, 3, 4) == detail::knight_walk<BigInt>(8, 1700, 3, 4, BigInt(1), 0));
  REQUIRE(knight_paths<BigInt>(3, 2, 0, 0) == 4);
  REQUIRE(knight_probability<Rational>(3, 2, 0, 0) == ratio<Rational>(1, 16));
  // 3x3 from a corner: exactly 4^-moves; 538 moves is below the double range.
  REQUIRE(knight_probability<Rational>(3, 538, 0, 0) == make_rational(BigInt(1), BigInt(1) << 1076));
  REQUIRE(to_double_checked(knight_probability<Rational>(3, 538, 0, 0)).status == double_status::underflow);
}
