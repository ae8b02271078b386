// exactdp/games/stone.hpp: Stone Game II and Stone Game III, score games on a
// row taken from the front.
//
// Stone Game II: the first player moves with M = 1; a move takes the first X
// remaining piles, 1 <= X <= 2M, then M becomes max(M, X). Because the limit
// depends on history, M joins the position: best(i, M), the most the mover
// can collect from piles i.., is
//   best(n, M) = 0,   best(i, M) = max over X of ( suffix(i) − best(i + X, max(M, X)) ).
// M above n − i changes nothing, so M is clipped to n and the table is
// (n + 1) × (n + 1). No "take everything" shortcut is used, so negative piles
// are handled too.
//
// Stone Game III: a move takes 1, 2 or 3 piles from the front:
//   lead(n) = 0,   lead(i) = max over k in 1..3, i + k <= n of ( sum(i..i+k−1) − lead(i+k) ).
// The maximum starts from the first real option, never from 0: starting at 0
// would let a player pass ([−5, −3] would read "Tie" instead of "Bob").
// Source: LeetCode 1140 Stone Game II, LeetCode 1406 Stone Game III.
// Tests: tests/games/test_rows.cpp.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/games/value.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// Largest rows accepted (beyond the state and work budgets).
inline constexpr std::size_t stone_game_ii_max_length = 100'000;
inline constexpr std::size_t stone_game_iii_max_length = 100'000'000;

/// The answer of stone_game_ii.
template <LeadValue T>
struct stone_game_ii_result {
  T first_score{};             ///< the most the first player can collect
  T second_score{};            ///< what the second player then collects (total − first)
  std::size_t first_take = 1;  ///< an optimal X for the first move (the smallest)
};

/// Stone Game II on `piles` (any signs). Errors: std::invalid_argument for an
/// empty row, more than stone_game_ii_max_length piles, or a non-finite double; std::overflow_error
/// on int64 overflow; resource_error when the (n+1)² table passes the state
/// budget or the ~n³/3 steps pass the work budget. Cost: O(n³) steps in T,
/// (n + 1)² values of T. Source: LeetCode 1140 Stone Game II.
/// Status (tests/games/test_rows.cpp): [2,7,9,4,4] → 10, [1] → 1 (one
/// pile), and against an exhaustive
/// game-tree search on 500 random rows (negatives included).
/// Example: stone_game_ii(std::vector<std::int64_t>{2, 7, 9, 4, 4}).first_score == 10 (LeetCode 1140's first example).
template <LeadValue T>
stone_game_ii_result<T> stone_game_ii(std::span<const T> piles) {
  const std::size_t n = piles.size();
  if (n == 0) throw std::invalid_argument("Stone Game II: the row is empty: give at least one pile");
  if (n > stone_game_ii_max_length)
    throw std::invalid_argument("Stone Game II: " + std::to_string(n) + " piles is above the limit of " +
                                std::to_string(stone_game_ii_max_length));
  detail::check_finite_values(piles, "Stone Game II");
  const long double cells = static_cast<long double>(n + 1) * static_cast<long double>(n + 1);
  const long double bits = detail::lead_bits(piles);
  check_state_budget("the Stone Game II table", cells, detail::lead_entry_bytes<T>(bits));
  check_work_budget("the Stone Game II table",
                    cells * static_cast<long double>(n) / 3 * detail::lead_operation_cost<T>(bits));
  std::vector<T> suffix(n + 1, T(0));
  for (std::size_t i = n; i-- > 0;) suffix[i] = lead_add(suffix[i + 1], piles[i]);
  const std::size_t w = n + 1;  // best[i * w + M], 1 <= M <= n
  std::vector<T> best(w * w, T(0));
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t m = 1; m <= n; ++m) {
      const std::size_t most = std::min(2 * m, n - i);
      T top{};
      for (std::size_t x = 1; x <= most; ++x) {
        T mine = lead_sub(suffix[i], best[(i + x) * w + std::min(std::max(m, x), n)]);
        if (x == 1 || mine > top) top = std::move(mine);
      }
      best[i * w + m] = std::move(top);
    }
  }
  stone_game_ii_result<T> a;
  a.first_score = best[1];  // best(0, 1)
  a.second_score = lead_sub(suffix[0], a.first_score);
  for (std::size_t x = 1; x <= std::min<std::size_t>(2, n); ++x)
    if (lead_sub(suffix[0], best[x * w + std::min<std::size_t>(std::max<std::size_t>(1, x), n)]) == a.first_score) {
      a.first_take = x;
      break;
    }
  return a;
}

/// Winner of Stone Game III, by the sign of the first player's lead.
enum class stone_winner { alice, bob, tie };

/// "Alice", "Bob" or "Tie".
/// Example: to_string(stone_winner::tie) is "Tie".
constexpr const char* to_string(stone_winner w) {
  return w == stone_winner::alice ? "Alice" : w == stone_winner::bob ? "Bob" : "Tie";
}

/// The answer of stone_game_iii.
template <LeadValue T>
struct stone_game_iii_result {
  T lead{};                                 ///< Alice's (the first player's) best lead
  stone_winner winner = stone_winner::tie;  ///< Alice if lead > 0, Bob if < 0, else Tie
  int first_take = 1;                       ///< an optimal number of piles (1..3) for Alice's first move (the smallest)
};

/// Stone Game III on `values` (any signs). Errors: std::invalid_argument for
/// an empty row, more than stone_game_iii_max_length values, or a non-finite double;
/// std::overflow_error on int64 overflow. Cost: O(n) steps, n + 1 values of T.
/// Source: LeetCode 1406 Stone Game III. Status (tests/games/test_rows.cpp):
/// [1,2,3,7] → Bob, [1,2,3,−9] → Alice, [−5,−3] → Bob (no pass), and
/// against an exhaustive
/// game-tree search tracking both scores on 600 random rows in [−20, 20].
/// Example: stone_game_iii(std::vector<std::int64_t>{1, 2, 3, 7}).winner == stone_winner::bob.
template <LeadValue T>
stone_game_iii_result<T> stone_game_iii(std::span<const T> values) {
  const std::size_t n = values.size();
  if (n == 0) throw std::invalid_argument("Stone Game III: the row is empty: give at least one value");
  if (n > stone_game_iii_max_length)
    throw std::invalid_argument("Stone Game III: " + std::to_string(n) + " values is above the limit of " +
                                std::to_string(stone_game_iii_max_length));
  detail::check_finite_values(values, "Stone Game III");
  const long double bits = detail::lead_bits(values);
  check_state_budget("the Stone Game III table", static_cast<long double>(n + 1), detail::lead_entry_bytes<T>(bits));
  check_work_budget("the Stone Game III table", static_cast<long double>(n) * 6 * detail::lead_operation_cost<T>(bits));
  std::vector<T> lead(n + 1, T(0));
  int take = 1;
  for (std::size_t i = n; i-- > 0;) {
    T taken(0), top{};
    for (std::size_t k = 1; k <= 3 && i + k <= n; ++k) {
      taken = lead_add(taken, values[i + k - 1]);
      T mine = lead_sub(taken, lead[i + k]);
      if (k == 1 || mine > top) {  // the first real option, never 0, starts the maximum
        top = std::move(mine);
        if (i == 0) take = static_cast<int>(k);
      }
    }
    lead[i] = std::move(top);
  }
  stone_game_iii_result<T> a;
  a.lead = lead[0];
  a.winner = a.lead > T(0) ? stone_winner::alice : a.lead < T(0) ? stone_winner::bob : stone_winner::tie;
  a.first_take = take;
  return a;
}

/// stone_game_ii over exact values, computed on integers over the common
/// denominator (solve_row_exact). Errors and cost as stone_game_ii on
/// integers of the scaled row's size. Status: agrees with
/// stone_game_ii<Rational> on random rows (tests/games/test_rows.cpp).
/// Example: stone_game_ii_exact(std::vector<Rational>{parse_rational("1/2"), 5, 2}).first_score is 11/2.
inline stone_game_ii_result<Rational> stone_game_ii_exact(std::span<const Rational> piles) {
  return solve_row_exact(
      piles, [](auto row) { return stone_game_ii(row); },
      [](const auto& a, const BigInt& d) {
        return stone_game_ii_result<Rational>{over(a.first_score, d), over(a.second_score, d), a.first_take};
      });
}

/// stone_game_iii over exact values, computed on integers over the common
/// denominator (solve_row_exact). Errors and cost as stone_game_iii.
/// Status: agrees with stone_game_iii<Rational> on random rows.
/// Example: stone_game_iii_exact(std::vector<Rational>{parse_rational("1/2"), 5, 2}).winner == stone_winner::alice.
inline stone_game_iii_result<Rational> stone_game_iii_exact(std::span<const Rational> values) {
  return solve_row_exact(
      values, [](auto row) { return stone_game_iii(row); },
      [](const auto& a, const BigInt& d) {
        return stone_game_iii_result<Rational>{over(a.lead, d), a.winner, a.first_take};
      });
}

// The entry points on any contiguous row, as in games/row.hpp: each forwards
// to the span overload without copying. Errors, cost and status as the span
// overload; checked on a std::vector, std::array, std::span, C array and
// std::initializer_list (tests/games/test_row_ranges.cpp).

/// stone_game_ii on a std::vector, std::array, C array or mutable span.
/// Example: stone_game_ii(std::vector<std::int64_t>{2, 7, 9, 4, 4}).first_score == 10.
template <NonSpanLeadRow R>
auto stone_game_ii(R&& piles) {
  return stone_game_ii(detail::as_lead_span(piles));
}
/// stone_game_ii on a braced list.
/// Example: stone_game_ii<std::int64_t>({2, 7, 9, 4, 4}).first_score == 10.
template <LeadValue T>
stone_game_ii_result<T> stone_game_ii(std::initializer_list<T> piles) {
  return stone_game_ii(std::span<const T>(piles.begin(), piles.size()));
}

/// stone_game_iii on a std::vector, std::array, C array or mutable span.
/// Example: stone_game_iii(std::vector<std::int64_t>{1, 2, 3, 7}).winner == stone_winner::bob.
template <NonSpanLeadRow R>
auto stone_game_iii(R&& values) {
  return stone_game_iii(detail::as_lead_span(values));
}
/// stone_game_iii on a braced list.
/// Example: stone_game_iii<std::int64_t>({1, 2, 3, 7}).winner == stone_winner::bob.
template <LeadValue T>
stone_game_iii_result<T> stone_game_iii(std::initializer_list<T> values) {
  return stone_game_iii(std::span<const T>(values.begin(), values.size()));
}

}  // namespace exactdp
