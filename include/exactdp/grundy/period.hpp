// exactdp/grundy/period.hpp: certified periodicity of octal games, and the
// Grundy value of any heap size once a period is certified.
//
// Octal periodicity theorem (Guy and Smith 1956; Winning Ways ch. 4): if an
// octal game whose moves remove at most t counters has G(n + p) = G(n) for
// every n with e <= n < 2e + p + t, then G(n + p) = G(n) for every n >= e.
// (Proof: for n beyond that range every split a + b of n + p - k has a part of
// at least e + p, which can be shortened by p without changing its value, and
// conversely.) We use e' = max(e, 1) in the range, so that shortening a part
// never empties it (which would change the kind of move); G(p) = G(0) is then
// checked directly, so the claim also holds from e = 0.
// Source: Guy and Smith, "The G-values of various games" (1956); Winning
// Ways ch. 4. Status (tests/grundy/test_period.cpp): tested on games with
// published periods
// (0.07: 34 from 53; 0.137: 34 from 52; 0.77: 12 from 71; .1377: 24 from 141;
// .176: 8 from 24; .177: 20 from 497) and honest failure on short tables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "exactdp/grundy/nim_sum.hpp"
#include "exactdp/grundy/octal.hpp"

namespace exactdp {

/// The outcome of a periodicity check on G(0..computed-1).
/// certified: G(n + period) = G(n) for every n >= preperiod (proved);
/// the check compared G(n + period) with G(n) for checked_from <= n < checked_to.
/// preperiod is the least such e and period the least such p (any smaller
/// period would have been certified by the same table).
struct period_certificate {
  bool certified = false;
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  std::uint64_t checked_from = 0;
  std::uint64_t checked_to = 0;
  std::uint64_t computed = 0;  // number of values examined
};

/// Looks for the least period p (and its least preperiod e) that the octal
/// periodicity theorem certifies from values = G(0..N-1) of a game removing at
/// most max_take counters: the table must show G(n + p) = G(n) for
/// e <= n < 2·max(e, 1) + p + max_take. Returns certified = false when no p
/// fits in the table ("not certified up to N"). Only valid for octal games
/// (and subtraction games); a user move function has no such theorem.
/// The one certifier of the library: subtraction games (games/subtraction.hpp)
/// call it on their win/lose sequence too.
/// Errors: resource_error when its scan (4 bytes per value) passes the state
/// budget; std::invalid_argument above 2^32 - 1 values. Cost: O(N) time (the
/// Z-function of the reversed table gives every p's least e at once).
/// Status: tested on the games with published periods listed above
/// (tests/grundy/test_period.cpp) and through the subtraction game's
/// certified periods (tests/games/test_subtraction.cpp).
/// Example: certify_period(std::vector<grundy_value>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0}, 2).period == 3.
period_certificate certify_period(std::span<const grundy_value> values, std::size_t max_take);

/// Grundy values of an octal game together with its period certificate:
/// answers G(n) for any n < table size, and for any n up to 2^64 - 1 once
/// certified.
class octal_values {
 public:
  /// Takes the table G(0..N-1) of `game` (as computed by octal_grundy_values)
  /// and certifies its period. Cost: certify_period.
  octal_values(octal_game game, std::vector<grundy_value> table);
  /// The same for a table from octal_grundy_table, keeping its report.
  octal_values(octal_game game, octal_table table);

  /// The game the values belong to.
  const octal_game& game() const { return game_; }
  /// The computed values G(0..N-1) (N = certificate().computed).
  std::span<const grundy_value> table() const { return table_; }
  /// The period found in the table, or certified = false.
  const period_certificate& certificate() const { return certificate_; }
  /// How the table was computed (method naive and prefix = table size for
  /// a table given without a report).
  const octal_method_report& report() const { return report_; }

  /// True when G(n) is known: n is in the table or the period is certified.
  /// Example: certified_octal_values(parse_octal("0.33"), 10000).known(1000000).
  bool known(std::uint64_t n) const { return n < table_.size() || certificate_.certified; }

  /// G(n). For n beyond the table, G(e + (n - e) mod p) by the certificate.
  /// Throws std::domain_error "heap N is beyond the M computed values and no
  /// period is certified" when !known(n). Cost: O(1).
  /// Example: certified_octal_values(parse_octal("0.33"), 10000).grundy(1000000) == 1.
  grundy_value grundy(std::uint64_t n) const;

  /// Every move from a heap of size n whose result has Grundy value `target`
  /// is searched; returns one, or nothing. For splits of large certified heaps
  /// only parts below max(e,1) + p are tried (a larger part can be shortened
  /// by p without changing the value). Throws std::domain_error when
  /// !known(n). Cost: O(t·min(n, e + p)).
  /// Example: certified_octal_values(parse_octal("0.33"), 10000).move_to_value(4, 0)->take == 1.
  std::optional<heap_move> move_to_value(std::uint64_t n, grundy_value target) const;

 private:
  octal_game game_;
  std::vector<grundy_value> table_;
  period_certificate certificate_;
  octal_method_report report_;
};

/// Computes G(0..N-1) with N = 1024·(t+1), then extends the same table
/// (octal_grundy_extend: each value is computed once) to 2N, 4N, ... up to
/// max_count until the period is certified; when the table shows a promising
/// period (its repetition covers at least the last quarter of the table,
/// twice over) and certifying it needs fewer values than doubling, the table
/// is extended to exactly that size instead. Returns the values with their
/// certificate (certified = false: "not certified up to max_count") and the
/// report of the method that ran (octal_values::report()).
/// The work is estimated before it is done: the first table is checked by
/// octal_grundy_table; if it certifies no period, the extension up to
/// max_count is estimated by the cost model (octal_extension_estimate: a
/// game whose rare heaps keep a fixed share runs as the naive method or is
/// estimated with them growing) and refused at once when it passes the work
/// budget, naming the rare heaps and both estimates.
/// Constraints: 1 <= max_count <= 2^31. Errors: those of octal_grundy_values
/// (resource_error on the state or work budget). Cost: that of the last
/// table (about 10-15 s for 0.376, preperiod 2268248 and period 4, certified
/// from 4536507 values; bench/grundy.cpp certify_376). Status: tested
/// (periods above, 10^18 queries, 0.6 up to 2·10^6 values refused within a
/// second).
/// Example: certified_octal_values(parse_octal("0.33"), 10000).certificate().period == 3.
octal_values certified_octal_values(const octal_game& game, std::size_t max_count,
                                    grundy_method method = grundy_method::sparse);

/// The values certified_octal_values computes by default before it gives
/// up on a period (the tool's --max-values, a Python table's first bound).
inline constexpr std::size_t default_certify_values = 65536;

/// The bytes a table of Grundy values costs per value in any front end,
/// counted before anything is computed: the computed value and its copy in
/// the table (4 + 4), and what the front end makes of it: the tool's JSON
/// array element (16), its text of up to 10 digits and a separator (11) and
/// the output written (11); a Python list's pointer and int object (8 + 32).
inline constexpr std::size_t grundy_table_bytes_per_value = 64;

/// The one rule of a table of `count` Grundy values, for every front end
/// (exactdp grundy --table, Python's octal_grundy_values): checked before
/// any value is computed. Throws std::invalid_argument unless
/// 1 <= count <= 2^31 (`what` names the count: "--table", "count"), and
/// resource_error when count × grundy_table_bytes_per_value pass the state
/// budget. The values then come from certified_octal_values(game, count
/// or more) and grundy_table. Cost: O(1).
/// Example: check_grundy_table(0, "count") throws std::invalid_argument.
void check_grundy_table(std::size_t count, const std::string& what);

/// G(0..count-1) from `values`: the computed values, and past them the
/// certified period. Throws std::domain_error (octal_values::grundy) for a
/// heap beyond the computed values when no period is certified.
/// Cost: O(count).
/// Example: grundy_table(certified_octal_values(parse_octal("0.33"), 10000), 4) is {0, 1, 2, 0}.
std::vector<grundy_value> grundy_table(const octal_values& values, std::size_t count);

/// A move in a sum of heaps: heap number `component` is replaced by the move.
using sum_move = component_move<heap_move>;

/// A move in the sum of heaps (of the same octal game) that makes the Nim sum
/// of the values 0, or nothing when the sum is already 0 (the player to move
/// loses); the heap moved is the one nim_reduction picks. Throws
/// std::invalid_argument when some heap's value is not known (beyond the
/// table and no period certified: compute more values). Cost: O(heaps) plus
/// one move_to_value. Source: Bouton (1901), generalised by Sprague (1935)
/// and Grundy (1939). Status: tested against an exhaustive search of the
/// product game (tests/grundy/test_period.cpp).
/// Example: winning_move(certified_octal_values(parse_octal("0.33"), 10000), std::vector<std::uint64_t>{4})->move.take
/// == 1.
std::optional<sum_move> winning_move(const octal_values& values, std::span<const std::uint64_t> heaps);

/// Text form of a move from a heap of size `heap`, e.g. "take 2 from heap 7
/// leaving 2 and 3", "take 2 from heap 2 leaving nothing", "split heap 5 into
/// 1 and 4" (a move of d0 = 4). Cost: O(1).
/// Example: describe(heap_move{2, 2, 3}, 7) == "take 2 from heap 7 leaving 2 and 3".
std::string describe(const heap_move& move, std::uint64_t heap);

}  // namespace exactdp
