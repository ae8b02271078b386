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

#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/concepts.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/count_first.hpp"
#include "exactdp/probability/lazy_residues.hpp"

namespace exactdp {

/// The limits of boundary_paths: 1 <= m, n <= boundary_max_size,
/// 0 <= max_moves <= boundary_max_moves, 0 <= row < m, 0 <= col < n.
inline constexpr int boundary_max_size = 100'000;
inline constexpr int boundary_max_moves = 10'000'000;

namespace detail {

inline void check_boundary_arguments(int m, int n, int max_moves, int row, int col) {
  if (m < 1 || m > boundary_max_size || n < 1 || n > boundary_max_size)
    throw std::invalid_argument("grid sizes must be between 1 and 100000, not " + std::to_string(m) + "x" +
                                std::to_string(n));
  if (max_moves < 0 || max_moves > boundary_max_moves)
    throw std::invalid_argument("max_moves must be between 0 and 10^7, not " + std::to_string(max_moves));
  if (row < 0 || row >= m || col < 0 || col >= n)
    throw std::invalid_argument("start (" + std::to_string(row) + ", " + std::to_string(col) + ") is outside the " +
                                std::to_string(m) + "x" + std::to_string(n) + " grid");
}

/// Adds to `sum` the cells of layer `now` on the grid's edges within the box
/// [top, bottom] x [left, right] (a cell on a corner once per edge): the
/// paths that leave the grid at the next move. `at` maps (row, column) to
/// the padded table's index. Shared by the plain and lazy walks, whose sums
/// differ in type (T, or 128-bit integers over raw residues).
template <class Sum, class Cells, class At>
void add_leaving(Sum& sum, const Cells& now, const At& at, int m, int n, int top, int bottom, int left, int right) {
  if (top == 0)
    for (int c = left; c <= right; ++c) sum += now[at(0, c)];
  if (bottom == m - 1)
    for (int c = left; c <= right; ++c) sum += now[at(m - 1, c)];
  if (left == 0)
    for (int r = top; r <= bottom; ++r) sum += now[at(r, 0)];
  if (right == n - 1)
    for (int r = top; r <= bottom; ++r) sum += now[at(r, n - 1)];
}

/// Layer `next` from layer `now` for every cell of the box [top, bottom] x
/// [left, right] grown by one cell (within the grid): each cell the sum of
/// its 4 neighbours (the padded table's zero border stands for outside).
/// `width` is the padded row length. Shared by the plain and lazy walks.
template <class Cells, class At>
void gather_move(Cells& next, const Cells& now, const At& at, std::size_t width, int m, int n, int top, int bottom,
                 int left, int right) {
  const int top2 = std::max(0, top - 1), bottom2 = std::min(m - 1, bottom + 1);
  const int left2 = std::max(0, left - 1), right2 = std::min(n - 1, right + 1);
  for (int r = top2; r <= bottom2; ++r) {
    const std::size_t first = at(r, left2), last = at(r, right2);
    for (std::size_t x = first; x <= last; ++x) next[x] = (now[x - width] + now[x + width]) + (now[x - 1] + now[x + 1]);
  }
}

/// The recurrence, written once. Layer t holds, per cell, the number of
/// paths of t moves that are on that cell and never left the grid. A move
/// from an edge cell across that edge leaves (counted in the answer, once,
/// at the move that exits: that path is gone from the table); every other
/// move lands inside, so each cell of layer t + 1 is the sum of its 4
/// neighbours in layer t. Every value is at most 4^max_moves. Arguments
/// checked.
template <Ring T>
T boundary_walk(int m, int n, int max_moves, int row, int col, long double bits) {
  const long double cells = (static_cast<long double>(m) + 2) * (static_cast<long double>(n) + 2);
  check_state_budget("the boundary-paths table for a " + std::to_string(m) + "x" + std::to_string(n) + " grid",
                     2 * cells, entry_bytes<T>(bits));
  const long double box = (2.0L * max_moves + 3) * (2.0L * max_moves + 3);  // cells within max_moves + 1 steps
  check_work_budget("boundary paths",
                    static_cast<long double>(max_moves) * std::min(cells, box) * 4 * operation_cost<T>(bits));
  // The table has a border of zero cells (padded width n + 2, rows 0 and
  // m + 1), so that every inner cell gathers its 4 neighbours without a test.
  // After t moves the paths are within t steps of the start: only that box
  // is computed, and it only grows, so the cells outside it stay 0.
  const auto width = static_cast<std::size_t>(n) + 2;
  const auto at = [width](int r, int c) {
    return static_cast<std::size_t>(r + 1) * width + static_cast<std::size_t>(c + 1);
  };
  std::vector<T> now((static_cast<std::size_t>(m) + 2) * width, T(0)), next(now.size(), T(0));
  now[at(row, col)] = T(1);
  T out(0);
  for (int t = 0; t < max_moves; ++t) {
    poll_interrupt();
    // Move t + 1 leaves the grid from an edge cell once per side it touches.
    const int top = std::max(0, row - t), bottom = std::min(m - 1, row + t);
    const int left = std::max(0, col - t), right = std::min(n - 1, col + t);
    add_leaving(out, now, at, m, n, top, bottom, left, right);
    // Move t + 1 inside the grid: every cell of the grown box gathers.
    gather_move(next, now, at, width, m, n, top, bottom, left, right);
    now.swap(next);
  }
  return out;
}

/// boundary_walk for a 32-bit residue type (lazy_residues<T>::enabled), on
/// 64-bit integers congruent to the counts, giving the same residue. A cell
/// reduced below P becomes, after j moves without reduction, a sum of 4^j
/// values below P: below 4^j·P. So the table is reduced only once every
/// `lazy` moves, the largest j with 4^j·(P - 1) < 2^64 (16 for every
/// P < 2^31), and a move is three 64-bit additions per cell, as in double.
/// The paths that leave at a move are summed in 128 bits (at most 4·10^5
/// values below 2^64) and reduced once per move. Arguments checked.
template <lazy_residue T>
T boundary_walk_lazy(int m, int n, int max_moves, int row, int col) {
  const long double cells = (static_cast<long double>(m) + 2) * (static_cast<long double>(n) + 2);
  check_state_budget("the boundary-paths table for a " + std::to_string(m) + "x" + std::to_string(n) + " grid",
                     2 * cells, sizeof(std::uint64_t));
  const long double box = (2.0L * max_moves + 3) * (2.0L * max_moves + 3);  // as in boundary_walk
  check_work_budget("boundary paths", static_cast<long double>(max_moves) * std::min(cells, box) * 4);
  const lazy_residues<T> reduction;
  int lazy = 0;  // moves between reductions
  for (std::uint64_t bound = reduction.modulus() - 1; bound <= ~std::uint64_t{0} / 4; bound *= 4) ++lazy;
  const auto width = static_cast<std::size_t>(n) + 2;  // the zero border of boundary_walk
  const auto at = [width](int r, int c) {
    return static_cast<std::size_t>(r + 1) * width + static_cast<std::size_t>(c + 1);
  };
  std::vector<std::uint64_t> now((static_cast<std::size_t>(m) + 2) * width, 0), next(now.size(), 0);
  now[at(row, col)] = 1;
  std::uint32_t out = 0;
  int unreduced = 0;  // moves since the cells of `now` were last below P
  for (int t = 0; t < max_moves; ++t) {
    poll_interrupt();
    const int top = std::max(0, row - t), bottom = std::min(m - 1, row + t);
    const int left = std::max(0, col - t), right = std::min(n - 1, col + t);
    unsigned __int128 leaving = out;
    add_leaving(leaving, now, at, m, n, top, bottom, left, right);
    out = reduce_wide(reduction, leaving);
    if (unreduced == lazy) {  // one more move could pass 2^64: the box's cells (all others are 0) below P
      for (int r = top; r <= bottom; ++r)
        for (std::size_t x = at(r, left), last = at(r, right); x <= last; ++x) now[x] = reduction.reduce(now[x]);
      unreduced = 0;
    }
    gather_move(next, now, at, width, m, n, top, bottom, left, right);
    now.swap(next);
    ++unreduced;
  }
  return reduction.make(out);
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
/// budget. Cost: O(max_moves·m·n·4) operations in T, 2·m·n values of memory
/// (32-bit residues: 64-bit additions, one reduction per cell every 16
/// moves, detail::boundary_walk_lazy, the same residue).
/// Counts only add, so there is no division and no domain error.
/// Source: LeetCode 576 Out of Boundary Paths (its examples: 2x2, 2 moves
/// from (0, 0) -> 6; 1x3, 3 moves from (0, 1) -> 12).
/// Status: the problem's values, brute force over all 4^moves move
/// sequences for small grids, policy agreement tested
/// (tests/probability/test_boundary_paths.cpp), int64 counts with overflow
/// checks (test_fourth_policy.cpp).
/// Example: boundary_paths<BigInt>(2, 2, 2, 0, 0) == 6 (LeetCode 576's first example).
template <Ring T>
T boundary_paths(int m, int n, int max_moves, int row, int col) {
  detail::check_boundary_arguments(m, n, max_moves, row, col);
  const long double bits = 2.0L * max_moves + 2;  // the answer and every cell are below 4^(max_moves+1)
  if constexpr (field_traits<T>::counting == count_form::big_integers) {
    return T(detail::with_count_width(bits, [&]<class C>(std::type_identity<C>) {
      return detail::count_to_bigint(detail::boundary_walk<C>(m, n, max_moves, row, col, bits));
    }));
  } else if constexpr (detail::lazy_residues<T>::enabled) {
    return detail::boundary_walk_lazy<T>(m, n, max_moves, row, col);
  } else {
    return detail::boundary_walk<T>(m, n, max_moves, row, col, bits);
  }
}

/// A bound on boundary_paths(m, n, max_moves, row, col): a count below
/// 4^(max_moves + 1)/3 (known denominator 1). Same constraints as
/// boundary_paths. Cost: O(1).
/// Example: *boundary_paths_bound(2, 2, 2, 0, 0).denominator == 1.
inline answer_bound boundary_paths_bound(int m, int n, int max_moves, int row, int col) {
  detail::check_boundary_arguments(m, n, max_moves, row, col);
  return detail::integer_bound(2 * static_cast<std::uint64_t>(max_moves) + 2);
}

}  // namespace exactdp
