// Printing: operator<< for the residue types (numeric/ostream.hpp) and the
// games' answers (games/ostream.hpp), and the fmt formatters (io/fmt.hpp),
// compared as text. The answers are those the problems quote: LeetCode 486
// "Predict the Winner", 877 "Stone Game", 1690 "Stone Game VII", 1140
// "Stone Game II", 1406 "Stone Game III", and Nim by Bouton's XOR rule.
#include <catch2/catch.hpp>

#include <cstdint>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "exactdp/games/ostream.hpp"
#include "exactdp/io/fmt.hpp"
#include "exactdp/numeric/ostream.hpp"
#include "support/streamed.hpp"

using namespace exactdp;

using exactdp::test::streamed;

TEST_CASE("residues print their value in [0, P)", "[numeric][printing]") {
  CHECK(streamed(Mod(-1)) == "1000000006");
  CHECK(streamed(ModInt<7>(10)) == "3");
  CHECK(streamed(ModInt<7>(1) / ModInt<7>(3)) == "5");  // 3·5 = 15 ≡ 1 (mod 7)
  {
    dyn_modulus_scope scope(998'244'353);
    CHECK(streamed(DynModInt(-1)) == "998244352");
    CHECK(fmt::format("{}", DynModInt(-2)) == "998244351");
  }
  CHECK(streamed(DynModInt(-1)) == "1000000006");  // the default modulus is back
  CHECK(streamed(ModInt64<4'611'686'018'427'387'847ull>(-1)) == "4611686018427387846");
  {
    dyn_modulus64_scope scope(1'000'000'000'000'000'003ull);
    CHECK(streamed(DynModInt64(-3)) == "1000000000000000000");
    CHECK(fmt::format("{}", DynModInt64(-3)) == "1000000000000000000");
  }

  // The stream's width, fill and base apply to the residue as to an integer.
  std::ostringstream os;
  os << std::setw(5) << std::setfill('.') << ModInt<7>(3) << ' ' << std::hex << Mod(255);
  CHECK(os.str() == "....3 ff");

  // fmt: the integer format specs.
  CHECK(fmt::format("{}", Mod(-1)) == "1000000006");
  CHECK(fmt::format("{:>6}|{:<4}|{:x}|{:#b}", ModInt<7>(3), DynModInt(12), Mod(255), ModInt<7>(5)) ==
        "     3|12  |ff|0b101");
  CHECK(fmt::format("{:08}", ModInt64<1'000'000'000'000'000'003ull>(42)) == "00000042");
}

TEST_CASE("Rational and BigInt format as they stream", "[numeric][printing]") {
  CHECK(fmt::format("{}", make_rational(BigInt(-3), BigInt(12))) == "-1/4");
  CHECK(fmt::format("{} {}", Rational(5), BigInt(1) << 70) == "5 1180591620717411303424");
  CHECK(fmt::format("[{:>6}]", Rational(1, 16)) == "[  1/16]");
  CHECK(streamed(Rational(1, 16)) == "1/16");
}

TEST_CASE("game answers print one line in the tool's words", "[games][printing]") {
  CHECK(streamed(outcome::win) == "win");
  CHECK(streamed(outcome::draw) == "draw");
  CHECK(streamed(outcome::undecided) == "undecided");
  CHECK(streamed(row_end::right) == "right");
  CHECK(streamed(stone_winner::tie) == "Tie");

  // Predict the Winner [1, 5, 2]: lead −2 whichever end; scores 3 and 5.
  const auto predict = best_lead({1L, 5L, 2L});
  CHECK(streamed(predict) == "lead -2, first move left, scores 3 and 5 (total 8)");
  // [1/2, 5, 2]: lead(1,2) = 3, lead(0,1) = 9/2, both ends give −5/2.
  CHECK(streamed(best_lead<Rational>({Rational(1, 2), 5, 2})) ==
        "lead -5/2, first move left, scores 5/2 and 5 (total 15/2)");
  CHECK(streamed(best_lead({1.5, 5.0, 2.0})) == "lead -1.5, first move left, scores 3.5 and 5 (total 8.5)");
  // [1, 5, 233, 7]: take 1 (left), then 233 whatever the other does.
  CHECK(streamed(best_lead({1L, 5L, 233L, 7L})) == "lead 222, first move left, scores 234 and 12 (total 246)");

  // Stone Game [5, 3, 4, 5]: even count, odd total; even-indexed piles 5 + 4 against 3 + 5.
  CHECK(streamed(stone_game({5L, 3L, 4L, 5L})) == "first player wins by parity, even-indexed piles: 9 against 8");
  CHECK(streamed(stone_game({3L, 8L, 4L, 6L})) == "first player wins by parity, odd-indexed piles: 14 against 7");
  // [3, 8, 4, 5]: even total, the DP decides: take the 5, then lead(3, 8, 4) = −1 for the other.
  CHECK(streamed(stone_game({3L, 8L, 4L, 5L})) ==
        "first player wins; lead 6, first move right, scores 13 and 7 (total 20)");
  // [3, 2, 7, 4, 3]: odd count, the DP decides: lead −1, scores 9 and 10.
  CHECK(streamed(stone_game({3L, 2L, 7L, 4L, 3L})) ==
        "first player does not win; lead -1, first move left, scores 9 and 10 (total 19)");

  // Stone Game VII [5, 3, 1, 4, 2] → 6; Alice removes the 2 at the right end.
  CHECK(streamed(stone_game_vii({5L, 3L, 1L, 4L, 2L})) == "lead 6, first move right");
  // Stone Game II [2, 7, 9, 4, 4] → 10, Alice takes one pile first.
  CHECK(streamed(stone_game_ii({2L, 7L, 9L, 4L, 4L})) == "first 10, second 16, first take 1");
  // Stone Game III [1, 2, 3, 7] → Bob; [1, 2, 3, −9] → Alice, taking three piles.
  CHECK(streamed(stone_game_iii({1L, 2L, 3L, 7L})) == "Bob; lead -1, first take 3");
  CHECK(streamed(stone_game_iii({1L, 2L, 3L, -9L})) == "Alice; lead 15, first take 3");

  // Nim 3, 4, 5: nim-sum 2; heap 0 goes from 3 to 3 xor 2 = 1. Nim 1, 2, 3: nim-sum 0.
  const std::vector<std::uint64_t> heaps{3, 4, 5};
  CHECK(streamed(nim(heaps)) == "win, nim-sum 2, take 2 from heap 0");
  CHECK(streamed(nim(std::vector<std::uint64_t>{1, 2, 3})) == "lose, nim-sum 0");
  CHECK(streamed(misere_nim(std::vector<std::uint64_t>{1, 1, 1})) == "lose, nim-sum 1");
}

TEST_CASE("fmt formats the game answers as they stream", "[games][printing]") {
  CHECK(fmt::format("{}", outcome::lose) == "lose");
  CHECK(fmt::format("[{:>6}] [{:<5}]", outcome::win, row_end::left) == "[   win] [left ]");
  CHECK(fmt::format("{:*^7}", stone_winner::bob) == "**Bob**");
  const auto predict = best_lead<Rational>({Rational(1, 2), 5, 2});
  CHECK(fmt::format("{}", predict) == streamed(predict));
  const auto stone = stone_game({3L, 2L, 7L, 4L, 3L});
  CHECK(fmt::format("{}", stone) == streamed(stone));
  CHECK(fmt::format("{}", stone_game_vii({5.0, 3.0, 1.0, 4.0, 2.0})) == "lead 6, first move right");
  CHECK(fmt::format("{}", stone_game_ii({2L, 7L, 9L, 4L, 4L})) == "first 10, second 16, first take 1");
  CHECK(fmt::format("{}", stone_game_iii<BigInt>({1, 2, 3, 7})) == "Bob; lead -1, first take 3");
  const std::vector<std::uint64_t> heaps{3, 4, 5};
  CHECK(fmt::format("{}", nim(heaps)) == "win, nim-sum 2, take 2 from heap 0");
  CHECK(fmt::format("{}", *nim(heaps).winning_move) == "take 2 from heap 0");
}
