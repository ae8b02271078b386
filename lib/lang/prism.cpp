// The PRISM language read into the symbolic model (exactdp/lang/prism.hpp).
#include "exactdp/lang/prism.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "exactdp/io/parse.hpp"
#include "exactdp/io/prism_keywords.hpp"
#include "syntax.hpp"

namespace exactdp::lang {

namespace {

using detail::parser;
using detail::syntax_node;
using detail::tok;

struct raw_var {
  std::string name;
  position pos;
  bool boolean = false;
  int low = -1, high = -1, init = -1;
};
struct raw_assign {
  std::string var;
  position pos;
  int value = -1;
};
struct raw_update {
  int prob = -1;  // -1: probability 1
  position pos;
  std::vector<raw_assign> assigns;
};
struct raw_command {
  std::string action;  // "" unlabelled
  position pos, action_pos;
  int guard = -1;
  std::vector<raw_update> updates;
};
struct raw_module {
  std::string name;
  position pos;
  std::vector<raw_var> vars;
  std::vector<raw_command> commands;
  std::string base;  // renamed from this module
  position base_pos;
  std::vector<std::pair<std::string, std::string>> renames;
};
struct raw_const {
  std::string name;
  position pos;
  value_type type = value_type::integer;
  int value = -1;
};
struct raw_reward_item {
  bool transition = false;
  std::string action;
  position pos;
  int guard = -1, value = -1;
};
struct raw_rewards {
  std::string name;
  position pos;
  std::vector<raw_reward_item> items;
};

struct raw_model {
  model_kind kind = model_kind::mdp;
  std::vector<raw_const> constants;
  std::vector<std::pair<std::string, std::pair<position, int>>> formulas;
  std::vector<std::pair<std::string, std::pair<position, int>>> labels;
  std::vector<raw_var> globals;
  std::vector<raw_module> modules;
  std::vector<raw_rewards> rewards;
  int init = -1;
  position init_pos;
};

// ---- parsing ----

class model_parser {
 public:
  explicit model_parser(parser& p) : p_(p) {}

  raw_model parse() {
    raw_model m;
    bool typed = false;
    while (!p_.at_end()) {
      const detail::token t = p_.peek();
      if (t.kind != tok::ident)
        p_.fail_here("expected a declaration (const, formula, label, global, module, rewards, init)");
      const std::string_view w = t.text;
      if (w == "dtmc" || w == "probabilistic" || w == "mdp" || w == "nondeterministic") {
        if (typed) p_.fail(t.pos, "a second model type " + quote_input(w));
        typed = true;
        m.kind = w == "dtmc" || w == "probabilistic" ? model_kind::dtmc : model_kind::mdp;
        p_.next();
      } else if (w == "ctmc" || w == "stochastic") {
        p_.fail(t.pos,
                "continuous-time Markov chains (ctmc) are not supported: exactdp solves discrete-time models "
                "(dtmc, mdp)");
      } else if (w == "pta") {
        p_.fail(t.pos,
                "probabilistic timed automata (pta) are not supported: their clocks need a digital-clocks "
                "translation to an mdp first");
      } else if (w == "smg" || w == "csg" || w == "tsg" || w == "player") {
        p_.fail(t.pos, "stochastic games (" + std::string(w) + ", PRISM-games) are not supported by check");
      } else if (w == "ma" || w == "ctmdp" || w == "lts" || w == "popomdp" || w == "pomdp" || w == "ipomdp" ||
                 w == "idtmc" || w == "imdp") {
        p_.fail(t.pos, "the model type " + quote_input(w) + " is not supported (dtmc and mdp are)");
      } else if (w == "const") {
        constant(m);
      } else if (w == "formula") {
        p_.next();
        const position pos = p_.peek().pos;
        const std::string name = p_.ident("the formula's name");
        p_.expect("=", "after the formula's name");
        m.formulas.push_back({name, {pos, p_.expression()}});
        p_.expect(";", "after the formula");
      } else if (w == "label") {
        p_.next();
        const position pos = p_.peek().pos;
        const std::string name = p_.string_literal("the label's name in quotes");
        p_.expect("=", "after the label's name");
        m.labels.push_back({name, {pos, p_.expression()}});
        p_.expect(";", "after the label");
      } else if (w == "global") {
        p_.next();
        m.globals.push_back(variable_decl());
      } else if (w == "module") {
        module(m);
      } else if (w == "rewards") {
        rewards(m);
      } else if (w == "init") {
        p_.next();
        if (m.init >= 0) p_.fail(t.pos, "a second init ... endinit block");
        m.init_pos = t.pos;
        m.init = p_.expression();
        p_.expect("endinit", "closing the init block");
      } else if (w == "system") {
        p_.fail(t.pos,
                "system ... endsystem (process algebra composition) is not supported: the modules are "
                "composed in parallel, synchronising on shared actions, as PRISM does without it");
      } else if (w == "rate" || w == "clock" || w == "invariant") {
        p_.fail(t.pos, quote_input(w) + " is not supported (continuous time)");
      } else {
        p_.fail_here("expected a declaration (const, formula, label, global, module, rewards, init)");
      }
    }
    return m;
  }

 private:
  void constant(raw_model& m) {
    p_.next();
    raw_const c;
    if (p_.is("int") || p_.is("double") || p_.is("bool")) {
      const std::string_view t = p_.next().text;
      c.type = t == "int" ? value_type::integer : t == "double" ? value_type::rational : value_type::boolean;
    } else if (p_.is("rate") || p_.is("prob")) {
      p_.next();
      c.type = value_type::rational;
    }
    c.pos = p_.peek().pos;
    c.name = p_.ident("the constant's name");
    if (p_.accept("=")) c.value = p_.expression();
    p_.expect(";", "after the constant");
    m.constants.push_back(std::move(c));
  }

  raw_var variable_decl() {
    raw_var v;
    v.pos = p_.peek().pos;
    v.name = p_.ident("a variable's name");
    p_.expect(":", "after the variable's name");
    if (p_.accept("bool")) {
      v.boolean = true;
    } else if (p_.accept("[")) {
      v.low = p_.expression();
      p_.expect("..", "in the range [low..high]");
      v.high = p_.expression();
      p_.expect("]", "closing the range");
    } else if (p_.is("int")) {
      p_.fail_here("an unbounded int variable is not supported: give it a range [low..high]");
    } else if (p_.is("clock")) {
      p_.fail_here("clocks are not supported (probabilistic timed automata)");
    } else {
      p_.fail_here("expected a type, [low..high] or bool");
    }
    if (p_.accept("init")) v.init = p_.expression();
    p_.expect(";", "after the variable");
    return v;
  }

  void module(raw_model& m) {
    p_.next();
    raw_module mod;
    mod.pos = p_.peek().pos;
    mod.name = p_.ident("the module's name");
    if (p_.accept("=")) {
      mod.base_pos = p_.peek().pos;
      mod.base = p_.ident("the name of the module renamed");
      p_.expect("[", "opening the renaming");
      do {
        const std::string from = p_.ident("a name to rename");
        p_.expect("=", "in the renaming old=new");
        const std::string to = p_.ident("the new name");
        mod.renames.push_back({from, to});
      } while (p_.accept(","));
      p_.expect("]", "closing the renaming");
      p_.expect("endmodule", "closing the module");
      m.modules.push_back(std::move(mod));
      return;
    }
    while (!p_.accept("endmodule")) {
      if (p_.at_end()) p_.fail_here("expected endmodule");
      if (p_.is("[")) {
        mod.commands.push_back(command());
      } else {
        mod.vars.push_back(variable_decl());
      }
    }
    m.modules.push_back(std::move(mod));
  }

  bool bare_update() const {
    return (p_.is("(") && p_.peek(1).kind == tok::ident && p_.is("'", 2)) ||
           (p_.is("true") && (p_.is(";", 1) || p_.is("+", 1)));
  }

  raw_command command() {
    raw_command c;
    c.pos = p_.peek().pos;
    p_.expect("[");
    if (p_.peek().kind == tok::ident) {
      c.action_pos = p_.peek().pos;
      c.action = std::string(p_.next().text);
    }
    p_.expect("]", "closing the action");
    c.guard = p_.expression();
    p_.expect("->", "after the guard");
    do {
      raw_update u;
      u.pos = p_.peek().pos;
      if (!bare_update()) {
        u.prob = p_.expression();
        p_.expect(":", "after the probability");
      }
      if (!p_.accept("true")) {
        do {
          p_.expect("(", "opening an assignment (x'=e)");
          raw_assign a;
          a.pos = p_.peek().pos;
          a.var = p_.ident("the variable assigned");
          p_.expect("'", "after the variable assigned (x'=e)");
          p_.expect("=", "in the assignment (x'=e)");
          a.value = p_.expression();
          p_.expect(")", "closing the assignment");
          u.assigns.push_back(std::move(a));
        } while (p_.accept("&"));
      }
      c.updates.push_back(std::move(u));
    } while (p_.accept("+"));
    p_.expect(";", "after the command");
    return c;
  }

  void rewards(raw_model& m) {
    raw_rewards r;
    r.pos = p_.next().pos;
    if (p_.peek().kind == tok::string) r.name = std::string(p_.next().text);
    while (!p_.accept("endrewards")) {
      if (p_.at_end()) p_.fail_here("expected endrewards");
      raw_reward_item it;
      it.pos = p_.peek().pos;
      if (p_.accept("[")) {
        it.transition = true;
        if (p_.peek().kind == tok::ident) it.action = std::string(p_.next().text);
        p_.expect("]", "closing the action");
      }
      it.guard = p_.expression();
      p_.expect(":", "after the reward's guard");
      it.value = p_.expression();
      p_.expect(";", "after the reward");
      r.items.push_back(std::move(it));
    }
    m.rewards.push_back(std::move(r));
  }

  parser& p_;
};

// ---- resolution ----

class resolver {
 public:
  resolver(parser& p, const raw_model& raw, const constant_values& given, symbolic_model& out)
      : p_(p), raw_(raw), given_(given), m_(out) {}

  void run() {
    m_.kind = raw_.kind;
    // Names: one namespace for constants, formulas and variables.
    for (std::size_t i = 0; i < raw_.constants.size(); ++i)
      declare(raw_.constants[i].name, raw_.constants[i].pos, "a constant");
    for (std::size_t i = 0; i < raw_.formulas.size(); ++i) {
      declare(raw_.formulas[i].first, raw_.formulas[i].second.first, "a formula");
      formula_index_[raw_.formulas[i].first] = i;
    }
    for (std::size_t i = 0; i < raw_.constants.size(); ++i) const_index_[raw_.constants[i].name] = i;
    const_value_.assign(raw_.constants.size(), no_expr);
    const_state_.assign(raw_.constants.size(), 0);
    for (std::size_t i = 0; i < raw_.constants.size(); ++i) constant_value(i);

    std::map<std::string, std::size_t> module_index;
    for (std::size_t i = 0; i < raw_.modules.size(); ++i) {
      if (!module_index.emplace(raw_.modules[i].name, i).second)
        p_.fail(raw_.modules[i].pos, "the module " + quote_input(raw_.modules[i].name, 60) + " is defined twice");
    }
    for (const raw_var& v : raw_.globals) add_variable(v, -1, {});
    // Module variables (renamed modules take their base's, renamed).
    for (std::size_t i = 0; i < raw_.modules.size(); ++i) {
      const raw_module& mod = raw_.modules[i];
      renames_.clear();
      const raw_module* body = &mod;
      if (!mod.base.empty()) {
        const auto b = module_index.find(mod.base);
        if (b == module_index.end())
          p_.fail(mod.base_pos, "undefined module " + quote_input(mod.base, 60) + " renamed" +
                                    detail::did_you_mean(mod.base, module_index));
        body = &raw_.modules[b->second];
        if (!body->base.empty())
          p_.fail(mod.base_pos, "the module " + quote_input(mod.base, 60) + " is itself a renaming; rename its base");
        for (const auto& [from, to] : mod.renames)
          if (!renames_.emplace(from, to).second) p_.fail(mod.base_pos, quote_input(from, 60) + " is renamed twice");
      }
      for (const raw_var& v : body->vars) add_variable(v, static_cast<int>(i), renamed(v.name));
      m_.modules.push_back({mod.name, {}, {}, mod.pos});
    }
    renames_.clear();
    // Commands.
    for (std::size_t i = 0; i < raw_.modules.size(); ++i) {
      const raw_module& mod = raw_.modules[i];
      renames_.clear();
      const raw_module* body = &mod;
      if (!mod.base.empty()) {
        body = &raw_.modules[module_index.at(mod.base)];
        for (const auto& [from, to] : mod.renames) renames_.emplace(from, to);
      }
      std::set<int> alphabet;
      for (const raw_command& c : body->commands) {
        command cmd;
        cmd.pos = c.pos;
        if (!c.action.empty()) {
          cmd.action = action(renamed(c.action));
          alphabet.insert(cmd.action);
        }
        cmd.guard = compile(c.guard);
        detail::expect_type(m_.pool, cmd.guard, value_type::boolean, "a guard");
        for (const raw_update& u : c.updates) {
          update up;
          up.pos = u.pos;
          up.probability = u.prob < 0 ? m_.pool.integer(1, value_type::integer, u.pos) : compile(u.prob);
          detail::expect_type(m_.pool, up.probability, value_type::rational, "a probability");
          for (const raw_assign& a : u.assigns) {
            const std::string name = renamed(a.var);
            const auto v = var_index_.find(name);
            if (v == var_index_.end())
              p_.fail(a.pos, "undefined variable " + quote_input(name, 60) + " assigned" +
                                 detail::did_you_mean(name, var_index_));
            const variable& var = m_.variables[v->second];
            if (var.module >= 0 && var.module != static_cast<int>(i))
              p_.fail(a.pos, "the module " + quote_input(mod.name, 60) + " assigns " + quote_input(name, 60) +
                                 ", a variable of the module " + quote_input(m_.modules[var.module].name, 60));
            for (const auto& [other, unused] : up.assignments)
              if (other == v->second) p_.fail(a.pos, quote_input(name, 60) + " is assigned twice in one update");
            const expr value = compile(a.value);
            detail::expect_type(m_.pool, value, var.boolean ? value_type::boolean : value_type::integer,
                                "the value assigned to " + quote_input(name, 60));
            up.assignments.push_back({v->second, value});
          }
          cmd.updates.push_back(std::move(up));
        }
        m_.modules[i].commands.push_back(std::move(cmd));
      }
      m_.modules[i].alphabet.assign(alphabet.begin(), alphabet.end());
    }
    renames_.clear();
    // Actions named only in reward items are allowed (they reward nothing).
    for (const raw_rewards& r : raw_.rewards) {
      reward_structure rs;
      rs.name = r.name;
      rs.pos = r.pos;
      for (const reward_structure& other : m_.rewards)
        if (!r.name.empty() && other.name == r.name)
          p_.fail(r.pos, "the reward structure " + quote_input("\"" + r.name + "\"", 60) + " is defined twice");
      for (const raw_reward_item& it : r.items) {
        reward_item x;
        x.transition = it.transition;
        x.pos = it.pos;
        if (!it.action.empty()) x.action = action(it.action);
        x.guard = compile(it.guard);
        detail::expect_type(m_.pool, x.guard, value_type::boolean, "a reward's guard");
        x.value = compile(it.value);
        detail::expect_type(m_.pool, x.value, value_type::rational, "a reward");
        rs.items.push_back(x);
      }
      m_.rewards.push_back(std::move(rs));
    }
    std::set<std::string> labels;
    for (const auto& [name, def] : raw_.labels) {
      if (!labels.insert(name).second)
        p_.fail(def.first, "the label " + quote_input("\"" + name + "\"", 60) + " is defined twice");
      if (name == "init" || name == "deadlock")
        p_.fail(def.first, "the label \"" + name + "\" is built in and cannot be redefined");
      const expr e = compile(def.second);
      detail::expect_type(m_.pool, e, value_type::boolean, "a label");
      m_.labels.push_back({name, e});
    }
    for (const auto& [name, def] : raw_.formulas) m_.formulas.push_back({name, compile(def.second)});
    for (std::size_t i = 0; i < raw_.constants.size(); ++i)
      m_.constants.push_back({raw_.constants[i].name, const_value_[i]});
    if (raw_.init >= 0) {
      for (const raw_var& v : raw_.globals)
        if (v.init >= 0)
          p_.fail(v.pos, "an init value for " + quote_input(v.name, 60) + " and an init ... endinit block");
      for (const raw_module& mod : raw_.modules)
        for (const raw_var& v : mod.vars)
          if (v.init >= 0)
            p_.fail(v.pos, "an init value for " + quote_input(v.name, 60) + " and an init ... endinit block");
      m_.initial = compile(raw_.init);
      detail::expect_type(m_.pool, m_.initial, value_type::boolean, "the init block");
    }
  }

 private:
  void declare(const std::string& name, position pos, const char* what) {
    if (!names_.emplace(name, what).second)
      p_.fail(pos, quote_input(name, 60) + " is defined twice (" + names_[name] + " of that name exists)");
  }

  std::string renamed(const std::string& name) const {
    const auto r = renames_.find(name);
    return r == renames_.end() ? name : r->second;
  }

  int action(const std::string& name) {
    for (std::size_t i = 0; i < m_.actions.size(); ++i)
      if (m_.actions[i] == name) return static_cast<int>(i);
    m_.actions.push_back(name);
    return static_cast<int>(m_.actions.size() - 1);
  }

  std::optional<expr> lookup(const std::string& original, position pos) {
    const std::string name = renamed(original);
    if (!constants_only_) {
      const auto v = var_index_.find(name);
      if (v != var_index_.end()) {
        const variable& var = m_.variables[v->second];
        const expr e = m_.pool.add(op::variable, var.boolean ? value_type::boolean : value_type::integer, pos);
        m_.pool.nodes[e].index = static_cast<std::uint32_t>(v->second);
        return e;
      }
    }
    const auto c = const_index_.find(name);
    if (c != const_index_.end()) return constant_value(c->second);
    const auto f = formula_index_.find(name);
    if (f != formula_index_.end()) {
      if (formula_depth_ > 100) p_.fail(pos, "formulas nested more than 100 deep (or defined in a cycle)");
      ++formula_depth_;
      const expr e = compile(raw_.formulas[f->second].second.second);
      --formula_depth_;
      return e;
    }
    if (constants_only_ && var_index_.count(name))
      p_.fail(pos, "the variable " + quote_input(name, 60) + " in an expression that must be constant");
    return std::nullopt;
  }

  expr compile(int node) {
    return detail::compile(
        p_.nodes, node, m_.pool, [this](const std::string& n, position pos) { return lookup(n, pos); }, {},
        [this](const std::string& n) { return hint(n); });
  }

  // "; did you mean 'x'?" for an undefined name: the closest variable,
  // constant or formula.
  std::string hint(const std::string& name) const {
    std::vector<std::string> names;
    if (!constants_only_)
      for (const auto& [n, i] : var_index_) names.push_back(n);
    for (const auto& [n, i] : const_index_) names.push_back(n);
    for (const auto& [n, i] : formula_index_) names.push_back(n);
    return detail::name_suggestion(name, names, {});
  }

  expr constant_expression(int node, const std::string& what) {
    const bool saved = constants_only_;
    constants_only_ = true;
    const expr e = compile(node);
    constants_only_ = saved;
    if (!m_.pool.is_constant(e)) m_.pool.fail(e, what + " must be constant");
    return e;
  }

  expr constant_value(std::size_t i) {
    if (const_state_[i] == 2) return const_value_[i];
    const raw_const& c = raw_.constants[i];
    if (const_state_[i] == 1) p_.fail(c.pos, "the constant " + quote_input(c.name, 60) + " is defined by itself");
    if (++const_depth_ > 100) p_.fail(c.pos, "constants defined through more than 100 others");
    const_state_[i] = 1;
    expr e = no_expr;
    const std::string* given = detail::given_text(given_, c.name);
    if (c.value >= 0) {
      if (given)
        p_.fail(c.pos, "the constant " + quote_input(c.name, 60) + " has a value in the file and one was given too");
      e = constant_expression(c.value, "the value of a constant");
    } else if (given) {
      e = detail::given_constant(m_.pool, c.name, *given, c.type, c.pos);
    } else {
      p_.fail(c.pos, "the constant " + quote_input(c.name, 60) + " has no value: give it one (exactdp check --const " +
                         name_text(c.name) + "=...)");
    }
    const value_type t = m_.pool.nodes[e].type;
    if (c.type == value_type::boolean   ? t != value_type::boolean
        : c.type == value_type::integer ? t != value_type::integer
                                        : t == value_type::boolean)
      p_.fail(c.pos, "the constant " + quote_input(c.name, 60) + " is declared " + to_string(c.type) +
                         " but its value is " +
                         (t == value_type::boolean   ? "a bool"
                          : t == value_type::integer ? "an int"
                                                     : "a double"));
    if (c.type == value_type::rational && t == value_type::integer)
      e = m_.pool.rational(Rational(m_.pool.nodes[e].ival), c.pos);
    --const_depth_;
    const_state_[i] = 2;
    const_value_[i] = e;
    return e;
  }

  void add_variable(const raw_var& v, int module, const std::string& new_name) {
    variable var;
    var.name = new_name.empty() ? v.name : new_name;
    var.pos = v.pos;
    var.module = module;
    var.boolean = v.boolean;
    declare(var.name, v.pos, "a variable");
    if (!v.boolean) {
      const expr lo = constant_expression(v.low, "a variable's lower bound");
      const expr hi = constant_expression(v.high, "a variable's upper bound");
      detail::expect_type(m_.pool, lo, value_type::integer, "a variable's lower bound");
      detail::expect_type(m_.pool, hi, value_type::integer, "a variable's upper bound");
      var.low = m_.pool.nodes[lo].ival;
      var.high = m_.pool.nodes[hi].ival;
      if (var.low > var.high)
        p_.fail(v.pos, "the range of " + quote_input(var.name, 60) + " is empty: [" + std::to_string(var.low) + ".." +
                           std::to_string(var.high) + "]");
    }
    var.initial = var.low;
    if (v.init >= 0) {
      const expr i = constant_expression(v.init, "an initial value");
      detail::expect_type(m_.pool, i, v.boolean ? value_type::boolean : value_type::integer, "an initial value");
      var.initial = m_.pool.nodes[i].ival;
      if (var.initial < var.low || var.initial > var.high)
        p_.fail(v.pos, "the initial value " + std::to_string(var.initial) + " of " + quote_input(var.name, 60) +
                           " is outside its range [" + std::to_string(var.low) + ".." + std::to_string(var.high) + "]");
    }
    var_index_[var.name] = m_.variables.size();
    m_.variables.push_back(std::move(var));
  }

  parser& p_;
  const raw_model& raw_;
  const constant_values& given_;
  symbolic_model& m_;
  std::map<std::string, std::string> names_;
  std::map<std::string, std::size_t> const_index_, formula_index_, var_index_;
  std::vector<expr> const_value_;
  std::vector<char> const_state_;
  std::map<std::string, std::string> renames_;
  bool constants_only_ = false;
  int formula_depth_ = 0, const_depth_ = 0;
};

}  // namespace

symbolic_model parse_prism_language(std::string_view text, const std::string& source,
                                    const constant_values& constants) {
  std::vector<detail::token> tokens;
  std::vector<detail::comment> comments;
  detail::tokenize(text, source, tokens, comments);
  parser p(std::move(tokens), source, false);
  model_parser mp(p);
  const raw_model raw = mp.parse();
  if (raw.modules.empty()) throw std::invalid_argument(source + ": the model has no module");
  symbolic_model m;
  m.source = source;
  m.pool.source = source;
  resolver r(p, raw, constants, m);
  r.run();
  return m;
}

constant_values read_constant_items(std::string_view text, const std::string& what) {
  constant_values out;
  for (std::size_t pos = 0; !text.empty() && pos <= text.size();) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string_view item = text.substr(pos, comma - pos);
    pos = comma + 1;
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw std::invalid_argument(what + " takes NAME=VALUE items separated by commas, not " + quote_input(item, 60));
    // Spaces around a name or a value are not part of it (--const ' N = 3 ').
    std::string name(trim_space(item.substr(0, eq)));
    const std::string value(trim_space(item.substr(eq + 1)));
    if (name.empty())
      throw std::invalid_argument(what + " takes NAME=VALUE items separated by commas, not " + quote_input(item, 60));
    if (value.empty()) throw std::invalid_argument(what + " " + quote_input(name, 60) + " has no value");
    for (const auto& [other, given] : out)
      if (other == name) throw std::invalid_argument(what + " gives " + quote_input(name, 60) + " twice");
    out.emplace_back(std::move(name), value);
  }
  return out;
}

std::optional<bool> boolean_text(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "true") return true;
  if (lower == "false") return false;
  return std::nullopt;
}

namespace {
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}
}  // namespace

std::string closest_name(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  if (word.size() > 64) return best;                     // no guess, and no quadratic cost on a name of a megabyte
  std::size_t best_distance = word.size() <= 4 ? 2 : 3;  // at most 1 edit for short words, 2 for longer ones
  for (const std::string& n : names) {
    if (n.size() > word.size() + best_distance || word.size() > n.size() + best_distance)
      continue;  // as many edits at least as their lengths differ
    const std::size_t d = edit_distance(word, n);
    if (d < best_distance || (d == best_distance && best.empty() && n.rfind(word, 0) == 0)) {
      best = n;
      best_distance = d;
    }
  }
  if (best.empty())
    for (const std::string& n : names)
      if (word.size() >= 2 && n.rfind(word, 0) == 0) return n;
  return best;
}

bool looks_like_prism_model(std::string_view text) {
  std::vector<detail::token> tokens;
  std::vector<detail::comment> comments;
  try {
    detail::tokenize(text.substr(0, std::min<std::size_t>(text.size(), 4096)), "model", tokens, comments);
  } catch (const std::invalid_argument&) {
    // A lexical error further on (a stray '@', the cut at 4096 bytes) is the
    // parser's to report with its line and column: the first word decides.
  }
  return !tokens.empty() && tokens[0].kind == tok::ident && is_prism_model_start(tokens[0].text);
}

std::vector<std::string> undefined_constants(std::string_view text, const std::string& source) {
  std::vector<detail::token> tokens;
  std::vector<detail::comment> comments;
  detail::tokenize(text, source, tokens, comments);
  parser p(std::move(tokens), source, false);
  model_parser mp(p);
  const raw_model raw = mp.parse();
  std::vector<std::string> out;
  for (const raw_const& c : raw.constants)
    if (c.value < 0) out.push_back(c.name);
  return out;
}

}  // namespace exactdp::lang
