// PRISM tokens, expressions and their compilation (syntax.hpp).
#include "syntax.hpp"

#include <algorithm>
#include <cctype>

#include "exactdp/io/parse.hpp"

namespace exactdp::lang::detail {

namespace {

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

void tokenize(std::string_view text, const std::string& file, std::vector<token>& out, std::vector<comment>& comments) {
  std::uint32_t line = 1;
  std::size_t line_start = 0;
  std::size_t i = 0;
  const std::size_t n = text.size();
  auto here = [&](std::size_t at) { return position{line, static_cast<std::uint32_t>(at - line_start + 1)}; };
  static constexpr std::string_view puncts[] = {"<=>", "=>", "->", "..", "<=", ">=", "!=", "=", "<", ">",
                                                "(",   ")",  "[",  "]",  "{",  "}",  ";",  ":", ",", "+",
                                                "-",   "*",  "/",  "!",  "&",  "|",  "?",  "'", "^"};
  while (i < n) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      line_start = ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      std::size_t e = i;
      while (e < n && text[e] != '\n') ++e;
      comments.push_back({text.substr(i + 2, e - i - 2), here(i)});
      i = e;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      const position start = here(i);
      i += 2;
      while (i + 1 < n && !(text[i] == '*' && text[i + 1] == '/')) {
        if (text[i] == '\n') {
          ++line;
          line_start = i + 1;
        }
        ++i;
      }
      if (i + 1 >= n) throw std::invalid_argument(where(file, start) + ": a comment /* ... without its closing */");
      i += 2;
      continue;
    }
    const position p = here(i);
    if (ident_start(c)) {
      std::size_t e = i;
      while (e < n && ident_char(text[e])) ++e;
      out.push_back({tok::ident, text.substr(i, e - i), p});
      i = e;
      continue;
    }
    if (digit(c) || (c == '.' && i + 1 < n && digit(text[i + 1]))) {
      std::size_t e = i;
      bool decimal = false;
      while (e < n && digit(text[e])) ++e;
      if (e + 1 < n && text[e] == '.' && digit(text[e + 1])) {
        decimal = true;
        ++e;
        while (e < n && digit(text[e])) ++e;
      }
      if (e < n && (text[e] == 'e' || text[e] == 'E')) {
        std::size_t f = e + 1;
        if (f < n && (text[f] == '+' || text[f] == '-')) ++f;
        if (f < n && digit(text[f])) {
          decimal = true;
          e = f;
          while (e < n && digit(text[e])) ++e;
        }
      }
      out.push_back({decimal ? tok::decimal : tok::integer, text.substr(i, e - i), p});
      i = e;
      continue;
    }
    if (c == '"') {
      std::size_t e = i + 1;
      while (e < n && text[e] != '"' && text[e] != '\n') ++e;
      if (e >= n || text[e] != '"') throw std::invalid_argument(where(file, p) + ": a string without its closing \"");
      out.push_back({tok::string, text.substr(i + 1, e - i - 1), p});
      i = e + 1;
      continue;
    }
    bool found = false;
    for (const std::string_view q : puncts) {
      if (text.substr(i, q.size()) == q) {
        out.push_back({tok::punct, text.substr(i, q.size()), p});
        i += q.size();
        found = true;
        break;
      }
    }
    if (!found)
      throw std::invalid_argument(where(file, p) + ": unexpected character " + quote_input(text.substr(i, 1)));
  }
  out.push_back({tok::end, {}, here(i)});
}

// ---- the parser ----

parser::depth_guard::depth_guard(parser& pp) : p(pp) {
  if (++p.depth_ > max_expression_depth)
    p.fail_here("expressions nested more than " + std::to_string(max_expression_depth) + " deep");
}

void parser::fail(position p, const std::string& message) const {
  throw std::invalid_argument(where(file_, p) + ": " + message);
}

std::string parser::describe(const token& t) const {
  if (t.kind == tok::end) return "the end of the file";
  if (t.kind == tok::string) return "the string " + quote_input("\"" + std::string(t.text) + "\"", 60);
  return quote_input(t.text, 60);
}

void parser::fail_here(const std::string& message) const { fail(peek().pos, message + ", at " + describe(peek())); }

void parser::expect(std::string_view p, std::string_view what) {
  if (accept(p)) return;
  const std::string message =
      "expected '" + std::string(p) + "'" + (what.empty() ? std::string() : " " + std::string(what));
  // A ';' missing at the end of a line is told there, just after the line's
  // last token, not at the next line's first.
  if (p == ";" && pos_ > 0 && tokens_[pos_ - 1].pos.line < peek().pos.line) {
    const token& last = tokens_[pos_ - 1];
    const position end{last.pos.line, last.pos.column + static_cast<std::uint32_t>(last.text.size()) +
                                          (last.kind == tok::string ? 2u : 0u)};
    fail(end, message + " at the end of the line (the next line starts with " + describe(peek()) + ")");
  }
  fail_here(message);
}

std::string parser::ident(std::string_view what) {
  if (peek().kind != tok::ident) fail_here("expected " + std::string(what));
  return std::string(next().text);
}

std::string parser::string_literal(std::string_view what) {
  if (peek().kind != tok::string) fail_here("expected " + std::string(what));
  return std::string(next().text);
}

int parser::add(syntax_node n) {
  nodes.push_back(std::move(n));
  return static_cast<int>(nodes.size() - 1);
}

int parser::expression() {
  depth_guard g(*this);
  return ite();
}

namespace {
syntax_node op_node(op o, position p, std::vector<int> kids) {
  syntax_node n;
  n.kind = syn::op;
  n.oper = o;
  n.pos = p;
  n.kids = std::move(kids);
  return n;
}
}  // namespace

int parser::ite() {
  const int c = implies();
  if (!is("?")) return c;
  const position p = next().pos;
  const int a = expression();
  expect(":", "in the conditional c ? a : b");
  const int b = expression();
  return add(op_node(op::ite, p, {c, a, b}));
}

int parser::implies() {
  const int a = iff();
  if (!is("=>")) return a;
  const position p = next().pos;
  depth_guard g(*this);
  const int b = implies();  // right associative
  return add(op_node(op::implies, p, {a, b}));
}

int parser::iff() {
  int a = disjunction();
  for (int chain = depth_; is("<=>");) {
    const position p = next().pos;
    a = add(op_node(op::iff, p, {a, disjunction()}));
    if (++chain > max_expression_depth) fail(p, "too many <=> in a row");
  }
  return a;
}

int parser::disjunction() {
  const int a = conjunction();
  if (!is("|")) return a;
  std::vector<int> kids{a};
  const position p = peek().pos;
  while (accept("|")) kids.push_back(conjunction());
  return add(op_node(op::or_, p, std::move(kids)));
}

int parser::conjunction() {
  const int a = negation();
  if (!is("&")) return a;
  std::vector<int> kids{a};
  const position p = peek().pos;
  while (accept("&")) kids.push_back(negation());
  return add(op_node(op::and_, p, std::move(kids)));
}

int parser::negation() {
  if (!is("!")) return relation();
  const position p = next().pos;
  depth_guard g(*this);
  return add(op_node(op::not_, p, {negation()}));
}

int parser::relation() {
  const int a = sum();
  static constexpr std::pair<std::string_view, op> rel[] = {{"=", op::eq},  {"!=", op::ne}, {"<", op::lt},
                                                            {"<=", op::le}, {">", op::gt},  {">=", op::ge}};
  for (const auto& [text, o] : rel) {
    if (is(text)) {
      const position p = next().pos;
      if (o == op::eq && is("="))
        fail(p, "'==' is not PRISM's: equality is a single '=' (x=1), and '!=' is its negation");
      const int b = sum();
      return add(op_node(o, p, {a, b}));
    }
  }
  return a;
}

int parser::sum() {
  const int a = product();
  if (!is("+") && !is("-")) return a;
  std::vector<int> kids{a};
  const position p = peek().pos;
  while (is("+") || is("-")) {
    const token t = next();
    const int b = product();
    kids.push_back(t.text == "+" ? b : add(op_node(op::neg, t.pos, {b})));
  }
  return add(op_node(op::add, p, std::move(kids)));
}

int parser::product() {
  int a = unary();
  for (int chain = depth_; is("*") || is("/");) {
    if (is("/")) {
      const position p = next().pos;
      a = add(op_node(op::div, p, {a, unary()}));
      if (++chain > max_expression_depth) fail(p, "too many divisions in a row");
      continue;
    }
    std::vector<int> kids{a};
    const position p = peek().pos;
    while (accept("*")) kids.push_back(unary());
    a = add(op_node(op::mul, p, std::move(kids)));
  }
  return a;
}

int parser::unary() {
  if (!is("-")) return primary();
  const position p = next().pos;
  depth_guard g(*this);
  return add(op_node(op::neg, p, {unary()}));
}

int parser::primary() {
  const token& t = peek();
  if (t.kind == tok::integer || t.kind == tok::decimal) {
    next();
    syntax_node n;
    n.kind = syn::number;
    n.pos = t.pos;
    n.integer = t.kind == tok::integer;
    try {
      n.number = parse_rational(t.text);
    } catch (const std::invalid_argument& e) {
      fail(t.pos, e.what());
    }
    return add(std::move(n));
  }
  if (t.kind == tok::string) {
    if (!properties_) fail_here("a label name is only allowed in properties");
    next();
    syntax_node n;
    n.kind = syn::label;
    n.pos = t.pos;
    n.name = std::string(t.text);
    return add(std::move(n));
  }
  if (accept("(")) {
    const int e = expression();
    expect(")", "closing the parenthesis");
    return e;
  }
  if (t.kind != tok::ident) fail_here("expected an expression");
  if (t.text == "true" || t.text == "false") {
    next();
    syntax_node n;
    n.kind = syn::boolean;
    n.pos = t.pos;
    n.value = t.text == "true";
    return add(std::move(n));
  }
  static constexpr std::pair<std::string_view, op> functions[] = {
      {"min", op::min_},     {"max", op::max_}, {"floor", op::floor_}, {"ceil", op::ceil_},
      {"round", op::round_}, {"pow", op::pow_}, {"mod", op::mod_},     {"log", op::log_}};
  for (const auto& [name, o] : functions) {
    if (t.text == name && is("(", 1)) {
      const token f = next();
      next();
      std::vector<int> kids{expression()};
      while (accept(",")) kids.push_back(expression());
      expect(")", "closing the arguments of " + std::string(name));
      const bool nary = o == op::min_ || o == op::max_;
      const std::size_t want = o == op::floor_ || o == op::ceil_ || o == op::round_ ? 1 : 2;
      if (nary ? kids.size() < 2 : kids.size() != want)
        fail(f.pos, std::string(name) + " takes " + (nary ? "two or more" : std::to_string(want)) + " argument" +
                        (want == 1 && !nary ? "" : "s") + ", not " + std::to_string(kids.size()));
      return add(op_node(o, f.pos, std::move(kids)));
    }
  }
  if (properties_) {
    if (t.text == "filter" && is("(", 1)) {
      next();
      next();
      syntax_node n;
      n.kind = syn::filter;
      n.pos = t.pos;
      n.name = ident("a filter operator (max, min, avg, sum, count, forall, exists, first, print)");
      expect(",", "after the filter's operator");
      n.kids.push_back(expression());
      n.kids.push_back(accept(",") ? expression() : -1);
      expect(")", "closing the filter");
      return add(std::move(n));
    }
    static constexpr std::string_view letters[] = {"P", "Pmax", "Pmin", "R", "Rmax", "Rmin", "S", "T", "Tmax", "Tmin"};
    for (const std::string_view l : letters)
      if (t.text == l && (is("=", 1) || is("<", 1) || is("<=", 1) || is(">", 1) || is(">=", 1) || is("{", 1) ||
                          is("max", 1) || is("min", 1)))
        return query_operator(next());
    if ((t.text == "Smax" || t.text == "Smin") &&
        (is("=", 1) || is("<", 1) || is("<=", 1) || is(">", 1) || is(">=", 1)))
      fail_here(std::string(t.text) + " (an MDP's long-run probability) is not supported: S is, on a DTMC");
    if (t.text == "E" || t.text == "A" || t.text == "Pmax" || t.text == "Rmax")
      fail_here("this operator is not supported");
  }
  next();
  syntax_node n;
  n.kind = syn::ident;
  n.pos = t.pos;
  n.name = std::string(t.text);
  if (is("'")) fail(t.pos, "a primed variable " + quote_input(n.name + "'", 60) + " outside an update");
  return add(std::move(n));
}

int parser::query_operator(const token& t) {
  query_syntax q;
  q.letter = t.text[0];
  if (t.text.size() > 1) q.optimum = t.text.substr(1) == "max" ? 1 : -1;
  if (q.letter == 'R' && accept("{")) {
    q.reward_pos = peek().pos;
    if (peek().kind == tok::string) {
      q.reward = std::string(next().text);
    } else if (peek().kind == tok::integer) {
      try {
        q.reward_number = parse_integer<std::int64_t>(peek().text, "a reward structure's index", 1, INT64_MAX);
      } catch (const std::invalid_argument&) {
        fail(peek().pos, "a reward structure's index R{k} counts from 1, not " + quote_input(peek().text, 60));
      }
      next();
    } else {
      fail_here("expected a reward structure's name in quotes, R{\"name\"}, or its index from 1, R{1}");
    }
    expect("}", "closing R{...}");
  }
  if (q.optimum == 0 && (is("max") || is("min"))) q.optimum = next().text == "max" ? 1 : -1;
  if (accept("=")) {
    expect("?", "after '=' (P=? asks for the value)");
    q.compare = "=?";
  } else if (is("<") || is("<=") || is(">") || is(">=")) {
    q.compare = std::string(next().text);
    q.bound = sum();
  } else {
    fail_here("expected =? or a bound (<, <=, >, >=) after " + std::string(t.text));
  }
  expect("[", "opening the operator's formula");
  const int r = path(q);
  expect("]", "closing the operator's formula");
  syntax_node n;
  n.kind = syn::query;
  n.pos = t.pos;
  n.query = static_cast<int>(queries.size());
  queries.push_back(std::move(q));
  static_cast<void>(r);
  return add(std::move(n));
}

int parser::path(query_syntax& q) {
  depth_guard g(*this);
  auto step_bound = [&](const char* form) {
    if (is("^"))
      fail_here(std::string("a reward-bounded ") + form + " (Storm's " + form + "^{rew...}) is not supported");
    if (accept("<=")) {
      q.step_bound = sum();
    } else if (is("<")) {
      const position p = next().pos;
      // F<k is F<=k-1 over the integers.
      syntax_node one;
      one.kind = syn::number;
      one.integer = true;
      one.number = 1;
      one.pos = p;
      const int k = sum();
      const int o = add(std::move(one));
      q.step_bound = add(op_node(op::add, p, {k, add(op_node(op::neg, p, {o}))}));
    } else if (is(">") || is(">=") || is("[")) {
      fail_here(std::string("a lower or interval time bound on ") + form + " is not supported");
    }
  };
  if (q.letter == 'R' && is("S") && (is("]", 1) || is("=", 1)))
    fail_here("long-run rewards (R=? [ S ]) are not supported: R takes F phi, C<=k or I=k");
  if (q.letter == 'S') {
    q.path = 'S';
    q.right = expression();
    return q.right;
  }
  if (is("F") || is("G") || is("X")) {
    const token t = next();
    q.path = t.text[0];
    if (q.path != 'X') step_bound(q.path == 'F' ? "F" : "G");
    q.right = expression();
    return q.right;
  }
  if (is("C")) {
    next();
    q.path = 'C';
    if (!is("<=")) fail_here("only C<=k (the reward cumulated over k steps) is supported");
    next();
    q.step_bound = sum();
    return q.step_bound;
  }
  if (is("I")) {
    next();
    q.path = 'I';
    expect("=", "in I=k (the reward at step k)");
    q.step_bound = sum();
    return q.step_bound;
  }
  q.left = expression();
  if (is("U")) {
    next();
    q.path = 'U';
    step_bound("U");
    q.right = expression();
    return q.right;
  }
  if (is("W") || is("R")) fail_here("the weak until and release operators are not supported");
  fail_here("expected a path formula (F, G, X, U, C<=k, I=k)");
}

// ---- compilation ----

void expect_type(const expression_pool& pool, expr e, value_type want, const std::string& what) {
  const value_type t = pool.nodes[e].type;
  const bool ok = want == value_type::boolean   ? t == value_type::boolean
                  : want == value_type::integer ? t == value_type::integer
                                                : t != value_type::boolean;
  if (!ok)
    pool.fail(e, what + " must be " + (want == value_type::rational ? "a number" : to_string(want)) + ", not " +
                     (t == value_type::boolean   ? "a bool"
                      : t == value_type::integer ? "an int"
                                                 : "a double"));
}

namespace {

// a when e is pow(a, 1/2) (a square root), else nullopt.
std::optional<expr> square_root_of(const expression_pool& pool, expr e) {
  const expr_node& n = pool.nodes[e];
  if (n.kind != op::pow_) return std::nullopt;
  const expr x = pool.kids(e)[1];
  if (!pool.is_constant(x) || pool.nodes[x].type != value_type::rational) return std::nullopt;
  if (pool.rationals[pool.nodes[x].index] != Rational(1) / 2) return std::nullopt;
  return pool.kids(e)[0];
}

}  // namespace

std::optional<expr> compare_square_root(expression_pool& pool, op o, expr left, expr right, position pos) {
  // sqrt(a) R b, with sqrt(a) >= 0: decided exactly by a and b*b.
  std::optional<expr> a = square_root_of(pool, left);
  expr b = right;
  if (!a) {
    a = square_root_of(pool, right);
    if (!a) return std::nullopt;
    b = left;
    o = o == op::lt ? op::gt : o == op::le ? op::ge : o == op::gt ? op::lt : op::le;  // b R sqrt(a) is sqrt(a) R' b
  }
  const value_type B = value_type::boolean;
  const expr zero = pool.integer(0, value_type::integer, pos);
  const expr square = pool.fold(pool.add(op::mul, pool.nodes[b].type, pos, {b, b}));
  // (a is a sum of squares in those models; a negative a has no root, and
  // the comparisons below then read sqrt(a) as if it were |a|'s.)
  expr e;
  switch (o) {
    case op::ge:  // b <= 0 | a >= b^2
      e = pool.add(op::or_, B, pos, {pool.add(op::le, B, pos, {b, zero}), pool.add(op::ge, B, pos, {*a, square})});
      break;
    case op::gt:  // b < 0 | a > b^2
      e = pool.add(op::or_, B, pos, {pool.add(op::lt, B, pos, {b, zero}), pool.add(op::gt, B, pos, {*a, square})});
      break;
    case op::le:  // b >= 0 & a <= b^2
      e = pool.add(op::and_, B, pos, {pool.add(op::ge, B, pos, {b, zero}), pool.add(op::le, B, pos, {*a, square})});
      break;
    default:  // lt: b > 0 & a < b^2
      e = pool.add(op::and_, B, pos, {pool.add(op::gt, B, pos, {b, zero}), pool.add(op::lt, B, pos, {*a, square})});
      break;
  }
  return pool.fold(e);
}

std::string name_suggestion(const std::string& name, const std::vector<std::string>& names,
                            const std::vector<std::string>& labels) {
  const auto as_label = [](const std::string& l) {
    return "; did you mean the label \"" + name_text(l) + "\" (labels are written in double quotes)?";
  };
  if (std::find(labels.begin(), labels.end(), name) != labels.end()) return as_label(name);
  if (name.size() < 2) return "";  // every short name is one edit from a one-letter name: no guess
  std::vector<std::string> all = names;
  all.insert(all.end(), labels.begin(), labels.end());
  const std::string best = closest_name(name, all);
  if (best.empty()) return "";
  if (std::find(names.begin(), names.end(), best) == names.end()) return as_label(best);
  return "; did you mean " + quote_input(best, 60) + "?";
}

expr compile(const std::vector<syntax_node>& nodes, int n, expression_pool& pool, const name_lookup& lookup,
             const name_lookup& label, const name_hint& hint, int depth) {
  const syntax_node& s = nodes[n];
  if (depth > 4 * max_expression_depth)
    throw std::invalid_argument(where(pool.source, s.pos) +
                                ": expressions nested too deep once the formulas are expanded");
  switch (s.kind) {
    case syn::number:
      if (s.integer) {
        if (s.number > Rational(INT64_MAX))
          throw std::invalid_argument(where(pool.source, s.pos) + ": the integer " + message_text(s.number) +
                                      " does not fit in 64 bits");
        return pool.integer(static_cast<std::int64_t>(numerator(s.number)), value_type::integer, s.pos);
      }
      return pool.rational(s.number, s.pos);
    case syn::boolean:
      return pool.integer(s.value ? 1 : 0, value_type::boolean, s.pos);
    case syn::ident: {
      if (auto e = lookup(s.name, s.pos)) return *e;
      throw std::invalid_argument(where(pool.source, s.pos) + ": undefined name " + quote_input(s.name, 60) +
                                  (hint ? hint(s.name) : std::string()));
    }
    case syn::label: {
      if (label)
        if (auto e = label(s.name, s.pos)) return *e;
      throw std::invalid_argument(where(pool.source, s.pos) + ": undefined label " +
                                  quote_input("\"" + s.name + "\"", 60));
    }
    case syn::query:
    case syn::filter:
      throw std::invalid_argument(where(pool.source, s.pos) +
                                  ": a P, R, S, T operator or filter is only supported at the top of a property");
    case syn::op:
      break;
  }
  std::vector<expr> kids;
  kids.reserve(s.kids.size());
  for (const int k : s.kids) kids.push_back(compile(nodes, k, pool, lookup, label, hint, depth + 1));
  auto type = [&](std::size_t i) { return pool.nodes[kids[i]].type; };
  auto numeric = [&](const char* what) {
    value_type t = value_type::integer;
    for (std::size_t i = 0; i < kids.size(); ++i) {
      expect_type(pool, kids[i], value_type::rational, std::string("the operand of ") + what);
      if (type(i) == value_type::rational) t = value_type::rational;
    }
    return t;
  };
  auto booleans = [&](const char* what) {
    for (const expr k : kids) expect_type(pool, k, value_type::boolean, std::string("the operand of ") + what);
    return value_type::boolean;
  };
  value_type t = value_type::integer;
  switch (s.oper) {
    case op::ite:
      expect_type(pool, kids[0], value_type::boolean, "the condition of ? :");
      if ((type(1) == value_type::boolean) != (type(2) == value_type::boolean))
        pool.fail(kids[2], "the two branches of ? : must both be bool or both be numbers");
      t = type(1) == value_type::boolean                                       ? value_type::boolean
          : type(1) == value_type::rational || type(2) == value_type::rational ? value_type::rational
                                                                               : value_type::integer;
      break;
    case op::implies:
      t = booleans("=>");
      break;
    case op::iff:
      t = booleans("<=>");
      break;
    case op::or_:
      t = booleans("|");
      break;
    case op::and_:
      t = booleans("&");
      break;
    case op::not_:
      t = booleans("!");
      break;
    case op::eq:
    case op::ne:
      if ((type(0) == value_type::boolean) != (type(1) == value_type::boolean))
        pool.fail(kids[1], "a comparison of a bool with a number");
      t = value_type::boolean;
      break;
    case op::lt:
    case op::le:
    case op::gt:
    case op::ge:
      numeric("a comparison");
      if (const std::optional<expr> e = compare_square_root(pool, s.oper, kids[0], kids[1], s.pos)) return *e;
      t = value_type::boolean;
      break;
    case op::add:
      t = numeric("+ or -");
      break;
    case op::mul:
      t = numeric("*");
      break;
    case op::neg:
      t = numeric("unary -");
      break;
    case op::div:
      numeric("/");
      t = value_type::rational;
      break;
    case op::min_:
      t = numeric("min");
      break;
    case op::max_:
      t = numeric("max");
      break;
    case op::floor_:
    case op::ceil_:
    case op::round_:
      numeric("floor, ceil or round");
      t = value_type::integer;
      break;
    case op::pow_:
      t = numeric("pow");
      break;
    case op::mod_:
      for (const expr k : kids) expect_type(pool, k, value_type::integer, "the operand of mod");
      t = value_type::integer;
      break;
    case op::log_:
      numeric("log");
      t = value_type::rational;
      break;
    default:
      break;
  }
  return pool.fold(pool.add(s.oper, t, s.pos, kids));
}

const std::string* given_text(const constant_values& given, const std::string& name) {
  const auto g = std::find_if(given.begin(), given.end(), [&](const auto& c) { return c.first == name; });
  return g == given.end() ? nullptr : &g->second;
}

expr given_constant(expression_pool& pool, const std::string& name, const std::string& text, value_type type,
                    position pos) {
  if (const std::optional<bool> b = boolean_text(text)) return pool.integer(*b, value_type::boolean, pos);
  Rational q;
  try {
    q = parse_rational(text);
  } catch (const std::invalid_argument& err) {
    throw std::invalid_argument("the value given to the constant " + quote_input(name, 60) + ": " + err.what());
  }
  if (type != value_type::integer) return pool.rational(q, pos);
  if (denominator(q) != 1)
    throw std::invalid_argument("the constant " + quote_input(name, 60) + " is an int, not " + quote_input(text, 60));
  if (q > Rational(INT64_MAX) || q < Rational(INT64_MIN))
    throw std::invalid_argument("the constant " + quote_input(name, 60) + " is an int, and " + quote_input(text, 60) +
                                " is outside the int range, -2^63 to 2^63-1");
  return pool.integer(static_cast<std::int64_t>(numerator(q)), value_type::integer, pos);
}

}  // namespace exactdp::lang::detail
