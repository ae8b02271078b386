// exactdp/games/search_budget.hpp: the limits a memoized game search checks
// as its memo grows (shared by win_lose_search and negamax_search).
#pragma once

#include <cstddef>
#include <string>
#include <utility>

#include "exactdp/numeric/errors.hpp"

namespace exactdp::detail {

/// Guards a depth-first game search whose memo gains one entry per new
/// position: an optional cap on positions (0: none) and, at every doubling
/// of the memo, the process state budget (twice the memo, for the hash
/// table's growth) and work budget (twice the moves generated so far).
/// `what` names the search in the messages ("the negamax search").
/// Throws resource_error past a limit. Cost: O(1) amortized per position.
class search_budget {
 public:
  search_budget(std::string what, std::size_t max_positions, std::size_t entry_bytes)
      : what_(std::move(what)), max_positions_(max_positions), entry_bytes_(entry_bytes) {}

  /// Call when the moves waiting on the search's stack (the children of the
  /// positions on the current play, kept until they are tried) change:
  /// they are memory too, and a game whose positions have many moves (a heap
  /// that splits in any two) can fill the budget with them before the memo
  /// grows. More than 4 per position of the cap is over the cap; checked
  /// against the state budget at every doubling.
  void on_pending(std::size_t pending) {
    if (max_positions_ != 0 && pending / 4 > max_positions_)
      throw resource_error(what_ + " passed its limit of " + std::to_string(max_positions_) + " positions (" +
                           std::to_string(pending) + " moves wait on the current play, more than 4 per position)");
    if (pending < next_pending_check_) return;
    check_state_budget("the moves waiting in " + what_, static_cast<long double>(pending), entry_bytes_);
    next_pending_check_ = 2 * pending;
  }

  /// Call once per position added to the memo, with the memo's new size and
  /// the number of moves generated from the position.
  void on_position(std::size_t memo_size, std::size_t moves) {
    steps_ += static_cast<long double>(moves) + 1;
    if ((memo_size & 4095) == 0) poll_interrupt();  // every 4096 positions
    if (max_positions_ != 0 && memo_size > max_positions_)
      throw resource_error(what_ + " passed its limit of " + std::to_string(max_positions_) + " positions");
    if (memo_size >= next_check_) {
      check_state_budget("the memo of " + what_, 2.0L * static_cast<long double>(memo_size), entry_bytes_);
      check_work_budget(what_, 2.0L * steps_);
      next_check_ *= 2;
    }
  }

 private:
  std::string what_;
  std::size_t max_positions_;
  std::size_t entry_bytes_;
  std::size_t next_check_ = 1024;
  std::size_t next_pending_check_ = 1024;
  long double steps_ = 0;
};

}  // namespace exactdp::detail
