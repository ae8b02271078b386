// PRISM properties (exactdp/lang/properties.hpp): the parser, and the
// decision models each operator is asked on.
#include "exactdp/lang/properties.hpp"
#include "exactdp/lang/property_values.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "exactdp/io/json_input.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/io/prism_keywords.hpp"
#include "exactdp/markov/long_run.hpp"
#include "exactdp/numeric/errors.hpp"
#include "syntax.hpp"

namespace exactdp::lang {

namespace {

using detail::parser;
using detail::syn;
using detail::tok;

// "RESULT: v" or "RESULT (N=1,M=2): v" after "//", or nullopt.
std::optional<result_comment> result_of(const detail::comment& c) {
  std::string t(trim_space(c.text));
  if (t.rfind("RESULT", 0) != 0) return std::nullopt;
  t = trim_space(std::string_view(t).substr(6));
  result_comment r;
  r.pos = c.pos;
  if (!t.empty() && t[0] == '(') {
    const std::size_t close = t.find(')');
    if (close == std::string::npos) return std::nullopt;
    for (const char ch : t.substr(1, close - 1))
      if (!std::isspace(static_cast<unsigned char>(ch))) r.constants += ch;
    t = trim_space(std::string_view(t).substr(close + 1));
  }
  if (t.empty() || t[0] != ':') return std::nullopt;
  r.value = trim_space(std::string_view(t).substr(1));
  return r;
}

class property_compiler {
 public:
  property_compiler(parser& p, symbolic_model& m, const constant_values& given, bool keep_going)
      : p_(p), m_(m), given_(given), keep_going_(keep_going) {}

  std::vector<property> run(const std::vector<detail::comment>& comments) {
    std::vector<property> out;
    std::uint32_t previous_end = 0;
    while (!p_.at_end()) {
      if (p_.accept(";")) continue;
      if (p_.is("const")) {
        constant();
        continue;
      }
      if (p_.is("label") && p_.peek(1).kind == tok::string) {
        label_declaration();
        continue;
      }
      property prop;
      prop.pos = p_.peek().pos;
      if (p_.peek().kind == tok::string && p_.is(":", 1)) {
        prop.name = std::string(p_.next().text);
        p_.next();
        for (const property& q : out)
          if (q.name == prop.name)
            p_.fail(prop.pos, "the property " + quote_input("\"" + prop.name + "\"", 60) + " is defined twice");
      }
      const std::size_t first = p_.cursor();
      for (const detail::comment& c : comments)
        if (c.pos.line > previous_end && c.pos.line < prop.pos.line)
          if (auto r = result_of(c)) prop.results.push_back(std::move(*r));
      try {
        const int node = p_.expression();
        const std::size_t last = p_.cursor() - 1;
        prop.text = text_between(first, last);
        previous_end = p_.token_at(last).pos.line;
        compile_property(node, prop);
        if (!p_.at_end() && !p_.is(";") && p_.peek().pos.line == p_.token_at(last).pos.line)
          p_.fail_here("expected ';' or a new line after the property");
      } catch (const std::invalid_argument& e) {
        if (!keep_going_) throw;
        // The property is kept with its reason, and reading goes on at the next
        // ';' or at the next line that starts a property (a name "n": or an
        // operator's word), counted from the line of the last token read, so
        // that the next line's property is not skipped when the error is
        // found at its first token (or after the property was read whole).
        prop.error = e.what();
        const std::uint32_t line = p_.cursor() > first ? p_.token_at(p_.cursor() - 1).pos.line : p_.peek().pos.line;
        while (!p_.at_end() && !p_.is(";") && !(p_.peek().pos.line > line && starts_property())) p_.next();
        prop.text = text_between(first, p_.cursor() > first ? p_.cursor() - 1 : first);
        previous_end = p_.token_at(p_.cursor() > first ? p_.cursor() - 1 : first).pos.line;
      }
      out.push_back(std::move(prop));
    }
    return out;
  }

 private:
  // Whether the next token starts a line and a property: a name ("n":), a
  // constant, a filter or an operator (P, Pmin, Pmax, R, Rmin, Rmax, S, T).
  bool starts_property() const {
    const detail::token& t = p_.peek();
    if (p_.cursor() > 0 && p_.token_at(p_.cursor() - 1).pos.line >= t.pos.line) return false;
    if (t.kind == tok::string) return p_.is(":", 1);
    static constexpr std::string_view words[] = {"P", "Pmin", "Pmax", "R", "Rmin", "Rmax", "S", "T", "filter", "const"};
    return t.kind == tok::ident && std::find(std::begin(words), std::end(words), t.text) != std::end(words);
  }

  std::string text_between(std::size_t first, std::size_t last) const {
    const detail::token& a = p_.token_at(first);
    const detail::token& b = p_.token_at(last);
    const char* begin = a.text.data() - (a.kind == tok::string ? 1 : 0);
    const char* end = b.text.data() + b.text.size() + (b.kind == tok::string ? 1 : 0);
    std::string out;
    bool space = false;
    for (const char* c = begin; c < end; ++c) {
      if (std::isspace(static_cast<unsigned char>(*c))) {
        space = true;
        continue;
      }
      if (space && !out.empty()) out += ' ';
      space = false;
      out += *c;
    }
    return out;
  }

  void constant() {
    p_.next();
    value_type type = value_type::integer;
    if (p_.is("int") || p_.is("double") || p_.is("bool")) {
      const std::string_view t = p_.next().text;
      type = t == "int" ? value_type::integer : t == "double" ? value_type::rational : value_type::boolean;
    }
    const position pos = p_.peek().pos;
    const std::string name = p_.ident("the constant's name");
    if (lookup(name, pos))
      p_.fail(pos, quote_input(name, 60) + " is defined twice (the model or the file already has that name)");
    expr e = no_expr;
    const std::string* given = detail::given_text(given_, name);
    if (p_.accept("=")) {
      if (given)
        p_.fail(pos, "the constant " + quote_input(name, 60) + " has a value in the file and one was given too");
      e = compile(p_.expression());
      if (!m_.pool.is_constant(e)) m_.pool.fail(e, "the value of a constant must be constant");
    } else if (given) {
      e = detail::given_constant(m_.pool, name, *given, type, pos);
    } else {
      p_.fail(pos, "the constant " + quote_input(name, 60) + " has no value: give it one (exactdp check --const " +
                       name_text(name) + "=...)");
    }
    detail::expect_type(m_.pool, e, type, "the constant " + quote_input(name, 60));
    if (type == value_type::rational && m_.pool.nodes[e].type == value_type::integer)
      e = m_.pool.rational(Rational(m_.pool.nodes[e].ival), pos);
    p_.expect(";", "after the constant");
    constants_.emplace(name, e);
  }

  // label "name" = expression; (PRISM's properties files): the label joins
  // the model's labels, for the properties after it. A name the model (or
  // the file) already has, or a built-in one, is refused, naming both places.
  void label_declaration() {
    p_.next();
    const position pos = p_.peek().pos;
    const std::string name = p_.string_literal("the label's name in quotes");
    const std::string quoted = quote_input("\"" + name + "\"", 60);
    if (name == "init" || name == "deadlock")
      p_.fail(pos, "the label \"" + name + "\" is built in and cannot be redefined");
    for (const auto& [n, e] : m_.labels) {
      if (n != name) continue;
      const auto own = file_labels_.find(name);
      p_.fail(pos, "the label " + quoted + " is defined twice: " +
                       (own != file_labels_.end()
                            ? "in this file too, at " + where(p_.file(), own->second)
                            : "the model defines it too, at " + where(m_.source, m_.pool.nodes[e].pos)));
    }
    p_.expect("=", "after the label's name");
    const expr e = compile(p_.expression());
    detail::expect_type(m_.pool, e, value_type::boolean, "a label");
    p_.expect(";", "after the label");
    m_.labels.push_back({name, e});
    file_labels_.emplace(name, pos);
  }

  std::optional<expr> lookup(const std::string& name, position pos) {
    for (std::size_t v = 0; v < m_.variables.size(); ++v) {
      if (m_.variables[v].name != name) continue;
      const expr e =
          m_.pool.add(op::variable, m_.variables[v].boolean ? value_type::boolean : value_type::integer, pos);
      m_.pool.nodes[e].index = static_cast<std::uint32_t>(v);
      return e;
    }
    for (const auto& [n, e] : m_.constants)
      if (n == name) return e;
    for (const auto& [n, e] : m_.formulas)
      if (n == name) return e;
    const auto c = constants_.find(name);
    if (c != constants_.end()) return c->second;
    return std::nullopt;
  }

  std::optional<expr> label(const std::string& name, position pos) {
    for (const auto& [n, e] : m_.labels)
      if (n == name) return e;
    if (name == "init") {
      if (m_.initial != no_expr) return m_.initial;
      std::vector<expr> parts;
      for (std::size_t v = 0; v < m_.variables.size(); ++v) {
        const value_type t = m_.variables[v].boolean ? value_type::boolean : value_type::integer;
        const expr x = m_.pool.add(op::variable, t, pos);
        m_.pool.nodes[x].index = static_cast<std::uint32_t>(v);
        parts.push_back(
            m_.pool.add(op::eq, value_type::boolean, pos, {x, m_.pool.integer(m_.variables[v].initial, t, pos)}));
      }
      if (parts.empty()) return m_.pool.integer(1, value_type::boolean, pos);
      return m_.pool.add(op::and_, value_type::boolean, pos, parts);
    }
    if (name == "deadlock") {  // the states given a self-loop when the space was built (states_where)
      const expr x = m_.pool.add(op::variable, value_type::boolean, pos);
      m_.pool.nodes[x].index = static_cast<std::uint32_t>(deadlock_variable(m_));
      return x;
    }
    return std::nullopt;
  }

  expr compile(int node) {
    return detail::compile(
        p_.nodes, node, m_.pool, [this](const std::string& n, position pos) { return lookup(n, pos); },
        [this](const std::string& n, position pos) { return label(n, pos); },
        [this](const std::string& n) { return hint(n); });
  }

  // "; did you mean ...?" for an undefined name: a label of that name, or
  // the closest name of a variable, a constant, a formula or a label.
  std::string hint(const std::string& name) const {
    std::vector<std::string> names, labels{"init", "deadlock"};
    for (const variable& v : m_.variables) names.push_back(v.name);
    for (const auto& [n, e] : m_.constants) names.push_back(n);
    for (const auto& [n, e] : m_.formulas) names.push_back(n);
    for (const auto& [n, e] : constants_) names.push_back(n);
    for (const auto& [n, e] : m_.labels) labels.push_back(n);
    return detail::name_suggestion(name, names, labels);
  }

  expr state_formula(int node, const char* what) {
    const expr e = compile(node);
    detail::expect_type(m_.pool, e, value_type::boolean, what);
    return e;
  }

  std::uint64_t steps(int node) {
    const expr e = compile(node);
    if (!m_.pool.is_constant(e)) m_.pool.fail(e, "a step bound must be constant");
    detail::expect_type(m_.pool, e, value_type::integer, "a step bound");
    const std::int64_t k = m_.pool.nodes[e].ival;
    if (k < 0) m_.pool.fail(e, "a step bound must be >= 0, not " + std::to_string(k));
    return static_cast<std::uint64_t>(k);
  }

  // Whether the syntax tree n holds a P, R, S or T operator or a filter.
  bool has_operator(const detail::syntax_node& n) const {
    if (n.kind == syn::query || n.kind == syn::filter) return true;
    return std::any_of(n.kids.begin(), n.kids.end(), [this](int k) { return k >= 0 && has_operator(p_.nodes[k]); });
  }

  void compile_property(int node, property& prop) {
    const detail::syntax_node* n = &p_.nodes[node];
    if (n->kind == syn::filter) {
      static constexpr std::string_view ops[] = {"max",    "min",    "avg",   "sum",   "count",
                                                 "forall", "exists", "first", "print", "printall"};
      if (n->name == "state")
        p_.fail(n->pos,
                "filter(state, ...) is not supported: filter(print, PROPERTY, STATES) gives the value of each state "
                "where STATES holds");
      if (std::find(std::begin(ops), std::end(ops), n->name) == std::end(ops))
        p_.fail(n->pos, "unknown filter operator " + quote_input(n->name, 60) +
                            " (max, min, avg, sum, count, forall, exists, first, print)");
      prop.filter = n->name == "printall" ? "print" : n->name;
      if (n->kids[1] >= 0) {
        const detail::syntax_node& st = p_.nodes[n->kids[1]];
        prop.filter_init = st.kind == syn::label && st.name == "init";
        prop.filter_states = state_formula(n->kids[1], "the states of a filter");
      }
      n = &p_.nodes[n->kids[0]];
    }
    if (n->kind != syn::query && !prop.filter.empty())
      p_.fail(n->pos,
              "a filter's property must be a P, R, S or T operator; a state formula or a combination of operators "
              "in a filter is not supported");
    if (n->kind != syn::query && has_operator(*n))
      p_.fail(n->pos,
              "arithmetic or logic between properties (P=? [ ... ] / P=? [ ... ]) is not supported: check each "
              "property alone");
    if (n->kind != syn::query)
      p_.fail(n->pos,
              "a property must be a P, R, S or T operator (or a filter of one); nested or combined "
              "operators and plain state formulas are not supported");
    const detail::query_syntax& q = p_.queries[n->query];
    prop.letter = q.letter;
    prop.optimum = q.optimum;
    prop.compare = q.compare;
    prop.path = q.path;
    if (q.bound >= 0) {
      const expr b = compile(q.bound);
      if (!m_.pool.is_constant(b)) m_.pool.fail(b, "a bound must be constant");
      detail::expect_type(m_.pool, b, value_type::rational, "a bound");
      prop.bound = m_.pool.eval_rational(b, nullptr);
      if (q.letter == 'P' && (prop.bound < 0 || prop.bound > 1))
        m_.pool.fail(b, "a probability bound must be in [0, 1], not " + message_text(prop.bound));
    }
    if (const std::string why = detail::filter_operand_error(prop.filter, prop.numeric()); !why.empty())
      p_.fail(n->pos, why);
    if (q.letter == 'T' && q.path != 'F') p_.fail(n->pos, "the T operator (expected steps) takes F phi only");
    if (q.letter == 'S' && m_.kind != model_kind::dtmc)
      p_.fail(n->pos, "S (long-run probability) is supported for DTMCs only");
    if (q.letter == 'P' && (q.path == 'C' || q.path == 'I')) p_.fail(n->pos, "C<=k and I=k are reward formulas: use R");
    if ((q.letter == 'R' || q.letter == 'T') && (q.path == 'G' || q.path == 'X' || q.path == 'U'))
      p_.fail(n->pos, "a reward operator takes F phi, C<=k or I=k");
    if (q.letter == 'R' && q.path == 'F' && q.step_bound >= 0)
      p_.fail(n->pos, "a step-bounded reachability reward R[F<=k] is not supported");
    if (q.letter == 'R' && q.reward_number > 0) {
      const std::size_t have = m_.rewards.size();
      if (static_cast<std::uint64_t>(q.reward_number) > have)
        p_.fail(q.reward_pos, "R{" + std::to_string(q.reward_number) + "}: the model has " +
                                  (have == 0   ? std::string("no reward structure")
                                   : have == 1 ? std::string("one reward structure (R{1})")
                                               : std::to_string(have) + " reward structures (R{1} to R{" +
                                                     std::to_string(have) + "})"));
      prop.reward = static_cast<int>(q.reward_number - 1);
    } else if (q.letter == 'R') {
      prop.reward = reward_index(m_, q.reward);
      if (prop.reward < 0)
        p_.fail(q.reward.empty() ? n->pos : q.reward_pos,
                m_.rewards.empty() ? std::string("the model has no reward structure")
                                   : "the model has no reward structure " + quote_input("\"" + q.reward + "\"", 60));
    }
    if (q.letter == 'T') prop.reward = -2;
    if (q.step_bound >= 0) prop.steps = steps(q.step_bound);
    if (q.left >= 0) prop.left = state_formula(q.left, "the left side of U");
    if (q.right >= 0) prop.right = state_formula(q.right, "a path formula's operand");
    if (m_.kind == model_kind::mdp && prop.optimum == 0 && q.letter != 'S') {
      // A bound holds for every strategy: P>=b is Pmin>=b, P<=b is Pmax<=b.
      if (q.compare == "=?")
        p_.fail(n->pos, std::string("an MDP has no single value: write ") + q.letter + "max=? or " + q.letter +
                            "min=? (PRISM's rule)");
      prop.optimum = q.compare[0] == '>' ? -1 : 1;
    }
  }

  parser& p_;
  symbolic_model& m_;
  const constant_values& given_;
  bool keep_going_;
  std::map<std::string, expr> constants_;
  std::map<std::string, position> file_labels_;  // the labels this file declares, where
};

// Whether the tokens are a model's, not properties: the first word is one
// a model starts with (is_prism_model_start) and a properties file does not
// (const and label start both), or a module ends somewhere.
bool is_model_text(const std::vector<detail::token>& tokens) {
  if (tokens.empty() || tokens[0].kind != tok::ident) return false;
  if (is_prism_model_start(tokens[0].text) && tokens[0].text != "const" && tokens[0].text != "label") return true;
  return std::any_of(tokens.begin(), tokens.end(),
                     [](const detail::token& t) { return t.kind == tok::ident && t.text == "endmodule"; });
}

}  // namespace

int reward_index(const symbolic_model& model, const std::string& name) {
  if (name.empty()) return model.rewards.empty() ? -1 : 0;
  for (std::size_t i = 0; i < model.rewards.size(); ++i)
    if (model.rewards[i].name == name) return static_cast<int>(i);
  return -1;
}

std::vector<property> parse_properties(std::string_view text, const std::string& source, symbolic_model& model,
                                       const constant_values& constants, bool keep_going) {
  if (opens_json_object(text) && text.find("\"jani-version\"") != std::string_view::npos)
    throw std::invalid_argument(source + " is a JANI model, not a properties file");
  std::vector<detail::token> tokens;
  std::vector<detail::comment> comments;
  detail::tokenize(text, source, tokens, comments);
  if (is_model_text(tokens))
    throw std::invalid_argument(source + " is a model in the PRISM language, not a properties file");
  parser p(std::move(tokens), source, true);
  const std::string saved = model.pool.source;
  model.pool.source = source;
  try {
    property_compiler c(p, model, constants, keep_going);
    std::vector<property> out = c.run(comments);
    model.pool.source = saved;
    return out;
  } catch (...) {
    model.pool.source = saved;
    throw;
  }
}

std::vector<std::string> undefined_property_constants(std::string_view text, const std::string& source) {
  std::vector<detail::token> tokens;
  std::vector<detail::comment> comments;
  detail::tokenize(text, source, tokens, comments);
  std::vector<std::string> out;
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (tokens[i].kind != tok::ident || tokens[i].text != "const") continue;
    std::size_t j = i + 1;
    if (tokens[j].text == "int" || tokens[j].text == "double" || tokens[j].text == "bool") ++j;
    if (j + 1 < tokens.size() && tokens[j].kind == tok::ident && tokens[j + 1].text == ";")
      out.emplace_back(tokens[j].text);
  }
  return out;
}

std::vector<std::size_t> reported_states(const symbolic_model& model, const state_space& space, const property& p) {
  if (p.filter.empty() || p.filter_init) return space.initial;
  std::vector<std::size_t> out;
  if (p.filter_states == no_expr) {
    out.resize(space.size());
    for (std::size_t s = 0; s < out.size(); ++s) out[s] = s;
    return out;
  }
  const std::vector<char> in = states_where(model, space, p.filter_states);
  for (std::size_t s = 0; s < in.size(); ++s)
    if (in[s]) out.push_back(s);
  return out;
}

namespace detail {

namespace {
std::vector<char> negation(std::vector<char> v) {
  for (char& x : v) x = !x;
  return v;
}
}  // namespace

bounded_question bounded_question_of(const symbolic_model& model, const state_space& space, const property& p) {
  bounded_question q;
  q.maximise = p.optimum >= 0;
  std::vector<char> stop;
  int reward = -1;
  switch (p.path) {
    case 'X':
      q.kind = bounded_kind::instantaneous;
      q.steps = 1;
      for (const char x : states_where(model, space, p.right)) q.state_value.emplace_back(x ? 1 : 0);
      break;
    case 'C':
      q.kind = bounded_kind::cumulative;
      q.steps = *p.steps;
      reward = p.reward;
      break;
    case 'I':
      q.kind = bounded_kind::instantaneous;
      q.steps = *p.steps;
      q.state_value = state_rewards(model, space, p.reward);
      break;
    default: {  // F<=k, G<=k, U<=k
      q.kind = bounded_kind::reach;
      q.steps = *p.steps;
      q.target = states_where(model, space, p.right);
      if (p.path == 'G') {
        q.target = negation(std::move(q.target));
        q.complement = true;
        q.maximise = !q.maximise;
      }
      if (p.path == 'U') {
        const std::vector<char> left = states_where(model, space, p.left);
        stop.assign(space.size(), 0);
        for (std::size_t s = 0; s < stop.size(); ++s) stop[s] = !left[s] && !q.target[s];
      }
    }
  }
  q.model = to_decision_model(model, space, reward, stop);
  return q;
}

namespace {
// Bytes a transition of the state space takes on the way to the long-run
// solver, at the peak: the decision model, the explicit model and the
// Markov model made from one another. Measured: a walk of 20,000 states
// with 50 moves each (10^6 transitions) peaks at 287 MB with the space.
constexpr long double long_run_bytes_per_transition = 280;

template <class T>
std::vector<T> long_run_at(const symbolic_model& model, const state_space& space, const property& p) {
  // The whole need at once, so that a refusal names it before any copy.
  check_state_budget("the long-run chain of " + model.source,
                     static_cast<long double>(space.transitions()) * long_run_bytes_per_transition, 1, "bytes");
  const std::vector<char> in = states_where(model, space, p.right);
  const markov_model chain_model = to_markov_model(to_explicit_model(model, space, -1));
  const markov_chain<T> chain(chain_model);
  std::vector<T> out(space.size(), T(0));
  for (const std::size_t s : reported_states(model, space, p)) {
    markov_query q;
    q.start = s;
    const markov_long_run<T> lr = long_run(chain, q);
    T sum(0);
    for (const auto& [state, x] : lr.distribution)
      if (in[state]) sum += x;
    out[s] = sum;
  }
  return out;
}
}  // namespace

std::vector<Rational> long_run_exact(const symbolic_model& model, const state_space& space, const property& p) {
  return long_run_at<Rational>(model, space, p);
}
std::vector<double> long_run_double(const symbolic_model& model, const state_space& space, const property& p) {
  return long_run_at<double>(model, space, p);
}

}  // namespace detail

namespace {

// An expected total reward until a target needs rewards >= 0 (PRISM's and
// Storm's rule, and the decision solver's): the first choice of d with a
// negative reward is refused, by its state's valuation and, where one
// reward item is negative there, that item's place in the model.
void check_rewards_nonnegative(const symbolic_model& model, const state_space& space, const property& p,
                               const decision_model& d) {
  for (std::size_t c = 0; c < d.choice_total(); ++c) {
    if (d.reward(c) >= 0) continue;
    const std::size_t s = d.choice_state(c);
    std::string place = model.source;
    std::string structure = "the reward";
    if (p.reward >= 0) {
      const reward_structure& rs = model.rewards.at(static_cast<std::size_t>(p.reward));
      structure = rs.name.empty() ? "the reward structure" : "the reward structure \"" + rs.name + "\"";
      std::vector<std::int64_t> vals(model.variables.size());
      space.unpack(s, vals.data());
      for (const reward_item& it : rs.items)
        if (model.pool.eval_bool(it.guard, vals.data()) && model.pool.eval_rational(it.value, vals.data()) < 0) {
          place = where(model.source, it.pos);
          break;
        }
    }
    throw std::invalid_argument(place + ": " + structure + " gives the negative reward " + message_text(d.reward(c)) +
                                " at " + describe_state(model, space, s) + "; " + p.text +
                                ", an expected total reward until a target, needs rewards >= 0, as in PRISM and "
                                "Storm");
  }
}

}  // namespace

unbounded_question unbounded_question_of(const symbolic_model& model, const state_space& space, const property& p) {
  unbounded_question q;
  std::vector<char> target = states_where(model, space, p.right);
  std::vector<char> stop;
  bool maximise = p.optimum >= 0;
  if (p.path == 'G') {
    target = detail::negation(std::move(target));
    q.complement = true;
    maximise = !maximise;
  }
  if (p.path == 'U') {
    const std::vector<char> left = states_where(model, space, p.left);
    stop.assign(space.size(), 0);
    for (std::size_t s = 0; s < stop.size(); ++s) stop[s] = !left[s] && !target[s];
  }
  const bool reward = p.letter == 'R' || p.letter == 'T';
  q.model = to_decision_model(model, space, reward ? p.reward : -1, stop);
  if (reward) check_rewards_nonnegative(model, space, p, q.model);
  q.query.double_guess = model.kind == model_kind::mdp;  // a chain has no strategy to guess
  q.query.objective = reward ? (maximise ? decision_objective::rmax : decision_objective::rmin)
                             : (maximise ? decision_objective::pmax : decision_objective::pmin);
  if (model.kind == model_kind::dtmc) q.query.objective = reward ? decision_objective::rmax : decision_objective::pmax;
  for (std::size_t s = 0; s < target.size(); ++s)
    if (target[s]) q.query.target.push_back(s);
  return q;
}

property_question question_of(const symbolic_model& model, const state_space& space, const property& p) {
  property_question q;
  if (p.letter == 'S') return q;
  if (p.steps.has_value() || p.path == 'X' || p.path == 'C' || p.path == 'I')
    q.bounded = detail::bounded_question_of(model, space, p);
  else
    q.unbounded = unbounded_question_of(model, space, p);
  return q;
}

}  // namespace exactdp::lang

namespace exactdp::lang::detail {

std::string filter_operand_error(const std::string& filter, bool numeric) {
  if (!numeric || (filter != "count" && filter != "forall" && filter != "exists")) return "";
  return "filter(" + filter + ", ...) counts the states where a bound holds: its property needs a bound " +
         "(P>=0.5 [ ... ]), not a value (=?)";
}

}  // namespace exactdp::lang::detail
