// Certified periodicity of octal games; values of any heap; winning moves in sums.
#include "exactdp/grundy/period.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace {

// "1.23e+09", for messages.
std::string approx(long double steps) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3Lg", steps);
  return text;
}

// The certificate of values = G(0..N-1) (certify_period). When none is
// certified and `needed` is given, *needed becomes the least table size that
// would certify the most promising period the table shows (one whose
// repetition covers at least the last quarter of the table, at least twice
// over), or 0 when it shows none: a guess, since the values past N are not
// known.
period_certificate certify(std::span<const grundy_value> values, std::size_t max_take, std::uint64_t* needed) {
  period_certificate c;
  const std::uint64_t n_values = values.size();
  c.computed = n_values;
  if (needed) *needed = 0;
  const std::uint64_t t = max_take;
  if (n_values < 4 + t) return c;  // no p >= 1 fits: 2 + 2p + t <= N
  if (n_values > 0xFFFF'FFFFull)
    throw std::invalid_argument("certify_period: " + std::to_string(n_values) + " values, above the limit of 2^32 - 1");
  // For a period p the least e has G(n + p) = G(n) for e <= n < N - p: read
  // backwards (r[i] = G(N - 1 - i)) that is r[i] = r[i + p] for i < N - p - e,
  // so N - p - e is z[p], the Z-function of r (the longest common prefix of r
  // and r shifted by p), computed for every p at once in O(N).
  check_state_budget("the period check of " + std::to_string(n_values) + " values", static_cast<long double>(n_values),
                     sizeof(std::uint32_t));
  const std::size_t n = values.size();
  auto r = [&](std::size_t i) { return values[n - 1 - i]; };
  std::vector<std::uint32_t> z(n, 0);
  for (std::size_t i = 1, l = 0, hi = 0; i < n; ++i) {  // [l, hi): the rightmost match found so far
    std::size_t k = i < hi ? std::min<std::size_t>(hi - i, z[i - l]) : 0;
    while (i + k < n && r(k) == r(i + k)) ++k;
    z[i] = static_cast<std::uint32_t>(k);
    if (i + k > hi) {
      l = i;
      hi = i + k;
    }
  }
  // With e' >= 1 the check needs G up to 2e' + 2p + t - 1 < N, so 2 + 2p + t <= N.
  for (std::uint64_t p = 1; 2 + 2 * p + t <= n_values; ++p) {
    const std::uint64_t e = n_values - p - z[static_cast<std::size_t>(p)];  // one past the last mismatch
    const std::uint64_t end = 2 * std::max<std::uint64_t>(e, 1) + p + t;    // n < end must be checked
    if (end + p <= n_values) {
      c.certified = true;
      c.preperiod = e;
      c.period = p;
      c.checked_from = e;
      c.checked_to = end;
      return c;
    }
    const std::uint64_t repeated = n_values - e;
    if (needed && 4 * repeated >= n_values && repeated >= 2 * p && (*needed == 0 || end + p < *needed))
      *needed = end + p;
  }
  return c;
}

}  // namespace

period_certificate certify_period(std::span<const grundy_value> values, std::size_t max_take) {
  return certify(values, max_take, nullptr);
}

octal_values::octal_values(octal_game game, std::vector<grundy_value> table)
    : game_(std::move(game)), table_(std::move(table)), certificate_(certify_period(table_, game_.max_take())) {
  report_.prefix = table_.size();
}

octal_values::octal_values(octal_game game, octal_table table)
    : game_(std::move(game)),
      table_(std::move(table.values)),
      certificate_(certify_period(table_, game_.max_take())),
      report_(table.report) {}

grundy_value octal_values::grundy(std::uint64_t n) const {
  if (n < table_.size()) return table_[static_cast<std::size_t>(n)];
  if (!certificate_.certified)
    throw std::domain_error("heap " + std::to_string(n) + " of " + game_.code() + " is beyond the " +
                            std::to_string(table_.size()) + " computed values and no period is certified up to " +
                            std::to_string(table_.size()));
  const std::uint64_t e = certificate_.preperiod, p = certificate_.period;
  return table_[static_cast<std::size_t>(e + (n - e) % p)];
}

std::optional<heap_move> octal_values::move_to_value(std::uint64_t n, grundy_value target) const {
  if (!known(n)) grundy(n);  // throws the domain_error
  const auto& d = game_.digits;
  for (std::size_t k = 0; k < d.size(); ++k) {
    if ((d[k] & 1u) && n == k && target == 0) return heap_move{k, 0, 0};
    if ((d[k] & 2u) && n > k && grundy(n - k) == target) return heap_move{k, 0, n - k};
    if ((d[k] & 4u) && n >= k + 2) {
      const std::uint64_t rest = n - k;
      std::uint64_t last = rest / 2;
      if (certificate_.certified) {
        // A part a >= e' + p (with a <= b) can be replaced by a - p, b + p.
        const std::uint64_t bound = std::max<std::uint64_t>(certificate_.preperiod, 1) + certificate_.period - 1;
        last = std::min(last, bound);
      }
      for (std::uint64_t a = 1; a <= last; ++a)
        if ((grundy(a) ^ grundy(rest - a)) == target) return heap_move{k, a, rest - a};
    }
  }
  return std::nullopt;
}

octal_values certified_octal_values(const octal_game& game, std::size_t max_count, grundy_method method) {
  if (max_count < 1) throw std::invalid_argument("the number of values to compute must be at least 1");
  std::size_t count = std::min<std::size_t>(max_count, 1024 * (game.max_take() + 1));
  octal_table table = octal_grundy_table(game, count, method);
  std::uint64_t needed = 0;
  if (certify(table.values, game.max_take(), &needed).certified || count >= max_count)
    return octal_values(game, std::move(table));
  // The table is extended (each value is computed once) to twice its size,
  // or to the size the period it shows would need when that is less. The
  // first table shows which method the cost model chooses (no sparse space:
  // the naive one); estimate the extension up to max_count before any of it.
  const octal_cost_estimate cost = method == grundy_method::naive ? octal_cost_estimate{.method = grundy_method::naive}
                                                                  : octal_extension_estimate(game, table, max_count);
  const long double steps = cost.method == grundy_method::sparse
                                ? cost.sparse
                                : octal_work_estimate(game, max_count, grundy_method::naive) -
                                      octal_work_estimate(game, count, grundy_method::naive);
  std::string what = "the Grundy tables of " + game.code() + " from " + std::to_string(count) + " to " +
                     std::to_string(max_count) + " values (extended until a period is certified; none is up to " +
                     std::to_string(count) + ")";
  if (method == grundy_method::sparse) {
    char growth[32];
    std::snprintf(growth, sizeof growth, "%.2f", cost.growth);
    what += std::string(cost.method == grundy_method::naive
                            ? ", by the naive method since the sparse space does not apply ("
                            : ", by the sparse-space method (") +
            std::to_string(cost.rare) + " of the first " + std::to_string(count) + " heaps are rare, growing as n^" +
            growth + ": about " + approx(cost.sparse) + " steps by the sparse-space method, " + approx(cost.plain) +
            " by listing every split)";
  }
  check_work_budget(what, steps);
  for (;;) {
    count = needed > count && needed < 2 * count ? static_cast<std::size_t>(needed) : 2 * count;
    count = std::min(max_count, count);
    octal_grundy_extend(game, table, count, method);
    if (certify(table.values, game.max_take(), &needed).certified || count >= max_count)
      return octal_values(game, std::move(table));
  }
}

void check_grundy_table(std::size_t count, const std::string& what) {
  constexpr std::size_t max_table = std::size_t{1} << 31;
  if (count < 1 || count > max_table)
    throw std::invalid_argument(what + " " + std::to_string(count) +
                                " is out of range: a table holds 1 to 2^31 (2147483648) values");
  check_state_budget("a table of " + std::to_string(count) + " Grundy values (the values, their text and JSON)",
                     static_cast<long double>(count), grundy_table_bytes_per_value);
}

std::vector<grundy_value> grundy_table(const octal_values& values, std::size_t count) {
  std::vector<grundy_value> t(count);
  for (std::size_t i = 0; i < count; ++i) t[i] = values.grundy(i);  // past the computed values, from the period
  return t;
}

std::optional<sum_move> winning_move(const octal_values& values, std::span<const std::uint64_t> heaps) {
  std::vector<grundy_value> g;
  g.reserve(heaps.size());
  for (const std::uint64_t h : heaps) {
    if (!values.known(h))
      throw std::invalid_argument("heap " + std::to_string(h) + " is beyond the " +
                                  std::to_string(values.table().size()) +
                                  " computed values and no period is certified: compute more values");
    g.push_back(values.grundy(h));
  }
  const auto reduction = nim_reduction(std::span<const grundy_value>(g));
  if (!reduction) return std::nullopt;
  const std::size_t i = reduction->component;
  if (const auto m = values.move_to_value(heaps[i], reduction->move)) return sum_move{i, *m};
  throw std::logic_error("heap " + std::to_string(heaps[i]) + " has no option of value " +
                         std::to_string(reduction->move) + " below its Grundy value");  // impossible: mex
}

std::string describe(const heap_move& move, std::uint64_t heap) {
  if (move.take == 0)
    return "split heap " + std::to_string(heap) + " into " + std::to_string(move.left) + " and " +
           std::to_string(move.right);
  std::string s = "take " + std::to_string(move.take) + " from heap " + std::to_string(heap);
  if (move.left == 0 && move.right == 0) return s + " leaving nothing";
  if (move.left == 0) return s + " leaving " + std::to_string(move.right);
  return s + " leaving " + std::to_string(move.left) + " and " + std::to_string(move.right);
}

}  // namespace exactdp
