// exactdp/grundy/octal.hpp: octal games (take-and-break games on heaps) and
// subtraction games, their Grundy tables by the naive and the sparse-space
// method.
//
// Notation (Winning Ways ch. 4; Flammenkamp's octal tables): the code
// d0.d1d2d3...dt lists one octal digit per number k of counters removed. Bit
// 1 of d_k allows removing k counters when they are the whole heap (0 heaps
// remain), bit 2 allows removing k from a larger heap leaving one non-empty
// heap, bit 4 allows removing k and splitting the rest into two non-empty
// heaps. d0 is 0 or 4; 4 allows splitting a heap into two non-empty heaps
// without removing anything. Examples: 0.07 Dawson's Kayles (= Flip Game II
// run lengths), 0.137 Dawson's chess, 0.77 Kayles, 0.3 Nim with one counter
// per move; the subtraction game S(1,3,4) is 0.3033.
// Source: Berlekamp, Conway and Guy, "Winning Ways" (1982), ch. 4 (octal
// games); Gangolli and Plambeck, "A note on periodicity in some octal games"
// (1989) for the sparse space. Tests: tests/grundy/test_octal.cpp.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/grundy/mex.hpp"

namespace exactdp {

/// An octal game given by its code. digits[k] (0 <= digits[k] <= 7) is d_k;
/// digits.back() != 0 unless the game has no move at all (code "0"); digits[0]
/// is 0 or 4. max_take() is t, the largest number of counters one move removes.
struct octal_game {
  std::vector<std::uint8_t> digits{0};

  /// t: the index of the last non-zero digit (0 when only d0 or nothing is set).
  /// Example: parse_octal("0.07").max_take() == 2.
  std::size_t max_take() const { return digits.size() - 1; }

  /// The code in the standard notation, e.g. "0.07", "4.7", "0" for no moves.
  /// Example: parse_octal("4.7").code() == "4.7".
  std::string code() const;

  /// True when some digit allows a split into two heaps (the O(n) moves).
  /// Example: parse_octal("0.137").splits() and !parse_octal("0.33").splits().
  bool splits() const;
};

/// Reads an octal code: "0.07", ".07", "4.7", "0.137", "0.51", "4." or "4".
/// Trailing zeros are dropped. Constraints: d0 in {0, 4}; every other digit
/// 0..7; at most 4096 digits after the point. Throws std::invalid_argument
/// naming the offending character. Cost: O(length). Status: tested on every
/// game listed in the issue and on malformed codes.
/// Example: parse_octal(".07").code() == "0.07".
octal_game parse_octal(std::string_view code);

/// The subtraction game with the given move set: remove exactly s counters
/// for some s in `takes` (as the octal game with d_s = 3). Constraints:
/// 1 <= s <= 4096, at least one s; duplicates allowed. std::invalid_argument
/// otherwise. Cost: O(max s).
/// Example: octal_subtraction_game(std::vector<std::uint64_t>{1, 2}).code() == "0.33".
octal_game octal_subtraction_game(std::span<const std::uint64_t> takes);

/// Reads a subtraction set "1,3,4" (comma or space separated) and returns
/// octal_subtraction_game(). std::invalid_argument on a malformed list.
/// Example: parse_subtraction_set("1,2").code() == "0.33".
octal_game parse_subtraction_set(std::string_view list);

/// How a Grundy table is computed.
///  - naive: the mex over every option, O(N^2) for games that split.
///  - sparse: the sparse-space method (below); same values, far faster on
///    games whose values have a sparse space.
enum class grundy_method { naive, sparse };

/// Grundy values G(0..count-1) of the octal game, by the naive method: for
/// each heap n every option (single heap or split a + b = n - k) is listed and
/// its value marked in a stamped array, then the mex is taken.
/// Constraints: count <= 2^31. Throws resource_error (before allocating) when
/// 4·count bytes exceed the state budget or the work (about count^2/4 per
/// splitting digit) exceeds the work budget. Cost: O(count·t) without splits,
/// O(count^2·s) with s splitting digits. Source: Winning Ways ch. 4. Status: tested against the game's
/// definition (a search of heap multisets) for n <= 300 on every listed game,
/// and against published sequences (OEIS A002187 Dawson's chess, A002186
/// Kayles, A071434, A071453, A125920).
/// Example: octal_grundy_naive(parse_octal("0.07"), 6) is {0, 0, 1, 1, 2, 0}.
std::vector<grundy_value> octal_grundy_naive(const octal_game& game, std::size_t count);

/// A sparse space (Winning Ways ch. 4 "Sparse space spells speed";
/// Flammenkamp, "Sparse- and common-positions of Sprague-Grundy values of
/// octal games"). With s(n) = parity of popcount(G(n) & mask), XOR (n mod 2)
/// when `domain` is set, heap n is common when s(n) == common and rare
/// otherwise. For a split a + b = r of two common heaps the value
/// G(a) ^ G(b) has masked parity (domain ? r mod 2 : 0): the "abundant"
/// parity; values of the other parity come only from splits with a rare part.
/// Range type (domain = false): rare values are those of even masked parity.
/// Domain type: rare iff masked parity == (n - t) mod 2 for the splitting
/// digit t. The default (mask 0, range) makes every heap rare: the naive method.
struct sparse_space {
  grundy_value mask = 0;
  bool domain = false;
  unsigned common = 1;

  /// Masked parity of a value: popcount(v & mask) mod 2.
  unsigned parity(grundy_value v) const { return static_cast<unsigned>(std::popcount(v & mask)) & 1u; }

  /// True when heap n with value g is rare.
  bool is_rare(std::uint64_t n, grundy_value g) const {
    return (parity(g) ^ (domain ? static_cast<unsigned>(n & 1u) : 0u)) != common;
  }
};

/// The sparse space octal_grundy_sparse uses for a game whose first values
/// are `values`: among masks 1 .. 2^b - 1 (2^b > max(values), b <= 12) and both types,
/// the one with the fewest rare heaps n >= 1 (ties: range type, then the
/// smallest mask); `common` = 1 for the range type and 1 ^ (t mod 2) for the
/// domain type (t the last splitting digit). Cost: O(2^b·size).
/// Example: choose_sparse_space(parse_octal("0.77"), octal_grundy_naive(parse_octal("0.77"), 100)).mask == 15.
sparse_space choose_sparse_space(const octal_game& game, std::span<const grundy_value> values);

/// Grundy values G(0..count-1) by the sparse-space method. The common values
/// of the options of n (the non-abundant parity) come only from single heaps
/// and from splits with a rare part: listing those costs O(#rare heaps) per
/// n. Each unreached value v of the abundant parity below the mex is then
/// checked, from the smallest, for a witness split a + b with G(a) ^ G(b) =
/// v: after the first 64 splits of each digit, by pairs of classes (value,
/// heap mod 4), the likeliest first (the heaps of the rarer class listed,
/// the other part tested), stopping at the first witness; a search that
/// tests 1024 heaps without one gives up, and the remaining splits are listed
/// in order. The first value with no witness, or the first unreached value
/// of the other parity, is G(n). The result is exact for every sparse space
/// (a poor one only costs time; the default one is the naive method).
/// The first min(count, naive_prefix) values are computed by the naive
/// method; `space` empty: choose_sparse_space() on those values. Past the
/// prefix the cost model (octal_cost_estimate) chooses between the sparse
/// method and listing every split, and is re-estimated every 4096 heaps
/// from the steps measured: the table switches to listing every split when
/// that becomes the cheaper way to the remaining heaps (the values are the
/// same either way).
/// naive_prefix >= 1 (std::invalid_argument otherwise); tests lower it to run
/// the sparse part on small tables.
/// Constraints, errors: as octal_grundy_naive. The estimate checked before
/// starting assumes a sparse space (about count·(t + 1000·s) steps for s
/// splitting digits); when the cost model chooses listing every split, at
/// the prefix or on the way, its estimate for the remaining heaps is checked
/// at once (resource_error "... does not apply (...)" or "... stopped paying
/// at heap N (...)", naming the rare heaps and both estimates). The steps
/// actually taken are also counted and resource_error is thrown as soon as
/// they pass the work budget ("... shows no sparse space within the budget").
/// Cost: about count·(s·rare heaps + witness steps): near-linear while rare
/// heaps stay few; never much above the naive method (bench/grundy.cpp:
/// 0.161, 0.165, 0.376). Memory: 13 bytes a value (the values, the rare
/// heaps, the heaps by value class).
/// Status: equal to octal_grundy_naive on every listed game for the first
/// 12000 values, on random codes, with forced poor spaces, and on 0.376
/// (many early rare heaps) (tests).
/// Example: octal_grundy_sparse(parse_octal("0.77"), 5) is {0, 1, 2, 3, 1} (Kayles).
std::vector<grundy_value> octal_grundy_sparse(const octal_game& game, std::size_t count,
                                              std::optional<sparse_space> space = std::nullopt,
                                              std::size_t naive_prefix = 8192);

/// The cost model that chooses, past the naive prefix, between the sparse
/// method and listing every split (the naive method), for heaps from..to-1,
/// with t the largest take, s splitting digits, R rare heaps below `from`,
/// R' of them below from/2, and L = to - from heaps left. The rare heaps are
/// projected as R(m) = R·(m/from)^beta, beta = log2(R/R') clamped to 0..1
/// (0: none appear any more, 1: a fixed share of the heaps stays rare):
///  - per_heap: the sparse method's steps a heap now: measured over the
///    last 4096 heaps, or before any is measured t + s·(R·(1 + beta/2) +
///    1000) (listing the splits with a rare part, a pass over every split on
///    each new rare heap, and a prior for the witness searches);
///  - sparse = L·per_heap + s·(1 + beta/2)·A, with A the integral of
///    R(m) - R over from..to: the rare heaps still to come;
///  - plain = L·t + s·(to² - from²)/4: listing every split.
/// method: sparse when sparse <= plain (or the game never splits). The
/// chosen estimate is checked against the work budget before the heaps are
/// computed; the steps taken are counted as well.
struct octal_cost_estimate {
  std::size_t from = 0, to = 0;
  std::size_t rare = 0;          ///< R: rare heaps 1 <= n < from
  std::size_t rare_in_half = 0;  ///< R': rare heaps 1 <= n < from/2
  double growth = 0;             ///< beta
  long double per_heap = 0;
  long double sparse = 0;
  long double plain = 0;
  grundy_method method = grundy_method::sparse;
};

/// How a Grundy table was computed.
struct octal_method_report {
  /// The method that computed the last values after the naive prefix:
  /// sparse, or naive when it was asked for, when the table lies within the
  /// prefix, or when the cost model chose listing every split (at the prefix
  /// or, switched_at != 0, on the way).
  grundy_method method = grundy_method::naive;
  sparse_space space;              ///< the space chosen on the prefix (mask 0 for the naive method)
  std::size_t prefix = 0;          ///< the first values, computed by the naive method
  std::size_t rare_in_prefix = 0;  ///< rare heaps n >= 1 among them for `space`
  std::size_t rare_heaps = 0;      ///< rare heaps n >= 1 in the whole table for `space`
  std::size_t switched_at =
      0;  ///< heap from which every split was listed as the sparse method stopped paying (0: never)
  octal_cost_estimate estimate;  ///< the estimate that chose `method` last (none for a table within the prefix)
};

/// A Grundy table and how it was computed.
struct octal_table {
  std::vector<grundy_value> values;
  octal_method_report report;
};

/// G(0..count-1) by `method`, with the method that actually ran. For
/// grundy_method::sparse the first min(count, 8192) values are computed by
/// the naive method and choose the space; the cost model
/// (octal_cost_estimate) then chooses the method for the heaps past the
/// prefix, and when it chooses listing every split its estimate is checked
/// against the work budget at once, before that work: resource_error names
/// the rare heaps and both estimates.
/// Errors and cost: as octal_grundy_naive and octal_grundy_sparse.
/// Status: tested on 0.07 and 0.6 (no sparse space: naive, refused at once
/// above the budget), 0.161 and 0.376 (sparse).
/// Example: octal_grundy_table(parse_octal("0.77"), 5).values is {0, 1, 2, 3, 1}.
octal_table octal_grundy_table(const octal_game& game, std::size_t count, grundy_method method = grundy_method::sparse);

/// Extends `table` (from octal_grundy_table or octal_grundy_extend of the
/// same game and method, or empty) to G(0..count-1), computing only the new
/// values: the same values and report as octal_grundy_table(game, count,
/// method) would give, except that the cost model is estimated anew for the
/// new heaps (a table that switched to listing every split keeps doing so).
/// count <= table size: nothing changes. Errors: as octal_grundy_table, for
/// the new heaps. Cost: that of the new heaps only.
/// Example: extending t = octal_grundy_table(parse_octal("0.77"), 5) to 6 values makes t.values.back() 4.
void octal_grundy_extend(const octal_game& game, octal_table& table, std::size_t count,
                         grundy_method method = grundy_method::sparse);

/// The cost model (octal_cost_estimate, with the prior per_heap) for
/// extending `table` (as octal_grundy_extend with the sparse method) to
/// `count` values, and the method it would choose (naive when the table
/// already switched). Cost: O(table size).
/// Example: octal_extension_estimate(parse_octal("0.77"), octal_grundy_table(parse_octal("0.77"), 5), 10).to == 10.
octal_cost_estimate octal_extension_estimate(const octal_game& game, const octal_table& table, std::size_t count);

/// octal_grundy_table(game, count, method).values.
/// Example: octal_grundy_values(parse_octal("0.77"), 5) is {0, 1, 2, 3, 1}.
std::vector<grundy_value> octal_grundy_values(const octal_game& game, std::size_t count,
                                              grundy_method method = grundy_method::sparse);

/// The elementary steps budgeted for a table of `count` values by `method`
/// (for sparse, the naive prefix plus the cost with a sparse space; for
/// naive, about count²/4 per splitting digit). Cost: O(digits).
/// Example: octal_work_estimate(parse_octal("0.77"), 100, grundy_method::naive) == 5300.
long double octal_work_estimate(const octal_game& game, std::size_t count, grundy_method method);

/// One move in an octal game: remove `take` counters from a heap and leave
/// heaps of sizes `left` and `right` (0 means no heap; left <= right).
struct heap_move {
  std::size_t take = 0;
  std::uint64_t left = 0, right = 0;
};

}  // namespace exactdp
