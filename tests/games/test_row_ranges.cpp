// The row games' entry points take any contiguous row: std::vector,
// std::array, std::span (const or mutable), C arrays and braced lists, in
// every value type (int64, BigInt, Rational, double), and give the answers
// the problems quote, the same in every container.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <list>
#include <span>
#include <vector>

#include "exactdp/games/nim.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/stone.hpp"
#include "exactdp/numeric/modint.hpp"

using namespace exactdp;

namespace {
// A row of a value type the games refuse (int: not a LeadValue) and a range
// that is not contiguous: neither must match any overload.
template <class R>
concept best_lead_accepts = requires(R r) {
  best_lead(r);
};
static_assert(best_lead_accepts<std::vector<std::int64_t>>);
static_assert(best_lead_accepts<std::array<Rational, 3>>);
static_assert(best_lead_accepts<std::span<double>>);
static_assert(best_lead_accepts<const std::vector<BigInt>&>);
static_assert(!best_lead_accepts<std::list<std::int64_t>>);
static_assert(!best_lead_accepts<std::vector<int>>);
static_assert(!best_lead_accepts<std::vector<ModInt<1'000'000'007>>>);
}  // namespace

TEST_CASE("best_lead and predict_the_winner take any contiguous row", "[games][rows][ranges]") {
  // LeetCode 486 "Predict the Winner": [1,5,2] → false (lead −2), [1,5,233,7] → true (lead 222).
  const std::vector<std::int64_t> v{1, 5, 233, 7};
  const std::array<Rational, 4> a{Rational(1), Rational(5), Rational(233), Rational(7)};
  const std::vector<double> d{1, 5, 233, 7};
  std::vector<BigInt> b{1, 5, 233, 7};
  const std::int64_t c[] = {1, 5, 233, 7};

  CHECK(best_lead(v).lead == 222);
  CHECK(best_lead(std::span(v)).lead == 222);  // span<const int64_t>: the span overload itself
  CHECK(best_lead(a).lead == 222);
  CHECK(best_lead(std::span(b)).lead == 222);  // span<BigInt>, mutable
  CHECK(best_lead(b).lead == 222);
  CHECK(best_lead(c).lead == 222);
  CHECK(std::fabs(best_lead(d).lead - 222.0) <= 0.0);  // small integers: exact in double
  CHECK(best_lead({1L, 5L, 233L, 7L}).lead == 222);
  CHECK(best_lead<Rational>({Rational(1, 2), 5, 233, 7}).lead == Rational(443, 2));

  // Every field of the answer agrees between containers.
  const auto from_vector = best_lead(v);
  const auto from_array = best_lead(a);
  CHECK(from_array.first_move == from_vector.first_move);
  CHECK(from_array.total == from_vector.total);
  CHECK(from_array.scores.first == from_vector.scores.first);
  CHECK(from_array.scores.second == from_vector.scores.second);

  CHECK(predict_the_winner(v));
  CHECK(predict_the_winner(a));
  CHECK(predict_the_winner(d));
  CHECK_FALSE(predict_the_winner(std::vector<std::int64_t>{1, 5, 2}));
  CHECK_FALSE(predict_the_winner({1L, 5L, 2L}));

  // The *_exact variants take a span of Rational, which vectors and arrays convert to.
  CHECK(best_lead_exact(a).lead == 222);
  CHECK(best_lead_exact(std::vector<Rational>(a.begin(), a.end())).lead == 222);
}

TEST_CASE("stone games take any contiguous row", "[games][rows][ranges]") {
  // LeetCode 877 "Stone Game": [5,3,4,5] → true (by parity).
  const std::vector<std::int64_t> piles{5, 3, 4, 5};
  CHECK(stone_game(piles).first_player_wins);
  CHECK(stone_game(std::array<Rational, 4>{5, 3, 4, 5}).by_parity);
  CHECK(stone_game({5.0, 3.0, 4.0, 5.0}).first_player_wins);

  // LeetCode 1690 "Stone Game VII": [5,3,1,4,2] → 6.
  const std::array<Rational, 5> seven{5, 3, 1, 4, 2};
  const std::vector<double> seven_d{5, 3, 1, 4, 2};
  CHECK(stone_game_vii(seven).lead == 6);
  CHECK(stone_game_vii(std::vector<std::int64_t>{5, 3, 1, 4, 2}).lead == 6);
  CHECK(std::fabs(stone_game_vii(seven_d).lead - 6.0) <= 0.0);
  CHECK(stone_game_vii({5L, 3L, 1L, 4L, 2L}).lead == 6);

  // LeetCode 1140 "Stone Game II": [2,7,9,4,4] → 10.
  std::vector<std::int64_t> two{2, 7, 9, 4, 4};
  CHECK(stone_game_ii(two).first_score == 10);
  CHECK(stone_game_ii(std::span(two)).first_score == 10);
  CHECK(stone_game_ii(std::array<Rational, 5>{2, 7, 9, 4, 4}).first_score == 10);
  CHECK(std::fabs(stone_game_ii(std::vector<double>{2, 7, 9, 4, 4}).first_score - 10.0) <= 0.0);
  CHECK(stone_game_ii_exact(std::vector<Rational>{2, 7, 9, 4, 4}).first_score == 10);

  // LeetCode 1406 "Stone Game III": [1,2,3,7] → Bob, [1,2,3,−9] → Alice.
  const std::int64_t three[] = {1, 2, 3, 7};
  CHECK(stone_game_iii(three).winner == stone_winner::bob);
  CHECK(stone_game_iii(std::vector<double>{1, 2, 3, -9}).winner == stone_winner::alice);
  CHECK(stone_game_iii<Rational>({1, 2, 3, -9}).winner == stone_winner::alice);
  CHECK(stone_game_iii_exact(std::array<Rational, 4>{1, 2, 3, 7}).winner == stone_winner::bob);
}

TEST_CASE("row range overloads agree with the span overloads on random rows", "[games][rows][ranges]") {
  // Fixed seed; values in [−20, 20] so that double is exact.
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::int64_t>((state >> 33) % 41) - 20;
  };
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 1 + static_cast<std::size_t>(trial % 9);
    std::vector<std::int64_t> row(n);
    for (auto& x : row) x = next();
    const std::vector<Rational> exact(row.begin(), row.end());
    const std::vector<double> approx(row.begin(), row.end());
    const auto expect = best_lead(std::span<const std::int64_t>(row)).lead;
    CHECK(best_lead(exact).lead == expect);
    CHECK(std::fabs(best_lead(approx).lead - static_cast<double>(expect)) <= 0.0);
    CHECK(stone_game_iii(exact).lead == stone_game_iii(std::span<const std::int64_t>(row)).lead);
    CHECK(stone_game_ii(row).first_score == stone_game_ii(std::span<const Rational>(exact)).first_score);
  }
}

TEST_CASE("nim takes a vector or an array of heap sizes", "[games][nim][ranges]") {
  // Heaps 3, 4, 5: nim-sum 2, a first-player win.
  const std::vector<std::uint64_t> v{3, 4, 5};
  const std::array<std::uint64_t, 3> a{3, 4, 5};
  CHECK(nim(v).result == outcome::win);
  CHECK(nim(a).nim_sum == 2);
  CHECK(nim(std::vector<std::uint64_t>{1, 2, 3}).result == outcome::lose);
  CHECK(misere_nim(a).result == outcome::win);  // Bouton: 3,4,5 is a misère win
  CHECK(misere_nim(v).winning_move->heap == misere_nim(a).winning_move->heap);
}
