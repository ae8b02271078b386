// Octal games: parsing the code, and the naive and sparse-space Grundy tables.
#include "exactdp/grundy/octal.hpp"

#include "exactdp/io/parse.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace {

constexpr std::size_t max_digits = 4096;
constexpr std::size_t max_count = std::size_t{1} << 31;

std::string shown(std::string_view s) { return quote_input(s, 60); }

// The game's code for messages, shortened after 24 characters.
std::string named(const octal_game& game) {
  const std::string c = game.code();
  return c.size() <= 24 ? c : c.substr(0, 24) + "...";
}

// The moves of the game sorted by kind, for the inner loops.
struct move_lists {
  std::vector<std::size_t> whole;  // bit 1: remove k when the heap is exactly k
  std::vector<std::size_t> one;    // bit 2: remove k from a heap > k, one heap left
  std::vector<std::size_t> two;    // bit 4: remove k, split the rest into two non-empty heaps
};

move_lists lists_of(const octal_game& game) {
  move_lists m;
  for (std::size_t k = 0; k < game.digits.size(); ++k) {
    const unsigned d = game.digits[k];
    if (d & 1u) m.whole.push_back(k);
    if (d & 2u) m.one.push_back(k);
    if (d & 4u) m.two.push_back(k);
  }
  return m;
}

// The sparse method lists every split once more than 1/16 of the heaps are
// rare: the sparse space does not apply and the naive method is cheaper.
constexpr std::size_t rare_limit_divisor = 16;

// The values octal_grundy_table computes by the naive method before it
// chooses a sparse space (octal_grundy_sparse's default).
constexpr std::size_t default_naive_prefix = 8192;

// The naive method's steps for heaps from..to-1: one per single-heap move
// and about (n - k)/2 per split with digit k.
long double naive_steps(const octal_game& game, std::size_t from, std::size_t to) {
  const auto splits = static_cast<long double>(lists_of(game).two.size());
  const auto a = static_cast<long double>(from), b = static_cast<long double>(to);
  return (b - a) * static_cast<long double>(game.digits.size()) + splits * (b * b - a * a) / 4.0L;
}

// The sparse method's steps for a game with a sparse space: a few hundred
// rare heaps and witness steps per heap and splitting digit.
long double sparse_steps(const octal_game& game, std::size_t count) {
  const auto splits = static_cast<long double>(lists_of(game).two.size());
  return static_cast<long double>(count) * (static_cast<long double>(game.digits.size()) + 1000.0L * splits);
}

// "2648 of the first 8191 heaps (32.3%)", for messages.
std::string rare_share(std::size_t rare, std::size_t heaps) {
  char text[96];
  std::snprintf(text, sizeof text, "%zu of the first %zu heaps (%.1f%%)", rare, heaps,
                heaps == 0 ? 0.0 : 100.0 * static_cast<double>(rare) / static_cast<double>(heaps));
  return text;
}

void check_count(const octal_game& game, std::size_t count, bool sparse) {
  if (count > max_count)
    throw std::invalid_argument("a Grundy table of " + std::to_string(count) + " values is too long (at most 2^31)");
  check_state_budget("the Grundy table of " + named(game), static_cast<long double>(count),
                     sizeof(grundy_value) + (sparse ? 1 : 0));
  // Sparse: the estimate of a game with a sparse space; the prefix decides
  // later whether the game has one (sparse_table).
  const long double steps = sparse ? sparse_steps(game, count) : naive_steps(game, 0, count);
  check_work_budget("the Grundy table of " + named(game) + " (" + std::to_string(count) + " values)", steps);
}

// Capacity of the stamped array: every option value is the XOR of two values
// < 2^b, hence < 2^b.
std::size_t value_capacity(grundy_value max_value) { return std::bit_ceil(std::size_t{max_value} + 1) * 2; }

}  // namespace

std::string octal_game::code() const {
  if (digits.size() == 1) return digits[0] == 0 ? "0" : std::to_string(digits[0]) + ".";
  std::string s = std::to_string(digits[0]) + ".";
  for (std::size_t k = 1; k < digits.size(); ++k) s += static_cast<char>('0' + digits[k]);
  return s;
}

bool octal_game::splits() const {
  return std::any_of(digits.begin(), digits.end(), [](std::uint8_t d) { return (d & 4u) != 0; });
}

octal_game parse_octal(std::string_view code) {
  if (code.empty()) throw std::invalid_argument("empty octal code: expected a code like 0.07 or 4.7");
  const auto point = code.find('.');
  const std::string_view head = point == std::string_view::npos ? code : code.substr(0, point);
  const std::string_view tail = point == std::string_view::npos ? std::string_view{} : code.substr(point + 1);
  octal_game g;
  g.digits.assign(1, 0);
  if (head.size() > 1)
    throw std::invalid_argument("octal code " + shown(code) + ": only one digit may stand before the point");
  if (head.size() == 1) {
    if (head[0] != '0' && head[0] != '4')
      throw std::invalid_argument("octal code " + shown(code) + ": the digit before the point must be 0 or 4 (" +
                                  "4 allows splitting a heap without removing counters), not " + shown(head));
    g.digits[0] = static_cast<std::uint8_t>(head[0] - '0');
  }
  if (tail.size() > max_digits)
    throw std::invalid_argument("octal code " + shown(code.substr(0, 12)) + "...: more than " +
                                std::to_string(max_digits) + " digits after the point");
  for (const char c : tail) {
    if (c < '0' || c > '7')
      throw std::invalid_argument("octal code " + shown(code) + ": " + shown(std::string_view(&c, 1)) +
                                  " is not an octal digit 0-7");
    g.digits.push_back(static_cast<std::uint8_t>(c - '0'));
  }
  if (head.empty() && tail.empty()) throw std::invalid_argument("octal code " + shown(code) + " has no digits");
  while (g.digits.size() > 1 && g.digits.back() == 0) g.digits.pop_back();
  return g;
}

octal_game octal_subtraction_game(std::span<const std::uint64_t> takes) {
  if (takes.empty()) throw std::invalid_argument("a subtraction game needs at least one move");
  octal_game g;
  g.digits.assign(1, 0);
  for (const std::uint64_t s : takes) {
    if (s < 1 || s > max_digits)
      throw std::invalid_argument("subtraction " + std::to_string(s) + " is out of range: moves must be 1.." +
                                  std::to_string(max_digits));
    if (g.digits.size() <= s) g.digits.resize(static_cast<std::size_t>(s) + 1, 0);
    g.digits[static_cast<std::size_t>(s)] = 3;
  }
  return g;
}

octal_game parse_subtraction_set(std::string_view list) {
  std::vector<std::uint64_t> takes;
  std::size_t i = 0;
  while (i < list.size()) {
    const char c = list[i];
    if (c == ',' || c == ' ') {
      ++i;
      continue;
    }
    if (c < '0' || c > '9')
      throw std::invalid_argument("subtraction set " + shown(list) + ": " + shown(std::string_view(&c, 1)) +
                                  " is not a digit (expected a list like 1,3,4)");
    std::uint64_t v = 0;
    while (i < list.size() && list[i] >= '0' && list[i] <= '9') {
      if (v > 1'000'000) throw std::invalid_argument("subtraction set " + shown(list) + ": a move is too large");
      v = v * 10 + static_cast<std::uint64_t>(list[i] - '0');
      ++i;
    }
    takes.push_back(v);
  }
  if (takes.empty()) throw std::invalid_argument("empty subtraction set: expected a list like 1,3,4");
  return octal_subtraction_game(takes);
}

std::vector<grundy_value> octal_grundy_naive(const octal_game& game, std::size_t count) {
  check_count(game, count, false);
  const move_lists m = lists_of(game);
  std::vector<grundy_value> g(count, 0);
  grundy_value top = 0;
  mex_set reached(value_capacity(0));
  for (std::size_t n = 0; n < count; ++n) {
    if ((n & 4095u) == 0) poll_interrupt();
    reached.clear();
    for (const std::size_t k : m.whole)
      if (n == k) reached.insert(0);
    for (const std::size_t k : m.one)
      if (n > k) reached.insert(g[n - k]);
    for (const std::size_t k : m.two) {
      if (n < k + 2) continue;
      const std::size_t rest = n - k;
      for (std::size_t a = 1; a <= rest / 2; ++a) reached.insert(g[a] ^ g[rest - a]);
    }
    g[n] = reached.mex();
    if (g[n] > top) {
      top = g[n];
      reached.reserve_values(value_capacity(top));
    }
  }
  return g;
}

sparse_space choose_sparse_space(const octal_game& game, std::span<const grundy_value> values) {
  grundy_value top = 0;
  for (const grundy_value v : values) top = std::max(top, v);
  // Masks over the low 12 bits at most: the search stays O(4096·size) even for
  // games with large values (the choice only affects speed, never values).
  const std::size_t masks = std::min<std::size_t>(std::bit_ceil(std::size_t{top} + 1), 4096);
  const move_lists m = lists_of(game);
  const unsigned split_odd = m.two.empty() ? 0u : static_cast<unsigned>(m.two.back() & 1u);
  sparse_space best;
  std::size_t best_rare = values.size() + 1;
  for (unsigned domain = 0; domain < 2; ++domain) {
    for (std::size_t mask = 1; mask < masks; ++mask) {
      sparse_space s{static_cast<grundy_value>(mask), domain != 0, 1u ^ (domain & split_odd)};
      std::size_t rare = 0;
      for (std::size_t n = 1; n < values.size(); ++n) rare += s.is_rare(n, values[n]);
      if (rare < best_rare) {
        best_rare = rare;
        best = s;
      }
    }
  }
  return best;
}

namespace {

octal_table sparse_table(const octal_game& game, std::size_t count, std::optional<sparse_space> space,
                         std::size_t naive_prefix) {
  if (naive_prefix < 1) throw std::invalid_argument("the naive prefix of a sparse-space table must be at least 1");
  check_count(game, count, true);
  const move_lists m = lists_of(game);
  // The first values come from the naive method; they choose the space.
  const std::size_t prefix = std::min(count, naive_prefix);
  octal_table result;
  result.values = octal_grundy_naive(game, prefix);
  octal_method_report& report = result.report;
  std::vector<grundy_value>& g = result.values;
  const sparse_space sp = space ? *space : choose_sparse_space(game, std::span<const grundy_value>(g.data(), prefix));

  std::vector<std::uint32_t> rare;  // rare heaps n >= 1, ascending
  grundy_value top = 0;
  for (std::size_t n = 0; n < prefix; ++n) {
    if (n >= 1 && sp.is_rare(n, g[n])) rare.push_back(static_cast<std::uint32_t>(n));
    top = std::max(top, g[n]);
  }
  report.space = sp;
  report.prefix = prefix;
  report.rare_in_prefix = rare.size();
  // The prefix shows whether the space is sparse. When it is not, every
  // split is listed (the naive method): estimate that now, before the work.
  const bool sparse = m.two.empty() || rare.size() <= prefix / rare_limit_divisor;
  report.method = sparse ? grundy_method::sparse : grundy_method::naive;
  if (!sparse && prefix < count)
    check_work_budget("the Grundy table of " + named(game) + " (" + std::to_string(count) +
                          " values): the sparse-space method does not apply (" + rare_share(rare.size(), prefix - 1) +
                          " are rare for the best space, more than 1/" + std::to_string(rare_limit_divisor) +
                          "), so it lists every split as the naive method does, which",
                      naive_steps(game, prefix, count));
  g.resize(count, 0);
  mex_set reached(value_capacity(top));
  // The estimate in check_count assumes a sparse space; without one the real
  // cost approaches the naive one, so the steps taken are counted as well and
  // the work budget is enforced while the table grows.
  std::uint64_t steps = 0;
  const std::string what = "the sparse-space Grundy table of " + named(game) + " (" + std::to_string(count) +
                           " values; this game shows no sparse space)";
  for (std::size_t n = prefix; n < count; ++n) {
    if ((n & 4095u) == 0) check_work_budget(what, static_cast<long double>(steps));
    if ((n & 4095u) == 0) poll_interrupt();
    steps += m.whole.size() + m.one.size() + 1;
    reached.clear();
    for (const std::size_t k : m.whole)
      if (n == k) reached.insert(0);
    for (const std::size_t k : m.one)
      if (n > k) reached.insert(g[n - k]);
    if (rare.size() > n / rare_limit_divisor) {
      // No sparse space to speak of: listing every split is cheaper.
      for (const std::size_t k : m.two) {
        if (n < k + 2) continue;
        const std::size_t rest = n - k;
        for (std::size_t a = 1; a <= rest / 2; ++a) reached.insert(g[a] ^ g[rest - a]);
        steps += rest / 2;
      }
      g[n] = reached.mex();
      if (sp.is_rare(n, g[n])) rare.push_back(static_cast<std::uint32_t>(n));
      if (g[n] > top) {
        top = g[n];
        reached.reserve_values(value_capacity(top));
      }
      continue;
    }
    // Every split with a rare part: the only splits that give values of the
    // non-abundant parity (and some of the abundant one).
    for (const std::size_t k : m.two) {
      if (n < k + 2) continue;
      const std::size_t rest = n - k;
      for (const std::uint32_t r : rare) {
        if (r >= rest) break;
        reached.insert(g[r] ^ g[rest - r]);
        ++steps;
      }
    }
    // A value still unreached needs a search when, for some splitting digit,
    // it has the abundant parity (two common parts could give it). Let c be
    // the smallest unreached value needing none: the mex is at most c. One
    // pass over the splits marks values below c until every such pending
    // value is reached (a coupon-collector run when a sparse space holds);
    // the mex is then the smallest value still unreached.
    auto needs_search = [&](std::size_t v) {
      const unsigned pv = sp.parity(static_cast<grundy_value>(v));
      for (const std::size_t k : m.two)
        if (n >= k + 2 && pv == (sp.domain ? static_cast<unsigned>((n - k) & 1u) : 0u)) return true;
      return false;
    };
    // Every option value is below `limit`, so no value from there on is reached.
    const std::size_t limit = std::bit_ceil(std::size_t{top} + 1);
    std::size_t c = 0, pending = 0;
    for (;; ++c) {
      c = reached.mex_from(c);
      if (c >= limit || !needs_search(c)) break;
      ++pending;
    }
    for (const std::size_t k : m.two) {
      if (pending == 0 || n < k + 2) continue;
      const std::size_t rest = n - k;
      std::size_t a = 1;
      for (; a <= rest / 2; ++a) {
        const std::size_t x = g[a] ^ g[rest - a];
        if (x < c && !reached.contains(x)) {
          reached.insert(x);
          if (--pending == 0) break;
        }
      }
      steps += a;
    }
    const std::size_t v = reached.mex();
    g[n] = static_cast<grundy_value>(v);
    if (sp.is_rare(n, g[n])) rare.push_back(static_cast<std::uint32_t>(n));
    if (g[n] > top) {
      top = g[n];
      reached.reserve_values(value_capacity(top));
    }
  }
  return result;
}

}  // namespace

octal_table octal_grundy_table(const octal_game& game, std::size_t count, grundy_method method) {
  if (method == grundy_method::naive) {
    octal_table t;
    t.values = octal_grundy_naive(game, count);
    t.report.prefix = count;
    return t;
  }
  return sparse_table(game, count, std::nullopt, default_naive_prefix);
}

std::vector<grundy_value> octal_grundy_sparse(const octal_game& game, std::size_t count,
                                              std::optional<sparse_space> space, std::size_t naive_prefix) {
  return sparse_table(game, count, space, naive_prefix).values;
}

std::vector<grundy_value> octal_grundy_values(const octal_game& game, std::size_t count, grundy_method method) {
  return octal_grundy_table(game, count, method).values;
}

long double octal_work_estimate(const octal_game& game, std::size_t count, grundy_method method) {
  if (method == grundy_method::naive) return naive_steps(game, 0, count);
  return naive_steps(game, 0, std::min(count, default_naive_prefix)) + sparse_steps(game, count);
}

}  // namespace exactdp
