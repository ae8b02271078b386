// JANI models read into the symbolic model (exactdp/lang/jani.hpp).
//
// Expressions are turned into the PRISM parser's syntax trees (syntax.hpp)
// and compiled by the same compiler, so that both languages share the type
// rules, the constant folding and the evaluator. Function calls are inlined
// by substituting the arguments' trees for the parameters. Synchronisation
// vectors become actions of the symbolic model: vector k is action k, and
// an automaton's edges labelled with its entry in vector k are its commands
// for action k, so that PRISM's rule (every module whose alphabet holds the
// action takes part) is exactly the vector's.
#include "exactdp/lang/jani.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "exactdp/io/json_input.hpp"
#include "exactdp/io/parse.hpp"
#include "syntax.hpp"

namespace exactdp::lang {

namespace {

using kind = json_value::kind;
using detail::did_you_mean;
using detail::syn;
using detail::syntax_node;

// A transient variable: its value in a state (its locations' values, else
// its initial value) and where it is assigned.
struct transient_var {
  std::string name;
  value_type type = value_type::rational;
  expr initial = no_expr;
  const json_value* decl = nullptr;
  std::string path;
  struct located {
    std::size_t element;
    int location;  // -1: the automaton has one location
    expr value;
  };
  std::vector<located> at_locations;
  struct branch {
    std::size_t module, command, update;
    expr value;
  };
  std::vector<branch> on_branches;
  expr state_value = no_expr;
};

// A short text of a JSON value for messages and the property's text:
// compact, cut after about 160 characters (so the recursion is at most that deep).
void brief_json(const json_value& v, std::string& out) {
  if (out.size() > 160) {
    if (out.compare(out.size() - 3, 3, "...") != 0) out += "...";
    return;
  }
  switch (v.type()) {
    case json_value::kind::string:
      out += '"' + v.text() + '"';
      return;
    case json_value::kind::array:
      out += '[';
      for (std::size_t i = 0; i < v.items().size(); ++i) {
        if (i) out += ", ";
        brief_json(v.items()[i], out);
      }
      out += ']';
      return;
    case json_value::kind::object:
      out += '{';
      for (std::size_t i = 0; i < v.items().size(); ++i) {
        out += (i ? ", \"" : "\"") + v.keys()[i] + "\": ";
        brief_json(v.items()[i], out);
      }
      out += '}';
      return;
    default:
      out += v.text();
  }
}

// A JANI property in the PRISM language's notation, for people (the
// property's text in answers and messages): P and R operators, path
// formulas with their step bounds, filters, and the expressions' operators;
// anything else as brief_json writes it. Cut like brief_json after about
// 160 characters; the recursion is at most as deep as the JSON, which the
// reader limits (max_expression_depth + 32). `outer` is the
// precedence of the operator around v: v is put in parentheses when it binds
// less tightly.
void prism_notation(const json_value& v, std::string& out, int outer = 0) {
  if (out.size() > 160) {
    if (out.compare(out.size() - 3, 3, "...") != 0) out += "...";
    return;
  }
  const json_value* opv = v.is(json_value::kind::object) ? v.find("op") : nullptr;
  if (!opv || !opv->is(json_value::kind::string)) {
    if (v.is(json_value::kind::string))
      out += v.text();
    else if (v.is(json_value::kind::object) && v.find("constant") && v.find("constant")->is(json_value::kind::string))
      out += v.find("constant")->text();  // JANI's "e" and "π"
    else
      brief_json(v, out);
    return;
  }
  const std::string& o = opv->text();
  auto part = [&v](std::string_view key) { return v.find(key); };
  auto bound = [&](std::string_view key) {  // a step bound: "<=k" or "<k"
    const json_value* b = part(key);
    // A bound on the step count as a reward (the only one supported): its bounds.
    if (!b && part("reward-bounds") && part("reward-bounds")->is(json_value::kind::array) &&
        part("reward-bounds")->items().size() == 1 && part("reward-bounds")->items()[0].is(json_value::kind::object))
      b = part("reward-bounds")->items()[0].find("bounds");
    if (!b || !b->is(json_value::kind::object) || !b->find("upper")) return;
    const json_value* x = b->find("upper-exclusive");
    out += x && x->text() == "true" ? "<" : "<=";
    prism_notation(*b->find("upper"), out, 9);
  };
  // Binary operators: PRISM's symbol and precedence (ite 1, => 2, | 3, & 4, relations 6, + - 7, * / 8).
  static const std::map<std::string, std::pair<const char*, int>, std::less<>> binary = {
      {"⇒", {" => ", 2}}, {"∨", {" | ", 3}}, {"∧", {" & ", 4}}, {"=", {"=", 6}},  {"≠", {"!=", 6}},
      {"<", {"<", 6}},    {"≤", {"<=", 6}},  {">", {">", 6}},   {"≥", {">=", 6}}, {"+", {"+", 7}},
      {"-", {"-", 7}},    {"*", {"*", 8}},   {"/", {"/", 8}},   {"%", {"%", 8}}};
  static const std::map<std::string, const char*, std::less<>> bounds = {
      {"≥", ">="}, {">", ">"}, {"≤", "<="}, {"<", "<"}};
  const json_value *left = part("left"), *right = part("right"), *exp = part("exp");
  const json_value* quantity = left && left->is(json_value::kind::object) ? left->find("op") : nullptr;
  const bool probability_bound =
      quantity && quantity->is(json_value::kind::string) &&
      (quantity->text().starts_with("P") || quantity->text().starts_with("E") || quantity->text().starts_with("S"));
  if (bounds.contains(o) && probability_bound && right) {  // Pmax>=1/2 [ ... ]
    std::string q;
    prism_notation(*left, q);
    const std::size_t at = q.find("=?");
    std::string b;
    prism_notation(*right, b, 9);
    out += at == std::string::npos ? q : q.substr(0, at) + bounds.at(o) + b + q.substr(at + 2);
  } else if (const auto bi = binary.find(o); bi != binary.end() && left && right) {
    // => groups to the right, the relations not at all, the others to the left.
    const int level = bi->second.second;
    if (level < outer) out += '(';
    prism_notation(*left, out, level == 2 || level == 6 ? level + 1 : level);
    out += bi->second.first;
    prism_notation(*right, out, level == 2 ? level : level + 1);
    if (level < outer) out += ')';
  } else if (o == "¬" && exp) {
    out += '!';
    prism_notation(*exp, out, 9);
  } else if (o == "ite" && part("if") && part("then") && part("else")) {
    if (outer > 1) out += '(';
    prism_notation(*part("if"), out, 2);
    out += " ? ";
    prism_notation(*part("then"), out, 2);
    out += " : ";
    prism_notation(*part("else"), out, 1);
    if (outer > 1) out += ')';
  } else if (o == "initial" || o == "deadlock") {
    out += '"' + (o == "initial" ? std::string("init") : o) + '"';
  } else if (o == "filter" && part("values") && part("states") && part("fun") &&
             part("fun")->is(json_value::kind::string)) {
    const json_value* st = part("states")->is(json_value::kind::object) ? part("states")->find("op") : nullptr;
    const bool initial = st && st->text() == "initial";
    const std::string fun = part("fun")->text() == "∀"   ? "forall"
                            : part("fun")->text() == "∃" ? "exists"
                                                         : part("fun")->text();
    if (fun == "values" && initial) return prism_notation(*part("values"), out, outer);
    out += "filter(" + fun + ", ";
    prism_notation(*part("values"), out);
    if (!initial) {
      out += ", ";
      prism_notation(*part("states"), out);
    }
    out += ')';
  } else if ((o == "Pmin" || o == "Pmax") && exp) {
    out += o + "=? [ ";
    prism_notation(*exp, out);
    out += " ]";
  } else if ((o == "Smin" || o == "Smax") && exp) {
    out += "S=? [ ";
    prism_notation(*exp, out);
    out += " ]";
  } else if (const json_value* goal = (o == "U" || o == "W") && left ? right : o == "F" || o == "G" ? exp : nullptr) {
    const json_value* before = o == "U" || o == "W" ? left : nullptr;  // F φ is true U φ
    if (before && !(o == "U" && before->is(json_value::kind::boolean) && before->text() == "true")) {
      prism_notation(*before, out, 5);
      out += " " + o;
    } else {
      out += o == "G" ? "G" : "F";
    }
    bound("step-bounds");
    out += ' ';
    prism_notation(*goal, out, 5);
  } else if ((o == "Emin" || o == "Emax") && exp) {
    const json_value* acc = part("accumulate");
    const bool steps_only = acc && acc->is(json_value::kind::array) && acc->items().size() == 1;
    if (exp->is(json_value::kind::number) && exp->text() == "1" && steps_only) {
      out += "T";  // the expected steps: Storm's T operator (R{1} would be PRISM's first reward structure)
    } else if (exp->is(json_value::kind::number)) {
      out += "R{reward " + exp->text() + "}";  // a constant reward (R{2} would be PRISM's second structure)
    } else {
      out += "R{";
      if (exp->is(json_value::kind::string))
        out += '"' + exp->text() + '"';
      else
        prism_notation(*exp, out);
      out += "}";
    }
    out += o.substr(1) + "=? [ ";
    if (part("reach")) {
      out += "F ";
      prism_notation(*part("reach"), out, 5);
    } else if (part("step-instant")) {
      out += acc && acc->is(json_value::kind::array) && !acc->items().empty() ? "C<=" : "I=";
      prism_notation(*part("step-instant"), out, 9);
    } else {
      out += "...";
    }
    out += " ]";
  } else if (exp || (left && right)) {  // floor, ceil, abs, sgn, trc, min, max, pow, log
    out += o + '(';
    prism_notation(exp ? *exp : *left, out);
    if (!exp) {
      out += ", ";
      prism_notation(*right, out);
    }
    out += ')';
  } else {
    brief_json(v, out);
  }
}

// One instance of an automaton in the system's elements.
struct element {
  const json_value* automaton = nullptr;
  std::string automaton_path;
  std::map<std::string, std::size_t> locals;  // name -> variable index
  std::map<std::string, int> locations;       // name -> index
  int location_var = -1;                      // variable index, -1: one location
};

struct function_def {
  const json_value* decl = nullptr;
  std::string path;
  std::vector<std::string> parameters;
};

class reader {
 public:
  reader(const json_document& doc, const constant_values& given, symbolic_model& m) : doc_(doc), given_(given), m_(m) {}

  std::vector<property> run() {
    const json_value& root = doc_.root();
    doc_.expect_object(root, "a JANI model",
                       {"jani-version", "name", "metadata", "type", "features", "actions", "constants", "variables",
                        "restrict-initial", "properties", "automata", "system", "functions", "comment"});
    model_type(root);
    if (const json_value* f = root.find("features")) features(*f);
    if (const json_value* a = root.find("actions")) actions(*a);
    if (const json_value* f = root.find("functions")) functions(*f, "functions");  // inlined where called
    if (const json_value* c = root.find("constants")) constants(*c);
    if (const json_value* v = root.find("variables")) variables(*v, "variables", -1);
    system_and_automata(root);
    initial_states(root);
    std::vector<property> out;
    if (const json_value* p = root.find("properties")) out = properties(*p);
    return out;
  }

  // Only the constants without a value (for undefined_jani_constants).
  static std::vector<std::string> open_constants(const json_document& doc) {
    std::vector<std::string> out;
    const json_value* c = doc.root().find("constants");
    if (!c || !c->is(kind::array)) return out;
    for (const json_value& x : c->items()) {
      const json_value* name = x.find("name");
      if (name && name->is(kind::string) && !x.find("value")) out.push_back(name->text());
    }
    return out;
  }

 private:
  // ---- messages ----

  [[noreturn]] void fail(const json_value& at, const std::string& path, const std::string& message) const {
    doc_.fail(at, path_text(path) + ": " + message);
  }
  // A JSON path as a message shows it: whole up to 120 characters; a deeper
  // one (an expression may nest 800 levels, ".left" each) keeps its first and
  // last steps, cut at dots, so that a message stays one short line:
  // "automata[0].edges[0].guard.exp ... 371 levels ... exp.exp.op".
  static std::string path_text(const std::string& path) {
    constexpr std::size_t shown = 120, head = 50, tail = 60;
    if (path.size() <= shown) return path;
    const std::size_t head_end = path.rfind('.', head);                 // the paths are ASCII, with dots
    const std::size_t tail_begin = path.find('.', path.size() - tail);  // both exist: steps are short
    if (head_end == std::string::npos || tail_begin == std::string::npos || head_end >= tail_begin)
      return path.substr(0, head) + " ... " + path.substr(path.size() - tail);
    const auto levels = std::count(path.begin() + static_cast<std::ptrdiff_t>(head_end),
                                   path.begin() + static_cast<std::ptrdiff_t>(tail_begin), '.');
    return path.substr(0, head_end) + " ... " + std::to_string(levels) + " levels ... " + path.substr(tail_begin + 1);
  }
  const json_value& need(const json_value& obj, std::string_view key, const std::string& path) const {
    const json_value* v = obj.find(key);
    if (!v) fail(obj, path, "the key '" + std::string(key) + "' is missing");
    return *v;
  }
  const std::string& string_at(const json_value& v, const std::string& path) const {
    if (!v.is(kind::string)) fail(v, path, "must be a string, not " + v.describe());
    return v.text();
  }
  void array_at(const json_value& v, const std::string& path) const {
    if (!v.is(kind::array)) fail(v, path, "must be an array, not " + v.describe());
  }
  void object_at(const json_value& v, const std::string& path, std::initializer_list<std::string_view> keys) const {
    if (!v.is(kind::object)) fail(v, path, "must be an object, not " + v.describe());
    for (std::size_t i = 0; i < v.keys().size(); ++i)
      if (std::find(keys.begin(), keys.end(), v.keys()[i]) == keys.end()) {
        std::string list;
        for (const std::string_view k : keys) list += (list.empty() ? "" : ", ") + std::string(k);
        fail(v.items()[i], path,
             "unknown or unsupported key " + name_text(v.keys()[i]) + " (the keys read here are " + list + ")");
      }
  }
  static position pos_of(const json_value& v) {
    return position{static_cast<std::uint32_t>(v.line()), static_cast<std::uint32_t>(v.column())};
  }

  // ---- header ----

  void model_type(const json_value& root) {
    const json_value& t = need(root, "type", "the model");
    const std::string& type = string_at(t, "type");
    if (type == "dtmc") {
      m_.kind = model_kind::dtmc;
    } else if (type == "mdp") {
      m_.kind = model_kind::mdp;
    } else {
      fail(t, "type",
           "the model type " + name_text(type) +
               " is not supported (dtmc and mdp are: exactdp solves "
               "discrete-time models without clocks)");
    }
    const json_value& v = need(root, "jani-version", "the model");
    if (!v.is(kind::number) || v.text() != "1") fail(v, "jani-version", "must be 1, not " + v.describe());
  }

  void features(const json_value& f) {
    array_at(f, "features");
    for (std::size_t i = 0; i < f.items().size(); ++i) {
      const std::string p = "features[" + std::to_string(i) + "]";
      const std::string& name = string_at(f.items()[i], p);
      if (name != "derived-operators" && name != "functions" && name != "state-exit-rewards")
        fail(f.items()[i], p,
             "the feature " + name_text(name) +
                 " is not supported (derived-operators, functions and state-exit-rewards are)");
    }
  }

  void actions(const json_value& a) {
    array_at(a, "actions");
    for (std::size_t i = 0; i < a.items().size(); ++i) {
      const std::string p = "actions[" + std::to_string(i) + "]";
      object_at(a.items()[i], p, {"name", "comment"});
      const std::string& name = string_at(need(a.items()[i], "name", p), p + ".name");
      if (!declared_actions_.insert(name).second)
        fail(a.items()[i], p, "the action " + name_text(name) + " is declared twice");
    }
  }

  // ---- names ----

  void declare(const std::string& name, const json_value& at, const std::string& path) {
    if (!names_.insert(name).second) fail(at, path, name_text(name) + " is declared twice");
  }

  static bool is_type_name(const json_value& t, std::string_view name) {
    return t.is(kind::string) && t.text() == name;
  }

  void constants(const json_value& c) {
    array_at(c, "constants");
    for (std::size_t i = 0; i < c.items().size(); ++i) {
      const json_value& x = c.items()[i];
      const std::string p = "constants[" + std::to_string(i) + "]";
      object_at(x, p, {"name", "type", "value", "comment"});
      const std::string& name = string_at(need(x, "name", p), p + ".name");
      declare(name, x, p + ".name");
      const json_value& t = need(x, "type", p);
      value_type type = value_type::integer;
      if (is_type_name(t, "bool")) {
        type = value_type::boolean;
      } else if (is_type_name(t, "real")) {
        type = value_type::rational;
      } else if (!is_type_name(t, "int")) {
        fail(t, p + ".type", "a constant's type must be int, real or bool, not " + t.describe());
      }
      const std::string* given = detail::given_text(given_, name);
      expr e = no_expr;
      if (const json_value* v = x.find("value")) {
        if (given) fail(x, p, "the constant " + name_text(name) + " has a value in the file and one was given too");
        e = constant_expression(*v, p + ".value");
      } else if (given) {
        e = detail::given_constant(m_.pool, name, *given, type, pos_of(x));
      } else {
        fail(x, p,
             "the constant " + name_text(name) + " has no value: give it one (exactdp check --const " +
                 name_text(name) + "=...)");
      }
      const value_type have = m_.pool.nodes[e].type;
      if (type == value_type::boolean   ? have != value_type::boolean
          : type == value_type::integer ? have != value_type::integer
                                        : have == value_type::boolean)
        fail(x, p,
             "the constant " + name_text(name) + " is declared " + to_string(type) + " but its value is " +
                 to_string(have));
      if (type == value_type::rational && have == value_type::integer)
        e = m_.pool.rational(Rational(m_.pool.nodes[e].ival), pos_of(x));
      constants_[name] = e;
      m_.constants.push_back({name, e});
    }
  }

  void functions(const json_value& f, const std::string& path) {
    array_at(f, path);
    for (std::size_t i = 0; i < f.items().size(); ++i) {
      const json_value& x = f.items()[i];
      const std::string p = path + "[" + std::to_string(i) + "]";
      object_at(x, p, {"name", "type", "parameters", "body", "comment"});
      const std::string& name = string_at(need(x, "name", p), p + ".name");
      if (functions_.count(name)) fail(x, p, "the function " + name_text(name) + " is declared twice");
      function_def d;
      d.decl = &x;
      d.path = p;
      const json_value& params = need(x, "parameters", p);
      array_at(params, p + ".parameters");
      for (std::size_t j = 0; j < params.items().size(); ++j) {
        const std::string pp = p + ".parameters[" + std::to_string(j) + "]";
        object_at(params.items()[j], pp, {"name", "type", "comment"});
        d.parameters.push_back(string_at(need(params.items()[j], "name", pp), pp + ".name"));
      }
      need(x, "body", p);
      functions_[name] = std::move(d);
    }
  }

  // A variable declaration (global: module -1; local: the element's index).
  void variables(const json_value& vs, const std::string& path, int module) {
    array_at(vs, path);
    for (std::size_t i = 0; i < vs.items().size(); ++i) {
      const json_value& x = vs.items()[i];
      const std::string p = path + "[" + std::to_string(i) + "]";
      object_at(x, p, {"name", "type", "transient", "initial-value", "comment"});
      const std::string& name = string_at(need(x, "name", p), p + ".name");
      bool transient = false;
      if (const json_value* t = x.find("transient")) {
        if (!t->is(kind::boolean)) fail(*t, p + ".transient", "must be true or false, not " + t->describe());
        transient = t->text() == "true";
      }
      const json_value& t = need(x, "type", p);
      if (transient) {
        if (module >= 0) fail(x, p, "a transient variable local to an automaton is not supported: declare it global");
        declare(name, x, p + ".name");
        transient_var tv;
        tv.name = name;
        tv.decl = &x;
        tv.path = p;
        if (is_type_name(t, "bool")) {
          tv.type = value_type::boolean;
        } else if (is_type_name(t, "int")) {
          tv.type = value_type::integer;
        } else if (is_type_name(t, "real")) {
          tv.type = value_type::rational;
        } else {
          fail(t, p + ".type", "a transient variable must be bool, int or real, not " + t.describe());
        }
        const json_value* init = x.find("initial-value");
        if (!init) fail(x, p, "a transient variable needs an initial-value");
        tv.initial = constant_expression(*init, p + ".initial-value");
        detail::expect_type(m_.pool, tv.initial, tv.type, "the initial value of " + name_text(name));
        transient_index_[name] = transients_.size();
        transients_.push_back(std::move(tv));
        continue;
      }
      variable var;
      var.module = module;
      var.pos = pos_of(x);
      if (is_type_name(t, "bool")) {
        var.boolean = true;
      } else if (t.is(kind::object)) {
        object_at(t, p + ".type", {"kind", "base", "lower-bound", "upper-bound"});
        const std::string& k = string_at(need(t, "kind", p + ".type"), p + ".type.kind");
        const std::string& base = string_at(need(t, "base", p + ".type"), p + ".type.base");
        if (k != "bounded") fail(t, p + ".type.kind", "the type kind " + name_text(k) + " is not supported");
        if (base != "int")
          fail(t, p + ".type.base", "a bounded " + name_text(base) + " variable is not supported (int is)");
        const json_value* lo = t.find("lower-bound");
        const json_value* hi = t.find("upper-bound");
        if (!lo || !hi)
          fail(t, p + ".type",
               "a bounded int needs both a lower-bound and an upper-bound (exactdp explores finite "
               "state spaces)");
        var.low = int_constant(*lo, p + ".type.lower-bound");
        var.high = int_constant(*hi, p + ".type.upper-bound");
        if (var.low > var.high)
          fail(t, p + ".type",
               "the range of " + name_text(name) + " is empty: [" + std::to_string(var.low) + ".." +
                   std::to_string(var.high) + "]");
      } else if (is_type_name(t, "int")) {
        fail(t, p + ".type", "an unbounded int variable is not supported: give it a bounded type");
      } else if (is_type_name(t, "clock") || is_type_name(t, "continuous")) {
        fail(t, p + ".type", "clocks and continuous variables are not supported (exactdp solves dtmc and mdp)");
      } else {
        fail(t, p + ".type", "the type " + t.describe() + " is not supported here (bool and bounded int are)");
      }
      var.initial = var.low;
      if (const json_value* init = x.find("initial-value")) {
        const expr e = constant_expression(*init, p + ".initial-value");
        detail::expect_type(m_.pool, e, var.boolean ? value_type::boolean : value_type::integer,
                            "the initial value of " + name_text(name));
        var.initial = m_.pool.nodes[e].ival;
        if (var.initial < var.low || var.initial > var.high)
          fail(*init, p + ".initial-value",
               "the initial value " + std::to_string(var.initial) + " of " + name_text(name) +
                   " is outside its range [" + std::to_string(var.low) + ".." + std::to_string(var.high) + "]");
      } else {
        open_initial_.push_back(m_.variables.size());
      }
      var.name = name;
      if (module < 0) {
        declare(name, x, p + ".name");
        globals_[name] = m_.variables.size();
      } else {
        element& el = elements_[static_cast<std::size_t>(module)];
        if (el.locals.count(name) || names_.count(name)) fail(x, p + ".name", name_text(name) + " is declared twice");
        el.locals[name] = m_.variables.size();
        var.name = unique_variable_name(name, m_.modules[static_cast<std::size_t>(module)].name);
      }
      m_.variables.push_back(std::move(var));
    }
  }

  std::string unique_variable_name(const std::string& name, const std::string& owner) const {
    auto taken = [&](const std::string& n) {
      return names_.count(n) ||
             std::any_of(m_.variables.begin(), m_.variables.end(), [&](const variable& v) { return v.name == n; });
    };
    if (!taken(name)) return name;
    std::string n = owner + "." + name;
    while (taken(n)) n += "'";
    return n;
  }

  // ---- expressions ----

  struct frame {
    const function_def* fn = nullptr;
    std::vector<int> args;
  };

  // Adds a syntax node; its size as a tree (arguments of functions are
  // shared, so a tree may be far larger than the nodes made) is kept, and
  // a tree too large to compile is refused before it is compiled.
  int node(syntax_node n) {
    if (nodes_.size() >= max_tree_size)
      throw std::invalid_argument(where(m_.source, n.pos) +
                                  ": an expression is too large once its functions are inlined (more than " +
                                  std::to_string(max_tree_size) + " operators)");
    std::uint64_t size = 1;
    for (const int k : n.kids) size = std::min(size + tree_size_[static_cast<std::size_t>(k)], max_tree_size + 1);
    tree_size_.push_back(size);
    nodes_.push_back(std::move(n));
    return static_cast<int>(nodes_.size() - 1);
  }
  int op_node(op o, position pos, std::vector<int> kids) {
    syntax_node n;
    n.kind = syn::op;
    n.oper = o;
    n.pos = pos;
    n.kids = std::move(kids);
    return node(std::move(n));
  }
  int int_literal(std::int64_t v, position pos) {
    syntax_node n;
    n.kind = syn::number;
    n.integer = true;
    n.number = v;
    n.pos = pos;
    return node(std::move(n));
  }

  // The syntax tree of a JANI expression. The depth is bounded by the JSON
  // reader's nesting limit plus the inlined functions (counted in depth).
  int to_syntax(const json_value& v, const std::string& path, int depth = 0) {
    if (depth > 2 * max_expression_depth)
      fail(v, path,
           "expressions nested more than " + std::to_string(2 * max_expression_depth) + " deep (functions inlined)");
    const position pos = pos_of(v);
    switch (v.type()) {
      case kind::number: {
        syntax_node n;
        n.kind = syn::number;
        n.pos = pos;
        const std::string& t = v.text();
        n.integer = t.find_first_of(".eE") == std::string::npos;
        try {
          n.number = parse_rational(t);
        } catch (const std::invalid_argument& e) {
          fail(v, path, e.what());
        }
        if (n.integer && (n.number > Rational(INT64_MAX) || n.number < Rational(INT64_MIN)))
          fail(v, path, "the integer " + message_text(n.number) + " does not fit in 64 bits");
        return node(std::move(n));
      }
      case kind::boolean: {
        syntax_node n;
        n.kind = syn::boolean;
        n.value = v.text() == "true";
        n.pos = pos;
        return node(std::move(n));
      }
      case kind::string: {
        if (!frames_.empty()) {
          const frame& f = frames_.back();
          for (std::size_t i = 0; i < f.fn->parameters.size(); ++i)
            if (f.fn->parameters[i] == v.text()) return f.args[i];
        }
        syntax_node n;
        n.kind = syn::ident;
        n.name = v.text();
        n.pos = pos;
        return node(std::move(n));
      }
      case kind::object:
        break;
      default:
        fail(v, path, "an expression must be a number, a bool, a name or an object, not " + v.describe());
    }
    if (const json_value* c = v.find("constant")) {
      object_at(v, path, {"constant"});
      fail(*c, path + ".constant",
           "the constant " + c->describe() + " (e or π) is not supported: it is irrational, and exactdp is exact");
    }
    const json_value& opv = need(v, "op", path);
    const std::string& o = string_at(opv, path + ".op");
    auto sub = [&](const char* key) { return to_syntax(need(v, key, path), path + "." + key, depth + 1); };
    static const std::map<std::string, op, std::less<>> binary = {
        {"∨", op::or_},  {"∧", op::and_},   {"⇒", op::implies}, {"=", op::eq},     {"≠", op::ne},    {"<", op::lt},
        {"≤", op::le},   {">", op::gt},     {"≥", op::ge},      {"+", op::add},    {"*", op::mul},   {"/", op::div},
        {"%", op::mod_}, {"pow", op::pow_}, {"log", op::log_},  {"min", op::min_}, {"max", op::max_}};
    if (const auto b = binary.find(o); b != binary.end()) {
      object_at(v, path, {"op", "left", "right"});
      const int l = sub("left"), r = sub("right");
      return op_node(b->second, pos, {l, r});
    }
    if (o == "-") {
      object_at(v, path, {"op", "left", "right"});
      const int l = sub("left"), r = sub("right");
      return op_node(op::add, pos, {l, op_node(op::neg, pos, {r})});
    }
    if (o == "¬" || o == "floor" || o == "ceil" || o == "abs" || o == "sgn" || o == "trc") {
      object_at(v, path, {"op", "exp"});
      const int x = sub("exp");
      if (o == "¬") return op_node(op::not_, pos, {x});
      if (o == "floor") return op_node(op::floor_, pos, {x});
      if (o == "ceil") return op_node(op::ceil_, pos, {x});
      const int zero = int_literal(0, pos);
      const int negative = op_node(op::lt, pos, {x, zero});
      if (o == "abs") return op_node(op::ite, pos, {negative, op_node(op::neg, pos, {x}), x});
      if (o == "trc")
        return op_node(op::ite, pos, {negative, op_node(op::ceil_, pos, {x}), op_node(op::floor_, pos, {x})});
      return op_node(op::ite, pos,
                     {negative, int_literal(-1, pos),
                      op_node(op::ite, pos, {op_node(op::gt, pos, {x, zero}), int_literal(1, pos), zero})});
    }
    if (o == "ite") {
      object_at(v, path, {"op", "if", "then", "else"});
      const int c = sub("if"), a = sub("then"), b = sub("else");
      return op_node(op::ite, pos, {c, a, b});
    }
    if (o == "call") return call(v, path, depth);
    static const std::set<std::string, std::less<>> property_ops = {
        "Pmin", "Pmax", "Emin",   "Emax", "Smin", "Smax",    "U",        "W",       "F",
        "G",    "R",    "filter", "∃",    "∀",    "initial", "deadlock", "timelock"};
    if (property_ops.count(o))
      fail(opv, path + ".op", "the property operator " + name_text(o) + " is only supported at the top of a property");
    fail(opv, path + ".op", "the operator " + name_text(o) + " is not supported");
  }

  int call(const json_value& v, const std::string& path, int depth) {
    object_at(v, path, {"op", "function", "args"});
    const json_value& fv = need(v, "function", path);
    const std::string& name = string_at(fv, path + ".function");
    const auto f = functions_.find(name);
    if (f == functions_.end())
      fail(fv, path + ".function", "undefined function " + name_text(name) + did_you_mean(name, functions_));
    for (const frame& fr : frames_)
      if (fr.fn == &f->second)
        fail(fv, path + ".function", "the function " + name_text(name) + " calls itself (recursion is refused)");
    const json_value& args = need(v, "args", path);
    array_at(args, path + ".args");
    if (args.items().size() != f->second.parameters.size())
      fail(args, path + ".args",
           "the function " + name_text(name) + " takes " + std::to_string(f->second.parameters.size()) +
               " arguments, not " + std::to_string(args.items().size()));
    frame fr;
    fr.fn = &f->second;
    for (std::size_t i = 0; i < args.items().size(); ++i)
      fr.args.push_back(to_syntax(args.items()[i], path + ".args[" + std::to_string(i) + "]", depth + 1));
    frames_.push_back(std::move(fr));
    const int body = to_syntax(need(*f->second.decl, "body", f->second.path), f->second.path + ".body", depth + 1);
    frames_.pop_back();
    return body;
  }

  // Compiles an expression in the scope of element `el` (-1: global).
  expr compile(const json_value& v, const std::string& path, int el = -1) {
    nodes_.clear();  // the trees of one expression at a time
    tree_size_.clear();
    const int root = to_syntax(v, path);
    const std::uint64_t size = tree_size_[static_cast<std::size_t>(root)];
    compiled_size_ += size;
    if (size > max_tree_size || compiled_size_ > 64 * max_tree_size)
      fail(v, path,
           "the expressions are too large once their functions are inlined (more than " +
               std::to_string(size > max_tree_size ? max_tree_size : 64 * max_tree_size) + " operators)");
    scope_ = el;
    return detail::compile(
        nodes_, root, m_.pool, [this](const std::string& n, position pos) { return lookup(n, pos); }, {},
        [this](const std::string& n) { return hint(n); });
  }

  // "; did you mean 'x'?" for a name lookup does not know: the closest
  // constant, or variable in scope.
  std::string hint(const std::string& name) const {
    if (constants_only_) return did_you_mean(name, constants_);
    if (scope_ >= 0)
      return did_you_mean(name, constants_, elements_[static_cast<std::size_t>(scope_)].locals, globals_,
                          transient_index_);
    std::map<std::string, std::size_t> every;  // properties name the automata's variables by their unique names
    for (std::size_t i = 0; i < m_.variables.size(); ++i) every.emplace(m_.variables[i].name, i);
    return did_you_mean(name, constants_, every, transient_index_);
  }

  expr typed(const json_value& v, const std::string& path, value_type want, const std::string& what, int el = -1) {
    const expr e = compile(v, path, el);
    detail::expect_type(m_.pool, e, want, what + " (" + path + ")");
    return e;
  }

  expr constant_expression(const json_value& v, const std::string& path) {
    // Restored however compile ends: a property refused here must not leave
    // the next ones compiled as if they were constant.
    struct restore {
      bool& flag;
      bool saved;
      ~restore() { flag = saved; }
    } scope{constants_only_, constants_only_};
    constants_only_ = true;
    expr e;
    try {
      e = compile(v, path);
    } catch (const std::invalid_argument& error) {
      // The expression's own error ("SOURCE:LINE:COLUMN: what"), with the JSON
      // path of the expression that must be constant.
      std::string message = error.what();
      const std::string source = doc_.source() + ":";
      if (const std::size_t after = message.find(": ", source.size());
          message.rfind(source, 0) == 0 && after != std::string::npos &&
          message.find(path_text(path)) == std::string::npos)
        message.insert(after + 2, path_text(path) + ": ");
      throw std::invalid_argument(message);
    }
    if (!m_.pool.is_constant(e)) fail(v, path, "must be constant");
    return e;
  }

  std::int64_t int_constant(const json_value& v, const std::string& path) {
    const expr e = constant_expression(v, path);
    detail::expect_type(m_.pool, e, value_type::integer, path);
    return m_.pool.nodes[e].ival;
  }

  expr variable_node(std::size_t index, position pos) {
    const expr e =
        m_.pool.add(op::variable, m_.variables[index].boolean ? value_type::boolean : value_type::integer, pos);
    m_.pool.nodes[e].index = static_cast<std::uint32_t>(index);
    return e;
  }

  std::optional<expr> lookup(const std::string& name, position pos) {
    const auto c = constants_.find(name);
    if (c != constants_.end()) return c->second;
    if (constants_only_) {
      if (globals_.count(name) || transient_index_.count(name))
        throw std::invalid_argument(where(m_.source, pos) + ": the variable " + name_text(name) +
                                    " in an expression that must be constant");
      return std::nullopt;
    }
    if (scope_ >= 0) {
      const element& el = elements_[static_cast<std::size_t>(scope_)];
      const auto l = el.locals.find(name);
      if (l != el.locals.end()) return variable_node(l->second, pos);
    }
    const auto g = globals_.find(name);
    if (g != globals_.end()) return variable_node(g->second, pos);
    const auto t = transient_index_.find(name);
    if (t != transient_index_.end()) return transient_value(t->second, pos);
    if (scope_ < 0) {  // properties may name the automata's local variables by their unique names
      for (std::size_t i = 0; i < m_.variables.size(); ++i)
        if (m_.variables[i].name == name) return variable_node(i, pos);
    }
    return std::nullopt;
  }

  // The value of a transient variable in a state: its locations' values, else its initial value.
  expr transient_value(std::size_t t, position pos) {
    transient_var& tv = transients_[t];
    if (tv.state_value != no_expr) return tv.state_value;
    if (!locations_read_)
      throw std::invalid_argument(where(m_.source, pos) + ": the transient variable " + name_text(tv.name) +
                                  " is used before the automata's locations are read");
    expr e = tv.initial;
    for (auto it = tv.at_locations.rbegin(); it != tv.at_locations.rend(); ++it) {
      if (it->location < 0) {
        e = it->value;
        continue;
      }
      const expr cond = location_is(it->element, it->location, pos);
      const value_type a = m_.pool.nodes[it->value].type, b = m_.pool.nodes[e].type;
      const value_type type = a == value_type::rational || b == value_type::rational ? value_type::rational : a;
      e = m_.pool.fold(m_.pool.add(op::ite, type, pos, {cond, it->value, e}));
    }
    tv.state_value = e;
    return e;
  }

  expr location_is(std::size_t el, int location, position pos) {
    const int v = elements_[el].location_var;
    if (v < 0) return m_.pool.integer(1, value_type::boolean, pos);
    return m_.pool.add(
        op::eq, value_type::boolean, pos,
        {variable_node(static_cast<std::size_t>(v), pos), m_.pool.integer(location, value_type::integer, pos)});
  }

  // ---- automata and the system ----

  void system_and_automata(const json_value& root) {
    const json_value& automata = need(root, "automata", "the model");
    array_at(automata, "automata");
    std::map<std::string, std::size_t> by_name;
    for (std::size_t i = 0; i < automata.items().size(); ++i) {
      const json_value& a = automata.items()[i];
      const std::string p = "automata[" + std::to_string(i) + "]";
      object_at(a, p,
                {"name", "locations", "initial-locations", "edges", "variables", "restrict-initial", "functions",
                 "comment", "x-precision"});
      if (a.find("x-precision")) fail(a, p, "x-precision is not supported");
      const std::string& name = string_at(need(a, "name", p), p + ".name");
      if (!by_name.emplace(name, i).second)
        fail(a, p + ".name", "the automaton " + name_text(name) + " is declared twice");
      if (a.find("functions"))
        fail(*a.find("functions"), p + ".functions",
             "functions local to an automaton are not supported: declare them at the top");
    }
    const json_value& sys = need(root, "system", "the model");
    object_at(sys, "system", {"elements", "syncs", "comment"});
    const json_value& els = need(sys, "elements", "system");
    array_at(els, "system.elements");
    if (els.items().empty()) fail(els, "system.elements", "the system has no element");
    for (std::size_t i = 0; i < els.items().size(); ++i) {
      const json_value& e = els.items()[i];
      const std::string p = "system.elements[" + std::to_string(i) + "]";
      object_at(e, p, {"automaton", "input-enable", "comment"});
      if (const json_value* ie = e.find("input-enable")) {
        array_at(*ie, p + ".input-enable");
        if (!ie->items().empty()) fail(*ie, p + ".input-enable", "input-enabled actions are not supported");
      }
      const std::string& name = string_at(need(e, "automaton", p), p + ".automaton");
      const auto a = by_name.find(name);
      if (a == by_name.end())
        fail(e, p + ".automaton", "undefined automaton " + name_text(name) + did_you_mean(name, by_name));
      element el;
      el.automaton = &automata.items()[a->second];
      el.automaton_path = "automata[" + std::to_string(a->second) + "]";
      elements_.push_back(std::move(el));
      std::string module_name = name;
      for (const module& mod : m_.modules)
        if (mod.name == module_name) module_name = name + "[" + std::to_string(i) + "]";
      m_.modules.push_back({module_name, {}, {}, pos_of(e)});
    }
    // Synchronisation vectors: vector k is action k.
    std::vector<std::map<std::string, std::vector<int>>> vectors_of(elements_.size());  // element: action -> vectors
    if (const json_value* syncs = sys.find("syncs")) {
      array_at(*syncs, "system.syncs");
      for (std::size_t k = 0; k < syncs->items().size(); ++k) {
        const json_value& s = syncs->items()[k];
        const std::string p = "system.syncs[" + std::to_string(k) + "]";
        object_at(s, p, {"synchronise", "result", "comment"});
        const json_value& vec = need(s, "synchronise", p);
        array_at(vec, p + ".synchronise");
        if (vec.items().size() != elements_.size())
          fail(vec, p + ".synchronise",
               "has " + std::to_string(vec.items().size()) + " entries, not one per element (" +
                   std::to_string(elements_.size()) + ")");
        std::string result;
        if (const json_value* r = s.find("result")) {
          result = string_at(*r, p + ".result");
          if (!declared_actions_.count(result)) fail(*r, p + ".result", "undeclared action " + name_text(result));
        }
        bool any = false;
        for (std::size_t i = 0; i < vec.items().size(); ++i) {
          const json_value& x = vec.items()[i];
          if (x.is(kind::null)) continue;
          const std::string& a = string_at(x, p + ".synchronise[" + std::to_string(i) + "]");
          if (!declared_actions_.count(a))
            fail(x, p + ".synchronise[" + std::to_string(i) + "]", "undeclared action " + name_text(a));
          vectors_of[i][a].push_back(static_cast<int>(k));
          m_.modules[i].alphabet.push_back(static_cast<int>(k));
          any = true;
        }
        if (!any) fail(vec, p + ".synchronise", "a synchronisation vector needs at least one action");
        m_.actions.push_back(result);
      }
    }
    // Locations, local variables, transient values of locations.
    for (std::size_t i = 0; i < elements_.size(); ++i) {
      const json_value& a = *elements_[i].automaton;
      const std::string& p = elements_[i].automaton_path;
      const json_value& locs = need(a, "locations", p);
      array_at(locs, p + ".locations");
      if (locs.items().empty()) fail(locs, p + ".locations", "an automaton needs a location");
      for (std::size_t l = 0; l < locs.items().size(); ++l) {
        const json_value& loc = locs.items()[l];
        const std::string lp = p + ".locations[" + std::to_string(l) + "]";
        object_at(loc, lp, {"name", "transient-values", "time-progress", "comment", "x-precision"});
        if (loc.find("time-progress")) fail(loc, lp + ".time-progress", "time progress conditions are not supported");
        if (loc.find("x-precision")) fail(loc, lp + ".x-precision", "x-precision is not supported");
        const std::string& name = string_at(need(loc, "name", lp), lp + ".name");
        if (!elements_[i].locations.emplace(name, static_cast<int>(l)).second)
          fail(loc, lp + ".name", "the location " + name_text(name) + " is declared twice");
      }
      if (const json_value* vs = a.find("variables")) variables(*vs, p + ".variables", static_cast<int>(i));
      if (locs.items().size() > 1) {
        variable var;
        var.name = unique_variable_name(string_at(need(a, "name", p), p) + ".location", m_.modules[i].name);
        var.low = 0;
        var.high = static_cast<std::int64_t>(locs.items().size()) - 1;
        var.module = static_cast<int>(i);
        var.pos = pos_of(locs);
        elements_[i].location_var = static_cast<int>(m_.variables.size());
        m_.variables.push_back(std::move(var));
      }
      const json_value& init = need(a, "initial-locations", p);
      array_at(init, p + ".initial-locations");
      if (init.items().empty()) fail(init, p + ".initial-locations", "an automaton needs an initial location");
      std::vector<int> initial;
      for (std::size_t k = 0; k < init.items().size(); ++k) {
        const std::string ip = p + ".initial-locations[" + std::to_string(k) + "]";
        initial.push_back(location_index(i, init.items()[k], ip));
      }
      if (elements_[i].location_var >= 0) {
        variable& lv = m_.variables[static_cast<std::size_t>(elements_[i].location_var)];
        lv.initial = initial[0];
        if (initial.size() > 1)
          initial_locations_.push_back({static_cast<std::size_t>(elements_[i].location_var), initial});
      }
      if (a.find("restrict-initial")) automaton_restrict_.push_back({i, a.find("restrict-initial")});
    }
    for (std::size_t i = 0; i < elements_.size(); ++i) {
      const json_value& locs = *elements_[i].automaton->find("locations");
      const std::string& p = elements_[i].automaton_path;
      for (std::size_t l = 0; l < locs.items().size(); ++l) {
        const json_value* tvs = locs.items()[l].find("transient-values");
        if (!tvs) continue;
        const std::string lp = p + ".locations[" + std::to_string(l) + "].transient-values";
        array_at(*tvs, lp);
        for (std::size_t k = 0; k < tvs->items().size(); ++k) {
          const json_value& x = tvs->items()[k];
          const std::string xp = lp + "[" + std::to_string(k) + "]";
          object_at(x, xp, {"ref", "value", "comment"});
          const std::string& ref = string_at(need(x, "ref", xp), xp + ".ref");
          const auto t = transient_index_.find(ref);
          if (t == transient_index_.end())
            fail(x, xp + ".ref", name_text(ref) + " is not a transient variable (a location sets only those)");
          transient_var& tv = transients_[t->second];
          for (const auto& other : tv.at_locations)
            if (other.element != i)
              fail(x, xp, "the transient variable " + name_text(ref) + " is set by the locations of two automata");
          const expr e = typed(need(x, "value", xp), xp + ".value", tv.type, "the value of " + name_text(ref),
                               static_cast<int>(i));
          tv.at_locations.push_back({i, elements_[i].location_var < 0 ? -1 : static_cast<int>(l), e});
        }
      }
    }
    locations_read_ = true;
    // Edges: each becomes a command per action it takes part in.
    for (std::size_t i = 0; i < elements_.size(); ++i) {
      const json_value& a = *elements_[i].automaton;
      const std::string& p = elements_[i].automaton_path;
      const json_value& edges = need(a, "edges", p);
      array_at(edges, p + ".edges");
      for (std::size_t k = 0; k < edges.items().size(); ++k)
        edge(i, edges.items()[k], p + ".edges[" + std::to_string(k) + "]", vectors_of[i]);
      std::vector<int>& alpha = m_.modules[i].alphabet;
      std::sort(alpha.begin(), alpha.end());
      alpha.erase(std::unique(alpha.begin(), alpha.end()), alpha.end());
    }
  }

  int location_index(std::size_t el, const json_value& v, const std::string& path) {
    const std::string& name = string_at(v, path);
    const auto l = elements_[el].locations.find(name);
    if (l == elements_[el].locations.end())
      fail(v, path, "undefined location " + name_text(name) + did_you_mean(name, elements_[el].locations));
    return l->second;
  }

  void edge(std::size_t el, const json_value& e, const std::string& p,
            const std::map<std::string, std::vector<int>>& vectors) {
    object_at(e, p, {"location", "action", "rate", "guard", "destinations", "comment"});
    if (const json_value* r = e.find("rate")) fail(*r, p + ".rate", "rates are not supported (continuous time)");
    const int from = location_index(el, need(e, "location", p), p + ".location");
    std::vector<int> acts{-1};
    if (const json_value* a = e.find("action")) {
      const std::string& name = string_at(*a, p + ".action");
      if (!declared_actions_.count(name)) fail(*a, p + ".action", "undeclared action " + name_text(name));
      const auto v = vectors.find(name);
      acts = v == vectors.end() ? std::vector<int>{} : v->second;  // in no vector: blocked
    }
    command c;
    c.pos = pos_of(e);
    expr guard = m_.pool.integer(1, value_type::boolean, c.pos);
    if (const json_value* g = e.find("guard")) {
      object_at(*g, p + ".guard", {"exp", "comment"});
      guard =
          typed(need(*g, "exp", p + ".guard"), p + ".guard.exp", value_type::boolean, "a guard", static_cast<int>(el));
    }
    if (elements_[el].location_var >= 0)
      guard = m_.pool.fold(m_.pool.add(op::and_, value_type::boolean, c.pos, {location_is(el, from, c.pos), guard}));
    c.guard = guard;
    const json_value& ds = need(e, "destinations", p);
    array_at(ds, p + ".destinations");
    if (ds.items().empty()) fail(ds, p + ".destinations", "an edge needs a destination");
    std::vector<std::vector<std::pair<std::size_t, expr>>> transient_sets;
    for (std::size_t k = 0; k < ds.items().size(); ++k) {
      const json_value& d = ds.items()[k];
      const std::string dp = p + ".destinations[" + std::to_string(k) + "]";
      object_at(d, dp, {"location", "probability", "assignments", "comment"});
      update u;
      u.pos = pos_of(d);
      u.probability = m_.pool.integer(1, value_type::integer, u.pos);
      if (const json_value* pr = d.find("probability")) {
        object_at(*pr, dp + ".probability", {"exp", "comment"});
        u.probability = typed(need(*pr, "exp", dp + ".probability"), dp + ".probability.exp", value_type::rational,
                              "a probability", static_cast<int>(el));
      }
      const int to = location_index(el, need(d, "location", dp), dp + ".location");
      std::vector<std::pair<std::size_t, expr>> transients;
      if (const json_value* as = d.find("assignments")) {
        array_at(*as, dp + ".assignments");
        for (std::size_t j = 0; j < as->items().size(); ++j) {
          const json_value& x = as->items()[j];
          const std::string xp = dp + ".assignments[" + std::to_string(j) + "]";
          object_at(x, xp, {"ref", "value", "index", "comment"});
          if (const json_value* ix = x.find("index"))
            if (!ix->is(kind::number) || ix->text() != "0")
              fail(*ix, xp + ".index", "assignment index levels other than 0 are not supported");
          const json_value& refv = need(x, "ref", xp);
          const std::string& ref = string_at(refv, xp + ".ref");
          const auto t = transient_index_.find(ref);
          if (t != transient_index_.end()) {
            const expr value = typed(need(x, "value", xp), xp + ".value", transients_[t->second].type,
                                     "the value assigned to " + name_text(ref), static_cast<int>(el));
            for (const auto& [other, unused] : transients)
              if (other == t->second) fail(x, xp, name_text(ref) + " is assigned twice in one destination");
            transients.push_back({t->second, value});
            continue;
          }
          std::size_t var = 0;
          const auto l = elements_[el].locals.find(ref);
          if (l != elements_[el].locals.end()) {
            var = l->second;
          } else if (const auto g = globals_.find(ref); g != globals_.end()) {
            var = g->second;
          } else {
            bool local_elsewhere = false;
            for (const element& other : elements_) local_elsewhere |= other.locals.count(ref) > 0;
            fail(refv, xp + ".ref",
                 local_elsewhere ? "the variable " + name_text(ref) + " belongs to another automaton"
                                 : "undefined variable " + name_text(ref) + " assigned" +
                                       did_you_mean(ref, elements_[el].locals, globals_, transient_index_));
          }
          for (const auto& [other, unused] : u.assignments)
            if (other == var) fail(x, xp, name_text(ref) + " is assigned twice in one destination");
          const expr value = typed(need(x, "value", xp), xp + ".value",
                                   m_.variables[var].boolean ? value_type::boolean : value_type::integer,
                                   "the value assigned to " + name_text(ref), static_cast<int>(el));
          u.assignments.push_back({static_cast<std::uint32_t>(var), value});
        }
      }
      if (elements_[el].location_var >= 0 && to != from)
        u.assignments.push_back(
            {static_cast<std::uint32_t>(elements_[el].location_var), m_.pool.integer(to, value_type::integer, u.pos)});
      c.updates.push_back(std::move(u));
      transient_sets.push_back(std::move(transients));
    }
    for (const int a : acts) {
      command copy = c;
      copy.action = a;
      std::vector<command>& cmds = m_.modules[el].commands;
      for (std::size_t k = 0; k < transient_sets.size(); ++k)
        for (const auto& [t, value] : transient_sets[k])
          transients_[t].on_branches.push_back({el, cmds.size(), k, value});
      cmds.push_back(std::move(copy));
    }
  }

  void initial_states(const json_value& root) {
    std::vector<expr> parts;
    const position pos{1, 0};
    if (const json_value* r = root.find("restrict-initial")) {
      object_at(*r, "restrict-initial", {"exp", "comment"});
      const expr e = typed(need(*r, "exp", "restrict-initial"), "restrict-initial.exp", value_type::boolean,
                           "the initial states' restriction");
      if (!(m_.pool.is_constant(e) && m_.pool.nodes[e].ival == 1)) parts.push_back(e);
    }
    for (const auto& [el, r] : automaton_restrict_) {
      const std::string p = elements_[el].automaton_path + ".restrict-initial";
      object_at(*r, p, {"exp", "comment"});
      const expr e = typed(need(*r, "exp", p), p + ".exp", value_type::boolean, "the initial states' restriction",
                           static_cast<int>(el));
      if (!(m_.pool.is_constant(e) && m_.pool.nodes[e].ival == 1)) parts.push_back(e);
    }
    if (parts.empty() && open_initial_.empty() && initial_locations_.empty()) return;
    for (std::size_t v = 0; v < m_.variables.size(); ++v) {
      if (std::find(open_initial_.begin(), open_initial_.end(), v) != open_initial_.end()) continue;
      if (std::any_of(initial_locations_.begin(), initial_locations_.end(),
                      [&](const auto& x) { return x.first == v; }))
        continue;
      const value_type t = m_.variables[v].boolean ? value_type::boolean : value_type::integer;
      parts.push_back(m_.pool.add(op::eq, value_type::boolean, pos,
                                  {variable_node(v, pos), m_.pool.integer(m_.variables[v].initial, t, pos)}));
    }
    for (const auto& [v, locs] : initial_locations_) {
      std::vector<expr> any;
      for (const int l : locs)
        any.push_back(m_.pool.add(op::eq, value_type::boolean, pos,
                                  {variable_node(v, pos), m_.pool.integer(l, value_type::integer, pos)}));
      parts.push_back(m_.pool.add(op::or_, value_type::boolean, pos, any));
    }
    m_.initial_words = "the initial values, initial-locations and restrict-initial";
    m_.initial = parts.empty() ? m_.pool.integer(1, value_type::boolean, pos)
                               : m_.pool.add(op::and_, value_type::boolean, pos, parts);
  }

  // ---- properties ----

  std::vector<property> properties(const json_value& ps) {
    array_at(ps, "properties");
    std::vector<property> out;
    for (std::size_t i = 0; i < ps.items().size(); ++i) {
      const json_value& x = ps.items()[i];
      const std::string p = "properties[" + std::to_string(i) + "]";
      object_at(x, p, {"name", "expression", "comment"});
      property prop;
      prop.name = string_at(need(x, "name", p), p + ".name");
      for (const property& q : out)
        if (q.name == prop.name) fail(x, p + ".name", "the property " + name_text(prop.name) + " is declared twice");
      prop.pos = pos_of(x);
      prism_notation(need(x, "expression", p), prop.text);
      try {
        compile_property(need(x, "expression", p), p + ".expression", prop);
      } catch (const std::invalid_argument& e) {
        property refused;
        refused.name = prop.name;
        refused.text = prop.text;
        refused.pos = prop.pos;
        refused.error = e.what();
        prop = std::move(refused);
      }
      out.push_back(std::move(prop));
    }
    return out;
  }

  void compile_property(const json_value& e, const std::string& path, property& prop) {
    const json_value* values = &e;
    std::string vpath = path;
    if (e.is(kind::object) && e.find("op") && e.find("op")->is(kind::string) && e.find("op")->text() == "filter") {
      object_at(e, path, {"op", "fun", "values", "states"});
      const json_value& fun = need(e, "fun", path);
      const std::string& f = string_at(fun, path + ".fun");
      static const std::map<std::string, std::string, std::less<>> funs = {
          {"values", ""}, {"max", "max"},     {"min", "min"},  {"sum", "sum"},
          {"avg", "avg"}, {"count", "count"}, {"∀", "forall"}, {"∃", "exists"}};
      const auto fi = funs.find(f);
      if (fi == funs.end())
        fail(fun, path + ".fun",
             "the filter function " + name_text(f) + " is not supported (values, max, min, sum, avg, count, ∀, ∃)");
      prop.filter = fi->second;
      const json_value& st = need(e, "states", path);
      const json_value* stop = st.is(kind::object) ? st.find("op") : nullptr;
      if (stop && stop->is(kind::string) && stop->text() == "initial") {
        object_at(st, path + ".states", {"op"});
        prop.filter_init = true;
        prop.filter_states = initial_predicate(pos_of(st));
      } else {
        prop.filter_states = typed(st, path + ".states", value_type::boolean, "the states of a filter");
      }
      if (prop.filter.empty() && !prop.filter_init) prop.filter = "print";
      if (prop.filter.empty()) prop.filter_states = no_expr;
      values = &need(e, "values", path);
      vpath = path + ".values";
    }
    query(*values, vpath, prop);
    if (const std::string why = detail::filter_operand_error(prop.filter, prop.numeric()); !why.empty())
      fail(*values, vpath, why);
  }

  expr initial_predicate(position pos) {
    if (m_.initial != no_expr) return m_.initial;
    std::vector<expr> parts;
    for (std::size_t v = 0; v < m_.variables.size(); ++v) {
      const value_type t = m_.variables[v].boolean ? value_type::boolean : value_type::integer;
      parts.push_back(m_.pool.add(op::eq, value_type::boolean, pos,
                                  {variable_node(v, pos), m_.pool.integer(m_.variables[v].initial, t, pos)}));
    }
    if (parts.empty()) return m_.pool.integer(1, value_type::boolean, pos);
    return m_.pool.add(op::and_, value_type::boolean, pos, parts);
  }

  void query(const json_value& v, const std::string& path, property& prop) {
    if (!v.is(kind::object) || !v.find("op"))
      fail(v, path, "a property must be a Pmin, Pmax, Emin, Emax or S operator (or a filter of one)");
    const json_value& opv = *v.find("op");
    const std::string& o = string_at(opv, path + ".op");
    static const std::map<std::string, std::string, std::less<>> bounds = {
        {"≥", ">="}, {">", ">"}, {"≤", "<="}, {"<", "<"}};
    if (const auto b = bounds.find(o); b != bounds.end()) {
      object_at(v, path, {"op", "left", "right"});
      const json_value& right = need(v, "right", path);
      const expr bound = constant_expression(right, path + ".right");
      detail::expect_type(m_.pool, bound, value_type::rational, "a bound (" + path + ".right)");
      prop.compare = b->second;
      prop.bound = m_.pool.eval_rational(bound, nullptr);
      operator_(need(v, "left", path), path + ".left", prop);
      if (prop.letter == 'P' && (prop.bound < 0 || prop.bound > 1))
        fail(right, path + ".right", "a probability bound must be in [0, 1], not " + message_text(prop.bound));
      return;
    }
    prop.compare = "=?";
    operator_(v, path, prop);
  }

  void operator_(const json_value& v, const std::string& path, property& prop) {
    if (!v.is(kind::object) || !v.find("op"))
      fail(v, path, "a property must be a Pmin, Pmax, Emin, Emax or S operator (or a filter of one)");
    const json_value& opv = *v.find("op");
    const std::string& o = string_at(opv, path + ".op");
    const bool dtmc = m_.kind == model_kind::dtmc;
    if (o == "Pmin" || o == "Pmax") {
      object_at(v, path, {"op", "exp"});
      prop.letter = 'P';
      prop.optimum = dtmc ? 0 : o == "Pmax" ? 1 : -1;
      path_formula(need(v, "exp", path), path + ".exp", prop);
      return;
    }
    if (o == "Emin" || o == "Emax") {
      object_at(v, path, {"op", "exp", "accumulate", "reach", "step-instant", "time-instant", "reward-instants"});
      prop.optimum = dtmc ? 0 : o == "Emax" ? 1 : -1;
      expected_reward(v, path, prop);
      return;
    }
    if (o == "Smin" || o == "Smax") {
      object_at(v, path, {"op", "exp", "accumulate"});
      if (!dtmc) fail(opv, path + ".op", "S (long-run probability) is supported for DTMCs only");
      if (v.find("accumulate"))
        fail(*v.find("accumulate"), path + ".accumulate", "long-run average rewards are not supported");
      prop.letter = 'S';
      prop.path = 'S';
      prop.optimum = 0;
      prop.right = typed(need(v, "exp", path), path + ".exp", value_type::boolean,
                         "the states of S (a long-run reward is not supported)");
      return;
    }
    if (o == "∃" || o == "∀")
      fail(opv, path + ".op",
           "the path quantifier " + name_text(o) +
               " is not supported: it asks whether some or every path satisfies a formula, ignoring probabilities "
               "(use Pmax > 0 or Pmin = 1)");
    fail(opv, path + ".op",
         "a property must be a Pmin, Pmax, Emin, Emax or S operator (or a filter of one), not " + name_text(o));
  }

  // A step bound's upper end (k; k-1 when exclusive).
  std::uint64_t upper_steps(const json_value& b, const std::string& path) {
    object_at(b, path, {"upper", "upper-exclusive", "lower", "lower-exclusive"});
    if (const json_value* lo = b.find("lower")) {
      const std::int64_t l = int_constant(*lo, path + ".lower");
      const json_value* lx = b.find("lower-exclusive");
      if (l != 0 || (lx && lx->text() == "true")) fail(*lo, path + ".lower", "lower step bounds are not supported");
    }
    const json_value& up = need(b, "upper", path);
    std::int64_t k = int_constant(up, path + ".upper");
    if (const json_value* x = b.find("upper-exclusive")) {
      if (!x->is(kind::boolean)) fail(*x, path + ".upper-exclusive", "must be true or false, not " + x->describe());
      if (x->text() == "true") --k;
    }
    if (k < 0) fail(up, path + ".upper", "a step bound must be >= 0, not " + std::to_string(k));
    return static_cast<std::uint64_t>(k);
  }

  void path_formula(const json_value& v, const std::string& path, property& prop) {
    if (!v.is(kind::object) || !v.find("op")) fail(v, path, "a probability needs a path formula (U, F or G)");
    const json_value& opv = *v.find("op");
    const std::string& o = string_at(opv, path + ".op");
    if (o == "U" || o == "F" || o == "G") {
      if (o == "U")
        object_at(v, path, {"op", "left", "right", "step-bounds", "reward-bounds", "time-bounds"});
      else
        object_at(v, path, {"op", "exp", "step-bounds", "reward-bounds", "time-bounds"});
      if (const json_value* tb = v.find("time-bounds"))
        fail(*tb, path + ".time-bounds", "time bounds are not supported (continuous time)");
      if (o == "U") {
        prop.left = typed(need(v, "left", path), path + ".left", value_type::boolean, "the left side of U");
        prop.right = typed(need(v, "right", path), path + ".right", value_type::boolean, "the right side of U");
        prop.path = 'U';
        if (m_.pool.is_constant(prop.left) && m_.pool.nodes[prop.left].ival == 1) {
          prop.path = 'F';
          prop.left = no_expr;
        }
      } else {
        prop.right = typed(need(v, "exp", path), path + ".exp", value_type::boolean, "the operand of " + o);
        prop.path = o[0];
      }
      if (const json_value* sb = v.find("step-bounds")) prop.steps = upper_steps(*sb, path + ".step-bounds");
      if (const json_value* rb = v.find("reward-bounds")) {
        const std::string rp = path + ".reward-bounds";
        array_at(*rb, rp);
        for (std::size_t i = 0; i < rb->items().size(); ++i) {
          const json_value& b = rb->items()[i];
          const std::string bp = rp + "[" + std::to_string(i) + "]";
          object_at(b, bp, {"exp", "accumulate", "bounds"});
          const json_value& ex = need(b, "exp", bp);
          const expr r = constant_or_none(ex);
          if (r == no_expr || m_.pool.eval_rational(r, nullptr) != 1 ||
              accumulation(need(b, "accumulate", bp), bp + ".accumulate") != 1)
            fail(ex, bp + ".exp",
                 "a reward bound is supported only when the reward is the step count (exp 1, accumulate [\"steps\"])");
          const std::uint64_t k = upper_steps(need(b, "bounds", bp), bp + ".bounds");
          prop.steps = prop.steps ? std::min(*prop.steps, k) : k;
        }
      }
      return;
    }
    if (o == "W" || o == "R")
      fail(opv, path + ".op", "the path operator " + name_text(o) + " is not supported (U, F and G are)");
    fail(opv, path + ".op", "a probability needs a path formula (U, F or G), not " + name_text(o));
  }

  // The constant value of a JSON expression without variables, or no_expr.
  expr constant_or_none(const json_value& v) {
    if (v.is(kind::number)) return constant_expression(v, "");
    if (v.is(kind::string)) {
      const auto c = constants_.find(v.text());
      if (c != constants_.end()) return c->second;
    }
    return no_expr;
  }

  // accumulate: 1 steps, 2 exit, 3 both.
  int accumulation(const json_value& a, const std::string& path) {
    array_at(a, path);
    int out = 0;
    for (std::size_t i = 0; i < a.items().size(); ++i) {
      const std::string p = path + "[" + std::to_string(i) + "]";
      const std::string& x = string_at(a.items()[i], p);
      if (x == "steps") {
        out |= 1;
      } else if (x == "exit") {
        out |= 2;
      } else {
        fail(a.items()[i], p,
             "the accumulation " + name_text(x) + " is not supported (steps and exit are; time is continuous)");
      }
    }
    return out;
  }

  void expected_reward(const json_value& v, const std::string& path, property& prop) {
    if (const json_value* t = v.find("time-instant"))
      fail(*t, path + ".time-instant", "time instants are not supported");
    if (const json_value* t = v.find("reward-instants"))
      fail(*t, path + ".reward-instants", "reward instants are not supported");
    const json_value& ex = need(v, "exp", path);
    int acc = 0;
    if (const json_value* a = v.find("accumulate")) acc = accumulation(*a, path + ".accumulate");
    const json_value* reach = v.find("reach");
    const json_value* instant = v.find("step-instant");
    if (reach && instant) fail(*instant, path + ".step-instant", "reach and step-instant together are not supported");
    prop.letter = 'R';
    if (reach) {
      if (!acc) fail(v, path, "an expected reward until reach needs accumulate (steps, exit)");
      prop.path = 'F';
      prop.right = typed(*reach, path + ".reach", value_type::boolean, "the states to reach");
      prop.reward = reward_structure_of(ex, path + ".exp", acc);
      if (prop.reward == -2) prop.letter = 'T';
      return;
    }
    if (instant) {
      prop.steps = static_cast<std::uint64_t>(int_constant(*instant, path + ".step-instant"));
      if (static_cast<std::int64_t>(*prop.steps) < 0) fail(*instant, path + ".step-instant", "must be >= 0");
      if (acc) {
        prop.path = 'C';
        prop.reward = reward_structure_of(ex, path + ".exp", acc);
      } else {
        prop.path = 'I';
        prop.reward = reward_structure_of(ex, path + ".exp", 2);
      }
      if (prop.reward == -2) prop.reward = constant_structure(Rational(1));
      return;
    }
    fail(v, path, "an expected total reward without reach or step-instant is not supported");
  }

  int constant_structure(const Rational& c) {
    for (std::size_t i = 0; i < m_.rewards.size(); ++i)
      if (constant_structures_.count(i) && constant_structures_[i] == c) return static_cast<int>(i);
    reward_structure rs;
    rs.name = "constant " + message_text(c);
    reward_item it;
    it.guard = m_.pool.integer(1, value_type::boolean, {});
    it.value = m_.pool.rational(c, {});
    rs.items.push_back(it);
    constant_structures_[m_.rewards.size()] = c;
    m_.rewards.push_back(std::move(rs));
    return static_cast<int>(m_.rewards.size() - 1);
  }

  // The reward structure of an expected reward: a transient variable with
  // its accumulation, or a constant (-2 for 1 a step).
  int reward_structure_of(const json_value& ex, const std::string& path, int acc) {
    if (const expr c = constant_or_none(ex); c != no_expr) {
      detail::expect_type(m_.pool, c, value_type::rational, "a reward (" + path + ")");
      const Rational per_step = m_.pool.eval_rational(c, nullptr) * ((acc & 1) + (acc >> 1));
      if (per_step == 1) return -2;
      return constant_structure(per_step);
    }
    if (!ex.is(kind::string) || !transient_index_.count(ex.text()))
      fail(ex, path, "a reward must be a transient variable or a constant (other expressions are not supported)");
    const std::size_t t = transient_index_.at(ex.text());
    const auto key = std::make_pair(t, acc);
    if (const auto f = structures_.find(key); f != structures_.end()) return f->second;
    transient_var& tv = transients_[t];
    if (tv.type == value_type::boolean) fail(ex, path, "a reward must be a number, not the bool " + name_text(tv.name));
    reward_structure rs;
    rs.name = tv.name;
    for (const auto& [k, unused] : structures_)
      if (k.first == t) rs.name = tv.name + (acc == 1 ? " (steps)" : acc == 2 ? " (exit)" : " (steps, exit)");
    const std::uint32_t index = static_cast<std::uint32_t>(m_.rewards.size());
    if (acc & 2) {
      reward_item it;
      it.guard = m_.pool.integer(1, value_type::boolean, pos_of(ex));
      it.value = transient_value(t, pos_of(ex));
      rs.items.push_back(it);
    }
    if (acc & 1) {
      if (m_.pool.eval_rational(tv.initial, nullptr) != 0)
        fail(*tv.decl, tv.path + ".initial-value",
             "a transient variable rewarded on steps must have the initial value 0 (its value on every step that "
             "does not assign it)");
      for (const transient_var::branch& b : tv.on_branches)
        m_.modules[b.module].commands[b.command].updates[b.update].rewards.push_back({index, b.value});
    }
    m_.rewards.push_back(std::move(rs));
    structures_[key] = static_cast<int>(index);
    return static_cast<int>(index);
  }

  const json_document& doc_;
  const constant_values& given_;
  symbolic_model& m_;
  std::set<std::string> names_, declared_actions_;
  std::map<std::string, expr> constants_;
  std::map<std::string, function_def> functions_;
  std::map<std::string, std::size_t> globals_, transient_index_;
  std::vector<transient_var> transients_;
  std::vector<element> elements_;
  std::vector<std::size_t> open_initial_;
  std::vector<std::pair<std::size_t, std::vector<int>>> initial_locations_;
  std::vector<std::pair<std::size_t, const json_value*>> automaton_restrict_;
  std::map<std::pair<std::size_t, int>, int> structures_;
  std::map<std::size_t, Rational> constant_structures_;
  static constexpr std::uint64_t max_tree_size = 1'000'000;  // operators in one expression, inlined
  std::vector<syntax_node> nodes_;
  std::vector<std::uint64_t> tree_size_;
  std::uint64_t compiled_size_ = 0;
  std::vector<frame> frames_;
  int scope_ = -1;
  bool constants_only_ = false;
  bool locations_read_ = false;
};

}  // namespace

jani_file parse_jani(std::string_view text, const std::string& source, const constant_values& constants) {
  const json_document doc(text, source, max_expression_depth + 32);
  jani_file out;
  out.model.source = source;
  out.model.pool.source = source;
  reader r(doc, constants, out.model);
  out.properties = r.run();
  return out;
}

bool looks_like_jani(std::string_view text) { return opens_json_object(text); }

std::vector<std::string> undefined_jani_constants(std::string_view text, const std::string& source) {
  const json_document doc(text, source, max_expression_depth + 32);
  return reader::open_constants(doc);
}

}  // namespace exactdp::lang
