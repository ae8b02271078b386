// exactdp/games/ostream.hpp: operator<< for the games' answers, one line of
// text each, in the words of the tool's output:
//   outcome              win | lose | draw | undecided
//   row_end              left | right
//   stone_winner         Alice | Bob | Tie
//   row_game_result      lead -2, first move left, scores 3 and 5 (total 8)
//   stone_game_vii_result  lead 6, first move left
//   stone_game_result    first player wins by parity, even-indexed piles: 9 against 8
//                        first player does not win; lead -1, first move left, scores 8 and 9 (total 17)
//   stone_game_ii_result first 10, second 16, first take 1
//   stone_game_iii_result  Bob; lead -1, first take 3
//   nim_move             take 2 from heap 0
//   nim_result           win, nim-sum 2, take 2 from heap 0 | lose, nim-sum 0
// Values print as their type streams (Rational "1/2", double by the
// stream's precision). io/fmt.hpp adds fmt formatters for the same types.
// Status: every format compared as text (tests/numeric/test_printing.cpp).
#pragma once

#include <ostream>

#include "exactdp/games/nim.hpp"
#include "exactdp/games/outcome.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/stone.hpp"

namespace exactdp {

/// outcome_name(o): "win", "lose", "draw" or "undecided".
/// Example: os << outcome::draw writes "draw".
inline std::ostream& operator<<(std::ostream& os, outcome o) { return os << outcome_name(o); }

/// "left" or "right".
/// Example: os << row_end::left writes "left".
inline std::ostream& operator<<(std::ostream& os, row_end e) { return os << (e == row_end::left ? "left" : "right"); }

/// "Alice", "Bob" or "Tie" (to_string).
/// Example: os << stone_winner::tie writes "Tie".
inline std::ostream& operator<<(std::ostream& os, stone_winner w) { return os << to_string(w); }

/// "lead L, first move left|right, scores F and S (total T)".
/// Example: os << best_lead(std::vector<std::int64_t>{1, 5, 2}) writes "lead -2, first move left, scores 3 and 5
/// (total 8)".
template <LeadValue T>
std::ostream& operator<<(std::ostream& os, const row_game_result<T>& a) {
  return os << "lead " << a.lead << ", first move " << a.first_move << ", scores " << a.scores.first << " and "
            << a.scores.second << " (total " << a.total << ')';
}

/// "lead L, first move left|right".
/// Example: os << stone_game_vii(std::vector<std::int64_t>{5, 3, 1, 4, 2}) writes "lead 6, first move right".
template <LeadValue T>
std::ostream& operator<<(std::ostream& os, const stone_game_vii_result<T>& a) {
  return os << "lead " << a.lead << ", first move " << a.first_move;
}

/// "first player wins by parity, even-indexed|odd-indexed piles: S against O"
/// when the parity argument answered, otherwise "first player wins|does not
/// win; " and the DP's row_game_result.
/// Example: os << stone_game(std::vector<std::int64_t>{5, 3, 4, 5}) writes "first player wins by parity,
/// even-indexed piles: 9 against 8".
template <LeadValue T>
std::ostream& operator<<(std::ostream& os, const stone_game_result<T>& a) {
  if (a.by_parity)
    return os << "first player wins by parity, " << (a.takes_even_indices ? "even" : "odd")
              << "-indexed piles: " << a.parity_sum << " against " << a.other_sum;
  os << (a.first_player_wins ? "first player wins" : "first player does not win");
  if (a.dp) os << "; " << *a.dp;
  return os;
}

/// "first F, second S, first take X".
/// Example: os << stone_game_ii(std::vector<std::int64_t>{2, 7, 9, 4, 4}) writes "first 10, second 16, first take 1".
template <LeadValue T>
std::ostream& operator<<(std::ostream& os, const stone_game_ii_result<T>& a) {
  return os << "first " << a.first_score << ", second " << a.second_score << ", first take " << a.first_take;
}

/// "Alice|Bob|Tie; lead L, first take K".
/// Example: os << stone_game_iii(std::vector<std::int64_t>{1, 2, 3, 7}) writes "Bob; lead -1, first take 3".
template <LeadValue T>
std::ostream& operator<<(std::ostream& os, const stone_game_iii_result<T>& a) {
  return os << a.winner << "; lead " << a.lead << ", first take " << a.first_take;
}

/// "take R from heap H" (H counted from 0).
/// Example: os << nim_move{0, 2} writes "take 2 from heap 0".
inline std::ostream& operator<<(std::ostream& os, const nim_move& m) {
  return os << "take " << m.remove << " from heap " << m.heap;
}

/// "win, nim-sum S, take R from heap H" or "lose, nim-sum 0" (and the
/// misère answers, whose nim-sum may be nonzero in a loss).
/// Example: os << nim(std::vector<std::uint64_t>{3, 4, 5}) writes "win, nim-sum 2, take 2 from heap 0".
inline std::ostream& operator<<(std::ostream& os, const nim_result& a) {
  os << a.result << ", nim-sum " << a.nim_sum;
  if (a.winning_move) os << ", " << *a.winning_move;
  return os;
}

}  // namespace exactdp
