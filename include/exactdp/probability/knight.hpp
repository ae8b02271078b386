// exactdp/probability/knight.hpp: a knight's random walk on an n×n board.
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <type_traits>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/count_first.hpp"

namespace exactdp {

/// The limits of knight_probability and knight_paths: 1 <= n <=
/// knight_max_board, 0 <= moves <= knight_max_moves, 0 <= row, col < n.
inline constexpr int knight_max_board = 100'000;
inline constexpr int knight_max_moves = 10'000'000;

namespace detail {

inline void check_knight_arguments(int n, int moves, int row, int col) {
  if (n < 1 || n > knight_max_board)
    throw std::invalid_argument("board size n must be between 1 and 100000, not " + std::to_string(n));
  if (moves < 0 || moves > knight_max_moves)
    throw std::invalid_argument("moves must be between 0 and 10^7, not " + std::to_string(moves));
  if (row < 0 || row >= n || col < 0 || col >= n)
    throw std::invalid_argument("start (" + std::to_string(row) + ", " + std::to_string(col) + ") is outside the " +
                                std::to_string(n) + "x" + std::to_string(n) + " board");
}

/// The budgets of a knight walk over T with values of `bits_per_entry` bits.
template <Ring T>
void check_knight_budget(int n, int moves, long double bits_per_entry) {
  const auto cells = static_cast<long double>(n) * n;
  check_state_budget("the knight table for a " + std::to_string(n) + "x" + std::to_string(n) + " board", 2 * cells,
                     entry_bytes<T>(bits_per_entry));
  const long double reachable = std::min(cells, 8.0L * moves * moves + 1);
  check_work_budget("the knight walk",
                    static_cast<long double>(moves) * reachable * 9 * operation_cost<T>(bits_per_entry));
}

/// The knight recurrence, written once: `layer` holds, per cell (row-major),
/// the weight of the move sequences so far that are on that cell and never
/// left the board; each move multiplies by `step` (1 to count sequences,
/// 1/8 for probabilities) and a move off the board is dropped. Advances the
/// layer by `moves` moves.
template <Ring T>
void knight_advance(int n, std::vector<T>& layer, int moves, const T& step) {
  static constexpr int dr[8] = {1, 2, 2, 1, -1, -2, -2, -1};
  static constexpr int dc[8] = {2, 1, -1, -2, -2, -1, 1, 2};
  const T zero(0);
  const bool weighted = !(step == T(1));
  std::vector<T> next(layer.size(), zero);
  // Values of more than two words (wide counts): a cell's first contribution
  // of a move is copied in and later ones added, so there is no clearing
  // pass and one addition fewer per cell reached; the cells no move reaches
  // are set to 0 afterwards. Small values: one branch-free clearing pass.
  constexpr bool copy_first = sizeof(T) > 2 * sizeof(std::uint64_t);
  std::vector<unsigned char> reached(copy_first ? layer.size() : 0);
  for (int t = 0; t < moves; ++t) {
    poll_interrupt();
    if constexpr (copy_first)
      std::fill(reached.begin(), reached.end(), static_cast<unsigned char>(0));
    else
      for (T& x : next) x = zero;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const T& w = layer[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)];
        if (w == zero) continue;
        for (int d = 0; d < 8; ++d) {
          const int nr = r + dr[d], nc = c + dc[d];
          if (nr < 0 || nr >= n || nc < 0 || nc >= n) continue;  // off the board: dropped
          const std::size_t to =
              static_cast<std::size_t>(nr) * static_cast<std::size_t>(n) + static_cast<std::size_t>(nc);
          if constexpr (copy_first) {
            if (!reached[to]) {
              next[to] = w;
              reached[to] = 1;
              continue;
            }
          }
          next[to] += w;
        }
      }
    }
    if constexpr (copy_first)
      for (std::size_t i = 0; i < next.size(); ++i)
        if (!reached[i]) next[i] = zero;
    if (weighted)
      for (T& x : next) x = x * step;
    layer.swap(next);
  }
}

/// The layer before any move: weight 1 on the start cell.
template <Ring T>
std::vector<T> knight_start(int n, int row, int col) {
  std::vector<T> layer(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), T(0));
  layer[static_cast<std::size_t>(row) * static_cast<std::size_t>(n) + static_cast<std::size_t>(col)] = T(1);
  return layer;
}

/// The total weight after `moves` moves, over T. Arguments already checked.
template <Ring T>
T knight_walk(int n, int moves, int row, int col, const T& step, long double bits_per_entry) {
  check_knight_budget<T>(n, moves, bits_per_entry);
  std::vector<T> layer = knight_start<T>(n, row, col);
  knight_advance(n, layer, moves, step);
  T total(0);
  for (const T& x : layer) total += x;
  return total;
}

}  // namespace detail

/// Number of the 8^moves sequences of knight moves from (row, col) on an n×n
/// board that never leave the board.
///
/// Returns a count in [0, 8^moves] as T (BigInt: exact; ModInt: its residue;
/// double: rounded, and +inf past 2^1024). Constraints: 1 <= n <= 100000,
/// 0 <= moves <= 10^7, 0 <= row, col < n; std::invalid_argument otherwise.
/// resource_error when the two table layers exceed the state budget or the
/// work budget. Cost: O(moves·n²·8) operations in T, 2·n² entries of memory.
/// Source: the count behind LeetCode 688 Knight Probability in Chessboard.
/// Status: brute force over all 8^moves sequences for n <= 5, moves <= 4
/// (tests/probability/test_knight_count_first.cpp), int64 counts with
/// overflow checks (tests/probability/test_fourth_policy.cpp).
/// When field_traits<T>::counting is big_integers (BigInt) the walk runs on fixed-width integers (detail::fixed_count,
/// no heap and no gcd per cell) that widen with the counts: a move
/// multiplies the largest count by at most 8, so from a largest count of B
/// bits a width of W bits holds (W - B)/3 more moves; each stage takes the
/// narrowest width that holds the next moves (detail::advance_in_widths),
/// and past 4096 bits the walk runs on BigInt.
/// Example: knight_paths<BigInt>(3, 2, 0, 0) == 4 (of the 64 sequences of two moves).
template <Ring T>
T knight_paths(int n, int moves, int row, int col) {
  detail::check_knight_arguments(n, moves, row, col);
  if constexpr (field_traits<T>::counting == count_form::big_integers) {
    detail::check_knight_budget<BigInt>(n, moves, 3.0L * moves);
    const std::vector<BigInt> layer = detail::advance_in_widths(
        detail::knight_start<BigInt>(n, row, col), moves, 3.0L,
        [n]<class C>(std::vector<C>& counts, int steps) { detail::knight_advance(n, counts, steps, C(1)); });
    BigInt total = 0;
    for (const BigInt& x : layer) total += x;
    return T(total);
  } else {
    return detail::knight_walk<T>(n, moves, row, col, T(1), 3.0L * moves);
  }
}

/// Probability that a knight making `moves` uniformly random moves from
/// (row, col) on an n×n board never leaves it (a move off the board ends the
/// walk). Returns a probability in [0, 1] as T, in the form
/// field_traits<T>::counting says: big_integers (Rational) counts the
/// surviving sequences (knight_paths<BigInt>, fixed-width limbs) and divides
/// once by 8^moves; in_type (residues) counts in T and multiplies once by
/// 8^-moves; weights (double) weighs every move 1/8 (a count would overflow
/// a double beyond 341 moves).
/// Constraints and errors as knight_paths; 1/8 has a residue modulo every
/// odd prime, so there is no domain error. Cost: O(moves·n²·8) operations.
/// Source: LeetCode 688 Knight Probability in Chessboard (its 25x25 board
/// with 100 moves from a corner is about 0.0012193746331114292).
/// Status: brute force, the problem's values, the 25x25 case exactly and
/// policy agreement tested (tests/probability/test_knight_count_first.cpp,
/// test_handed_chance.cpp).
/// Example: to_string(knight_probability<Rational>(3, 2, 0, 0)) == "1/16" (LeetCode 688's 0.0625).
template <Field T>
T knight_probability(int n, int moves, int row, int col) {
  detail::check_knight_arguments(n, moves, row, col);
  constexpr count_form form = field_traits<T>::counting;
  if constexpr (form == count_form::big_integers) {
    const BigInt paths = knight_paths<BigInt>(n, moves, row, col);
    return from_rational<T>(make_rational_over_power(paths, 8, static_cast<std::uint64_t>(moves)));
  } else if constexpr (form == count_form::in_type) {
    // Count the sequences in T, then multiply once by 8^-moves.
    const T paths = detail::knight_walk<T>(n, moves, row, col, T(1), 3.0L * moves);
    return paths * power(ratio<T>(1, 8), static_cast<std::uint64_t>(moves));
  } else {
    return detail::knight_walk<T>(n, moves, row, col, ratio<T>(1, 8), 3.0L * moves);
  }
}

/// A bound on knight_probability(n, moves, row, col) before computing it:
/// the answer is N/8^moves with the denominator 8^moves known and
/// 0 <= N <= 8^moves (N counts the surviving sequences). Same constraints
/// and errors as knight_probability; resource_error when 8^moves passes the
/// state budget. Cost: one power of two. Status: tested by combining
/// primes_needed residues (tests/probability/test_answer_bounds.cpp).
/// Example: *knight_probability_bound(3, 2, 0, 0).denominator == 64.
inline answer_bound knight_probability_bound(int n, int moves, int row, int col) {
  detail::check_knight_arguments(n, moves, row, col);
  const auto bits = 3 * static_cast<std::uint64_t>(moves) + 1;
  return {bits, bits, detail::known_power(8, static_cast<unsigned long>(moves), "the denominator 8^moves")};
}

/// A bound on knight_paths(n, moves, row, col): a count in [0, 8^moves]
/// (known denominator 1). Same constraints as knight_paths. Cost: O(1).
/// Example: *knight_paths_bound(3, 2, 0, 0).denominator == 1.
inline answer_bound knight_paths_bound(int n, int moves, int row, int col) {
  detail::check_knight_arguments(n, moves, row, col);
  return detail::integer_bound(3 * static_cast<std::uint64_t>(moves) + 1);
}

}  // namespace exactdp
