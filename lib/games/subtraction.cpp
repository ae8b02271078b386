// The subtraction game: direct table and certified period (see the header).
#include "exactdp/games/subtraction.hpp"

#include <algorithm>
#include <stdexcept>

#include "exactdp/grundy/period.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

std::vector<std::uint64_t> checked_subtraction_moves(std::span<const std::int64_t> moves) {
  if (moves.empty()) throw std::invalid_argument("the move set is empty: give at least one move (e.g. 1,2,3)");
  std::vector<std::uint64_t> sorted;
  sorted.reserve(moves.size());
  for (const std::int64_t k : moves) {
    if (k <= 0)
      throw std::invalid_argument("move " + std::to_string(k) +
                                  " is not positive: every move removes at least one stone");
    if (static_cast<std::uint64_t>(k) > subtraction_max_move)
      throw std::invalid_argument("move " + std::to_string(k) + " is above the limit of " +
                                  std::to_string(subtraction_max_move));
    sorted.push_back(static_cast<std::uint64_t>(k));
  }
  std::sort(sorted.begin(), sorted.end());
  const auto dup = std::adjacent_find(sorted.begin(), sorted.end());
  if (dup != sorted.end()) throw std::invalid_argument("move " + std::to_string(*dup) + " is given twice");
  return sorted;
}

namespace {

// Appends w(n) for the next n to `lose` (1: losing), given the sorted moves.
// A position without a move is lost under normal play and won under misère.
inline void extend(std::vector<std::uint8_t>& lose, const std::vector<std::uint64_t>& moves, play_rule rule) {
  const std::uint64_t n = lose.size();
  if (n < moves.front()) {
    lose.push_back(no_move_outcome_under(rule) == outcome::lose ? 1 : 0);
    return;
  }
  std::uint8_t losing = 1;
  for (const std::uint64_t k : moves) {
    if (k > n) break;
    if (lose[n - k]) {
      losing = 0;
      break;
    }
  }
  lose.push_back(losing);
}

}  // namespace

std::vector<outcome> subtraction_table(std::span<const std::int64_t> moves, std::uint64_t last, play_rule rule) {
  const auto sorted = checked_subtraction_moves(moves);
  if (last > 1'000'000'000ULL)
    throw std::invalid_argument("table length " + std::to_string(last) + " is above the limit of 10^9");
  const long double positions = static_cast<long double>(last) + 1;
  check_state_budget("the subtraction-game table", positions, 1 + sizeof(outcome));
  check_work_budget("the subtraction-game table", positions * static_cast<long double>(sorted.size()));
  std::vector<std::uint8_t> lose;
  lose.reserve(static_cast<std::size_t>(last) + 1);
  while (lose.size() <= last) extend(lose, sorted, rule);
  std::vector<outcome> out(lose.size());
  for (std::size_t n = 0; n < lose.size(); ++n) out[n] = lose[n] ? outcome::lose : outcome::win;
  return out;
}

outcome subtraction_period::at(std::uint64_t n) const {
  if (n >= preperiod) n = preperiod + (n - preperiod) % period;
  return losing[static_cast<std::size_t>(n)] ? outcome::lose : outcome::win;
}

subtraction_period find_subtraction_period(std::span<const std::int64_t> moves, play_rule rule) {
  const auto sorted = checked_subtraction_moves(moves);
  const std::uint64_t m = sorted.back();
  // The W/L sequence as values (0: lose, 1: win), grown by doubling until the
  // periodicity theorem (certify_period, the one certifier of octal and
  // subtraction games) proves a period from the table; a move set of
  // subtraction games is the octal game whose largest move is m.
  std::vector<std::uint8_t> lose;
  std::vector<grundy_value> values;
  std::uint64_t size = std::max<std::uint64_t>(1024, 4 * m + 16);
  for (;;) {
    const long double n = static_cast<long double>(size);
    check_state_budget("the subtraction-game period search", n, 9);
    check_work_budget("the subtraction-game period search", n * static_cast<long double>(sorted.size()));
    lose.reserve(static_cast<std::size_t>(size));
    values.reserve(static_cast<std::size_t>(size));
    while (lose.size() < size) {
      extend(lose, sorted, rule);
      values.push_back(lose.back() ? 0 : 1);
    }
    const period_certificate c = certify_period(values, static_cast<std::size_t>(m));
    if (c.certified) {
      subtraction_period r;
      r.preperiod = c.preperiod;
      r.period = c.period;
      r.largest_move = m;
      r.checked_from = c.checked_from;
      r.checked_to = c.checked_to;
      r.positions_computed = c.computed;
      r.losing.resize(static_cast<std::size_t>(r.preperiod + r.period));
      for (std::size_t k = 0; k < r.losing.size(); ++k) r.losing[k] = lose[k] != 0;
      return r;
    }
    size *= 2;
  }
}

subtraction_result subtraction_game(std::uint64_t n, std::span<const std::int64_t> moves, play_rule rule) {
  const auto sorted = checked_subtraction_moves(moves);
  if (n > subtraction_max_pile)
    throw std::invalid_argument("pile " + std::to_string(n) + " is above the limit of 2^63 - 1");
  subtraction_result a;
  auto answer_with = [&](auto&& outcome_at) {
    a.result = outcome_at(n);
    if (a.result == outcome::win)
      for (const std::uint64_t k : sorted)
        if (k <= n && outcome_at(n - k) == outcome::lose) {
          a.winning_move = k;
          break;
        }
  };
  if (n <= 1'000'000) {
    const auto table = subtraction_table(moves, n, rule);
    answer_with([&](std::uint64_t i) { return table[static_cast<std::size_t>(i)]; });
  } else {
    a.certificate = find_subtraction_period(moves, rule);
    answer_with([&](std::uint64_t i) { return a.certificate->at(i); });
  }
  return a;
}

}  // namespace exactdp
