// exactdp/lang/model.hpp: the symbolic model that the model languages
// (PRISM, and JANI later) are read into, and that one state-space builder
// (build.hpp) explores into the explicit model the solvers take.
//
// A symbolic model is a set of bounded variables (global, or local to a
// module), modules (automata) of guarded commands, synchronisation by shared
// action labels, reward structures, labels and an initial-states predicate
// or initial values. It is independent of any syntax: constants are already
// replaced by their values, formulas by their expressions, module renaming
// is already applied, and every name is resolved to an index.
//
// Expressions are compiled trees in one pool (expression_pool): each node
// has a type (bool, int, or rational, PRISM's `double`, read exactly: 0.1
// is 1/10), its children in the pool, and the position in the source that
// it came from, for the messages of the builder. Integer arithmetic is over
// int64 with every overflow an error, never a wraparound. The depth of a
// tree is bounded by the parser (max_expression_depth), so that evaluation
// may recurse.
//
// Semantics (the PRISM manual, "The PRISM Language"): a DTMC chooses
// uniformly among the enabled choices of a state, an MDP nondeterministically;
// a choice is an unlabelled command of one module, or for an action a, one
// enabled a-command of every module whose alphabet holds a (the product of
// their distributions, all their updates applied together).
// Source: Kwiatkowska, Norman, Parker, "PRISM 4.0" (CAV 2011) and the PRISM
// manual; Hartmanns et al., "JANI" (TACAS 2017) for the automata view.
// Status: tested construct by construct against hand-made explicit models
// (tests/lang/).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/numeric/rational.hpp"

namespace exactdp::lang {

/// A place in a model or properties file: 1-based line and column (0: none).
struct position {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

/// "file:line:column" ("file:line" when the column is 0;
/// "file" when the position is unknown).
/// Example: where("m.prism", {3, 7}) == "m.prism:3:7".
std::string where(const std::string& file, position p);

/// The type of an expression: PRISM's bool, int and double (an exact rational).
enum class value_type : std::uint8_t { boolean, integer, rational };

/// "bool", "int" or "double".
/// Example: to_string(value_type::rational) is "double".
const char* to_string(value_type t);

/// The operators of compiled expressions. The n-ary ones (add, mul, and_,
/// or_, min_, max_) take any number of children; add's children are summed
/// (a subtraction is an add of a neg), so that a long sum is one flat node.
enum class op : std::uint8_t {
  constant,  ///< a literal or a folded constant (integer: ival; rational: rational index)
  variable,  ///< variable `index`
  ite,       ///< c ? a : b
  implies,   ///< a => b
  iff,       ///< a <=> b
  or_,       ///< a | b | ...
  and_,      ///< a & b & ...
  not_,      ///< !a
  eq,
  ne,
  lt,
  le,
  gt,
  ge,
  add,  ///< a + b + ... (subtractions are adds of neg)
  mul,  ///< a * b * ...
  div,  ///< a / b: always rational (PRISM's / is real division)
  neg,  ///< -a
  min_,
  max_,
  floor_,
  ceil_,
  round_,  ///< floor(x + 1/2), as PRISM
  pow_,    ///< int^int (exponent >= 0) is int; otherwise rational with an integer exponent
  mod_,    ///< mod(i, n): the remainder in [0, |n|)
  log_,    ///< log(x, b): not exact; refused when evaluated
};

/// One node of a compiled expression.
struct expr_node {
  op kind = op::constant;
  value_type type = value_type::integer;
  position pos;
  std::uint32_t first = 0;  ///< first child in expression_pool::children
  std::uint32_t count = 0;  ///< number of children
  std::int64_t ival = 0;    ///< constant bool (0/1) or int value
  std::uint32_t index = 0;  ///< variable index, or rational constant index
};

/// An expression: the index of its root node in the pool.
using expr = std::uint32_t;
/// No expression.
inline constexpr expr no_expr = 0xffffffffu;

/// The nesting limit of the parsers: deeper expressions are refused, so that
/// evaluating a tree may recurse.
inline constexpr int max_expression_depth = 400;

/// Every compiled expression of a model, as a flat pool of nodes.
/// Evaluation reads the variables of a state as an array of int64 (bools
/// are 0 and 1). Errors (std::invalid_argument, "file:line:column: ..."):
/// an integer overflow, a division by zero, mod by zero, pow with a
/// negative integer exponent of 0 or a fractional exponent, log.
/// Cost: linear in the size of the tree.
class expression_pool {
 public:
  std::string source;  ///< the file that the positions refer to

  std::vector<expr_node> nodes;
  std::vector<expr> children;
  std::vector<Rational> rationals;

  /// Adds a node with the given children and returns it.
  expr add(op kind, value_type type, position pos, const std::vector<expr>& kids = {});
  /// A bool or int constant.
  expr integer(std::int64_t v, value_type type, position pos);
  /// A rational constant.
  expr rational(const Rational& v, position pos);
  /// The children of e.
  const expr* kids(expr e) const { return children.data() + nodes[e].first; }
  /// True when e holds no variable (a constant expression).
  bool is_constant(expr e) const { return nodes[e].kind == op::constant; }

  /// The value of a bool or int expression (bool as 0/1).
  std::int64_t eval_int(expr e, const std::int64_t* vars) const;
  /// The value of any expression as a rational.
  Rational eval_rational(expr e, const std::int64_t* vars) const;
  /// The value of a bool expression.
  bool eval_bool(expr e, const std::int64_t* vars) const { return eval_int(e, vars) != 0; }

  /// Replaces e by a constant node when it holds no variable (evaluating
  /// it); returns the folded expression. Throws what evaluation throws.
  expr fold(expr e);

  /// The error for node e: "file:line:column: message".
  [[noreturn]] void fail(expr e, const std::string& message) const;

 private:
  std::int64_t int_op(expr e, const std::int64_t* vars) const;
  Rational rational_op(expr e, const std::int64_t* vars) const;
};

/// Whether the model chooses uniformly (DTMC) or nondeterministically (MDP).
enum class model_kind : std::uint8_t { dtmc, mdp };

/// "dtmc" or "mdp".
/// Example: to_string(model_kind::mdp) is "mdp".
const char* to_string(model_kind k);

/// A bounded variable: an int in [low, high] or a bool (low 0, high 1).
struct variable {
  std::string name;
  bool boolean = false;
  std::int64_t low = 0, high = 1;
  std::int64_t initial = 0;  ///< the initial value (unused when the model has an init predicate)
  int module = -1;           ///< the module that owns it, -1 for a global
  position pos;
};

/// One branch of a command: with `probability`, the assignments (variable,
/// new value), evaluated in the state before the step. `rewards` (JANI's
/// assignments to transient variables on a destination; empty for PRISM):
/// (reward structure, value) collected when this branch is taken, evaluated
/// in the state before the step; a choice's reward is their expectation.
struct update {
  expr probability = no_expr;
  std::vector<std::pair<std::uint32_t, expr>> assignments;
  std::vector<std::pair<std::uint32_t, expr>> rewards;
  position pos;
};

/// A guarded command: in states where `guard` holds, one of the updates
/// happens with its probability. `action` is an index into
/// symbolic_model::actions, or -1 for an unlabelled command.
struct command {
  int action = -1;
  expr guard = no_expr;
  std::vector<update> updates;
  position pos;
};

/// A module: its commands and its alphabet (the actions it synchronises on).
struct module {
  std::string name;
  std::vector<command> commands;
  std::vector<int> alphabet;  ///< sorted action indices
  position pos;
};

/// An item of a reward structure: in states where `guard` holds, `value`
/// is collected at every step (state reward, transition = false) or when a
/// choice with `action` is taken (transition reward; action -1 for
/// unlabelled choices).
struct reward_item {
  bool transition = false;
  int action = -1;
  expr guard = no_expr;
  expr value = no_expr;
  position pos;
};

/// A named reward structure (name "" when unnamed).
struct reward_structure {
  std::string name;
  std::vector<reward_item> items;
  position pos;
};

/// A model as the languages describe it (see the file comment).
struct symbolic_model {
  model_kind kind = model_kind::dtmc;
  std::string source;  ///< the file read, for messages
  expression_pool pool;
  std::vector<variable> variables;  ///< globals and module locals; a state is a value for each
  std::vector<std::string> actions;
  std::vector<module> modules;
  std::vector<reward_structure> rewards;
  std::vector<std::pair<std::string, expr>> labels;  ///< "name" = bool expression
  /// The initial states: those satisfying this predicate (init ... endinit),
  /// or no_expr: the one state of the variables' initial values.
  expr initial = no_expr;
  /// How messages name `initial`: PRISM's init block, or JANI's initial
  /// values, initial locations and restrict-initial.
  std::string initial_words = "the init block";
  /// Named expressions kept for properties: formulas (already substituted
  /// in the model) by name.
  std::vector<std::pair<std::string, expr>> formulas;
  /// The constants' values by name (bool and int as integers, double as rational).
  std::vector<std::pair<std::string, expr>> constants;
};

}  // namespace exactdp::lang
