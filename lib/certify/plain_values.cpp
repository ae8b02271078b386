// Values from elsewhere (certify/plain_values.hpp): read as CSV or JSON,
// checked without witnesses, then given the witnesses that they imply
// (decision/certify.hpp) and checked in full.
#include "exactdp/certify/plain_values.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "exactdp/api/answer.hpp"
#include "exactdp/decision/certify.hpp"
#include "exactdp/decision/model_files.hpp"
#include "exactdp/io/json_input.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/lang/build.hpp"
#include "exactdp/lang/certificate_model.hpp"
#include "exactdp/lang/jani.hpp"
#include "exactdp/lang/properties.hpp"
#include "exactdp/markov/explicit_model.hpp"

namespace exactdp {

bool is_certificate(std::string_view text) {
  if (!opens_json_object(text)) return false;
  text = without_byte_order_mark(text);
  // The certificate's first key; a strict read follows.
  const std::size_t key = text.find_first_not_of(" \t\r\n", text.find('{') + 1);
  return key != std::string_view::npos && text.substr(key).starts_with("\"certificate\"");
}

std::vector<std::pair<std::string, std::optional<Rational>>> read_plain_values(std::string_view text,
                                                                               const std::string& source) {
  text = without_byte_order_mark(text);  // as a spreadsheet may write a CSV
  std::vector<std::pair<std::string, std::optional<Rational>>> out;
  std::set<std::string, std::less<>> seen;
  // +infinity is written as the tool's --check reads it (api::reads_as_infinity).
  auto is_inf = [](std::string_view v) { return api::reads_as_infinity(std::string(v)); };
  auto value_of = [&is_inf](std::string_view v, const std::string& what) -> std::optional<Rational> {
    if (is_inf(v)) return std::nullopt;
    return parse_number(v, what);
  };
  auto add = [&](std::string name, std::optional<Rational> v, const std::string& where) {
    if (!seen.insert(name).second)
      throw std::invalid_argument(where + ": state " + name_text(name) + " is given twice");
    out.emplace_back(std::move(name), std::move(v));
  };
  if (opens_json_object(text)) {
    const json_document doc(text, source, 2);
    doc.expect_object(doc.root(), "the values");
    for (std::size_t i = 0; i < doc.root().keys().size(); ++i) {
      const json_value& v = doc.root().items()[i];
      const std::string where = doc.where(v);
      if (v.is(json_value::kind::string) && is_inf(v.text()))
        add(doc.root().keys()[i], std::nullopt, where);
      else
        add(doc.root().keys()[i], doc.read_number(v, "the value of state " + name_text(doc.root().keys()[i])), where);
    }
    return out;
  }
  std::size_t line = 0, pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
    if (l.empty() || l.front() == '#' || (out.empty() && l == "state,value")) continue;
    const std::string where = source + ":" + std::to_string(line);
    const std::size_t comma = l.rfind(',');
    if (comma == std::string_view::npos || comma == 0)
      throw std::invalid_argument(where + ": a line must be \"state,value\", not " + quote_input(l, 80));
    std::string name(l.substr(0, comma));
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {  // quoted as CSV quotes ("" is ")
      name = name.substr(1, name.size() - 2);
      for (std::size_t q = name.find("\"\""); q != std::string::npos; q = name.find("\"\"", q + 1)) name.erase(q, 1);
    }
    add(std::move(name), value_of(l.substr(comma + 1), where + ": the value"), where);
  }
  if (out.empty()) throw std::invalid_argument(source + " holds no values");
  return out;
}

namespace {

// The decision model of the values' query (a chain as an MDP of one choice
// per state, as the chain command's certificates have it) and the
// checker's view of it, read once.
std::pair<decision_model, verify_model> load_models(const std::string& path, const std::string& kind,
                                                    const plain_query& q, bool reward) {
  model_file_options options;
  options.format = q.format;
  options.reward_model = q.reward_model;
  if (kind == "chain") {
    const markov_model chain = load_markov_model(path, options);
    return {to_decision_model(to_explicit_model(chain)), to_verify_model(chain)};
  }
  options.rewards_required = reward;
  decision_model d = load_decision_model(path, options);
  verify_model v = to_verify_model(d);
  return {std::move(d), std::move(v)};
}

// reward(c) + the sum of p·x(t) over choice c of d, nullopt when a successor is infinite.
std::optional<Rational> choice_value(const decision_model& d, std::size_t c, bool reward,
                                     const std::vector<std::optional<Rational>>& x) {
  Rational v = reward ? d.reward(c) : Rational(0);
  for (std::size_t e = d.edge_begin()[c]; e < d.edge_begin()[c + 1]; ++e) {
    const std::optional<Rational>& y = x[d.targets()[e]];
    if (!y) return std::nullopt;
    v += d.probabilities()[e] * *y;
  }
  return v;
}

// Why a fixed point of the equations is not the query's values, at the
// state certify_decision found without a witness.
std::string no_witness_reason(const certificate& c, const no_witness_error& e) {
  const std::string value =
      "value " + (c.values[e.state] ? message_text(*c.values[e.state]) : std::string("inf")) + ", but ";
  const bool reward = c.objective == "steps" || c.objective == "rmin" || c.objective == "rmax";
  std::string why;
  if (c.kind == "game") {
    why = value + "the play need not end from it (under the choices that attain the values, neither " +
          (c.target ? std::string("the target nor ") : std::string()) + "a terminal state need be reached)";
    return why +
           ": the values solve the equations, but they are not the game's values (a value other than what a "
           "play that never ends pays needs the play to end)";
  }
  switch (e.missing) {
    case no_witness_error::witness::reach:
      why = value + (c.kind == "chain"       ? std::string("the chain does not reach the target from it")
                     : c.objective == "pmin" ? std::string("a strategy never reaches the target from it")
                     : c.objective == "rmax" ? std::string("a strategy misses the target from it")
                                             : std::string("no strategy that attains the values reaches the "
                                                           "target from it"));
      break;
    case no_witness_error::witness::infinite:
      why = value + (c.kind == "chain"       ? std::string("the chain reaches the target from it with probability 1")
                     : c.objective == "rmax" ? std::string("no strategy is shown to miss the target from it")
                                             : std::string("it is not shown that every strategy misses the target "
                                                           "from it"));
      break;
    case no_witness_error::witness::closed:
      why = value + "every choice leads out of the states of value 0";
      break;
  }
  return why + (reward ? ": the values solve the equations, but they are not the expected rewards (a finite one "
                         "needs the target reached with probability 1, an infinite one a chance to miss it)"
                       : ": the values are a fixed point of the equations, but not the least one, which the "
                         "probabilities are");
}

// The witnesses the values imply (certify_decision), put in `c`; a report
// that names the state and says why when there are none.
std::optional<verify_report> derive_witnesses(const decision_model& d, const verify_model& m, certificate& c) {
  const std::size_t n = d.size();
  decision_query q;
  q.objective = c.objective == "payoff"  ? decision_objective::payoff_game
                : c.kind == "game"       ? decision_objective::reach_game
                : c.objective == "reach" ? decision_objective::pmax
                : c.objective == "steps" ? decision_objective::rmin
                : c.objective == "pmin"  ? decision_objective::pmin
                : c.objective == "rmax"  ? decision_objective::rmax
                : c.objective == "rmin"  ? decision_objective::rmin
                                         : decision_objective::pmax;
  if (c.default_payoff) q.default_payoff = *c.default_payoff;
  // The target as the checker reads it: a label, else a state; a chain's
  // default is its absorbing states.
  if (c.target) {
    if (const auto l = m.labels.find(*c.target); l != m.labels.end())
      q.target = l->second;
    else if (const auto s = std::ranges::find(m.names, *c.target); s != m.names.end())
      q.target.push_back(static_cast<std::size_t>(s - m.names.begin()));
  } else if (c.kind == "chain") {
    for (std::size_t s = 0; s < n; ++s)
      if (m.choice_begin[s + 1] == m.choice_begin[s]) q.target.push_back(s);
  }
  const bool reward = c.objective == "steps" || c.objective == "rmin" || c.objective == "rmax";
  // The solution the values are: each state's first choice that attains its
  // value (one that can miss the target where it is infinite).
  decision_solution<Rational> sol;
  sol.value.assign(n, Rational(0));
  sol.infinite.assign(n, 0);
  sol.strategy.assign(n, 0);
  for (std::size_t s = 0; s < n; ++s) {
    if (c.values[s])
      sol.value[s] = *c.values[s];
    else
      sol.infinite[s] = 1;
    for (std::size_t k = d.choice_begin()[s]; k < d.choice_begin()[s + 1]; ++k) {
      const std::optional<Rational> v = choice_value(d, k, reward, c.values);
      if (c.values[s] ? v && *v == *c.values[s] : !v) {
        sol.strategy[s] = static_cast<std::uint32_t>(k - d.choice_begin()[s]);
        break;
      }
    }
  }
  try {
    decision_witness w = certify_decision(d, q, sol);
    c.rank = std::move(w.rank);
    if (c.kind != "chain") c.strategy = std::move(w.strategy);
  } catch (const no_witness_error& e) {
    verify_report r;
    r.start = c.start;
    r.state = e.state;
    r.reason = "state " + name_text(m.names[e.state]) + ": " + no_witness_reason(c, e);
    return r;
  }
  return std::nullopt;
}

// What a model that does not read as the kind its query defaults to may
// need: another kind or another query, as the query and the model's words.
std::string default_kind_words(const std::string& kind, const std::string& objective) {
  const std::string as = kind == "chain" ? "a Markov chain" : kind == "mdp" ? "an MDP" : "a game";
  const std::string other = objective == "reach"   ? "for an MDP give the query pmax or pmin, for a game the kind game"
                            : objective == "steps" ? "for an MDP give the query rmin or rmax"
                            : objective == "pmax" || objective == "pmin" ? "for a Markov chain give the query reach"
                            : objective == "rmax" || objective == "rmin"
                                ? "for a Markov chain give the query steps"
                                : "for a Markov chain give the query reach or steps, for an MDP "
                                  "pmax, pmin, rmax or rmin";
  return " (read as " + as + ", the kind the query " + objective + " defaults to: " + other + ")";
}

}  // namespace

// The values (every state's, by its name in m) put in c, checked, their
// witnesses derived from them (d: the model m is read from), and checked.
using plain_values = std::vector<std::pair<std::string, std::optional<Rational>>>;

std::pair<certificate, verify_report> check_values(const decision_model& d, const verify_model& m, certificate c,
                                                   plain_values values, const std::string& source,
                                                   const std::optional<std::string>& start) {
  c.states = m.names;
  c.values.assign(m.size(), std::nullopt);
  c.rank.assign(m.size(), -1);
  std::vector<char> given(m.size(), 0);
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t s = 0; s < m.size(); ++s) index.emplace(m.names[s], s);
  for (auto& [name, value] : values) {
    const auto s = index.find(name);
    if (s == index.end())
      throw std::invalid_argument(source + ": " + name_text(name) + " is not a state of " + m.source);
    if (given[s->second])  // whatever the file's format: one value per state
      throw std::invalid_argument(source + ": state " + name_text(name) + " is given twice");
    c.values[s->second] = std::move(value);
    given[s->second] = 1;
  }
  for (std::size_t s = 0; s < m.size(); ++s)
    if (!given[s])
      throw std::invalid_argument(source + " gives no value for state " + name_text(m.names[s]) +
                                  " (every state needs one)");
  c.start = start ? *start : m.names.at(0);
  // The equations and the choices first: the witnesses are derived from
  // values that solve them.
  verify_report r = check_certificate(m, c, false);
  if (!r.verified) {
    r.unchecked.clear();  // what failed is the answer: no witness is left to check
    return {std::move(c), std::move(r)};
  }
  if (std::optional<verify_report> no = derive_witnesses(d, m, c)) return {std::move(c), std::move(*no)};
  r = check_certificate(m, c, true);
  return {std::move(c), std::move(r)};
}

// The comma-separated fields of a line, without the spaces around them.
std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> f;
  for (std::size_t at = 0;;) {
    const std::size_t comma = line.find(',', at);
    f.emplace_back(trim_space(line.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at)));
    if (comma == std::string_view::npos) return f;
    at = comma + 1;
  }
}

// The values check --export-values writes (docs/prism.md): the CSV
// "state,x,y,exact,..." (a row per state: its index, its variables'
// values, its exact value) or the JSON {"states": [{"variables": {...},
// "exact": ...}, ...]}, each state named by its variables as check names
// it, "(x=1, y=0)"; other text is read by read_plain_values.
plain_values exported_values(std::string_view text, const std::string& source) {
  plain_values out;
  auto add = [&out, &source](std::string name, const std::string& value) {
    out.emplace_back(std::move(name),
                     value == "Infinity" ? std::nullopt : std::optional<Rational>(parse_number(value, source)));
  };
  text = without_byte_order_mark(text);
  if (opens_json_object(text)) {
    const json_document doc(text, source);
    const json_value* states = doc.root().find("states");
    if (!states || !states->is(json_value::kind::array) || !doc.root().find("text"))
      return read_plain_values(text, source);
    for (const json_value& row : states->items()) {
      const json_value* variables = row.is(json_value::kind::object) ? row.find("variables") : nullptr;
      const json_value* exact = variables ? row.find("exact") : nullptr;
      if (!exact || !variables->is(json_value::kind::object) || !exact->is(json_value::kind::string))
        doc.fail(row, "an exported state has its variables and its exact value");
      std::string name = "(";
      for (std::size_t v = 0; v < variables->items().size(); ++v)
        name += (v ? ", " : "") + variables->keys()[v] + "=" + variables->items()[v].text();
      add(name + ")", exact->text());
    }
    return out;
  }
  const std::size_t first_end = std::min(text.find('\n'), text.size());
  const std::vector<std::string> header = csv_fields(text.substr(0, first_end));
  const auto exact = std::ranges::find(header, "exact");
  if (header[0] != "state" || exact == header.end()) return read_plain_values(text, source);
  const auto column = static_cast<std::size_t>(exact - header.begin());
  std::size_t line = 1;
  for (std::size_t at = first_end + 1; at < text.size(); ++line) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view row_text = trim_space(text.substr(at, end - at));
    at = end + 1;
    if (row_text.empty()) continue;
    const std::vector<std::string> row = csv_fields(row_text);
    if (row.size() != header.size())
      throw std::invalid_argument(source + ":" + std::to_string(line + 1) + ": " + std::to_string(row.size()) +
                                  " fields, and the header " + std::to_string(header.size()));
    std::string name = "(";
    for (std::size_t v = 1; v < column; ++v) name += (v > 1 ? ", " : "") + header[v] + "=" + row[v];
    add(name + ")", row[column]);
  }
  return out;
}

// Values from elsewhere of a model in the PRISM language or JANI: the
// question its property asks (as check asks it, deadlocks given a
// self-loop), on the front end's states, named by their variables' values.
std::pair<certificate, verify_report> verify_lang_values(const std::string& model_path, std::string_view text,
                                                         const std::string& source, const plain_query& q) {
  if (!q.objective.empty() || !q.kind.empty() || q.target || q.default_payoff || !q.format.empty() ||
      !q.reward_model.empty())
    throw std::invalid_argument(
        "the property names the question of values of a model in the PRISM language or JANI: give no query, "
        "kind, target, default, format or reward model with it");
  const std::string model_text = read_nonblank_text(model_path, "the model");
  const lang::certificate_model cm =
      lang::read_certificate_model(model_text, model_path, q.constants, *q.property, "the property");
  certificate c;
  c.model.file = model_path;
  c.model.format = lang::looks_like_jani(model_text) ? "jani" : "prism-language";
  c.model.constants = q.constants;
  c.kind = cm.model.kind == lang::model_kind::dtmc ? "chain" : "mdp";
  c.objective = lang::certificate_objective(cm.model.kind, cm.property);
  c.target = *q.property;
  lang::build_options options;
  options.fix_deadlocks = true;
  const lang::state_space space = lang::build_state_space(cm.model, options);
  const lang::unbounded_question question = lang::unbounded_question_of(cm.model, space, cm.property);
  verify_model m = to_verify_model(question.model);
  m.names = lang::state_names(cm.model, space);
  m.labels[*c.target] = question.query.target;
  return check_values(question.model, m, std::move(c), exported_values(text, source), source, q.start);
}

std::pair<certificate, verify_report> verify_plain_values(const std::string& model_path, std::string_view text,
                                                          const std::string& source, const plain_query& q) {
  if (q.property) return verify_lang_values(model_path, text, source, q);
  if (const std::string ext = std::filesystem::path(model_path).extension().string();
      ext == ".pm" || ext == ".prism" || ext == ".nm" || ext == ".jani")
    throw std::invalid_argument(model_path +
                                " is a model in the PRISM language or JANI: give the property whose values these are "
                                "(--prop; the question, its kind and target come from it)");
  // The query must be some kind's before any is chosen for it.
  std::vector<std::string> queries;
  for (const char* kind : {"chain", "mdp", "game"})
    for (std::string& o : certificate_objectives(kind))
      if (std::ranges::find(queries, o) == queries.end()) queries.push_back(std::move(o));
  if (std::ranges::find(queries, q.objective) == queries.end()) {
    std::string words;
    for (const std::string& o : queries) words += (words.empty() ? "" : ", ") + o;
    throw std::invalid_argument("the query " + quote_input(q.objective, 40) + " is not one of " + words);
  }
  certificate c;
  c.objective = q.objective;
  c.kind = !q.kind.empty()                                    ? q.kind
           : q.objective == "reach" || q.objective == "steps" ? "chain"
           : q.objective == "payoff"                          ? "game"
                                                              : "mdp";
  if (c.kind != "chain" && c.kind != "mdp" && c.kind != "game")
    throw std::invalid_argument("values from elsewhere are of a chain, an mdp or a game, not " +
                                quote_input(c.kind, 20));
  if (const std::string no = objective_refused(c.kind, c.objective); !no.empty())
    throw std::invalid_argument("the query " + no);
  const bool payoff = c.objective == "payoff";
  if (payoff && q.target) throw std::invalid_argument("a payoff game has no target: its plays end in terminal states");
  if (!payoff && !q.target && c.kind != "chain")
    throw std::invalid_argument("the query " + c.objective + " of a " + c.kind + " needs a target");
  if (q.default_payoff && !payoff)
    throw std::invalid_argument("a default payoff is for the query payoff (what a play that never ends pays)");
  c.target = q.target;
  if (payoff) c.default_payoff = q.default_payoff.value_or(Rational(0));
  const bool reward = c.objective == "steps" || c.objective == "rmin" || c.objective == "rmax";
  const auto [d, m] = [&] {
    try {
      return load_models(model_path, c.kind, q, reward);
    } catch (const std::invalid_argument& e) {
      std::error_code ec;
      if (!q.kind.empty() || !std::filesystem::is_regular_file(model_path, ec)) throw;
      throw std::invalid_argument(e.what() + default_kind_words(c.kind, c.objective));
    }
  }();
  return check_values(d, m, std::move(c), read_plain_values(text, source), source, q.start);
}

}  // namespace exactdp
