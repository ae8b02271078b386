// Can I Win: guards, then the memoised search or the bitset table (see the header).
#include "exactdp/games/can_i_win.hpp"

#include <bit>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace {

// Bit b of a mask stands for the number b + 1.
struct position_rules {
  int m;
  std::uint32_t full;
  std::int64_t target;
  std::uint32_t byte_sum[4][256] = {};

  position_rules(int max_choosable, std::int64_t desired)
      : m(max_choosable), full((std::uint32_t{1} << max_choosable) - 1), target(desired) {
    for (int part = 0; part < 4; ++part)
      for (int v = 0; v < 256; ++v)
        for (int b = 0; b < 8; ++b)
          if (v >> b & 1) byte_sum[part][v] += static_cast<std::uint32_t>(part * 8 + b + 1);
  }
  std::int64_t sum_of(std::uint32_t mask) const {
    return byte_sum[0][mask & 255] + byte_sum[1][mask >> 8 & 255] + byte_sum[2][mask >> 16 & 255] +
           byte_sum[3][mask >> 24];
  }
  // The player to move wins at once: the largest unused number reaches the target.
  bool immediate_win(std::uint32_t mask, std::int64_t remaining) const {
    const std::uint32_t unused = ~mask & full;
    return unused != 0 && 32 - std::countl_zero(unused) >= remaining;
  }
};

// The number of subsets of {1..m} with a sum below the target: the masks the
// table solves (a subset-sum count, O(m·target) with target <= m(m+1)/2).
std::uint64_t masks_below(int m, std::int64_t target) {
  std::vector<std::uint64_t> ways(static_cast<std::size_t>(target), 0);  // ways[s]: subsets with sum s < target
  ways[0] = 1;
  for (int k = 1; k <= m; ++k)
    for (std::int64_t s = target - 1; s >= k; --s)
      ways[static_cast<std::size_t>(s)] += ways[static_cast<std::size_t>(s - k)];
  std::uint64_t total = 0;
  for (const std::uint64_t w : ways) total += w;
  return total;
}

struct solved {
  bool first_player_wins = false;
  std::optional<int> winning_pick;
  std::uint64_t positions = 0;
};

// The table over all masks, filled from the fullest down.
solved bottom_up(const position_rules& rules) {
  std::vector<std::uint64_t> win((static_cast<std::size_t>(rules.full) >> 6) + 1, 0);
  auto wins = [&](std::uint32_t mask) { return (win[mask >> 6] >> (mask & 63) & 1) != 0; };
  solved r;
  // Masks with a sum at or above the target are never positions (the game
  // ended) and are never read: every move that reaches the target is caught
  // by the "largest unused number" test first.
  for (std::uint32_t mask = rules.full + 1; mask-- > 0;) {
    const std::int64_t remaining = rules.target - rules.sum_of(mask);
    if (remaining <= 0) continue;
    ++r.positions;
    const std::uint32_t unused = ~mask & rules.full;
    if (unused == 0) continue;  // every number used, target unmet: no winner (unreachable when the guard passed)
    bool result = rules.immediate_win(mask, remaining);
    // Otherwise every pick leaves a position with a sum below the target.
    for (std::uint32_t rest = unused; !result && rest != 0; rest &= rest - 1)
      result = !wins(mask | (rest & (~rest + 1)));
    if (result) win[mask >> 6] |= std::uint64_t{1} << (mask & 63);
  }
  r.first_player_wins = wins(0);
  if (r.first_player_wins)
    for (int k = 1; k <= rules.m; ++k)
      if (k >= rules.target || !wins(std::uint32_t{1} << (k - 1))) {
        r.winning_pick = k;
        break;
      }
  return r;
}

// The memoised search from the empty mask, with an explicit stack (depth <=
// m). Picks are tried in increasing order, so the root's first winning pick
// is the smallest. nullopt when more than `cap` positions would be solved.
std::optional<solved> memoised_search(const position_rules& rules, std::uint64_t cap) {
  const std::size_t words = (static_cast<std::size_t>(rules.full) >> 6) + 1;
  std::vector<std::uint64_t> known(words, 0), win(words, 0);
  auto bit = [](std::uint32_t mask) { return std::uint64_t{1} << (mask & 63); };
  struct frame {
    std::uint32_t mask;
    std::uint32_t untried;  // unused numbers not yet tried as a pick
    std::uint32_t pick;     // the pick tried last
    std::int64_t remaining;
  };
  frame stack[33];
  int depth = 0;
  solved r;
  r.positions = 1;
  stack[depth++] = {0, rules.full, 0, rules.target};
  bool child_lost = false;  // the position just finished is lost for its player to move
  while (depth > 0) {
    frame& f = stack[depth - 1];
    // The pick that led to a lost position wins; away from the root, so does
    // a largest unused number that reaches the target.
    bool wins = child_lost || (depth > 1 && rules.immediate_win(f.mask, f.remaining));
    bool pushed = false;
    while (!wins && f.untried != 0) {
      f.pick = f.untried & (~f.untried + 1);
      f.untried &= f.untried - 1;
      const std::int64_t number = std::countr_zero(f.pick) + 1;
      if (number >= f.remaining) {  // reaches the target (tested pick by pick only at the root)
        wins = true;
        break;
      }
      const std::uint32_t next = f.mask | f.pick;
      const std::int64_t left = f.remaining - number;
      if (rules.immediate_win(next, left)) continue;  // the opponent reaches the target at once
      if (known[next >> 6] & bit(next)) {
        wins = (win[next >> 6] & bit(next)) == 0;
        continue;
      }
      if (++r.positions > cap) return std::nullopt;
      stack[depth++] = {next, ~next & rules.full, 0, left};
      pushed = true;
      break;
    }
    if (pushed) {
      child_lost = false;
      continue;
    }
    if (depth == 1 && wins) r.winning_pick = std::countr_zero(f.pick) + 1;
    known[f.mask >> 6] |= bit(f.mask);
    if (wins) win[f.mask >> 6] |= bit(f.mask);
    child_lost = !wins;
    --depth;
  }
  r.first_player_wins = (win[0] & 1) != 0;
  return r;
}

}  // namespace

can_i_win_result can_i_win(int max_choosable, std::int64_t desired_total, can_i_win_method method) {
  if (max_choosable < 1)
    throw std::invalid_argument("max_choosable must be at least 1, not " + std::to_string(max_choosable));
  can_i_win_result a;
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
  const long double masks = std::ldexp(1.0L, m);
  check_state_budget("the Can I Win table", masks / 4, 1);  // the search keeps two bits per mask
  check_work_budget("the Can I Win table", masks * m);

  const position_rules rules(m, desired_total);
  std::optional<solved> r;
  if (method != can_i_win_method::bottom_up) {
    // The search stops once it has solved as many masks as the table would.
    const std::uint64_t cap =
        method == can_i_win_method::memoised_search ? ~std::uint64_t{0} : masks_below(m, desired_total);
    r = memoised_search(rules, cap);
    if (r) a.method = "memoised search";
  }
  if (!r) {
    r = bottom_up(rules);
    a.method = "bottom-up table";
  }
  a.positions = r->positions;
  a.first_player_wins = r->first_player_wins;
  a.result = a.first_player_wins ? outcome::win : outcome::lose;
  a.winning_pick = r->winning_pick;
  return a;
}

}  // namespace exactdp
