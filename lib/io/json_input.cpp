// The strict JSON reader of the model files (exactdp/io/json_input.hpp): an
// iterative RFC 8259 parser that keeps every number's text.
#include "exactdp/io/json_input.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp {

namespace detail {

class json_parser {
 public:
  json_parser(std::string_view text, const std::string& source, std::size_t max_depth)
      : text_(text), source_(source), max_depth_(max_depth) {}

  // Two passes over the text: the first checks the syntax and counts the
  // elements of every array and object, the second builds the tree with
  // vectors of exactly that size, so the tree never holds growth slack.
  json_value parse() {
    counting_ = true;
    (void)pass();
    counting_ = false;
    pos_ = 0;
    line_ = 1;
    line_start_ = 0;
    counted_ = {0, 1};
    return pass();
  }

 private:
  struct open_container {
    json_value value;                                         // items and keys filled as they are read
    std::size_t slot = 0;                                     // its entry in counts_
    std::vector<std::pair<std::size_t, std::size_t>> key_at;  // the line and column of each key
  };

  json_value pass() {
    next_count_ = 0;
    line_start_ = pos_ = text_.size() - without_byte_order_mark(text_).size();  // after a byte-order mark
    skip_space();
    if (pos_ == text_.size()) fail("not valid JSON: the text is empty");
    // The value being read goes to the innermost open container, or is the
    // root when none is open.
    while (true) {
      json_value value;
      bool have_value = false;
      const char c = peek();
      if (c == '{' || c == '[') {
        if (open_.size() == max_depth_)
          fail("nested deeper than " + std::to_string(max_depth_) + " levels of arrays and objects");
        open(c == '{' ? json_value::kind::object : json_value::kind::array);
        ++pos_;
        skip_space();
        if (peek() == (c == '{' ? '}' : ']')) {
          ++pos_;
          value = close();
          have_value = true;
        } else if (c == '{') {
          read_key();
        }
      } else {
        value = scalar();
        have_value = true;
      }
      // Close every container the value completes, then continue with the
      // next member or element.
      while (have_value) {
        if (open_.empty()) {
          skip_space();
          if (pos_ != text_.size()) fail("not valid JSON: unexpected " + found() + " after the document's value");
          return value;
        }
        add(std::move(value));
        value = json_value();  // moved from: empty until the next value is read
        have_value = false;
        skip_space();
        const bool object = open_.back().value.kind_ == json_value::kind::object;
        const char end = object ? '}' : ']';
        if (peek() == ',') {
          ++pos_;
          skip_space();
          if (object) read_key();
        } else if (peek() == end) {
          ++pos_;
          value = close();
          have_value = true;
        } else {
          fail(std::string("not valid JSON: expected ',' or '") + end + "' after " +
               (object ? "an object member" : "an array element") + ", found " + found());
        }
      }
      skip_space();
    }
  }

  void open(json_value::kind kind) {
    open_.emplace_back();
    open_container& top = open_.back();
    top.value.kind_ = kind;
    top.value.line_ = static_cast<std::uint32_t>(line_);
    if (!counting_) top.value.column_ = static_cast<std::uint32_t>(column_at(pos_));
    if (counting_) {
      top.slot = counts_.size();
      counts_.push_back(0);
      return;
    }
    const std::size_t n = counts_[next_count_++];
    top.value.items_.reserve(n);
    if (kind == json_value::kind::object) {
      top.value.keys_.reserve(n);
      top.key_at.reserve(n);
    }
  }

  void add(json_value&& value) {
    if (counting_)
      ++counts_[open_.back().slot];
    else
      open_.back().value.items_.push_back(std::move(value));
  }

  [[noreturn]] void fail(const std::string& message) { fail_at(line_, column_at(pos_), message); }
  [[noreturn]] void fail_at(std::size_t line, std::size_t column, const std::string& message) const {
    throw std::invalid_argument(source_ + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message);
  }

  // The 1-based column, in characters (UTF-8 lead bytes), of `pos` on the
  // current line. Positions asked for only grow along a line, so the count
  // goes on from the last one: linear in all, also on one long line.
  std::size_t column_at(std::size_t pos) {
    if (counted_.first < line_start_ || counted_.first > pos) counted_ = {line_start_, 1};
    for (std::size_t i = counted_.first; i < pos && i < text_.size(); ++i)
      counted_.second += (static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80;
    counted_.first = pos;
    return counted_.second;
  }

  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

  std::string found() const {
    if (pos_ >= text_.size()) return "the end of the text";
    return quote_input(text_.substr(pos_, 1));
  }

  void skip_space() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++line_;
        line_start_ = pos_ + 1;
      } else if (c != ' ' && c != '\t' && c != '\r')
        return;
      ++pos_;
    }
  }

  void read_key() {
    if (peek() != '"') fail("not valid JSON: expected a key (a string in double quotes), found " + found());
    const std::size_t column = counting_ ? 0 : column_at(pos_);
    std::string key = string_body();
    if (!counting_) {
      open_container& top = open_.back();
      top.value.keys_.push_back(std::move(key));
      top.key_at.emplace_back(line_, column);
    }
    skip_space();
    if (peek() != ':') fail("not valid JSON: expected ':' after the key, found " + found());
    ++pos_;
    skip_space();
  }

  json_value close() {
    open_container top = std::move(open_.back());
    open_.pop_back();
    if (!counting_ && top.value.kind_ == json_value::kind::object) {
      const auto& keys = top.value.keys_;
      std::vector<std::size_t> order(keys.size());
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
      for (std::size_t i = 1; i < order.size(); ++i)
        if (keys[order[i - 1]] == keys[order[i]]) {
          const auto [line, column] = top.key_at[order[i]];
          fail_at(line, column,
                  "the key " + quote_input(keys[order[i]]) + " appears twice in one object (at " +
                      std::to_string(top.key_at[order[i - 1]].first) + ":" +
                      std::to_string(top.key_at[order[i - 1]].second) + " and " + std::to_string(line) + ":" +
                      std::to_string(column) + ")");
        }
    }
    return std::move(top.value);
  }

  json_value scalar() {
    json_value v;
    v.line_ = static_cast<std::uint32_t>(line_);
    if (!counting_) v.column_ = static_cast<std::uint32_t>(column_at(pos_));
    const char c = peek();
    if (c == '"') {
      v.kind_ = json_value::kind::string;
      v.text_ = string_body();
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      v.kind_ = json_value::kind::number;
      v.text_ = number_text();
    } else if (text_.substr(pos_, 4) == "true" || text_.substr(pos_, 5) == "false") {
      v.kind_ = json_value::kind::boolean;
      v.text_ = c == 't' ? "true" : "false";
      pos_ += v.text_.size();
    } else if (text_.substr(pos_, 4) == "null") {
      v.kind_ = json_value::kind::null;
      v.text_ = "null";
      pos_ += 4;
    } else {
      fail("not valid JSON: expected a value, found " + found());
    }
    return v;
  }

  std::string number_text() {
    const std::size_t start = pos_;
    auto digits = [&] {
      const std::size_t from = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ - from;
    };
    if (peek() == '-') ++pos_;
    if (peek() == '0') {
      ++pos_;
      if (peek() >= '0' && peek() <= '9')
        fail("not valid JSON: a number may not start with 0 (" + found() + " follows)");
    } else if (digits() == 0) {
      fail("not valid JSON: '-' must be followed by digits");
    }
    if (peek() == '.') {
      ++pos_;
      if (digits() == 0) fail("not valid JSON: a decimal point must be followed by digits");
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (digits() == 0) fail("not valid JSON: an exponent must have digits");
    }
    return std::string(text_.substr(start, pos_ - start));
  }

  // Reads a string starting at its opening quote; returns its decoded value
  // (UTF-8, validated).
  std::string string_body() {
    ++pos_;  // the opening quote
    std::string out;
    while (true) {
      const std::size_t from = pos_;  // the run of characters that stand for themselves, appended at once
      while (pos_ < text_.size()) {
        const auto c = static_cast<unsigned char>(text_[pos_]);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
        ++pos_;
      }
      out.append(text_.substr(from, pos_ - from));
      if (pos_ >= text_.size()) fail("not valid JSON: a string is not closed");
      const auto c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (c < 0x20) fail("not valid JSON: a control character " + found() + " inside a string (write it escaped)");
      if (c == '\\')
        escape(out);
      else
        utf8_sequence(out);
    }
  }

  void escape(std::string& out) {
    ++pos_;
    const char e = peek();
    ++pos_;
    switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        return;
      case 'b':
        out += '\b';
        return;
      case 'f':
        out += '\f';
        return;
      case 'n':
        out += '\n';
        return;
      case 'r':
        out += '\r';
        return;
      case 't':
        out += '\t';
        return;
      case 'u':
        break;
      default:
        --pos_;
        fail("not valid JSON: unknown escape \\" + std::string(found()));
    }
    std::uint32_t cp = hex4();
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (text_.substr(pos_, 2) != "\\u") fail("not valid JSON: a high surrogate \\u escape without its low half");
      pos_ += 2;
      const std::uint32_t low = hex4();
      if (low < 0xDC00 || low > 0xDFFF) fail("not valid JSON: a high surrogate \\u escape without its low half");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      fail("not valid JSON: a low surrogate \\u escape without its high half");
    }
    append_utf8(out, cp);
  }

  std::uint32_t hex4() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = peek();
      std::uint32_t d = 0;
      if (h >= '0' && h <= '9')
        d = static_cast<std::uint32_t>(h - '0');
      else if (h >= 'a' && h <= 'f')
        d = static_cast<std::uint32_t>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F')
        d = static_cast<std::uint32_t>(h - 'A' + 10);
      else
        fail("not valid JSON: \\u must be followed by four hexadecimal digits");
      v = v * 16 + d;
      ++pos_;
    }
    return v;
  }

  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // One multi-byte UTF-8 character (RFC 3629: no overlong forms, no
  // surrogates, nothing above U+10FFFF).
  void utf8_sequence(std::string& out) {
    const auto lead = static_cast<unsigned char>(text_[pos_]);
    std::size_t length = 0;
    std::uint32_t cp = 0, min = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2, cp = lead & 0x1Fu, min = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3, cp = lead & 0x0Fu, min = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4, cp = lead & 0x07u, min = 0x10000;
    } else {
      fail("not valid JSON: the byte " + found() + " is not UTF-8");
    }
    if (pos_ + length > text_.size()) fail("not valid JSON: a UTF-8 character is cut short");
    for (std::size_t i = 1; i < length; ++i) {
      const auto b = static_cast<unsigned char>(text_[pos_ + i]);
      if ((b & 0xC0) != 0x80) fail("not valid JSON: a UTF-8 character is cut short");
      cp = (cp << 6) | (b & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      fail("not valid JSON: an invalid UTF-8 sequence " + quote_input(text_.substr(pos_, length)));
    out.append(text_.substr(pos_, length));
    pos_ += length;
  }

  std::string_view text_;
  const std::string& source_;
  std::size_t max_depth_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t line_start_ = 0;                         // where the current line starts
  std::pair<std::size_t, std::size_t> counted_{0, 1};  // a position on the line and its column
  std::vector<open_container> open_;
  bool counting_ = false;
  std::vector<std::size_t> counts_;  // elements of each array and object, in the order they open
  std::size_t next_count_ = 0;

 public:
};

}  // namespace detail

const json_value* json_value::find(std::string_view key) const noexcept {
  for (std::size_t i = 0; i < keys_.size(); ++i)
    if (keys_[i] == key) return &items_[i];
  return nullptr;
}

std::string json_value::describe() const {
  switch (kind_) {
    case kind::null:
      return "null";
    case kind::boolean:
      return text_;
    case kind::number:
      return "the number " + quote_input(text_, 60);
    case kind::string:
      return "the string " + quote_input(text_, 60);
    case kind::array:
      return "an array";
    case kind::object:
      return "an object";
  }
  return "a value";
}

std::string_view without_byte_order_mark(std::string_view text) noexcept {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  return text;
}

bool opens_json_object(std::string_view text) noexcept {
  text = without_byte_order_mark(text);
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{';
}

json_document::json_document(std::string_view text, std::string source, std::size_t max_depth)
    : source_(std::move(source)) {
  // The tree at worst: a value and a key for each mark that can open one
  // (every value but the first follows a ',', ':', '[' or '{'), and the
  // text's bytes again for the strings and numbers it keeps. A document of
  // long strings (a certificate's values) costs its text, not 48 times it.
  std::size_t marks = 1;
  for (const char c : text) marks += c == ',' || c == ':' || c == '[' || c == '{';
  check_state_budget("the JSON text of " + source_,
                     static_cast<long double>(text.size()) +
                         static_cast<long double>(marks) * (sizeof(json_value) + sizeof(std::string)),
                     1, "bytes");
  detail::json_parser parser(text, source_, max_depth);
  // Every number is read exactly later, JSON numbers and strings such as
  // "1e-5" alike.
  check_numbers_budget(text, source_);
  root_ = parser.parse();
}

std::string json_document::where(const json_value& at) const {
  return source_ + ":" + std::to_string(at.line()) + ":" + std::to_string(at.column());
}

void json_document::fail(const json_value& at, const std::string& message) const {
  throw std::invalid_argument(where(at) + ": " + message);
}

void json_document::expect_object(const json_value& v, std::string_view what) const {
  if (!v.is(json_value::kind::object)) fail(v, std::string(what) + " must be an object, not " + v.describe());
}

void json_document::expect_object(const json_value& v, std::string_view what,
                                  std::initializer_list<std::string_view> allowed) const {
  expect_object(v, what);
  for (std::size_t i = 0; i < v.keys().size(); ++i) {
    const std::string& key = v.keys()[i];
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string list;
    for (const std::string_view k : allowed) list += (list.empty() ? "" : ", ") + std::string(k);
    fail(v.items()[i],
         "unknown key " + quote_input(key, 60) + " in " + std::string(what) + " (the keys are " + list + ")");
  }
}

void json_document::expect_array(const json_value& v, std::string_view what) const {
  if (!v.is(json_value::kind::array)) fail(v, std::string(what) + " must be an array, not " + v.describe());
}

const std::string& json_document::expect_string(const json_value& v, std::string_view what) const {
  if (!v.is(json_value::kind::string)) fail(v, std::string(what) + " must be a string, not " + v.describe());
  return v.text();
}

Rational json_document::read_number(const json_value& v, std::string_view what) const {
  if (!v.is(json_value::kind::number) && !v.is(json_value::kind::string))
    fail(v, std::string(what) + " must be a number or a string such as \"1/6\", not " + v.describe());
  try {
    return parse_rational(v.text());
  } catch (const std::invalid_argument& e) {
    fail(v, std::string(what) + ": " + e.what());
  }
}

BigInt json_document::read_integer_in(const json_value& v, std::string_view what, const BigInt& lo,
                                      const BigInt& hi) const {
  const std::string range = describe_bound(lo) + ".." + describe_bound(hi);
  if (!v.is(json_value::kind::number))
    fail(v, std::string(what) + " must be an integer in " + range + ", not " + v.describe());
  Rational q;
  try {
    q = parse_rational(v.text());
  } catch (const std::invalid_argument& e) {  // an exponent past the reader's limit
    fail(v, std::string(what) + ": " + e.what());
  }
  if (denominator(q) != 1 || numerator(q) < lo || numerator(q) > hi)
    fail(v, std::string(what) + " must be an integer in " + range + ", not " + v.describe());
  return numerator(q);
}

}  // namespace exactdp
