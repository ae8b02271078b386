// Can I Win: guards, then the bitset table (see the header).
#include "exactdp/games/can_i_win.hpp"

#include <bit>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "exactdp/numeric/errors.hpp"

namespace exactdp {

can_i_win_answer can_i_win(int max_choosable, std::int64_t desired_total) {
  if (max_choosable < 1)
    throw std::invalid_argument("max_choosable must be at least 1, not " + std::to_string(max_choosable));
  can_i_win_answer a;
  if (desired_total <= 0) {
    a.first_player_wins = true;
    a.result = outcome::win;
    a.guard = "the desired total " + std::to_string(desired_total) + " is met before anyone moves";
    return a;
  }
  {
    const std::int64_t m = max_choosable;  // m(m + 1) < 2^62 for any int m
    if (m * (m + 1) / 2 < desired_total) {
      a.result = outcome::draw;
      a.guard = "1 + ... + " + std::to_string(m) + " = " + std::to_string(m * (m + 1) / 2) +
                " is below the desired total " + std::to_string(desired_total) +
                ": no one can ever reach it, so the first player cannot force a win";
      return a;
    }
  }
  if (max_choosable > can_i_win_max_choosable) {
    const std::string masks =
        max_choosable <= 62 ? std::to_string(std::uint64_t{1} << max_choosable) : "2^" + std::to_string(max_choosable);
    throw std::invalid_argument("max_choosable " + std::to_string(max_choosable) + " is above the limit of " +
                                std::to_string(can_i_win_max_choosable) + ": the table would hold " + masks +
                                " positions (" + detail::human_bytes(std::ldexp(1.0L, max_choosable) / 8) +
                                " as bits) and take about " + std::to_string(max_choosable) + " x " + masks + " steps");
  }
  const int m = max_choosable;
  const std::uint32_t full = (std::uint32_t{1} << m) - 1;
  const long double masks = std::ldexp(1.0L, m);
  check_state_budget("the Can I Win table", masks / 8, 1);
  check_work_budget("the Can I Win table", masks * m);

  // sum(mask) from per-byte tables: bit b stands for the number b + 1.
  std::uint32_t byte_sum[4][256] = {};
  for (int part = 0; part < 4; ++part)
    for (int v = 0; v < 256; ++v)
      for (int b = 0; b < 8; ++b)
        if (v >> b & 1) byte_sum[part][v] += static_cast<std::uint32_t>(part * 8 + b + 1);
  auto sum_of = [&](std::uint32_t mask) {
    return byte_sum[0][mask & 255] + byte_sum[1][mask >> 8 & 255] + byte_sum[2][mask >> 16 & 255] +
           byte_sum[3][mask >> 24];
  };

  // win bit per mask; masks with a sum at or above the target are never
  // positions (the game ended) and are never read: every move that reaches
  // the target is caught by the "largest unused number" test first.
  std::vector<std::uint64_t> win((static_cast<std::size_t>(full) >> 6) + 1, 0);
  auto wins = [&](std::uint32_t mask) { return (win[mask >> 6] >> (mask & 63) & 1) != 0; };
  const std::int64_t target = desired_total;
  std::uint64_t positions = 0;
  for (std::uint32_t mask = full + 1; mask-- > 0;) {
    const std::int64_t remaining = target - static_cast<std::int64_t>(sum_of(mask));
    if (remaining <= 0) continue;
    ++positions;
    const std::uint32_t unused = ~mask & full;
    if (unused == 0) continue;  // every number used, target unmet: no winner (unreachable when the guard passed)
    const int largest = 32 - std::countl_zero(unused);  // the largest unused number
    bool result = largest >= remaining;
    // Otherwise every pick leaves a position with a sum below the target.
    for (std::uint32_t rest = unused; !result && rest != 0; rest &= rest - 1)
      result = !wins(mask | (rest & (~rest + 1)));
    if (result) win[mask >> 6] |= std::uint64_t{1} << (mask & 63);
  }
  a.positions = positions;
  a.first_player_wins = wins(0);
  a.result = a.first_player_wins ? outcome::win : outcome::lose;
  if (a.first_player_wins)
    for (int k = 1; k <= m; ++k)
      if (k >= desired_total || !wins(std::uint32_t{1} << (k - 1))) {
        a.winning_pick = k;
        break;
      }
  return a;
}

}  // namespace exactdp
