// Guess Number Higher or Lower II and Stone Game VII: the quoted values and
// exhaustive searches.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "exactdp/games/guess_number.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

using namespace exactdp;

namespace {

// Guess Number by search over the SET of candidates (a bitmask over 1..n),
// any guess in 1..n allowed: the least money that guarantees a win, and the
// first guesses that achieve it.
struct guess_oracle {
  int n;
  std::vector<std::int64_t> memo;
  explicit guess_oracle(int size) : n(size), memo(std::size_t{1} << size, -1) {}
  std::int64_t cost(unsigned mask) {
    if (memo[mask] >= 0) return memo[mask];
    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    if (__builtin_popcount(mask) <= 1) return memo[mask] = 0;
    for (int x = 1; x <= n; ++x) best = std::min(best, after(mask, x));
    return memo[mask] = best;
  }
  // The worst case after guessing x with candidates `mask`.
  std::int64_t after(unsigned mask, int x) {
    const unsigned below = mask & ((1u << (x - 1)) - 1), above = mask & ~((1u << x) - 1);
    const bool candidate = mask >> (x - 1) & 1;
    // A guess outside the candidates with all of them on one side pays and learns nothing.
    if (!candidate && (!below || !above)) return std::numeric_limits<std::int64_t>::max();
    std::int64_t worst = 0;  // x itself, if it is a candidate, costs nothing more
    if (below) worst = std::max(worst, x + cost(below));
    if (above) worst = std::max(worst, x + cost(above));
    return worst;
  }
};

// Stone Game VII by game-tree search: (mover's points, other's points).
template <class T>
std::pair<T, T> brute_stone7(const std::vector<T>& v, std::size_t i, std::size_t j) {
  if (i == j) return {T(0), T(0)};
  T sum_left(0), sum_right(0);
  for (std::size_t k = i + 1; k <= j; ++k) sum_left += v[k];
  for (std::size_t k = i; k < j; ++k) sum_right += v[k];
  const auto [ol, ml] = brute_stone7(v, i + 1, j);  // other's best after we take the left stone
  const auto [or_, mr] = brute_stone7(v, i, j - 1);
  const T lead_left = sum_left + ml - ol, lead_right = sum_right + mr - or_;
  return lead_left < lead_right ? std::pair<T, T>{sum_right + mr, or_} : std::pair<T, T>{sum_left + ml, ol};
}

}  // namespace

TEST_CASE("Guess Number Higher or Lower II: quoted values", "[games][guess][D07]") {
  CHECK(guess_number(1).cost == 0);
  CHECK(guess_number(2).cost == 1);
  CHECK(guess_number(3).cost == 2);
  CHECK(guess_number(10).cost == 16);
  CHECK(guess_number(200).cost == 952);
  CHECK(guess_number(1).first_guess == 1);
  CHECK(guess_number(2).first_guess == 1);
  CHECK(guess_number(3).first_guess == 2);
  CHECK(guess_number(10).first_guess == 7);
}

TEST_CASE("Guess Number agrees with a search over candidate sets", "[games][guess]") {
  for (int n = 1; n <= 12; ++n) {
    guess_oracle o(n);
    const unsigned all = (1u << n) - 1;
    const auto a = guess_number(n);
    INFO("n = " << n);
    REQUIRE(a.cost == o.cost(all));
    REQUIRE(o.after(all, static_cast<int>(a.first_guess)) == a.cost);
    for (int x = 1; x < a.first_guess; ++x) REQUIRE(o.after(all, x) > a.cost);  // the smallest optimal guess
  }
}

TEST_CASE("Guess Number: errors", "[games][guess]") {
  CHECK_THROWS_AS(guess_number(0), std::invalid_argument);
  CHECK_THROWS_AS(guess_number(-5), std::invalid_argument);
  CHECK_THROWS_AS(guess_number(guess_number_max_n + 1), std::invalid_argument);
  const auto saved = work_budget_steps();
  work_budget_steps() = 1e6L;
  CHECK_THROWS_AS(guess_number(1000), resource_error);
  work_budget_steps() = saved;
}

TEST_CASE("Stone Game VII: quoted values", "[games][stone7][D08]") {
  const std::vector<std::int64_t> a{5, 3, 1, 4, 2}, b{7, 90, 5, 1, 100, 10, 10, 2};
  CHECK(stone_game_vii<std::int64_t>(a).lead == 6);
  CHECK(stone_game_vii<std::int64_t>(a).first_move == row_end::right);  // Alice removes the 2 and scores 13
  CHECK(stone_game_vii<std::int64_t>(b).lead == 122);
  CHECK(stone_game_vii<std::int64_t>(std::vector<std::int64_t>{4}).lead == 0);
}

TEST_CASE("Stone Game VII agrees with game-tree search in four number types", "[games][stone7]") {
  std::mt19937 rng(1690);
  for (int iter = 0; iter < 500; ++iter) {
    std::vector<std::int64_t> v(1 + rng() % 10);
    for (auto& x : v) x = static_cast<std::int64_t>(rng() % 41) - 20;
    const auto [mine, other] = brute_stone7(v, 0, v.size() - 1);
    const auto a = stone_game_vii<std::int64_t>(v);
    REQUIRE(a.lead == mine - other);
    if (v.size() > 1) {
      // The first move is optimal: the lead after it equals the best lead.
      std::int64_t sum_left = 0, sum_right = 0;
      for (std::size_t k = 1; k < v.size(); ++k) sum_left += v[k];
      for (std::size_t k = 0; k + 1 < v.size(); ++k) sum_right += v[k];
      const auto l = brute_stone7(v, 1, v.size() - 1), r = brute_stone7(v, 0, v.size() - 2);
      const std::int64_t via =
          a.first_move == row_end::left ? sum_left + l.second - l.first : sum_right + r.second - r.first;
      REQUIRE(via == a.lead);
    }
    const std::vector<BigInt> vb(v.begin(), v.end());
    REQUIRE(stone_game_vii<BigInt>(vb).lead == BigInt(a.lead));
    const std::vector<Rational> vr(v.begin(), v.end());
    REQUIRE(stone_game_vii<Rational>(vr).lead == Rational(a.lead));
    const std::vector<double> vd(v.begin(), v.end());
    REQUIRE(std::fabs(stone_game_vii<double>(vd).lead - static_cast<double>(a.lead)) <= 1e-9);
  }
}

TEST_CASE("Stone Game VII: errors", "[games][stone7]") {
  CHECK_THROWS_AS(stone_game_vii<std::int64_t>(std::vector<std::int64_t>{}), std::invalid_argument);
  CHECK_THROWS_AS(stone_game_vii<double>(std::vector<double>{1.0, std::nan("")}), std::invalid_argument);
  const std::int64_t big = std::numeric_limits<std::int64_t>::max() / 2 + 1;
  CHECK_THROWS_AS(stone_game_vii<std::int64_t>(std::vector<std::int64_t>{big, big, big}), std::overflow_error);
}
