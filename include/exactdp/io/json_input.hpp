// exactdp/io/json_input.hpp: the one strict reader of JSON model files.
//
// Every JSON model (Markov chains, expectiminimax graphs, retrograde game
// graphs, decision processes) is read here, so they share one set of rules:
//   - strict RFC 8259 JSON: UTF-8 only, no comments, no trailing commas;
//     a leading UTF-8 byte-order mark is skipped (without_byte_order_mark);
//   - every number is kept as the text it was written in and read exactly
//     from that text later, whatever its size (1e400 and 2^70 are numbers
//     like any other; no number ever passes through a double);
//   - a key repeated in one object is an error naming both places;
//   - nesting deeper than a stated limit (json_max_depth) is refused when it
//     is met, before anything recurses; the tree is built without recursion;
//   - the text is checked against the state budget before it is parsed;
//   - every error is one line, "SOURCE:LINE:COLUMN: message" (the column
//     counts characters from 1; a minified document is one long line), and
//     echoes at most about 200 characters of input, escaped.
// The readers add their own rules with json_document's typed accessors
// (unknown keys refused, types checked, integers in a range).
//
// Why not nlohmann_json or RapidJSON for reading: both refuse a number
// beyond double's range (1e400, a 400-digit integer) before they hand its
// text to the caller. They remain in use for writing (the tool's --json).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// The deepest nesting of arrays and objects a JSON model may have. Models
/// need at most 5 levels; anything deeper is refused at the level where it
/// happens.
inline constexpr std::size_t json_max_depth = 64;

/// Bytes of memory a parsed document may take per byte of its text, at
/// worst: "1," is one value of 96 bytes (the tree is built with vectors of
/// exactly the right size); used for the state budget check.
inline constexpr std::size_t json_bytes_per_byte = 48;

namespace detail {
class json_parser;
}

/// One value of a JSON document read by json_document. Read-only.
class json_value {
 public:
  enum class kind : std::uint8_t { null, boolean, number, string, array, object };

  kind type() const noexcept { return kind_; }
  bool is(kind k) const noexcept { return kind_ == k; }
  /// 1-based line of the value in its document (where it starts: a JSON
  /// string or number never spans lines).
  std::size_t line() const noexcept { return line_; }
  /// 1-based column, in characters, where the value starts on its line.
  std::size_t column() const noexcept { return column_; }
  /// A number's text as written ("1e400", "-0.5"), a string's decoded value,
  /// "true"/"false" for booleans, "null" for null.
  const std::string& text() const noexcept { return text_; }
  /// The elements of an array, or the member values of an object, in
  /// document order; empty for the other kinds.
  const std::vector<json_value>& items() const noexcept { return items_; }
  /// The member keys of an object, parallel to items(); empty otherwise.
  const std::vector<std::string>& keys() const noexcept { return keys_; }
  /// The member called `key`, or nullptr (also for a non-object).
  /// Cost: linear in the number of members.
  const json_value* find(std::string_view key) const noexcept;
  /// Words for a message: "an object", "an array", "the number 1.5", "the
  /// string 'abc'" (quoted and cut as quote_input does), "true", "null".
  std::string describe() const;

 private:
  friend class detail::json_parser;
  kind kind_ = kind::null;
  std::uint32_t line_ = 0;
  std::uint32_t column_ = 0;
  std::string text_;
  std::vector<json_value> items_;
  std::vector<std::string> keys_;
};
static_assert(sizeof(json_value) <= 2 * json_bytes_per_byte, "json_bytes_per_byte assumes a value of 96 bytes or less");

/// `text` without a leading UTF-8 byte-order mark (EF BB BF), which every
/// JSON input may begin with (RFC 8259 lets a reader ignore it; JANI files
/// often have one); `text` itself without one. Cost: O(1).
/// Example: without_byte_order_mark("\xEF\xBB\xBF{}") == "{}".
std::string_view without_byte_order_mark(std::string_view text) noexcept;

/// Whether `text` is a JSON object by its first mark: '{' after a
/// byte-order mark and white space. How every JSON input is told from the
/// other formats (detect_model_format, looks_like_jani, values from
/// elsewhere, is_certificate). Cost: O(leading white space).
/// Example: opens_json_object("\xEF\xBB\xBF {\"a\": 1}") is true, opens_json_object("0 1 1/2") false.
bool opens_json_object(std::string_view text) noexcept;

/// A JSON document read strictly (see the file comment), with typed
/// accessors whose errors all read "SOURCE:LINE:COLUMN: WHAT must be ..., not ...".
class json_document {
 public:
  /// Parses `text`. `source` names it in messages (a file name, "standard
  /// input"). Throws std::invalid_argument "SOURCE:LINE:COLUMN: not valid
  /// JSON: ..." for a syntax error, "... nested deeper than N levels" past
  /// `max_depth`, "... the key 'k' appears twice in one object (at L1:C1
  /// and L2:C2)"; resource_error when the tree (a value and a key for each , : [ {
  /// and the text again) would pass the state budget. Cost: linear (plus
  /// O(k log k) per object of k keys for the duplicate check); no recursion.
  json_document(std::string_view text, std::string source, std::size_t max_depth = json_max_depth);

  const json_value& root() const noexcept { return root_; }
  const std::string& source() const noexcept { return source_; }

  /// "SOURCE:LINE:COLUMN" of `at`, the place every message names. Cost: O(1).
  /// Example: for d = json_document("{\"a\": 1}", "f"), d.where(*d.root().find("a")) == "f:1:7".
  std::string where(const json_value& at) const;
  /// Throws std::invalid_argument "SOURCE:LINE:COLUMN: message" with the position of `at`.
  [[noreturn]] void fail(const json_value& at, const std::string& message) const;

  /// Checks that `v` is an object ("WHAT must be an object, not ...").
  void expect_object(const json_value& v, std::string_view what) const;
  /// Checks that `v` is an object whose keys are all in `allowed`. Throws
  /// "WHAT must be an object, not ..." or "unknown key 'k' in WHAT (the keys
  /// are a, b, c)" at the key's line.
  void expect_object(const json_value& v, std::string_view what, std::initializer_list<std::string_view> allowed) const;
  /// Checks that `v` is an array ("WHAT must be an array, not ...").
  void expect_array(const json_value& v, std::string_view what) const;
  /// The value of a string ("WHAT must be a string, not ...").
  const std::string& expect_string(const json_value& v, std::string_view what) const;
  /// An exact number: a JSON number, or a string such as "1/6" or "0.1",
  /// read exactly from its text (parse_rational). Throws "WHAT must be a
  /// number or a string such as \"1/6\", not ..." or the reason the text is
  /// not a number.
  Rational read_number(const json_value& v, std::string_view what) const;
  /// An integer lo <= n <= hi written as a JSON number (1e2 is 100; 1.5 is
  /// refused). Throws "WHAT must be an integer in LO..HI, not ...".
  template <std::integral I>
  I read_integer(const json_value& v, std::string_view what, I lo, I hi) const {
    return static_cast<I>(read_integer_in(v, what, BigInt(lo), BigInt(hi)));
  }

 private:
  BigInt read_integer_in(const json_value& v, std::string_view what, const BigInt& lo, const BigInt& hi) const;
  std::string source_;
  json_value root_;
};

}  // namespace exactdp
