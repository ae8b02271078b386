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

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/count_first.hpp"

namespace exactdp {

namespace detail {

inline void check_knight_arguments(int n, int moves, int row, int col) {
  if (n < 1 || n > 100'000)
    throw std::invalid_argument("board size n must be between 1 and 100000, not " + std::to_string(n));
  if (moves < 0 || moves > 10'000'000)
    throw std::invalid_argument("moves must be between 0 and 10^7, not " + std::to_string(moves));
  if (row < 0 || row >= n || col < 0 || col >= n)
    throw std::invalid_argument("start (" + std::to_string(row) + ", " + std::to_string(col) + ") is outside the " +
                                std::to_string(n) + "x" + std::to_string(n) + " board");
}

/// The knight recurrence, written once: layer t holds, per cell, the weight
/// of the move sequences of length t that are on that cell and never left the
/// board; each move multiplies by `step` (1 to count sequences, 1/8 for
/// probabilities) and a move off the board is dropped. Returns the total
/// weight after `moves` moves. Arguments already checked.
template <Ring T>
T knight_walk(int n, int moves, int row, int col, const T& step, long double bits_per_entry) {
  const auto cells = static_cast<long double>(n) * n;
  check_state_budget("the knight table for a " + std::to_string(n) + "x" + std::to_string(n) + " board", 2 * cells,
                     entry_bytes<T>(bits_per_entry));
  const long double reachable = std::min(cells, 8.0L * moves * moves + 1);
  check_work_budget("the knight walk",
                    static_cast<long double>(moves) * reachable * 9 * operation_cost<T>(bits_per_entry));

  static constexpr int dr[8] = {1, 2, 2, 1, -1, -2, -2, -1};
  static constexpr int dc[8] = {2, 1, -1, -2, -2, -1, 1, 2};
  const auto size = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  std::vector<T> now(size, T(0)), next(size, T(0));
  const T zero(0);
  now[static_cast<std::size_t>(row) * static_cast<std::size_t>(n) + static_cast<std::size_t>(col)] = T(1);
  for (int t = 0; t < moves; ++t) {
    for (T& x : next) x = zero;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const T& w = now[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)];
        if (w == zero) continue;
        for (int d = 0; d < 8; ++d) {
          const int nr = r + dr[d], nc = c + dc[d];
          if (nr < 0 || nr >= n || nc < 0 || nc >= n) continue;  // off the board: dropped
          next[static_cast<std::size_t>(nr) * static_cast<std::size_t>(n) + static_cast<std::size_t>(nc)] += w;
        }
      }
    }
    if (!(step == T(1)))
      for (T& x : next) x = x * step;
    now.swap(next);
  }
  T total(0);
  for (const T& x : now) total += x;
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
/// Source: seed 000 "Knight Probability in a Chessboard", "Exact answers:
/// count outcomes first, divide once". Status: brute force over all 8^moves
/// sequences for n <= 5, moves <= 4.
/// Over BigInt the walk runs on the narrowest fixed-width integer that holds
/// 8^moves (detail::fixed_count, no heap and no gcd per cell; every layer
/// total is at most 8^t <= 8^moves < 2^(3·moves+1), so nothing wraps) and
/// only the total becomes a BigInt; above 2048 bits it runs on BigInt.
template <Ring T>
T knight_paths(int n, int moves, int row, int col) {
  detail::check_knight_arguments(n, moves, row, col);
  if constexpr (std::same_as<T, BigInt>) {
    return detail::with_count_width(3.0L * moves + 1, [&]<class C>(std::type_identity<C>) {
      return detail::count_to_bigint(detail::knight_walk<C>(n, moves, row, col, C(1), 3.0L * moves));
    });
  } else {
    return detail::knight_walk<T>(n, moves, row, col, T(1), 3.0L * moves);
  }
}

/// Probability that a knight making `moves` uniformly random moves from
/// (row, col) on an n×n board never leaves it (a move off the board ends the
/// walk). Returns a probability in [0, 1] as T. Over Rational it counts the
/// surviving sequences (knight_paths<BigInt>, fixed-width limbs) and divides
/// once by 8^moves (the count-first form); over residues it counts in the
/// residue type and multiplies once by 8^-moves; over double every move
/// weighs 1/8 (a count would overflow a double beyond 341 moves).
/// Constraints and errors as knight_paths. Cost: O(moves·n²·8) operations.
/// Source: seed 000 "Knight Probability in a Chessboard"; handed case C10.
/// Status: brute force, seed values, C10 and policy agreement tested.
template <Field T>
T knight_probability(int n, int moves, int row, int col) {
  detail::check_knight_arguments(n, moves, row, col);
  if constexpr (std::same_as<T, Rational>) {
    const BigInt paths = knight_paths<BigInt>(n, moves, row, col);
    BigInt all = 1;
    all <<= 3 * static_cast<unsigned>(moves);
    return make_rational(paths, all);
  } else if constexpr (field_traits<T>::is_exact) {
    // Residues: count the sequences in T, then multiply once by 8^-moves.
    const T paths = detail::knight_walk<T>(n, moves, row, col, T(1), 3.0L * moves);
    return paths * detail::power(ratio<T>(1, 8), static_cast<std::uint64_t>(moves));
  } else {
    return detail::knight_walk<T>(n, moves, row, col, ratio<T>(1, 8), 3.0L * moves);
  }
}

}  // namespace exactdp
