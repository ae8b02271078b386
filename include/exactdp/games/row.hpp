// exactdp/games/row.hpp: take-from-either-end row games — Predict the Winner
// and Stone Game.
//
// Numbers lie in a row; players alternate taking the number at either end.
// lead(i, j), the best (mover − other) on values i..j, is
//   lead(i, i) = v[i],  lead(i, j) = max(v[i] − lead(i+1, j), v[j] − lead(i, j−1)).
// One row of memory suffices: filling rows i = n−1 .. 0 and each row left to
// right, lead[j] still holds lead(i+1, j) when it is overwritten, and
// lead[j−1] is already lead(i, j−1).
// Stone Game (an even count, an odd integer total) is always a first-player
// win by parity: the first player can take every even-indexed pile or every
// odd-indexed pile, and the two sums differ because the total is odd. The
// shortcut is used only when those preconditions hold (for an odd count it is
// false: [3,2,7,4,3] has lead −1).
// Stone Game VII: a move removes the stone at either end and scores the sum
// of the stones LEFT in the row; the lead on stones i..j is
//   lead7(i, i) = 0,  lead7(i, j) = max(sum(i+1..j) − lead7(i+1, j), sum(i..j−1) − lead7(i, j−1)),
// filled with the same rolling row.
// Source: LeetCode 877 Stone Game, LeetCode 486 Predict the Winner,
// LeetCode 1690 Stone Game VII. Tests: tests/games/test_rows.cpp,
// tests/games/test_guess_stone7.cpp.
#pragma once

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/games/value.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// Which end of the row a move takes.
enum class row_end { left, right };

/// The answer of best_lead.
template <LeadValue T>
struct row_game_result {
  T lead{};                            ///< first player's best lead (score − other's score)
  row_end first_move = row_end::left;  ///< an optimal first move (left on a tie between the two)
  T total{};                           ///< sum of the row
  score_split<T> scores;               ///< both players' scores under best play: (total + lead)/2 and the rest
};

/// Largest row accepted by the row games (the work is n²/2 steps).
inline constexpr std::size_t row_game_max_length = 1'000'000;

namespace detail {
inline void check_row(std::size_t n, const char* game) {
  if (n == 0) throw std::invalid_argument(std::string(game) + ": the row is empty: give at least one value");
  if (n > row_game_max_length)
    throw std::invalid_argument(std::string(game) + ": a row of " + std::to_string(n) +
                                " values is above the limit of " + std::to_string(row_game_max_length));
}
}  // namespace detail

/// Best lead of the first player in the take-from-either-end game on
/// `values` (any signs, zeros allowed), an optimal first move, and both scores.
/// Errors: std::invalid_argument for an empty row, more than
/// row_game_max_length values, or a double that is NaN or infinite; std::overflow_error when an int64 lead or the
/// int64 total overflows; resource_error past the work budget.
/// Cost: n(n−1)/2 max-steps in T, O(n) memory (one rolling row).
/// Source: LeetCode 486 Predict the Winner. Status (tests/games/test_rows.cpp):
/// the problem's examples, and
/// against an exhaustive game-tree search that tracks both players' totals on
/// 600 random rows (negatives and zeros) in int64, BigInt, Rational and double.
/// Example: best_lead(std::vector<std::int64_t>{1, 5, 2}).lead == -2.
template <LeadValue T>
row_game_result<T> best_lead(std::span<const T> values) {
  const std::size_t n = values.size();
  detail::check_row(n, "Predict the Winner");
  detail::check_finite_values(values, "Predict the Winner");
  // Each cell takes two differences and a comparison of numbers of about
  // lead_bits bits.
  check_work_budget("best_lead on " + std::to_string(n) + " values",
                    static_cast<long double>(n) * static_cast<long double>(n) / 2 * 3 *
                        detail::lead_operation_cost<T>(detail::lead_bits(values)));
  row_game_result<T> a;
  for (const T& v : values) a.total = lead_add(a.total, v);
  std::vector<T> lead(values.begin(), values.end());  // row n−1 .. : lead[j] = lead(i, j)
  T after_left = n > 1 ? T(0) : values[0];            // lead(1, n−1), captured when row 1 is done
  T take_left{}, take_right{};  // scratch values, reused so that exact types do not allocate per cell
  for (std::size_t i = n - 1; i-- > 0;) {
    for (std::size_t j = i + 1; j < n; ++j) {
      detail::assign_difference(take_left, values[i], lead[j]);
      detail::assign_difference(take_right, values[j], lead[j - 1]);
      std::swap(lead[j], take_left < take_right ? take_right : take_left);
    }
    if (i == 1) after_left = lead[n - 1];
  }
  a.lead = lead[n - 1];
  if (n == 1) {
    a.first_move = row_end::left;
  } else {
    // After row 0, lead[n−2] is lead(0, n−2), what the opponent gets when we take the right end.
    const T left = lead_sub(values[0], n == 2 ? values[1] : after_left);
    a.first_move = left == a.lead ? row_end::left : row_end::right;
  }
  a.scores = split_total(a.total, a.lead);
  return a;
}

/// The answer of stone_game_vii.
template <LeadValue T>
struct stone_game_vii_result {
  T lead{};                            ///< first player's best lead (their points − the other's)
  row_end first_move = row_end::left;  ///< an optimal first move (left on a tie between the two)
};

/// Stone Game VII on `stones` (any signs; LeetCode has 1..1000): each move
/// removes the leftmost or rightmost stone and scores the sum of the stones
/// that remain; the first player's best lead and an optimal first move.
/// Errors: std::invalid_argument for an empty row, more than
/// row_game_max_length stones, or a double that is NaN or infinite;
/// std::overflow_error when an int64 sum or lead overflows; resource_error
/// past the work budget. Cost: n(n−1)/2 steps in T, O(n) memory.
/// Source: LeetCode 1690 "Stone Game VII". Status: [5,3,1,4,2] → 6 and
/// [7,90,5,1,100,10,10,2] → 122; against an exhaustive game-tree search that
/// tracks both players' points on random rows (negatives and zeros) in
/// int64, BigInt, Rational and double, first move included.
/// Example: stone_game_vii(std::vector<std::int64_t>{5, 3, 1, 4, 2}).lead == 6 (LeetCode 1690's first example).
template <LeadValue T>
stone_game_vii_result<T> stone_game_vii(std::span<const T> stones) {
  const std::size_t n = stones.size();
  detail::check_row(n, "Stone Game VII");
  detail::check_finite_values(stones, "Stone Game VII");
  check_work_budget("stone_game_vii on " + std::to_string(n) + " stones",
                    static_cast<long double>(n) * static_cast<long double>(n) * detail::lead_operation_cost<T>(64));
  std::vector<T> prefix(n + 1, T(0));  // prefix[i] = stones[0] + ... + stones[i−1]
  for (std::size_t i = 0; i < n; ++i) prefix[i + 1] = lead_add(prefix[i], stones[i]);
  auto sum = [&](std::size_t i, std::size_t j) { return lead_sub(prefix[j + 1], prefix[i]); };  // stones i..j
  std::vector<T> lead(n, T(0));  // lead[j] = lead7(i, j) for the current i
  stone_game_vii_result<T> a;
  for (std::size_t i = n - 1; i-- > 0;) {
    for (std::size_t j = i + 1; j < n; ++j) {
      // lead[j] still holds lead7(i+1, j); lead[j−1] is already lead7(i, j−1).
      T take_left = lead_sub(sum(i + 1, j), lead[j]);
      T take_right = lead_sub(sum(i, j - 1), lead[j - 1]);
      if (i == 0 && j == n - 1) a.first_move = take_left < take_right ? row_end::right : row_end::left;
      lead[j] = take_left < take_right ? std::move(take_right) : std::move(take_left);
    }
  }
  a.lead = lead[n - 1];
  return a;
}

/// Predict the Winner: true when the first player can finish with at least
/// the other's score (a tie counts for the first player): best_lead >= 0.
/// Errors and cost as best_lead. Source: LeetCode 486 Predict the Winner.
/// Status (tests/games/test_rows.cpp):
/// [1,5,2] → false, [1,2,1] → true (tie), plus best_lead's tests.
/// Example: !predict_the_winner(std::vector<std::int64_t>{1, 5, 2}).
template <LeadValue T>
bool predict_the_winner(std::span<const T> values) {
  return best_lead(values).lead >= T(0);
}

/// The answer of stone_game.
template <LeadValue T>
struct stone_game_result {
  bool first_player_wins = false;  ///< strictly more than the other player
  bool by_parity = false;          ///< answered by the parity argument, without the DP
  /// With by_parity: which class the first player collects (even or odd indices) and its sum.
  bool takes_even_indices = false;
  T parity_sum{}, other_sum{};
  std::optional<row_game_result<T>> dp;  ///< the DP answer, when the parity shortcut did not apply
};

namespace detail {
template <LeadValue T>
bool is_integer_value(const T& v) {
  if constexpr (std::same_as<T, double>)
    return std::isfinite(v) && std::floor(v) == v;
  else if constexpr (std::same_as<T, Rational>)
    return denominator(v) == 1;
  else
    return true;
}
template <LeadValue T>
bool is_odd_integer(const T& v) {
  if constexpr (std::same_as<T, double>)
    return std::fmod(std::fabs(v), 2.0) == 1.0;
  else if constexpr (std::same_as<T, Rational>)
    return denominator(v) == 1 && numerator(v) % 2 != 0;
  else
    return v % 2 != 0;
}
}  // namespace detail

/// Stone Game: does the first player finish with strictly more? When the row
/// has an even length, integer values and an odd total, the parity argument
/// answers "yes" in O(n) (by_parity, with the class to collect); otherwise the
/// DP of best_lead decides (lead > 0). Errors as best_lead. Cost: O(n) with
/// the shortcut, O(n²) otherwise. Source: LeetCode 877 Stone Game.
/// Status (tests/games/test_rows.cpp): [5,3,4,5] → true; the
/// shortcut agrees with the DP on 2,000 random even rows with odd totals;
/// [3,2,7,4,3] (odd count) goes to the DP and gives lead −1.
/// Example: stone_game(std::vector<std::int64_t>{5, 3, 4, 5}).by_parity.
template <LeadValue T>
stone_game_result<T> stone_game(std::span<const T> piles) {
  detail::check_row(piles.size(), "Stone Game");
  detail::check_finite_values(piles, "Stone Game");
  stone_game_result<T> a;
  T even{}, odd{}, total{};
  bool integers = true;
  for (std::size_t i = 0; i < piles.size(); ++i) {
    integers = integers && detail::is_integer_value(piles[i]);
    (i % 2 == 0 ? even : odd) = lead_add(i % 2 == 0 ? even : odd, piles[i]);
    total = lead_add(total, piles[i]);
  }
  if (piles.size() % 2 == 0 && integers && detail::is_odd_integer(total)) {
    a.first_player_wins = true;
    a.by_parity = true;
    a.takes_even_indices = even > odd;
    a.parity_sum = even > odd ? even : odd;
    a.other_sum = even > odd ? odd : even;
    return a;
  }
  a.dp = best_lead(piles);
  a.first_player_wins = a.dp->lead > T(0);
  return a;
}

/// best_lead over exact values, computed on integers over the common
/// denominator (solve_row_exact): int64 arithmetic when the scaled row fits,
/// BigInt otherwise, and one division at the end. Same answer as
/// best_lead<Rational>, without a fraction or a gcd per cell.
/// Errors as best_lead. Cost: n(n−1)/2 steps on integers of the scaled
/// row's size. Status: agrees with best_lead<Rational> on random rows of
/// fractions and integers (tests/games/test_rows.cpp).
/// Example: best_lead_exact(std::vector<Rational>{parse_rational("1/2"), 5, 2}).lead is -5/2.
inline row_game_result<Rational> best_lead_exact(std::span<const Rational> values) {
  detail::check_row(values.size(), "Predict the Winner");
  return solve_row_exact(
      values, [](auto row) { return best_lead(row); },
      [](const auto& a, const BigInt& d) {
        row_game_result<Rational> r;
        r.lead = over(a.lead, d);
        r.first_move = a.first_move;
        r.total = over(a.total, d);
        r.scores = {over(a.scores.first, d), over(a.scores.second, d)};
        return r;
      });
}

// The entry points on any contiguous row. Each forwards to the span overload
// above without copying; a braced list names its type (best_lead<Rational>({…})
// or best_lead({1L, 2L})). Errors, cost and status as the span overload; the
// overloads are checked to give the same answers on a std::vector, std::array,
// std::span, C array and std::initializer_list (tests/games/test_row_ranges.cpp).

/// best_lead on a std::vector, std::array, C array or mutable span.
/// Example: best_lead(std::vector<std::int64_t>{1, 5, 2}).lead == -2.
template <NonSpanLeadRow R>
auto best_lead(R&& values) {
  return best_lead(detail::as_lead_span(values));
}
/// best_lead on a braced list.
/// Example: best_lead<std::int64_t>({1, 5, 2}).lead == -2.
template <LeadValue T>
row_game_result<T> best_lead(std::initializer_list<T> values) {
  return best_lead(std::span<const T>(values.begin(), values.size()));
}

/// stone_game_vii on a std::vector, std::array, C array or mutable span.
/// Example: stone_game_vii(std::vector<std::int64_t>{5, 3, 1, 4, 2}).lead == 6.
template <NonSpanLeadRow R>
auto stone_game_vii(R&& stones) {
  return stone_game_vii(detail::as_lead_span(stones));
}
/// stone_game_vii on a braced list.
/// Example: stone_game_vii<std::int64_t>({5, 3, 1, 4, 2}).lead == 6.
template <LeadValue T>
stone_game_vii_result<T> stone_game_vii(std::initializer_list<T> stones) {
  return stone_game_vii(std::span<const T>(stones.begin(), stones.size()));
}

/// predict_the_winner on a std::vector, std::array, C array or mutable span.
/// Example: !predict_the_winner(std::vector<std::int64_t>{1, 5, 2}).
template <NonSpanLeadRow R>
bool predict_the_winner(R&& values) {
  return predict_the_winner(detail::as_lead_span(values));
}
/// predict_the_winner on a braced list.
/// Example: predict_the_winner<std::int64_t>({1, 5, 233, 7}).
template <LeadValue T>
bool predict_the_winner(std::initializer_list<T> values) {
  return predict_the_winner(std::span<const T>(values.begin(), values.size()));
}

/// stone_game on a std::vector, std::array, C array or mutable span.
/// Example: stone_game(std::vector<std::int64_t>{5, 3, 4, 5}).by_parity.
template <NonSpanLeadRow R>
auto stone_game(R&& piles) {
  return stone_game(detail::as_lead_span(piles));
}
/// stone_game on a braced list.
/// Example: stone_game<std::int64_t>({5, 3, 4, 5}).first_player_wins.
template <LeadValue T>
stone_game_result<T> stone_game(std::initializer_list<T> piles) {
  return stone_game(std::span<const T>(piles.begin(), piles.size()));
}

}  // namespace exactdp
