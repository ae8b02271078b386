// Octal games: parsing the code, and the naive and sparse-space Grundy tables.
#include "exactdp/grundy/octal.hpp"

#include "exactdp/io/parse.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
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

// The values octal_grundy_table computes by the naive method before it
// chooses a sparse space (octal_grundy_sparse's default).
constexpr std::size_t default_naive_prefix = 8192;

// Heaps between two re-estimates of the sparse method's cost (and checks of
// the steps taken against the work budget).
constexpr std::size_t block = 4096;

// The witness steps a common heap is assumed to cost per splitting digit
// before any has been measured (a coupon-collector pass over the splits).
constexpr long double witness_prior = 1000.0L;

// The naive method's steps for heaps from..to-1: one per single-heap move
// and about (n - k)/2 per split with digit k.
long double naive_steps(const octal_game& game, std::size_t from, std::size_t to) {
  const auto splits = static_cast<long double>(lists_of(game).two.size());
  const auto a = static_cast<long double>(from), b = static_cast<long double>(to);
  return (b - a) * static_cast<long double>(game.digits.size()) + splits * (b * b - a * a) / 4.0L;
}

// The sparse method's steps for `heaps` heaps of a game with a sparse space:
// a few hundred rare heaps and witness steps per heap and splitting digit.
long double sparse_steps(const octal_game& game, std::size_t heaps) {
  const auto splits = static_cast<long double>(lists_of(game).two.size());
  return static_cast<long double>(heaps) * (static_cast<long double>(game.digits.size()) + witness_prior * splits);
}

// "2648 of the first 8191 heaps (32.3%)", for messages.
std::string rare_share(std::size_t rare, std::size_t heaps) {
  char text[96];
  std::snprintf(text, sizeof text, "%zu of the first %zu heaps (%.1f%%)", rare, heaps,
                heaps == 0 ? 0.0 : 100.0 * static_cast<double>(rare) / static_cast<double>(heaps));
  return text;
}

std::string steps_text(long double steps) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3Lg", steps);
  return text;
}

void check_count(const octal_game& game, std::size_t from, std::size_t count, bool sparse) {
  if (count > max_count)
    throw std::invalid_argument("a Grundy table of " + std::to_string(count) + " values is too long (at most 2^31)");
  // Sparse: a byte of the rare heaps' list, and the heaps by value for the
  // witness searches (a 4-byte heap each, up to twice that while growing).
  check_state_budget("the Grundy table of " + named(game), static_cast<long double>(count),
                     sizeof(grundy_value) + (sparse ? 1 + 2 * sizeof(std::uint32_t) : 0));
  // Sparse: the estimate of a game with a sparse space; the cost model
  // decides later, on the values, whether the game has one (sparse_extend).
  const long double steps = sparse ? sparse_steps(game, count - std::min(from, count)) : naive_steps(game, from, count);
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

namespace {

// The options of heap n by single-heap moves (remove k, leave nothing or
// one heap), marked in `reached` after clearing it. Returns the steps.
std::size_t mark_single_moves(const move_lists& m, const std::vector<grundy_value>& g, std::size_t n,
                              mex_set& reached) {
  reached.clear();
  for (const std::size_t k : m.whole)
    if (n == k) reached.insert(0);
  for (const std::size_t k : m.one)
    if (n > k) reached.insert(g[n - k]);
  return m.whole.size() + m.one.size() + 1;
}

// Every option of heap n (single heaps and every split) marked in
// `reached`: the naive method. Returns the steps.
std::size_t mark_every_option(const move_lists& m, const std::vector<grundy_value>& g, std::size_t n,
                              mex_set& reached) {
  std::size_t steps = mark_single_moves(m, g, n, reached);
  for (const std::size_t k : m.two) {
    if (n < k + 2) continue;
    const std::size_t rest = n - k;
    for (std::size_t a = 1; a <= rest / 2; ++a) reached.insert(g[a] ^ g[rest - a]);
    steps += rest / 2;
  }
  return steps;
}

// Stores G(n) = v and keeps `reached` large enough for every option value.
void store_value(std::vector<grundy_value>& g, std::size_t n, std::size_t v, grundy_value& top, mex_set& reached) {
  g[n] = static_cast<grundy_value>(v);
  if (g[n] > top) {
    top = g[n];
    reached.reserve_values(value_capacity(top));
  }
}

grundy_value max_of(const std::vector<grundy_value>& g, std::size_t to) {
  grundy_value top = 0;
  for (std::size_t n = 0; n < to; ++n) top = std::max(top, g[n]);
  return top;
}

// G(from..to-1) by the naive method, G(0..from-1) already in g.
void naive_fill(const move_lists& m, std::vector<grundy_value>& g, std::size_t from, std::size_t to) {
  grundy_value top = max_of(g, from);
  mex_set reached(value_capacity(top));
  for (std::size_t n = from; n < to; ++n) {
    if ((n & 4095u) == 0) poll_interrupt();
    mark_every_option(m, g, n, reached);
    store_value(g, n, reached.mex(), top, reached);
  }
}

}  // namespace

std::vector<grundy_value> octal_grundy_naive(const octal_game& game, std::size_t count) {
  check_count(game, 0, count, false);
  std::vector<grundy_value> g(count, 0);
  naive_fill(lists_of(game), g, 0, count);
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

// The heaps of each value by residue, for the witness searches. Values of
// octal games often follow the heap's residue modulo a small number (0.376:
// mod 4, 16 at heaps 1 and 2 mod 4, 17 at 0 and 3), so a witness G(a) ^ G(b) = v is
// looked for among classes (value, heap mod 4): heaps[4·v + i] lists the
// heaps 1 <= h < size with G(h) = v and h = i mod 4, ascending; by_count[i]
// lists the values that occur at residue i, the most frequent first as of
// the last sort() (the order only changes how soon a search meets a
// witness, never what it finds).
struct value_index {
  static constexpr std::size_t residues = 4;
  std::vector<std::vector<std::uint32_t>> heaps;
  std::vector<grundy_value> by_count[residues];

  std::size_t count(std::size_t v, std::size_t i) const {
    return residues * v + i < heaps.size() ? heaps[residues * v + i].size() : 0;
  }

  void add(std::size_t h, grundy_value v) {
    const std::size_t i = h % residues;
    if (heaps.size() <= residues * v + i) heaps.resize(residues * (std::size_t{v} + 1));
    if (heaps[residues * v + i].empty()) by_count[i].push_back(v);
    heaps[residues * v + i].push_back(static_cast<std::uint32_t>(h));
  }

  void sort() {
    for (std::size_t i = 0; i < residues; ++i)
      std::stable_sort(by_count[i].begin(), by_count[i].end(),
                       [&](grundy_value a, grundy_value b) { return count(a, i) > count(b, i); });
  }
};

// What a bounded witness search found.
enum class witness { found, none, gave_up };

// Whether some split a + b = rest (a, b >= 1) has G(a) ^ G(b) = v. A split
// joins a class (x, i) of a (value, a mod 4) with the class (y = x ^ v,
// j = rest - i mod 4) of b. The search takes, for each residue i of a in
// turn, the next value y of residue j by frequency, and lists the heaps h <
// rest of the rarer class of the pair, testing the other part: the first
// pairs tried are the likeliest witnesses (a frequent y is met at once by
// a heap of x, however few heaps x has), and each pair of classes is tried
// once (from its rarer class), so `none` means every split was tested.
// After `cap` heaps tested it gives up (the splits are then better listed in
// order). Adds the heaps tested and the pairs of classes looked at to
// `steps`.
witness find_witness(const value_index& index, const std::vector<grundy_value>& g, std::size_t rest, std::size_t v,
                     std::size_t cap, std::size_t& steps) {
  constexpr std::size_t residues = value_index::residues;
  std::size_t longest = 0, tested = 0;
  for (const auto& values : index.by_count) longest = std::max(longest, values.size());
  for (std::size_t rank = 0; rank < longest; ++rank) {
    for (std::size_t i = 0; i < residues; ++i) {
      const std::size_t j = (rest + residues - i) % residues;
      if (rank >= index.by_count[j].size()) continue;
      const std::size_t y = index.by_count[j][rank], x = y ^ v;
      const std::size_t cx = index.count(x, i), cy = index.count(y, j);
      ++steps;
      // The pair is tried from its rarer class; ties by value, then residue.
      if (cx == 0 || cx > cy || (cx == cy && (x > y || (x == y && i > j)))) continue;
      for (const std::uint32_t h : index.heaps[residues * x + i]) {
        if (h >= rest) break;
        if (++tested > cap) {
          steps += cap;
          return witness::gave_up;
        }
        if (g[rest - h] == y) {
          steps += tested;
          return witness::found;
        }
      }
    }
  }
  steps += tested;
  return witness::none;
}

// The splits of each digit listed in order before the witness searches: the
// commonest values are met there at the cost of a sequential pass.
constexpr std::size_t quick_pass = 64;

// The heaps a witness search tests before it gives up and the splits are
// listed in order.
constexpr std::size_t witness_cap = 1024;

// The options of heap n that decide its value under the sparse space `sp`
// (after mark_single_moves): every split with a rare part (rare_values[i] =
// G(rare[i])), then a search of the splits for the values of the abundant
// parity below the mex (`pending`: scratch space). Returns the steps.
std::size_t mark_sparse_options(const move_lists& m, const sparse_space& sp, const std::vector<grundy_value>& g,
                                const std::vector<std::uint32_t>& rare, const std::vector<grundy_value>& rare_values,
                                const value_index& index, std::size_t n, grundy_value top, mex_set& reached,
                                std::vector<std::size_t>& pending) {
  std::size_t steps = 0;
  // Every split with a rare part: the only splits that give values of the
  // non-abundant parity (and some of the abundant one).
  // (The inner loop of the method: the values of the rare heaps come from
  // their own list, and only the other part is read from the table.)
  for (const std::size_t k : m.two) {
    if (n < k + 2) continue;
    const std::size_t rest = n - k;
    const auto below = static_cast<std::size_t>(
        std::lower_bound(rare.begin(), rare.end(), static_cast<std::uint32_t>(rest)) - rare.begin());
    for (std::size_t i = 0; i < below; ++i) reached.insert(rare_values[i] ^ g[rest - rare[i]]);
    steps += below;
  }
  // A value still unreached needs a search when, for some splitting digit,
  // it has the abundant parity (two common parts could give it). Let c be
  // the smallest unreached value needing none: the mex is at most c. The
  // first splits of each digit are listed (a short sequential pass that
  // meets the commonest values); then each value still pending, from the
  // smallest, is searched for a witness (find_witness), and the first one
  // without any is the mex.
  auto searched_by = [&](std::size_t v, std::size_t k) {
    return n >= k + 2 &&
           sp.parity(static_cast<grundy_value>(v)) == (sp.domain ? static_cast<unsigned>((n - k) & 1u) : 0u);
  };
  auto needs_search = [&](std::size_t v) {
    return std::any_of(m.two.begin(), m.two.end(), [&](std::size_t k) { return searched_by(v, k); });
  };
  // Every option value is below `limit`, so no value from there on is reached.
  const std::size_t limit = std::bit_ceil(std::size_t{top} + 1);
  pending.clear();
  for (std::size_t c = 0;; ++c) {
    c = reached.mex_from(c);
    if (c >= limit || !needs_search(c)) break;
    pending.push_back(c);
  }
  if (pending.empty()) return steps;
  const std::size_t c = pending.back() + 1;  // values from c on are not needed
  std::size_t left = pending.size();
  // Lists the splits a + b = n - k in order for a in [a0, rest/2], marking
  // the pending values met, until none is left.
  auto list_splits = [&](std::size_t a0, std::size_t a1) {
    for (const std::size_t k : m.two) {
      if (left == 0 || n < k + 2) continue;
      const std::size_t rest = n - k;
      const std::size_t last = std::min(rest / 2, a1);
      std::size_t a = a0;
      for (; a <= last; ++a) {
        const std::size_t x = g[a] ^ g[rest - a];
        if (x < c && !reached.contains(x)) {
          reached.insert(x);
          if (--left == 0) break;
        }
      }
      steps += a - std::min(a, a0);
    }
  };
  list_splits(1, quick_pass);
  for (const std::size_t v : pending) {
    if (left == 0) break;
    if (reached.contains(v)) continue;
    witness w = witness::none;
    for (const std::size_t k : m.two) {
      if (!searched_by(v, k)) continue;
      const witness wk = find_witness(index, g, n - k, v, witness_cap, steps);
      if (wk == witness::found || w == witness::none) w = wk;
      if (w == witness::found) break;
    }
    if (w == witness::none) break;  // v is the mex
    if (w == witness::gave_up) {
      list_splits(quick_pass + 1, n);  // the rest of the splits decide
      break;
    }
    reached.insert(v);
    --left;
  }
  return steps;
}

// Rare heaps 1 <= n < to of g for the space, ascending.
std::vector<std::uint32_t> rare_heaps(const sparse_space& sp, const std::vector<grundy_value>& g, std::size_t to) {
  std::vector<std::uint32_t> rare;
  for (std::size_t n = 1; n < to; ++n)
    if (sp.is_rare(n, g[n])) rare.push_back(static_cast<std::uint32_t>(n));
  return rare;
}

// The cost model for heaps n..count-1 (octal_cost_estimate). per_heap < 0:
// no sparse heap measured yet, use the prior.
octal_cost_estimate estimate_costs(const octal_game& game, const move_lists& m, const std::vector<std::uint32_t>& rare,
                                   std::size_t n, std::size_t count, long double per_heap) {
  octal_cost_estimate e;
  e.from = n;
  e.to = std::max(n, count);
  const auto s = static_cast<long double>(m.two.size());
  const auto singles = static_cast<long double>(m.whole.size() + m.one.size() + 1);
  const auto earlier = static_cast<std::size_t>(
      std::lower_bound(rare.begin(), rare.end(), static_cast<std::uint32_t>(n / 2)) - rare.begin());
  e.rare = rare.size();
  e.rare_in_half = earlier;
  // R(m) = R·(m/n)^beta through R(n/2) and R(n): beta = 0 when no heap of the
  // second half is rare, 1 when rare heaps keep a fixed share.
  const auto r = static_cast<long double>(e.rare);
  e.growth = e.rare == 0 ? 0.0
             : earlier == 0
                 ? 1.0
                 : std::clamp(std::log2(static_cast<double>(e.rare) / static_cast<double>(earlier)), 0.0, 1.0);
  const auto beta = static_cast<long double>(e.growth);
  // The sparse method's steps at heap n: listing the splits with a rare
  // part, a full pass on each rare heap (its value has the abundant parity
  // and is never reached; R'(n)·n/2 = beta·R/2 a heap) and the witness
  // searches of the common heaps.
  e.per_heap = per_heap >= 0 ? per_heap : singles + s * (r * (1.0L + beta / 2.0L) + witness_prior);
  const auto left = static_cast<long double>(e.to - n);
  const auto nn = static_cast<long double>(std::max<std::size_t>(n, 1));
  // The rare heaps added after n: the integral of R(m) - R over n..to, each
  // costing a step at every later heap and, at its own heap m, a pass of
  // about m/2 splits (beta/2 more).
  const long double added = std::max(
      0.0L, r * nn / (beta + 1.0L) * (std::pow(static_cast<long double>(e.to) / nn, beta + 1.0L) - 1.0L) - r * left);
  e.sparse = left * e.per_heap + s * (1.0L + beta / 2.0L) * added;
  e.plain = naive_steps(game, n, e.to);
  e.method = m.two.empty() || e.sparse <= e.plain ? grundy_method::sparse : grundy_method::naive;
  return e;
}

// "327 of the first 8191 heaps (4.0%) are rare for the best space, 1.1% of
// the last 4096; the sparse-space method would take about 1e9 steps, listing
// every split about 2e9", for messages.
std::string cost_text(const octal_cost_estimate& e, bool measured) {
  char rate[96];
  std::snprintf(rate, sizeof rate, " (%zu below %zu: growing as n^%.2f)", e.rare_in_half, e.from / 2, e.growth);
  return rare_share(e.rare, e.from == 0 ? 0 : e.from - 1) + " are rare" + rate + "; " +
         (measured ? "measured " : "estimated ") + steps_text(e.per_heap) + " steps a heap, so the sparse-space " +
         "method would take about " + steps_text(e.sparse) + " steps for heaps " + std::to_string(e.from) + ".." +
         std::to_string(e.to - 1) + " and listing every split about " + steps_text(e.plain);
}

// Computes G(from..count-1), from = table.values.size(): the naive method up
// to naive_prefix, which chooses the space, then the sparse method while the
// cost model says it is the cheaper one (re-estimated every `block` heaps).
void sparse_extend(const octal_game& game, octal_table& table, std::size_t count, std::optional<sparse_space> space,
                   std::size_t naive_prefix) {
  if (naive_prefix < 1) throw std::invalid_argument("the naive prefix of a sparse-space table must be at least 1");
  std::vector<grundy_value>& g = table.values;
  const std::size_t from = g.size();
  if (count <= from) return;
  check_count(game, from, count, true);
  const move_lists m = lists_of(game);
  octal_method_report& report = table.report;
  g.resize(count, 0);
  // The first values come from the naive method; they choose the space.
  if (from < naive_prefix) {
    const std::size_t prefix = std::min(count, naive_prefix);
    naive_fill(m, g, from, prefix);
    report.prefix = prefix;
    report.space = space ? *space : choose_sparse_space(game, std::span<const grundy_value>(g.data(), prefix));
    report.rare_in_prefix = rare_heaps(report.space, g, prefix).size();
    report.method = grundy_method::naive;  // nothing past the prefix yet
  }
  const sparse_space sp = report.space;
  const std::size_t start = std::max(from, report.prefix);
  std::vector<std::uint32_t> rare = rare_heaps(sp, g, start);
  if (start < count) {
    // A table whose sparse method once stopped paying lists every split on.
    const bool switched = report.switched_at != 0;
    if (!switched) {
      report.estimate = estimate_costs(game, m, rare, start, count, -1);
      if (report.estimate.method == grundy_method::naive)
        check_work_budget("the Grundy table of " + named(game) + " (" + std::to_string(count) +
                              " values): the sparse-space method does not apply (" + cost_text(report.estimate, false) +
                              "), so it lists every split as the naive method does, which",
                          report.estimate.plain);
      else
        check_work_budget("the sparse-space Grundy table of " + named(game) + " (" + std::to_string(count) +
                              " values: " + cost_text(report.estimate, false) + ")",
                          report.estimate.sparse);
    }
    report.method = switched ? grundy_method::naive : report.estimate.method;
  }
  grundy_value top = max_of(g, start);
  mex_set reached(value_capacity(top));
  // The heaps of each value, for the witness searches (not needed once
  // every split is listed).
  value_index index;
  std::vector<std::size_t> pending;
  std::vector<grundy_value> rare_values;  // G of each rare heap
  for (const std::uint32_t r : rare) rare_values.push_back(g[r]);
  if (report.method == grundy_method::sparse) {
    for (std::size_t h = 1; h < start; ++h) index.add(h, g[h]);
    index.sort();
  }
  // The estimates assume the space stays as sparse as it looks; the steps
  // actually taken are counted, the work budget is enforced while the table
  // grows, and every `block` heaps the cost is estimated anew from the
  // measured steps: when listing every split becomes cheaper for the heaps
  // left, the table switches to it.
  std::uint64_t steps = 0, block_steps = 0;
  for (std::size_t n = start; n < count; ++n) {
    if (n > start && (n - start) % block == 0) {
      if (static_cast<long double>(steps) > work_budget_steps()) {
        const octal_cost_estimate now =
            estimate_costs(game, m, rare, n, count, static_cast<long double>(block_steps) / block);
        check_work_budget("the sparse-space Grundy table of " + named(game) + " (" + std::to_string(count) +
                              " values; this game shows no sparse space within the budget: " + cost_text(now, true) +
                              ") after " + std::to_string(n) + " heaps",
                          static_cast<long double>(steps));
      }
      poll_interrupt();
      if (report.method == grundy_method::sparse && !m.two.empty()) {
        const octal_cost_estimate now =
            estimate_costs(game, m, rare, n, count, static_cast<long double>(block_steps) / block);
        if (now.method == grundy_method::naive) {
          report.method = grundy_method::naive;
          report.switched_at = n;
          report.estimate = now;
          check_work_budget("the Grundy table of " + named(game) + " (" + std::to_string(count) +
                                " values): the sparse-space method stopped paying at heap " + std::to_string(n) + " (" +
                                cost_text(now, true) + "), so it lists every split from there, which with the " +
                                steps_text(static_cast<long double>(steps)) + " steps taken",
                            static_cast<long double>(steps) + now.plain);
        }
      }
      block_steps = 0;
      index.sort();
    }
    std::size_t heap_steps = 0;
    if (report.method == grundy_method::naive) {
      heap_steps = mark_every_option(m, g, n, reached);
    } else {
      heap_steps = mark_single_moves(m, g, n, reached) +
                   mark_sparse_options(m, sp, g, rare, rare_values, index, n, top, reached, pending);
    }
    steps += heap_steps;
    block_steps += heap_steps;
    store_value(g, n, reached.mex(), top, reached);
    if (sp.is_rare(n, g[n])) {
      rare.push_back(static_cast<std::uint32_t>(n));
      rare_values.push_back(g[n]);
    }
    if (report.method == grundy_method::sparse) index.add(n, g[n]);
  }
  report.rare_heaps = rare.size();
}

}  // namespace

octal_table octal_grundy_table(const octal_game& game, std::size_t count, grundy_method method) {
  octal_table t;
  octal_grundy_extend(game, t, count, method);
  return t;
}

void octal_grundy_extend(const octal_game& game, octal_table& table, std::size_t count, grundy_method method) {
  if (method == grundy_method::sparse) return sparse_extend(game, table, count, std::nullopt, default_naive_prefix);
  const std::size_t from = table.values.size();
  if (count <= from) return;
  check_count(game, from, count, false);
  table.values.resize(count, 0);
  naive_fill(lists_of(game), table.values, from, count);
  table.report = octal_method_report{};
  table.report.prefix = count;
}

octal_cost_estimate octal_extension_estimate(const octal_game& game, const octal_table& table, std::size_t count) {
  const move_lists m = lists_of(game);
  const std::size_t from = table.values.size();
  octal_cost_estimate e = estimate_costs(game, m, rare_heaps(table.report.space, table.values, from), from, count, -1);
  if (table.report.switched_at != 0) e.method = grundy_method::naive;
  return e;
}

std::vector<grundy_value> octal_grundy_sparse(const octal_game& game, std::size_t count,
                                              std::optional<sparse_space> space, std::size_t naive_prefix) {
  octal_table t;
  sparse_extend(game, t, count, space, naive_prefix);
  return std::move(t.values);
}

std::vector<grundy_value> octal_grundy_values(const octal_game& game, std::size_t count, grundy_method method) {
  return octal_grundy_table(game, count, method).values;
}

long double octal_work_estimate(const octal_game& game, std::size_t count, grundy_method method) {
  if (method == grundy_method::naive) return naive_steps(game, 0, count);
  return naive_steps(game, 0, std::min(count, default_naive_prefix)) + sparse_steps(game, count);
}

}  // namespace exactdp
