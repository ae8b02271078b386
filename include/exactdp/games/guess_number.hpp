// exactdp/games/guess_number.hpp: Guess Number Higher or Lower II, the
// least money that guarantees a win.
//
// A number is picked in 1..n; you guess x, and unless x is the number you
// pay x and learn whether the number is higher or lower. The picker may
// change the number as long as it stays consistent with the answers (a
// worst case), so the cost of a range l..r is a minimax:
//   cost(l, r) = 0 when l >= r,
//   cost(l, r) = min over l <= x <= r of ( x + max(cost(l, x-1), cost(x+1, r)) ).
// The table is filled by increasing length, O(n³/6) steps, O(n²) values.
// Guessing outside the range of candidates never helps (it pays and learns
// nothing new), so only x in l..r is tried.
// Source: LeetCode 375 "Guess Number Higher or Lower II".
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/numeric/errors.hpp"

namespace exactdp {

/// Largest n accepted (the work budget usually binds first).
inline constexpr std::int64_t guess_number_max_n = 100'000;

/// The answer of guess_number.
struct guess_number_result {
  std::int64_t cost = 0;         ///< the least money that guarantees a win
  std::int64_t first_guess = 1;  ///< an optimal first guess (the smallest one)
};

/// Guess Number Higher or Lower II on 1..n: the least amount that
/// guarantees finding the number, and the smallest optimal first guess.
/// Errors: std::invalid_argument for n < 1 or n > guess_number_max_n;
/// resource_error when the two n²/2 tables pass the state budget or the n³/6
/// steps pass the work budget. Cost: O(n³) steps, O(n²) int64 values (the
/// cost is at most n²/2, far from overflow).
/// Source: LeetCode 375. Status: n = 1, 2, 3, 10, 200 give 0, 1, 2, 16,
/// 952; against an exhaustive search over the sets of candidates (any guess
/// in 1..n, the picker's worst case) for n <= 12, first guess included.
/// Example: guess_number(10).cost == 16 (LeetCode 375's first example).
inline guess_number_result guess_number(std::int64_t n) {
  if (n < 1 || n > guess_number_max_n)
    throw std::invalid_argument("Guess Number Higher or Lower II: n must be 1 to " +
                                std::to_string(guess_number_max_n) + ", not " + std::to_string(n));
  // The table twice, by rows and by columns, so that the inner loop reads
  // both of its sequences in order (cost(l, x - 1) along row l, cost(x + 1,
  // r) down column r): a column walk of one table is a cache miss per step.
  const auto cells = static_cast<long double>(n + 2) * static_cast<long double>(n + 2);
  check_state_budget("the Guess Number table for n = " + std::to_string(n), cells, sizeof(std::int64_t));
  check_work_budget("the Guess Number table for n = " + std::to_string(n),
                    static_cast<long double>(n) * static_cast<long double>(n) * static_cast<long double>(n) / 6);
  const auto w = static_cast<std::size_t>(n) + 2;
  // Row l holds r = l-1 .. n (offset by l - 1); column r holds l = 1 .. r+1
  // (offset by 1).
  std::vector<std::size_t> row(w, 0), col(w + 1, 0);
  for (std::size_t l = 1; l + 1 < w; ++l) row[l + 1] = row[l] + (w - l);
  for (std::size_t r = 0; r + 1 < w; ++r) col[r + 1] = col[r] + r + 1;
  std::vector<std::int64_t> by_row(row.back() + 2, 0), by_col(col[w - 1] + 2, 0);
  auto at_row = [&](std::int64_t l, std::int64_t r) -> std::int64_t& {
    return by_row[row[static_cast<std::size_t>(l)] + static_cast<std::size_t>(r - l + 1)];
  };
  auto at_col = [&](std::int64_t l, std::int64_t r) -> std::int64_t& {
    return by_col[col[static_cast<std::size_t>(r)] + static_cast<std::size_t>(l - 1)];
  };
  guess_number_result a;
  for (std::int64_t len = 2; len <= n; ++len)
    for (std::int64_t l = 1; l + len - 1 <= n; ++l) {
      const std::int64_t r = l + len - 1;
      const std::int64_t* left = &at_row(l, l - 1);   // left[x - l] = cost(l, x - 1)
      const std::int64_t* right = &at_col(l + 1, r);  // right[x - l] = cost(x + 1, r)
      std::int64_t best = -1;
      for (std::int64_t x = l; x <= r; ++x) {
        const auto d = static_cast<std::size_t>(x - l);
        const std::int64_t c = x + std::max(x > l ? left[d] : 0, x < r ? right[d] : 0);
        if (best < 0 || c < best) {
          best = c;
          if (l == 1 && r == n) a.first_guess = x;
        }
      }
      at_row(l, r) = best;
      at_col(l, r) = best;
    }
  a.cost = n == 1 ? 0 : at_row(1, n);
  return a;
}

}  // namespace exactdp
