// The check command (command.hpp): a model in the PRISM language and its
// properties, checked exactly (exactdp/lang/: the parser, the state-space
// builder, and the properties evaluated by the chain and decision solvers).
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "args.hpp"
#include "command.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/lang/build.hpp"
#include "exactdp/lang/jani.hpp"
#include "exactdp/lang/prism.hpp"
#include "exactdp/lang/properties.hpp"
#include "exactdp/numeric/format.hpp"
#include "progress.hpp"

namespace exactdp::tool {
namespace {

struct check_options {
  std::string model;
  std::optional<std::string> properties;
  std::optional<std::string> prop;
  std::vector<std::string> constants;
  bool test = false;
  bool no_fix_deadlocks = false;
  answer_options answer;
  check_options() { answer.small_moduli = true; }
};

void setup_check(CLI::App& cmd, check_options& o) {
  cmd.add_option("MODEL", o.model,
                 "The model in the PRISM language (dtmc or mdp; .prism, .pm, .nm) or a JANI file (.jani, with its "
                 "properties inside), told apart by its content; - reads standard input")
      ->required();
  cmd.add_option("PROPERTIES", o.properties,
                 "A PRISM properties file: properties one per line or ;-separated, \"name\": labels, const "
                 "declarations, // RESULT: v comments");
  cmd.add_option("--prop", o.prop,
                 "The property to check: a name or a 1-based index in the properties file (or in the JANI file), "
                 "or a property's text (P=? [F \"goal\"]); default: every property, in order");
  cmd.add_option("--const", o.constants,
                 "Values of the undefined constants, N=16,MAX=2; a range N=3:2:11 "
                 "(from:step:to, or from:to) checks every value, one row each");
  cmd.add_flag("--test", o.test,
               "Compare each answer with the // RESULT: v comments above its property (PRISM's -test): a fraction "
               "exactly, a decimal within its printed precision; exit status 1 on a mismatch");
  cmd.add_flag("--no-fix-deadlocks", o.no_fix_deadlocks,
               "Refuse a state without enabled commands instead of giving it a self-loop (PRISM's -nofixdl)");
  add_answer_options(cmd, o.answer);
}

// ---- constants ----

struct constant_range {
  std::string name;
  std::vector<std::string> values;
};

std::vector<constant_range> read_constants(const std::vector<std::string>& args) {
  std::vector<constant_range> out;
  for (const std::string& arg : args) {
    std::size_t start = 0;
    while (start <= arg.size()) {
      const std::size_t comma = std::min(arg.find(',', start), arg.size());
      const std::string item = arg.substr(start, comma - start);
      start = comma + 1;
      const std::size_t eq = item.find('=');
      if (eq == std::string::npos || eq == 0)
        throw std::invalid_argument("--const takes NAME=VALUE items separated by commas, not " + quote_input(item, 60));
      constant_range c;
      c.name = item.substr(0, eq);
      const std::string value = item.substr(eq + 1);
      for (const constant_range& o : out)
        if (o.name == c.name) throw std::invalid_argument("--const gives " + quote_input(c.name, 60) + " twice");
      const std::size_t colon = value.find(':');
      if (colon == std::string::npos) {
        if (value.empty()) throw std::invalid_argument("--const " + quote_input(c.name, 60) + " has no value");
        c.values.push_back(value);
      } else {
        std::vector<std::string> parts;
        std::size_t p = 0;
        while (true) {
          const std::size_t q = value.find(':', p);
          parts.push_back(value.substr(p, q == std::string::npos ? std::string::npos : q - p));
          if (q == std::string::npos) break;
          p = q + 1;
        }
        if (parts.size() > 3)
          throw std::invalid_argument("--const range " + quote_input(item, 60) + ": write from:to or from:step:to");
        const Rational from = parse_number(parts[0], "a --const range's start");
        const Rational to = parse_number(parts.back(), "a --const range's end");
        const Rational step = parts.size() == 3 ? parse_number(parts[1], "a --const range's step") : Rational(1);
        if (step <= 0) throw std::invalid_argument("--const range " + quote_input(item, 60) + ": the step must be > 0");
        for (Rational x = from; x <= to; x += step) {
          if (c.values.size() == 1000)
            throw std::invalid_argument("--const range " + quote_input(item, 60) + " has more than 1000 values");
          c.values.push_back(to_string(x));
        }
        if (c.values.empty()) throw std::invalid_argument("--const range " + quote_input(item, 60) + " is empty");
      }
      out.push_back(std::move(c));
      if (comma == arg.size()) break;
    }
  }
  return out;
}

// ---- tests (// RESULT: v) ----

// Whether "N=16,MAX=2" agrees with the constants in force.
bool constants_match(const std::string& wanted, const lang::constant_values& given) {
  if (wanted.empty()) return true;
  std::size_t start = 0;
  while (start < wanted.size()) {
    const std::size_t comma = std::min(wanted.find(',', start), wanted.size());
    const std::string item = wanted.substr(start, comma - start);
    start = comma + 1;
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) return false;
    const auto g =
        std::find_if(given.begin(), given.end(), [&](const auto& x) { return x.first == item.substr(0, eq); });
    if (g == given.end()) return false;
    try {
      if (parse_rational(g->second) != parse_rational(item.substr(eq + 1))) return false;
    } catch (const std::invalid_argument&) {
      if (g->second != item.substr(eq + 1)) return false;
    }
  }
  return true;
}

struct test_outcome {
  bool pass = false;
  std::string words;
  std::optional<double> relative;
};

// An exact value against a RESULT text: a fraction or integer exactly, a
// decimal within half a unit of its last digit.
test_outcome compare_result(const std::optional<Rational>& value, bool infinite, const std::optional<bool>& holds,
                            const std::string& expected) {
  test_outcome t;
  const std::string& e = expected;
  if (e == "true" || e == "false") {
    if (!holds) return {false, "the property is not a bound, so it is not true or false", {}};
    t.pass = *holds == (e == "true");
    t.words = std::string(t.pass ? "pass" : "FAIL") + ": " + (*holds ? "true" : "false") + ", expected " + e;
    return t;
  }
  if (e == "Infinity" || e == "inf" || e == "Inf") {
    t.pass = infinite;
    t.words = std::string(t.pass ? "pass: infinite" : "FAIL: not infinite") + ", expected " + e;
    return t;
  }
  if (!value) return {false, infinite ? "FAIL: infinite, expected " + e : "FAIL: no exact value", {}};
  Rational want;
  try {
    want = parse_rational(e);
  } catch (const std::invalid_argument&) {
    return {false, "the expected value " + quote_input(e, 60) + " is not a number", {}};
  }
  const bool decimal =
      e.find('.') != std::string::npos || e.find('e') != std::string::npos || e.find('E') != std::string::npos;
  const Rational diff = *value > want ? *value - want : want - *value;
  if (want != 0)
    t.relative = static_cast<double>(field_traits<Rational>::approximate(diff / (want > 0 ? want : -want)));
  if (!decimal) {
    t.pass = diff == 0;
  } else {
    // Half a unit of the last digit written: 0.0183 -> 0.00005; 1.5e-3 -> 0.05e-3.
    std::string mantissa = e;
    long exponent = 0;
    const std::size_t epos = e.find_first_of("eE");
    if (epos != std::string::npos) {
      mantissa = e.substr(0, epos);
      exponent = std::stol(e.substr(epos + 1));
    }
    const std::size_t dot = mantissa.find('.');
    const long digits = dot == std::string::npos ? 0 : static_cast<long>(mantissa.size() - dot - 1);
    Rational half = Rational(1) / 2;
    for (long i = 0; i < digits - exponent; ++i) half /= 10;
    for (long i = 0; i < exponent - digits; ++i) half *= 10;
    t.pass = diff <= half;
  }
  std::string rel;
  if (t.relative) rel = ", relative error " + format_shortest(*t.relative);
  t.words = std::string(t.pass ? "pass" : "FAIL") + ": expected " + e + rel;
  return t;
}

// ---- the check ----

struct one_model {
  lang::symbolic_model model;
  lang::state_space space;
  std::vector<lang::property> properties;
};

struct value_cache {
  std::optional<lang::property_values<Rational>> exact;
  std::optional<lang::property_values<double>> approx;
};

std::string source_name(const std::string& path) { return path == "-" ? "standard input" : path; }

// Selects the properties --prop names (a name, an index, or a property's text).
std::vector<lang::property> select(std::vector<lang::property> all, const check_options& o, lang::symbolic_model& m,
                                   const lang::constant_values& given) {
  if (!o.prop) return all;
  if (o.properties) {
    auto chosen = [](lang::property& p) -> std::vector<lang::property> {
      if (!p.error.empty()) throw std::invalid_argument(p.error);
      return {std::move(p)};
    };
    for (lang::property& p : all)
      if (p.name == *o.prop) return chosen(p);
    const std::string& t = *o.prop;
    if (!t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      const auto i = parse_integer<std::size_t>(t, "--prop INDEX", 1, std::max<std::size_t>(all.size(), 1));
      return chosen(all[i - 1]);
    }
  }
  try {
    return lang::parse_properties(*o.prop, "--prop", m, given);
  } catch (const std::invalid_argument& e) {
    if (!o.properties) throw;
    std::string names;
    for (const lang::property& p : all)
      if (!p.name.empty()) names += (names.empty() ? "" : ", ") + ("\"" + p.name + "\"");
    throw std::invalid_argument("--prop " + quote_input(*o.prop, 60) + " is not a property's name (" +
                                (names.empty() ? std::string("the file names none") : names) + "), an index 1.." +
                                std::to_string(all.size()) + ", nor a property: " + e.what());
  }
}

// The properties of a JANI file that --prop names (a name or a 1-based
// index in the file), or all of them (those refused are reported as the
// PRISM route's are); choosing a refused one is an error with its reason.
std::vector<lang::property> select_jani(std::vector<lang::property> all, const check_options& o) {
  if (!o.prop) return all;
  std::optional<std::size_t> at;
  for (std::size_t i = 0; i < all.size() && !at; ++i)
    if (all[i].name == *o.prop) at = i;
  const std::string& t = *o.prop;
  if (!at && !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }) && !all.empty())
    at = parse_integer<std::size_t>(t, "--prop INDEX", 1, all.size()) - 1;
  if (!at) {
    std::string names;
    for (const lang::property& p : all) names += (names.empty() ? "" : ", ") + name_text(p.name);
    throw std::invalid_argument("--prop " + quote_input(t, 60) + " is not a property's name in the JANI file (" +
                                (names.empty() ? std::string("it has none") : names) + ") nor an index 1.." +
                                std::to_string(all.size()));
  }
  if (!all[*at].error.empty()) throw std::invalid_argument(all[*at].error);
  return {std::move(all[*at])};
}

std::string state_text(const one_model& m, std::size_t s) { return lang::describe_state(m.model, m.space, s); }

bool holds(const Rational& v, const lang::property& p) {
  return p.compare == "<"    ? v < p.bound
         : p.compare == "<=" ? v <= p.bound
         : p.compare == ">"  ? v > p.bound
                             : v >= p.bound;
}

// One row of the output: a property at one state, or reduced over states.
struct row {
  const lang::property* property = nullptr;
  std::string reduce;  // "state", max, min, avg, sum, first, count, forall, exists
  std::vector<std::size_t> states;
  std::string name;
  json name_json;
};

[[noreturn]] void infinite_value(const lang::property& p, std::size_t s, const one_model& m) {
  throw std::domain_error("the expected reward of " + p.text + " is infinite at " + state_text(m, s) +
                          " (PRISM and Storm print Infinity: a play misses the target with positive probability)");
}

// The row's value from per-state values in T.
template <class T>
T reduce(const row& r, const lang::property_values<T>& v, const one_model& m,
         const std::optional<lang::property_values<Rational>>& exact) {
  const lang::property& p = *r.property;
  auto at = [&](std::size_t s) -> const T& {
    if (v.infinite[s]) infinite_value(p, s, m);
    return v.value[s];
  };
  if (r.reduce == "state" || r.reduce == "first") return at(r.states.at(0));
  if (r.reduce == "sum" || r.reduce == "avg") {
    T sum(0);
    for (const std::size_t s : r.states) sum += at(s);
    if (r.reduce == "avg") sum = sum / T(static_cast<std::int64_t>(r.states.size()));
    return sum;
  }
  if (r.reduce == "count" || r.reduce == "forall" || r.reduce == "exists") {
    if (!exact) throw std::domain_error("count, forall and exists compare exact values with the bound");
    std::int64_t count = 0;
    for (const std::size_t s : r.states)
      if (!exact->infinite[s] && holds(exact->value[s], p)) ++count;
    if (r.reduce == "count") return T(count);
    return T(r.reduce == "forall" ? count == static_cast<std::int64_t>(r.states.size()) : count > 0);
  }
  // max or min: the state is chosen by the exact values when they exist.
  std::optional<std::size_t> best;
  for (const std::size_t s : r.states) {
    if (exact) {
      if (exact->infinite[s]) {
        if (r.reduce == "max") infinite_value(p, s, m);
        continue;
      }
      if (!best || (r.reduce == "max" ? exact->value[*best] < exact->value[s] : exact->value[s] < exact->value[*best]))
        best = s;
    } else if constexpr (std::totally_ordered<T>) {
      if (v.infinite[s]) {
        if (r.reduce == "max") infinite_value(p, s, m);
        continue;
      }
      if (!best || (r.reduce == "max" ? v.value[*best] < v.value[s] : v.value[s] < v.value[*best])) best = s;
    }
  }
  if (!best) infinite_value(p, r.states.at(0), m);
  return at(*best);
}

result run_check(const check_options& o) {
  const std::vector<constant_range> ranges = read_constants(o.constants);
  const std::string model_text = read_nonblank_text(o.model, "the model");
  const std::string model_name = source_name(o.model);
  const bool jani = lang::looks_like_jani(model_text);
  if (jani && o.properties)
    throw std::invalid_argument(model_name +
                                " is a JANI file: its properties are inside it, so no properties file is read "
                                "(choose one with --prop NAME or INDEX)");
  if (jani && o.test)
    throw std::invalid_argument(
        "--test compares each answer with the // RESULT comments of a PRISM properties file; the properties of a "
        "JANI file carry no reference value, so there is nothing to test against");
  std::string props_text;
  if (o.properties) props_text = read_text(*o.properties, "the properties file");
  if (!jani && !o.properties && !o.prop)
    throw std::invalid_argument("check needs a properties file or --prop 'P=? [F \"goal\"]'");
  if (!jani && !lang::looks_like_prism_model(model_text))
    throw std::invalid_argument(model_name +
                                " does not look like a model in the PRISM language (it should start with dtmc, mdp, "
                                "const, module, ...); explicit model files are read by chain and mdp");
  // Every --const must name a constant of the model or of the properties.
  {
    std::vector<std::string> known = jani ? lang::undefined_jani_constants(model_text, model_name)
                                          : lang::undefined_constants(model_text, model_name);
    if (o.properties) {
      const auto more = lang::undefined_property_constants(props_text, *o.properties);
      known.insert(known.end(), more.begin(), more.end());
    }
    for (const constant_range& c : ranges)
      if (std::find(known.begin(), known.end(), c.name) == known.end())
        throw std::invalid_argument("--const " + quote_input(c.name, 60) +
                                    " is not an undefined constant of the model or the properties" +
                                    (known.empty() ? std::string(" (they have none)") : " (they are: " + [&] {
                                      std::string s;
                                      for (const std::string& k : known) s += (s.empty() ? "" : ", ") + k;
                                      return s;
                                    }() + ")"));
  }
  // Every combination of the ranges' values.
  std::vector<lang::constant_values> combos(1);
  for (const constant_range& c : ranges) {
    std::vector<lang::constant_values> next;
    for (const auto& base : combos)
      for (const std::string& v : c.values) {
        lang::constant_values x = base;
        x.push_back({c.name, v});
        next.push_back(std::move(x));
      }
    combos = std::move(next);
  }
  const bool ranged = combos.size() > 1;
  result r;
  r.many = true;
  r.names_key = "property";
  r.as = o.answer.as;
  json models = json::array(), tests = json::array(), refused = json::array(), verdicts = json::array();
  std::size_t mismatches = 0, tested = 0;
  std::string sizes;
  for (const lang::constant_values& given : combos) {
    auto m = std::make_shared<one_model>();
    if (jani) {
      lang::jani_file f = lang::parse_jani(model_text, model_name, given);
      m->model = std::move(f.model);
      m->properties = select_jani(std::move(f.properties), o);
    } else {
      m->model = lang::parse_prism_language(model_text, model_name, given);
      std::vector<lang::property> all;
      if (o.properties) all = lang::parse_properties(props_text, *o.properties, m->model, given, true);
      m->properties = select(std::move(all), o, m->model, given);
    }
    {
      progress_line line("building the state space of " + model_name);
      lang::build_options bo;
      bo.fix_deadlocks = !o.no_fix_deadlocks;
      bo.progress = [](std::size_t found, std::size_t explored) { progress_line::report(explored, found); };
      m->space = lang::build_state_space(m->model, bo);
    }
    const lang::state_space& sp = m->space;
    std::string prefix;
    for (const auto& [name, value] : given) prefix += (prefix.empty() ? "" : ",") + name + "=" + value;
    // The size: a DTMC's transitions are counted once its choices are merged.
    std::size_t transitions = sp.transitions();
    if (sp.kind == lang::model_kind::dtmc) {
      transitions = 0;
      std::vector<std::uint32_t> seen;
      for (std::size_t s = 0; s < sp.size(); ++s) {
        seen.clear();
        for (std::size_t e = sp.edge_begin[sp.choice_begin[s]]; e < sp.edge_begin[sp.choice_begin[s + 1]]; ++e)
          seen.push_back(sp.targets[e]);
        std::sort(seen.begin(), seen.end());
        transitions += static_cast<std::size_t>(std::unique(seen.begin(), seen.end()) - seen.begin());
      }
    }
    const std::string size =
        std::string(lang::to_string(sp.kind)) + ", " + count_of(sp.size(), "state", "states") + ", " +
        count_of(transitions, "transition", "transitions") +
        (sp.kind == lang::model_kind::mdp ? ", " + count_of(sp.choices(), "choice", "choices") : std::string()) + ", " +
        count_of(sp.initial.size(), "initial state", "initial states") +
        (sp.deadlocks ? "; " + count_of(sp.deadlocks, "deadlock state", "deadlock states") +
                            " given a self-loop, such as " + state_text(*m, *sp.deadlock_example)
                      : std::string());
    sizes += (sizes.empty() ? "" : "\n") + (ranged ? prefix + ": " : std::string()) + size;
    models.push_back(json{{"constants", prefix},
                          {"type", lang::to_string(sp.kind)},
                          {"states", sp.size()},
                          {"transitions", transitions},
                          {"choices", sp.choices()},
                          {"initial_states", sp.initial.size()},
                          {"deadlocks", sp.deadlocks}});
    for (std::size_t pi = 0; pi < m->properties.size(); ++pi) {
      const lang::property* p = &m->properties[pi];
      if (!p->error.empty()) {
        refused.push_back(json{{"property", p->name.empty() ? p->text : p->name}, {"message", p->error}});
        r.add("", nullptr, "refused", (p->name.empty() ? p->text : "\"" + p->name + "\"") + ": " + p->error);
        continue;
      }
      auto cache = std::make_shared<value_cache>();
      auto exact_values = [m, p, cache]() -> const lang::property_values<Rational>& {
        if (!cache->exact) {
          progress_line line("checking " + p->text);
          cache->exact = lang::evaluate_property<Rational>(m->model, m->space, *p);
        }
        return *cache->exact;
      };
      const std::vector<std::size_t> states = lang::reported_states(m->model, m->space, *p);
      if (states.empty()) throw std::invalid_argument(p->text + ": the filter's states are empty");
      const std::string label =
          (ranged ? prefix + ": " : std::string()) + (p->name.empty() ? "" : "\"" + p->name + "\": ") + p->text;
      std::vector<row> rows;
      if (!p->filter.empty() && p->filter != "print") {
        rows.push_back({p, p->filter, states, label, label});
      } else if (states.size() == 1) {
        rows.push_back({p, "state", states, label, label});
      } else if (states.size() <= 10 || p->filter == "print") {
        for (const std::size_t s : states)
          rows.push_back({p, "state", {s}, label + " at " + state_text(*m, s), label + " at " + state_text(*m, s)});
      } else {
        rows.push_back({p, "min", states,
                        label + ": the smallest value over the " + std::to_string(states.size()) + " initial states",
                        label + " (min)"});
        rows.push_back({p, "max", states,
                        label + ": the largest value over the " + std::to_string(states.size()) + " initial states",
                        label + " (max)"});
      }
      for (const row& rw : rows) {
        value_runs runs;
        runs.exact = [m, rw, exact_values] {
          const auto& v = exact_values();
          return reduce<Rational>(rw, v, *m, v);
        };
        runs.approx = [m, rw, cache, p] {
          if (!cache->approx) cache->approx = lang::evaluate_property<double>(m->model, m->space, *p);
          return reduce<double>(rw, *cache->approx, *m, cache->exact);
        };
        runs.residue = [m, rw, p, exact_values, cache](std::uint64_t modulus) {
          const bool ordered = m->space.kind == lang::model_kind::mdp && p->path != 'S';
          const std::vector<std::uint32_t>* strategy = nullptr;
          if (ordered || rw.reduce == "max" || rw.reduce == "min" || rw.reduce == "count" || rw.reduce == "forall" ||
              rw.reduce == "exists")
            strategy = &exact_values().strategy;
          return residue_of<api::residue_width::narrow>(modulus, [&]<class T>(std::type_identity<T>) {
            const lang::property_values<T> v = lang::evaluate_property<T>(m->model, m->space, *p, strategy);
            return reduce<T>(rw, v, *m, cache->exact);
          });
        };
        named_answer na{rw.name, rw.name_json, compute_answer(runs, o.answer)};
        std::optional<bool> truth;
        bool infinite = false;
        if (cache->exact && rw.reduce == "state") infinite = cache->exact->infinite[rw.states[0]] != 0;
        if (!p->numeric() && na.value.exact && (rw.reduce == "state" || rw.reduce == "first")) {
          truth = holds(*na.value.exact, *p);
          r.add("", nullptr, "",
                "  " + rw.name + " is " + (*truth ? "true" : "false") + ": the value " + brief(*na.value.exact) +
                    " is " + (*truth ? "" : "not ") + p->compare + " " + brief(p->bound));
        }
        if (!p->numeric() && na.value.exact && (rw.reduce == "forall" || rw.reduce == "exists"))
          truth = *na.value.exact != 0;
        if (truth) verdicts.push_back(json{{"property", rw.name_json}, {"holds", *truth}});
        if (o.test && rows.size() == 1) {
          for (const lang::result_comment& rc : p->results) {
            if (!constants_match(rc.constants, given)) continue;
            const test_outcome t = compare_result(na.value.exact, infinite, truth, rc.value);
            ++tested;
            if (!t.pass) ++mismatches;
            tests.push_back(json{{"property", rw.name_json},
                                 {"expected", rc.value},
                                 {"pass", t.pass},
                                 {"relative_error", t.relative ? json(format_shortest(*t.relative)) : json(nullptr)}});
            r.add("", nullptr, "test", rw.name + ": " + t.words);
          }
        }
        r.answers.push_back(std::move(na));
      }
    }
  }
  r.question = "check " + model_name + (o.properties ? " against " + *o.properties : std::string()) + ": " + sizes;
  r.add("model", model_name);
  r.add("properties", o.properties ? json(*o.properties) : json(nullptr));
  r.add("models", models);
  r.add("refused", refused);
  r.add("holds", verdicts);
  if (o.test) {
    r.add("tests", tests);
    r.add("mismatches", mismatches, "tests",
          tested == 0 ? "no // RESULT comment applies to these properties and constants"
                      : std::to_string(tested - mismatches) + " of " + std::to_string(tested) + " passed");
    if (mismatches) r.status = 1;
  }
  return r;
}

}  // namespace

void add_check_command(command_list& list) {
  add_command<check_options>(
      list, "check",
      "A model in the PRISM language or JANI (dtmc, mdp) and its properties (P, R, S, T "
      "operators, filters), checked exactly: the state space is built, and each property is answered "
      "by the chain and decision solvers",
      setup_check, run_check);
}

}  // namespace exactdp::tool
