// The subtraction game: direct table and certified period (see the header).
#include "exactdp/games/subtraction.hpp"

#include <algorithm>
#include <stdexcept>

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

namespace {

// Polynomial hash of the 0/1 sequence modulo the Mersenne prime 2^61 − 1.
constexpr std::uint64_t hash_mod = (std::uint64_t{1} << 61) - 1;
inline std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b) {
  const unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  std::uint64_t r = static_cast<std::uint64_t>(p & hash_mod) + static_cast<std::uint64_t>(p >> 61);
  if (r >= hash_mod) r -= hash_mod;
  return r;
}

// The table with prefix hashes, grown on demand: window(k) is w(k .. k+m−1).
class window_sequence {
 public:
  window_sequence(std::vector<std::uint64_t> moves, play_rule rule)
      : moves_(std::move(moves)), m_(moves_.back()), rule_(rule) {
    prefix_.push_back(0);
    power_m_ = 1;
    for (std::uint64_t i = 0; i < m_; ++i) power_m_ = mul_mod(power_m_, base);
  }

  // Makes w(0 .. count−1) available, checking the budgets as the table grows.
  void ensure(std::uint64_t count) {
    while (lose_.size() < count) {
      if (lose_.size() >= next_check_) {
        const long double n = 2.0L * static_cast<long double>(next_check_);
        check_state_budget("the subtraction-game period search", n, 9);
        check_work_budget("the subtraction-game period search", n * static_cast<long double>(moves_.size()));
        next_check_ *= 2;
      }
      extend(lose_, moves_, rule_);
      prefix_.push_back((mul_mod(prefix_.back(), base) + lose_.back() + 1) % hash_mod);
    }
  }

  bool same_window(std::uint64_t a, std::uint64_t b) {
    ensure(std::max(a, b) + m_);
    if (window_hash(a) != window_hash(b)) return false;
    return std::equal(lose_.begin() + static_cast<std::ptrdiff_t>(a),
                      lose_.begin() + static_cast<std::ptrdiff_t>(a + m_),
                      lose_.begin() + static_cast<std::ptrdiff_t>(b));
  }

  const std::vector<std::uint8_t>& values() const { return lose_; }
  std::uint64_t largest_move() const { return m_; }

 private:
  static constexpr std::uint64_t base = 1'000'003;
  std::uint64_t window_hash(std::uint64_t k) const {
    const std::uint64_t hi = prefix_[k + m_], lo = mul_mod(prefix_[k], power_m_);
    return hi >= lo ? hi - lo : hi + hash_mod - lo;
  }
  std::vector<std::uint64_t> moves_;
  std::uint64_t m_;
  play_rule rule_;
  std::uint64_t power_m_ = 1;
  std::vector<std::uint8_t> lose_;
  std::vector<std::uint64_t> prefix_;
  std::uint64_t next_check_ = 1 << 16;
};

}  // namespace

subtraction_period find_subtraction_period(std::span<const std::int64_t> moves, play_rule rule) {
  window_sequence seq(checked_subtraction_moves(moves), rule);
  // Brent: the smallest period `lam` of the window sequence (a function
  // iteration, since window(k+1) is determined by window(k)).
  std::uint64_t power = 1, lam = 1, tortoise = 0, hare = 1;
  while (!seq.same_window(tortoise, hare)) {
    if (power == lam) {
      tortoise = hare;
      power *= 2;
      lam = 0;
    }
    ++hare;
    ++lam;
  }
  // The first k with window(k) == window(k + lam) is the preperiod.
  std::uint64_t mu = 0;
  while (!seq.same_window(mu, mu + lam)) ++mu;

  subtraction_period r;
  r.preperiod = mu;
  r.period = lam;
  r.largest_move = seq.largest_move();
  r.positions_computed = seq.values().size();
  r.losing.resize(static_cast<std::size_t>(mu + lam));
  for (std::uint64_t n = 0; n < mu + lam; ++n) r.losing[static_cast<std::size_t>(n)] = seq.values()[n] != 0;
  return r;
}

subtraction_answer solve_subtraction(std::uint64_t n, std::span<const std::int64_t> moves, play_rule rule) {
  const auto sorted = checked_subtraction_moves(moves);
  if (n > subtraction_max_pile)
    throw std::invalid_argument("pile " + std::to_string(n) + " is above the limit of 2^63 - 1");
  subtraction_answer a;
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
