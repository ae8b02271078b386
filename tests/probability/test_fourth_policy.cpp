// A fourth number policy: int64 counts that throw std::overflow_error
// instead of wrapping (numeric/checked_int64.hpp). It is one field_traits
// specialisation; the counting recurrences (knight_paths, boundary_paths,
// dice_sequences) run on it unchanged, agree with the exact BigInt counts
// whenever those fit in 63 bits, and throw a clear error when they do not.
// The recurrences have no branch for this type: that is the point.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/checked_int64.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "exactdp/probability/boundary_paths.hpp"
#include "exactdp/probability/dice_sequences.hpp"
#include "exactdp/probability/knight.hpp"

using namespace exactdp;

namespace {

static_assert(Ring<checked_int64> && !Field<checked_int64>);

/// The exact count as an int64, or nullopt when it does not fit.
std::optional<std::int64_t> fits(const BigInt& x) {
  if (x > std::numeric_limits<std::int64_t>::max()) return std::nullopt;
  return x.convert_to<std::int64_t>();
}

/// Runs `count` over checked_int64 and BigInt: equal when the exact count
/// fits in int64, and std::overflow_error when it does not (an intermediate
/// value may pass 2^63 first, so a count just below it may throw too:
/// `must_fit` says the caller has proved every value of the table fits).
template <class Count>
void check_against_bigint(const Count& count, bool must_fit) {
  const BigInt exact = count(std::type_identity<BigInt>{});
  const std::optional<std::int64_t> want = fits(exact);
  if (!want) {
    REQUIRE_THROWS_AS(count(std::type_identity<checked_int64>{}), std::overflow_error);
    return;
  }
  if (must_fit) {
    REQUIRE(count(std::type_identity<checked_int64>{}).value() == *want);
    return;
  }
  try {
    REQUIRE(count(std::type_identity<checked_int64>{}).value() == *want);
  } catch (const std::overflow_error&) {
    // Only a count near the limit may have had an intermediate value past it:
    // a small count that overflows is a fault of the checked type.
    INFO("exact count " << exact);
    REQUIRE(exact > BigInt(1) << 56);
  }
}

}  // namespace

TEST_CASE("fourth policy: the problems' values in checked int64 counts", "[probability][policy]") {
  CHECK(boundary_paths<checked_int64>(2, 2, 2, 0, 0).value() == 6);           // LeetCode 576, example 1
  CHECK(boundary_paths<checked_int64>(1, 3, 3, 0, 1).value() == 12);          // LeetCode 576, example 2
  CHECK(dice_sequences<checked_int64>(2, {1, 1, 2, 2, 2, 3}).value() == 34);  // LeetCode 1223, example 1
  CHECK(dice_sequences<checked_int64>(20, {1, 1, 1, 1, 1, 1}).value() == 114'440'917'968'750);  // 6·5^19
  CHECK(knight_paths<checked_int64>(3, 2, 0, 0).value() == 4);  // LeetCode 688, example 1: 4 of 64 stay
}

TEST_CASE("fourth policy: checked int64 counts agree with BigInt on every small input", "[probability][policy]") {
  // Knight: every count is at most 8^moves; moves <= 20 gives 2^60: always fits.
  for (int n = 1; n <= 8; ++n)
    for (int moves = 0; moves <= 20; moves += 4)
      for (int r = 0; r < n; r += 3)
        check_against_bigint([&]<class T>(std::type_identity<T>) { return knight_paths<T>(n, moves, r, n / 2); }, true);
  // Boundary paths: every value is below 4^(moves+1); moves <= 29 gives 2^60.
  for (int m = 1; m <= 6; ++m)
    for (int moves = 0; moves <= 29; moves += 7)
      check_against_bigint([&]<class T>(std::type_identity<T>) { return boundary_paths<T>(m, m + 2, moves, m / 2, 1); },
                           true);
  // Dice sequences with random limits: every count is at most 6^n; n <= 23 gives 2^59.5.
  std::mt19937 rng(15);
  std::uniform_int_distribution<int> limit(1, 15);
  for (int n = 0; n <= 23; ++n) {
    std::array<int, 6> roll_max{};
    for (int& l : roll_max) l = limit(rng);
    check_against_bigint([&]<class T>(std::type_identity<T>) { return dice_sequences<T>(n, roll_max); }, true);
  }
}

TEST_CASE("fourth policy: the counts that do not fit throw std::overflow_error", "[probability][policy]") {
  // Around the first count that passes 2^63 - 1: equal below, an error above.
  for (int moves = 15; moves <= 40; ++moves)
    check_against_bigint([&]<class T>(std::type_identity<T>) { return knight_paths<T>(8, moves, 3, 3); }, false);
  for (int moves = 25; moves <= 40; ++moves)
    check_against_bigint([&]<class T>(std::type_identity<T>) { return boundary_paths<T>(3, 3, moves, 1, 1); }, false);
  const std::array<int, 6> loose{15, 15, 15, 15, 15, 15};
  for (int n = 20; n <= 30; ++n)
    check_against_bigint([&]<class T>(std::type_identity<T>) { return dice_sequences<T>(n, loose); }, false);
  // The largest moves that fit and the next one, explicitly: 8^21 = 2^63.
  CHECK(knight_paths<checked_int64>(100, 20, 50, 50).value() == std::int64_t{1} << 60);  // never near an edge
  CHECK_THROWS_AS(knight_paths<checked_int64>(100, 21, 50, 50), std::overflow_error);
  CHECK_THROWS_WITH(knight_paths<checked_int64>(100, 21, 50, 50),
                    Catch::StartsWith("int64 count overflow: ") && Catch::EndsWith("does not fit in 64 bits"));
  CHECK_THROWS_WITH(dice_sequences<checked_int64>(30, loose), Catch::Contains("int64 count overflow"));
}
