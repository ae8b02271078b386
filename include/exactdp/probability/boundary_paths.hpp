// exactdp/probability/boundary_paths.hpp: Out of Boundary Paths, counting
// the paths that leave a grid.
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/count_first.hpp"

namespace exactdp {

namespace detail {

inline void check_boundary_arguments(int m, int n, int max_moves, int row, int col) {
  if (m < 1 || m > 100'000 || n < 1 || n > 100'000)
    throw std::invalid_argument("grid sizes must be between 1 and 100000, not " + std::to_string(m) + "x" +
                                std::to_string(n));
  if (max_moves < 0 || max_moves > 10'000'000)
    throw std::invalid_argument("max_moves must be between 0 and 10^7, not " + std::to_string(max_moves));
  if (row < 0 || row >= m || col < 0 || col >= n)
    throw std::invalid_argument("start (" + std::to_string(row) + ", " + std::to_string(col) + ") is outside the " +
                                std::to_string(m) + "x" + std::to_string(n) + " grid");
}

/// The recurrence, written once. Layer t holds, per cell, the number of
/// paths of t moves that are on that cell and never left the grid; each of
/// the 4 moves of a cell either stays inside (added to the cell it reaches)
/// or leaves (added to the answer, once, at the move that exits: that path
/// is gone from the table). Every value is at most 4^max_moves. Arguments
/// checked.
template <Ring T>
T boundary_walk(int m, int n, int max_moves, int row, int col, long double bits) {
  const auto cells = static_cast<long double>(m) * n;
  check_state_budget("the boundary-paths table for a " + std::to_string(m) + "x" + std::to_string(n) + " grid",
                     2 * cells, entry_bytes<T>(bits));
  const long double reachable = std::min(cells, 2.0L * max_moves * max_moves + 2 * max_moves + 1);
  check_work_budget("boundary paths", static_cast<long double>(max_moves) * reachable * 6 * operation_cost<T>(bits));
  const auto width = static_cast<std::size_t>(n);
  const auto size = static_cast<std::size_t>(m) * width;
  std::vector<T> now(size, T(0)), next(size, T(0));
  const T zero(0);
  now[static_cast<std::size_t>(row) * width + static_cast<std::size_t>(col)] = T(1);
  T out(0);
  for (int t = 0; t < max_moves; ++t) {
    for (T& x : next) x = zero;
    for (int r = 0; r < m; ++r) {
      const std::size_t base = static_cast<std::size_t>(r) * width;
      for (int c = 0; c < n; ++c) {
        const T& w = now[base + static_cast<std::size_t>(c)];
        if (w == zero) continue;
        const std::size_t at = base + static_cast<std::size_t>(c);
        if (r > 0)
          next[at - width] += w;
        else
          out += w;
        if (r + 1 < m)
          next[at + width] += w;
        else
          out += w;
        if (c > 0)
          next[at - 1] += w;
        else
          out += w;
        if (c + 1 < n)
          next[at + 1] += w;
        else
          out += w;
      }
    }
    now.swap(next);
  }
  return out;
}

}  // namespace detail

/// Number of paths of at most max_moves moves (up, down, left, right) from
/// (row, col) that leave an m×n grid; a path is counted once, at the move
/// that takes it out. 2×2, 2 moves from (0, 0) -> 6; m = 8, n = 50,
/// max_moves = 23 from (5, 26) -> 914783380 mod 1e9+7.
///
/// Returns a count in [0, 4^(max_moves+1)/3] as T (BigInt: exact, on
/// fixed-width limbs while it fits 2048 bits; ModInt: its residue; double:
/// rounded). Constraints: 1 <= m, n <= 100000, 0 <= max_moves <= 10^7,
/// 0 <= row < m, 0 <= col < n; std::invalid_argument otherwise.
/// resource_error when the two layers exceed the state budget or the work
/// budget. Cost: O(max_moves·m·n·4) operations in T, 2·m·n values of memory.
/// Source: seed 000 "Out of Boundary Paths".
/// Status: seed values, brute force over all 4^moves move sequences for
/// small grids, policy agreement tested (tests/probability/test_boundary_paths.cpp).
template <Ring T>
T boundary_paths(int m, int n, int max_moves, int row, int col) {
  detail::check_boundary_arguments(m, n, max_moves, row, col);
  const long double bits = 2.0L * max_moves + 2;  // the answer and every cell are below 4^(max_moves+1)
  if constexpr (std::same_as<T, BigInt>) {
    return detail::with_count_width(bits, [&]<class C>(std::type_identity<C>) {
      return detail::count_to_bigint(detail::boundary_walk<C>(m, n, max_moves, row, col, bits));
    });
  } else {
    return detail::boundary_walk<T>(m, n, max_moves, row, col, bits);
  }
}

}  // namespace exactdp
