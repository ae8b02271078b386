// Compiled expressions of the symbolic model (exactdp/lang/model.hpp):
// evaluation over int64 with overflow checks and over exact rationals.
#include <gmp.h>

#include "exactdp/lang/model.hpp"
#include "exactdp/numeric/errors.hpp"

namespace exactdp::lang {

std::string where(const std::string& file, position p) {
  if (p.line == 0) return file;
  if (p.column == 0) return file + ":" + std::to_string(p.line);  // JSON (JANI): lines only
  return file + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

const char* to_string(value_type t) {
  return t == value_type::boolean ? "bool" : t == value_type::integer ? "int" : "double";
}

const char* to_string(model_kind k) { return k == model_kind::dtmc ? "dtmc" : "mdp"; }

expr expression_pool::add(op kind, value_type type, position pos, const std::vector<expr>& kids) {
  // Every route to a huge pool passes here: a PRISM formula is compiled
  // anew at every use, so 22 formulas that each use the next twice make
  // 2^22 copies from a 1 KB file. Charged against the state budget as the
  // pool doubles (what its vectors then hold), and kept below 2^32 nodes.
  const std::size_t size = nodes.size();
  if (size >= 4096 && (size & (size - 1)) == 0) {
    if (size >= (std::size_t{1} << 31))
      throw resource_error(source +
                           ": the model's expressions have more than 2^31 nodes once every formula is "
                           "expanded where it is used");
    check_state_budget(source + ": the model's expressions, every formula expanded where it is used,",
                       2.0L * static_cast<long double>(size), sizeof(expr_node) + 2 * sizeof(expr), "nodes");
  }
  expr_node n;
  n.kind = kind;
  n.type = type;
  n.pos = pos;
  n.first = static_cast<std::uint32_t>(children.size());
  n.count = static_cast<std::uint32_t>(kids.size());
  children.insert(children.end(), kids.begin(), kids.end());
  nodes.push_back(n);
  return static_cast<expr>(nodes.size() - 1);
}

expr expression_pool::integer(std::int64_t v, value_type type, position pos) {
  const expr e = add(op::constant, type, pos);
  nodes[e].ival = v;
  return e;
}

expr expression_pool::rational(const Rational& v, position pos) {
  const expr e = add(op::constant, value_type::rational, pos);
  nodes[e].index = static_cast<std::uint32_t>(rationals.size());
  rationals.push_back(v);
  return e;
}

void expression_pool::fail(expr e, const std::string& message) const {
  throw std::invalid_argument(where(source, nodes[e].pos) + ": " + message);
}

namespace {

void check_overflow(bool overflow, const expression_pool& p, expr e) {
  if (overflow) p.fail(e, "integer overflow (PRISM's int is 64 bits here; the result does not fit)");
}

Rational power(const Rational& base, std::int64_t k, const expression_pool& p, expr e) {
  if (k < 0) {
    if (base == 0) p.fail(e, "pow(0, " + std::to_string(k) + ") divides by zero");
    return 1 / power(base, -k, p, e);
  }
  if (k > 100000) p.fail(e, "pow with exponent " + std::to_string(k) + " is too large to compute exactly");
  Rational r = 1, b = base;
  for (std::int64_t x = k; x > 0; x >>= 1) {
    if (x & 1) r *= b;
    if (x > 1) b *= b;
  }
  return r;
}

BigInt floor_of(const Rational& q) {
  BigInt z;
  mpz_fdiv_q(z.backend().data(), mpq_numref(q.backend().data()), mpq_denref(q.backend().data()));
  return z;
}

std::int64_t to_int64(const BigInt& z, const expression_pool& p, expr e) {
  if (!mpz_fits_slong_p(z.backend().data()))
    p.fail(e, "integer overflow: " + message_text(Rational(z)) + " does not fit in 64 bits");
  return mpz_get_si(z.backend().data());
}

}  // namespace

std::int64_t expression_pool::eval_int(expr e, const std::int64_t* vars) const {
  const expr_node& n = nodes[e];
  if (n.kind == op::constant) return n.ival;
  if (n.kind == op::variable) return vars[n.index];
  return int_op(e, vars);
}

std::int64_t expression_pool::int_op(expr e, const std::int64_t* vars) const {
  const expr_node& n = nodes[e];
  const expr* k = kids(e);
  auto mixed = [&] {  // a comparison with a rational side
    return nodes[k[0]].type == value_type::rational || nodes[k[1]].type == value_type::rational;
  };
  switch (n.kind) {
    case op::ite:
      return eval_int(k[eval_int(k[0], vars) ? 1 : 2], vars);
    case op::implies:
      return !eval_int(k[0], vars) || eval_int(k[1], vars);
    case op::iff:
      return (eval_int(k[0], vars) != 0) == (eval_int(k[1], vars) != 0);
    case op::or_:
      for (std::uint32_t i = 0; i < n.count; ++i)
        if (eval_int(k[i], vars)) return 1;
      return 0;
    case op::and_:
      for (std::uint32_t i = 0; i < n.count; ++i)
        if (!eval_int(k[i], vars)) return 0;
      return 1;
    case op::not_:
      return !eval_int(k[0], vars);
    case op::eq:
      if (mixed()) return eval_rational(k[0], vars) == eval_rational(k[1], vars);
      return eval_int(k[0], vars) == eval_int(k[1], vars);
    case op::ne:
      if (mixed()) return eval_rational(k[0], vars) != eval_rational(k[1], vars);
      return eval_int(k[0], vars) != eval_int(k[1], vars);
    case op::lt:
      if (mixed()) return eval_rational(k[0], vars) < eval_rational(k[1], vars);
      return eval_int(k[0], vars) < eval_int(k[1], vars);
    case op::le:
      if (mixed()) return eval_rational(k[0], vars) <= eval_rational(k[1], vars);
      return eval_int(k[0], vars) <= eval_int(k[1], vars);
    case op::gt:
      if (mixed()) return eval_rational(k[0], vars) > eval_rational(k[1], vars);
      return eval_int(k[0], vars) > eval_int(k[1], vars);
    case op::ge:
      if (mixed()) return eval_rational(k[0], vars) >= eval_rational(k[1], vars);
      return eval_int(k[0], vars) >= eval_int(k[1], vars);
    case op::add: {
      std::int64_t s = 0;
      for (std::uint32_t i = 0; i < n.count; ++i) {
        std::int64_t r;
        check_overflow(__builtin_add_overflow(s, eval_int(k[i], vars), &r), *this, e);
        s = r;
      }
      return s;
    }
    case op::mul: {
      std::int64_t s = 1;
      for (std::uint32_t i = 0; i < n.count; ++i) {
        std::int64_t r;
        check_overflow(__builtin_mul_overflow(s, eval_int(k[i], vars), &r), *this, e);
        s = r;
      }
      return s;
    }
    case op::neg: {
      std::int64_t r;
      check_overflow(__builtin_sub_overflow(std::int64_t{0}, eval_int(k[0], vars), &r), *this, e);
      return r;
    }
    case op::min_:
    case op::max_: {
      std::int64_t s = eval_int(k[0], vars);
      for (std::uint32_t i = 1; i < n.count; ++i) {
        const std::int64_t v = eval_int(k[i], vars);
        s = n.kind == op::min_ ? std::min(s, v) : std::max(s, v);
      }
      return s;
    }
    case op::floor_:
    case op::ceil_:
    case op::round_: {
      if (nodes[k[0]].type != value_type::rational) return eval_int(k[0], vars);
      Rational q = eval_rational(k[0], vars);
      if (n.kind == op::round_) q += Rational(1) / 2;
      BigInt z = floor_of(q);
      if (n.kind == op::ceil_ && Rational(z) != q) z += 1;
      return to_int64(z, *this, e);
    }
    case op::pow_: {
      const std::int64_t b = eval_int(k[0], vars), x = eval_int(k[1], vars);
      if (x < 0) fail(e, "pow(" + std::to_string(b) + ", " + std::to_string(x) + "): a negative integer exponent");
      std::int64_t r = 1;
      for (std::int64_t i = 0; i < x; ++i) {
        if (r == 0 || b == 1) break;
        if (b == -1) {
          r = (x % 2) ? -1 : 1;
          break;
        }
        check_overflow(__builtin_mul_overflow(r, b, &r), *this, e);
      }
      return r;
    }
    case op::mod_: {
      const std::int64_t a = eval_int(k[0], vars), m = eval_int(k[1], vars);
      if (m == 0) fail(e, "mod(" + std::to_string(a) + ", 0) divides by zero");
      // PRISM refuses a negative divisor ("modulo with non-positive
      // divisor"); JANI's % leaves its sign unsaid: refused for both.
      if (m < 0)
        fail(e, "mod(" + std::to_string(a) + ", " + std::to_string(m) + "): the divisor must be positive, as in PRISM");
      std::int64_t r = a % m;
      if (r < 0) r += m;
      return r;
    }
    default:
      fail(e, "an expression of type " + std::string(to_string(n.type)) + " was evaluated as an integer");
  }
}

Rational expression_pool::eval_rational(expr e, const std::int64_t* vars) const {
  const expr_node& n = nodes[e];
  if (n.type != value_type::rational) return Rational(eval_int(e, vars));
  if (n.kind == op::constant) return rationals[n.index];
  return rational_op(e, vars);
}

Rational expression_pool::rational_op(expr e, const std::int64_t* vars) const {
  const expr_node& n = nodes[e];
  const expr* k = kids(e);
  switch (n.kind) {
    case op::ite:
      return eval_rational(k[eval_int(k[0], vars) ? 1 : 2], vars);
    case op::add: {
      Rational s = 0;
      for (std::uint32_t i = 0; i < n.count; ++i) s += eval_rational(k[i], vars);
      return s;
    }
    case op::mul: {
      Rational s = 1;
      for (std::uint32_t i = 0; i < n.count; ++i) s *= eval_rational(k[i], vars);
      return s;
    }
    case op::div: {
      const Rational d = eval_rational(k[1], vars);
      if (d == 0) fail(e, "division by zero");
      return eval_rational(k[0], vars) / d;
    }
    case op::neg:
      return -eval_rational(k[0], vars);
    case op::min_:
    case op::max_: {
      Rational s = eval_rational(k[0], vars);
      for (std::uint32_t i = 1; i < n.count; ++i) {
        Rational v = eval_rational(k[i], vars);
        if (n.kind == op::min_ ? v < s : v > s) s = std::move(v);
      }
      return s;
    }
    case op::pow_: {
      const Rational b = eval_rational(k[0], vars), x = eval_rational(k[1], vars);
      if (denominator(x) != 1)
        fail(e, "pow(" + message_text(b) + ", " + message_text(x) +
                    ") with a fractional exponent has no exact value here (only integer exponents are exact)");
      return power(b, to_int64(numerator(x), *this, e), *this, e);
    }
    case op::log_:
      fail(e,
           "log has no exact value (it is irrational for almost every argument): refused where an exact value "
           "is needed");
    default:
      fail(e, "an expression of type double was evaluated with an operator that has no rational form");
  }
}

expr expression_pool::fold(expr e) {
  const expr_node& n = nodes[e];
  if (n.kind == op::constant || n.kind == op::variable) return e;
  const expr* k = kids(e);
  for (std::uint32_t i = 0; i < n.count; ++i)
    if (nodes[k[i]].kind != op::constant) return e;
  // Every child is a constant, so no variable is read: an array of one
  // zero stands for the state.
  static constexpr std::int64_t no_state[1] = {0};
  if (n.kind == op::log_) eval_rational(e, no_state);  // refused: log has no exact value
  if (n.type == value_type::rational) return rational(eval_rational(e, no_state), n.pos);
  return integer(eval_int(e, no_state), n.type, n.pos);
}

}  // namespace exactdp::lang
