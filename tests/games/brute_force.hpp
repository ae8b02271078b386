// Independent oracles for the game tests: exhaustive game-tree searches with
// no memo, written from the rules (not from the library's recurrences).
// Score games track both players' totals separately and let each player
// maximise their own total. Inputs are small, so plain recursion is fine here.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/games/value.hpp"

namespace exactdp::test {

// Subtraction game: does the mover win with n stones (normal or misère play)?
inline bool brute_take_wins(int n, const std::vector<int>& moves, bool misere = false) {
  bool any_move = false;
  for (const int k : moves) {
    if (k > n) continue;
    any_move = true;
    if (!brute_take_wins(n - k, moves, misere)) return true;
  }
  return any_move ? false : misere;
}

// Take-from-either-end: (mover's total, other's total) under best play.
template <class T>
std::pair<T, T> brute_row(const std::vector<T>& v, std::size_t l, std::size_t r) {  // [l, r)
  if (l == r) return {T(0), T(0)};
  const auto left = brute_row(v, l + 1, r);  // (mover there = other here, ...)
  const auto right = brute_row(v, l, r - 1);
  const std::pair<T, T> a{v[l] + left.second, left.first};
  const std::pair<T, T> b{v[r - 1] + right.second, right.first};
  return a.first >= b.first ? a : b;
}

// Stone Game II: (mover's total, other's total) from pile i with limit M.
template <class T>
std::pair<T, T> brute_stone2(const std::vector<T>& v, std::size_t i, std::size_t m) {
  if (i == v.size()) return {T(0), T(0)};
  std::pair<T, T> best{};
  bool first = true;
  T taken(0);
  for (std::size_t x = 1; x <= 2 * m && i + x <= v.size(); ++x) {
    taken = taken + v[i + x - 1];
    const auto rest = brute_stone2(v, i + x, std::max(m, x));
    const std::pair<T, T> mine{taken + rest.second, rest.first};
    if (first || mine.first > best.first) best = mine;
    first = false;
  }
  return best;
}

// Stone Game III: (mover's total, other's total) from pile i.
template <class T>
std::pair<T, T> brute_stone3(const std::vector<T>& v, std::size_t i) {
  if (i == v.size()) return {T(0), T(0)};
  std::pair<T, T> best{};
  bool first = true;
  T taken(0);
  for (std::size_t k = 1; k <= 3 && i + k <= v.size(); ++k) {
    taken = taken + v[i + k - 1];
    const auto rest = brute_stone3(v, i + k);
    const std::pair<T, T> mine{taken + rest.second, rest.first};
    if (first || mine.first - mine.second > best.first - best.second) best = mine;
    first = false;
  }
  return best;
}

// Can I Win with draws: outcome for the mover, given the used numbers and the total so far.
inline outcome brute_can_i_win(int m, std::int64_t desired, unsigned used, std::int64_t total) {
  bool any = false;
  outcome best = outcome::lose;
  for (int k = 1; k <= m; ++k) {
    if (used >> (k - 1) & 1) continue;
    any = true;
    if (total + k >= desired) return outcome::win;
    const outcome next = opposite(brute_can_i_win(m, desired, used | 1u << (k - 1), total + k));
    if (next > best) best = next;
    if (best == outcome::win) return best;
  }
  return any ? best : outcome::draw;  // every number used, target unmet: no winner
}

// Flip Game II on the string itself.
inline bool brute_flip_wins(std::string s) {
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    if (s[i] == '+' && s[i + 1] == '+') {
      s[i] = s[i + 1] = '-';
      const bool opponent_wins = brute_flip_wins(s);
      s[i] = s[i + 1] = '+';
      if (!opponent_wins) return true;
    }
  }
  return false;
}

// Nim over the heap vector: every move of every heap, memoised on the heap
// vector itself (the plain tree of five heaps of 4 takes a minute).
inline bool brute_nim_wins(std::vector<int>& heaps, std::map<std::vector<int>, bool>& memo) {
  if (const auto it = memo.find(heaps); it != memo.end()) return it->second;
  bool wins = false;
  for (std::size_t i = 0; i < heaps.size() && !wins; ++i) {
    const int original = heaps[i];
    for (int to = 0; to < original && !wins; ++to) {
      heaps[i] = to;
      wins = !brute_nim_wins(heaps, memo);
      heaps[i] = original;
    }
  }
  memo.emplace(heaps, wins);
  return wins;
}
inline bool brute_nim_wins(std::vector<int> heaps) {
  static std::map<std::vector<int>, bool> memo;
  return brute_nim_wins(heaps, memo);
}

// Divisor Game from the rules.
inline bool brute_divisor_wins(int n) {
  for (int x = 1; x < n; ++x)
    if (n % x == 0 && !brute_divisor_wins(n - x)) return true;
  return false;
}

}  // namespace exactdp::test
