// The PRISM language's tokens and expression syntax, shared by the model
// parser (prism.cpp) and the properties parser (properties.cpp); and the
// compilation of syntax trees into the symbolic model's expression pool.
// Internal to lib/lang.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/lang/model.hpp"
#include "exactdp/lang/prism.hpp"

namespace exactdp::lang::detail {

enum class tok : std::uint8_t { ident, integer, decimal, string, punct, end };

struct token {
  tok kind = tok::end;
  std::string_view text;  // for strings: without the quotes
  position pos;
};

struct comment {
  std::string_view text;  // after "//"
  position pos;
};

/// Splits a PRISM model or properties file into tokens; comments are kept
/// aside (for the RESULT lines of properties files).
/// Throws std::invalid_argument "file:line:column: ..." for a character that
/// starts no token or a string without its closing quote.
void tokenize(std::string_view text, const std::string& file, std::vector<token>& out, std::vector<comment>& comments);

/// The kinds of syntax tree nodes: an operator of model.hpp, or one of these.
enum class syn : std::uint8_t { op, number, boolean, ident, label, query, filter };

/// A property operator P, R, S or T with its path formula (properties only).
struct query_syntax {
  char letter = 'P';               // P, R, S, T
  int optimum = 0;                 // 0 none, 1 max, -1 min
  std::string reward;              // R{"name"}; empty: the first structure, or the one of reward_number
  std::int64_t reward_number = 0;  // R{k}: the k-th structure, 1-based (the PRISM manual); 0: none given
  position reward_pos;
  std::string compare;        // "=?" or "<", "<=", ">", ">="
  int bound = -1;             // the bound's syntax node, or -1
  char path = 'F';            // F, G, X, U, C (cumulative), I (instantaneous), S (state formula of S)
  int step_bound = -1;        // F<=k, U<=k, G<=k, C<=k, I=k: the node of k, or -1
  int left = -1, right = -1;  // operands (U: both; F, G, X, S: right)
};

/// A node of a syntax tree, in a flat vector (children are indices).
struct syntax_node {
  syn kind = syn::op;
  op oper = op::constant;
  position pos;
  std::string name;       // ident, label, filter's operator
  Rational number;        // number literal
  bool integer = false;   // number: an integer literal
  bool value = false;     // boolean literal
  std::vector<int> kids;  // operands; filter: {property, states or -1}
  int query = -1;         // index into parser::queries
};

/// A recursive-descent parser of PRISM expressions over a token vector,
/// with a nesting limit (max_expression_depth).
class parser {
 public:
  parser(std::vector<token> tokens, std::string file, bool properties)
      : tokens_(std::move(tokens)), file_(std::move(file)), properties_(properties) {}

  std::vector<syntax_node> nodes;
  std::vector<query_syntax> queries;

  const token& peek(std::size_t ahead = 0) const { return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)]; }
  const token& next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  bool at_end() const { return peek().kind == tok::end; }
  /// The index of the next token, and a token by index (for the text of a property).
  std::size_t cursor() const { return pos_; }
  const token& token_at(std::size_t i) const { return tokens_[i]; }
  bool is(std::string_view punct_or_word, std::size_t ahead = 0) const {
    const token& t = peek(ahead);
    return (t.kind == tok::punct || t.kind == tok::ident) && t.text == punct_or_word;
  }
  bool accept(std::string_view p) {
    if (!is(p)) return false;
    next();
    return true;
  }
  void expect(std::string_view p, std::string_view what = {});
  std::string ident(std::string_view what);
  std::string string_literal(std::string_view what);
  [[noreturn]] void fail(position p, const std::string& message) const;
  [[noreturn]] void fail_here(const std::string& message) const;
  /// "the token 'x'" or "the end of the file", for messages.
  std::string describe(const token& t) const;
  const std::string& file() const { return file_; }

  /// Parses an expression (a property operator too, in properties mode).
  int expression();

 private:
  int add(syntax_node n);
  int ite();
  int implies();
  int iff();
  int disjunction();
  int conjunction();
  int negation();
  int relation();
  int sum();
  int product();
  int unary();
  int primary();
  int query_operator(const token& t);
  int path(query_syntax& q);
  struct depth_guard {
    parser& p;
    explicit depth_guard(parser& pp);
    ~depth_guard() { --p.depth_; }
  };

  std::vector<token> tokens_;
  std::string file_;
  bool properties_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

/// How a name resolves while compiling: a compiled expression, or nullopt
/// when the name is unknown.
using name_lookup = std::function<std::optional<expr>(const std::string& name, position pos)>;

/// What follows "undefined name 'x'" in a message for the name x: "" or
/// "; did you mean ...?" (name_suggestion).
using name_hint = std::function<std::string(const std::string& name)>;

/// Compiles syntax node `n` into the pool, type-checking it and folding
/// constant parts: identifiers through `lookup`, labels "x" through `label`
/// (may be empty: labels are then refused). Throws std::invalid_argument
/// "file:line:column: ..." for an unknown name (followed by `hint`'s words,
/// when given), a type error, a property operator where a value is needed,
/// or a constant part that fails to evaluate.
expr compile(const std::vector<syntax_node>& nodes, int n, expression_pool& pool, const name_lookup& lookup,
             const name_lookup& label, const name_hint& hint = {}, int depth = 0);

/// "; did you mean the label "x" (labels are written in double quotes)?"
/// when `name` is a label's name or close to one (closest_name), else
/// "; did you mean 'y'?" for the closest of `names` (variables, constants,
/// formulas), else "". A name equal to a label is told first; a name of one
/// character gets no other guess. Cost:
/// closest_name's.
std::string name_suggestion(const std::string& name, const std::vector<std::string>& names,
                            const std::vector<std::string>& labels);

/// name_suggestion(name, the keys of `maps`, no labels): "; did you mean
/// 'x'?" for an undefined name, or "". Cost: closest_name's over the keys.
/// Example: did_you_mean("x22", std::map<std::string, int>{{"x2", 0}}) == "; did you mean 'x2'?".
template <class... Maps>
std::string did_you_mean(const std::string& name, const Maps&... maps) {
  std::vector<std::string> names;
  (..., [&] {
    for (const auto& named : maps) names.push_back(named.first);
  }());
  return name_suggestion(name, names, {});
}

/// `left R right` (R one of lt, le, gt, ge) when one side is a square root
/// pow(a, 1/2): the same comparison without the root (sqrt(a) >= b is
/// b <= 0 | a >= b*b, ...), so that it is decided exactly; nullopt when
/// neither side is one. (Mirollo-Strogatz oscillator models compare an
/// order parameter, a square root, with a constant.)
std::optional<expr> compare_square_root(expression_pool& pool, op o, expr left, expr right, position pos);

/// Checks that e has type `want` (int may stand for double), else throws
/// "file:line:column: WHAT must be WANT, not TYPE".
void expect_type(const expression_pool& pool, expr e, value_type want, const std::string& what);

/// The text given on the command line for the constant `name` (--const
/// name=text), or nullptr when none was given. Cost: O(constants given).
const std::string* given_text(const constant_values& given, const std::string& name);

/// The expression of a constant whose value was given on the command line:
/// `text` read as a bool (true or false, any case) or as an exact number
/// ("3", "0.5", "1/3", "2e-3"); a bool is typed bool, an int constant needs
/// an integer within int64, a double one takes any number. The one rule of
/// the PRISM model, its properties and JANI. Throws std::invalid_argument
/// "the value given to the constant 'NAME': ..." for text that is no number,
/// or "the constant 'NAME' is an int, not 'TEXT'" ("... is outside the int range"). A bool given to a number
/// (or the reverse) is left to the caller's type check. Cost: parsing text.
expr given_constant(expression_pool& pool, const std::string& name, const std::string& text, value_type type,
                    position pos);

/// Why a filter cannot take its property, or "": count, forall and exists
/// count the states where a bound holds, so their property needs one
/// (P>=0.5 [ ... ]), not a value (=?), as in PRISM and JANI (whose count,
/// ∀ and ∃ take Boolean values). The one rule of both front ends.
std::string filter_operand_error(const std::string& filter, bool numeric);

}  // namespace exactdp::lang::detail
