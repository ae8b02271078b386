// Checking a model's properties (exactdp/api/check.hpp): the constants,
// the plan, the model read and built, the properties selected, the rows
// reported, and each property's values in each number system.
#include "exactdp/api/check.hpp"

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "exactdp/api/answer.hpp"
#include "exactdp/api/solved.hpp"
#include "exactdp/io/json_input.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/lang/jani.hpp"

namespace exactdp::api {

namespace {

bool all_digits(const std::string& t) {
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Splits `text` at each `sep` (an empty text is one empty part).
std::vector<std::string> split_at(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::size_t p = 0;
  while (true) {
    const std::size_t q = text.find(sep, p);
    parts.push_back(text.substr(p, q == std::string::npos ? std::string::npos : q - p));
    if (q == std::string::npos) return parts;
    p = q + 1;
  }
}

// The values of a range from:to or from:step:to (`item` names it in messages).
std::vector<std::string> range_values(const std::string& value, const std::string& item, const std::string& what) {
  const std::vector<std::string> parts = split_at(value, ':');
  const std::string range = what + " range " + quote_input(item, 60);
  if (parts.size() > 3) throw std::invalid_argument(range + ": write from:to or from:step:to");
  const Rational from = parse_number(parts[0], "a " + what + " range's start");
  const Rational to = parse_number(parts.back(), "a " + what + " range's end");
  const Rational step = parts.size() == 3 ? parse_number(parts[1], "a " + what + " range's step") : Rational(1);
  if (step <= 0) throw std::invalid_argument(range + ": the step must be > 0");
  std::vector<std::string> values;
  for (Rational x = from; x <= to; x += step) {
    if (values.size() == 1000) throw std::invalid_argument(range + " has more than 1000 values");
    values.push_back(to_string(x));
  }
  if (values.empty()) throw std::invalid_argument(range + " is empty");
  return values;
}

// The names of the properties that have one, each between `quote`s, for a
// refusal: at most 10 or about 200 characters, then "... (N in all)"
// (names_text), so that the message stays one short line.
std::string property_names(const std::vector<lang::property>& all, const std::string& quote) {
  std::vector<std::pair<std::string, int>> named;  // names_text lists the keys of (name, _) pairs
  for (const lang::property& p : all)
    if (!p.name.empty()) named.emplace_back(quote + p.name + quote, 0);
  return names_text(named);
}

// Selects the properties of a PRISM properties file that `prop` names (a
// name, an index, or a property's text).
std::vector<lang::property> select_prism(std::vector<lang::property> all, const check_input& in,
                                         lang::symbolic_model& m, const lang::constant_values& given) {
  if (!in.prop) return all;
  const std::string& t = *in.prop;
  if (in.properties_text) {
    auto chosen = [](lang::property& p) -> std::vector<lang::property> {
      if (!p.error.empty()) throw std::invalid_argument(p.error);
      return {std::move(p)};
    };
    for (lang::property& p : all)
      if (p.name == t) return chosen(p);
    if (all_digits(t)) {
      if (all.empty())
        throw std::invalid_argument(in.words.prop + " " + quote_input(t, 60) +
                                    " chooses a property by its index, and the properties file holds none");
      const auto i = parse_integer<std::size_t>(t, in.words.prop + " INDEX", 1, all.size());
      return chosen(all[i - 1]);
    }
  }
  // An index (or a bare name) without a properties file to find it in.
  const bool name_like = !t.empty() && std::all_of(t.begin(), t.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
  if (!in.properties_text && name_like)  // never a property's text
    throw std::invalid_argument(in.words.prop + " " + quote_input(t, 60) + " names a property by its " +
                                (all_digits(t) ? "index" : "name") + ", but no properties file was given: give " +
                                in.words.properties + ", or the property's text such as 'P=? [F \"goal\"]'");
  try {
    return lang::parse_properties(t, in.words.prop_source, m, given);
  } catch (const std::invalid_argument& e) {
    if (!in.properties_text) throw;
    const std::string names = property_names(all, "\"");
    throw std::invalid_argument(in.words.prop + " " + quote_input(t, 60) + " is not a property's name (" +
                                (names.empty() ? std::string("the file names none") : names) + "), an index 1.." +
                                std::to_string(all.size()) + ", nor a property: " + e.what());
  }
}

// The properties of a JANI file that `prop` names (a name or a 1-based
// index in the file), or all of them (those refused are kept with their
// reason, as the PRISM route's are); choosing a refused one is an error
// with its reason.
std::vector<lang::property> select_jani(std::vector<lang::property> all, const check_input& in) {
  if (!in.prop) return all;
  const std::string& t = *in.prop;
  std::optional<std::size_t> at;
  for (std::size_t i = 0; i < all.size() && !at; ++i)
    if (all[i].name == t) at = i;
  if (!at && all_digits(t) && !all.empty())
    at = parse_integer<std::size_t>(t, in.words.prop + " INDEX", 1, all.size()) - 1;
  if (!at) {
    const std::string names = property_names(all, "");
    throw std::invalid_argument(
        in.words.prop + " " + quote_input(t, 60) + " is not a property's name in the JANI file (" +
        (names.empty() ? std::string("it has none") : names) + ") nor an index 1.." + std::to_string(all.size()));
  }
  if (!all[*at].error.empty()) throw std::invalid_argument(all[*at].error);
  return {std::move(all[*at])};
}

space_size size_of(const lang::state_space& sp) {
  space_size z;
  z.kind = sp.kind;
  z.states = sp.size();
  z.choices = sp.choices();
  z.initial_states = sp.initial.size();
  z.deadlocks = sp.deadlocks;
  z.deadlock_example = sp.deadlock_example;
  z.transitions = sp.transitions();
  if (sp.kind == lang::model_kind::dtmc) {
    z.transitions = 0;
    std::vector<std::uint32_t> seen;
    for (std::size_t s = 0; s < sp.size(); ++s) {
      seen.clear();
      for (std::size_t e = sp.edge_begin[sp.choice_begin[s]]; e < sp.edge_begin[sp.choice_begin[s + 1]]; ++e)
        seen.push_back(sp.targets[e]);
      std::sort(seen.begin(), seen.end());
      z.transitions += static_cast<std::size_t>(std::unique(seen.begin(), seen.end()) - seen.begin());
    }
  }
  return z;
}

// An infinite value is an answer (api::answer::infinite), told by its own exception.
// The answer is shown under its property: the reason names the state, not the property again.
[[noreturn]] void infinite_value(std::size_t s, const checked_model& m) {
  throw infinite_value_error("the expected reward is infinite at " + lang::describe_state(m.model, m.space, s) +
                             ": a play from there misses the target with positive probability (PRISM and Storm "
                             "print Infinity)");
}

// Whether the row counts states by the bound, on the exact values.
bool counts_states(const report_row& r) { return r.reduce == "count" || r.reduce == "forall" || r.reduce == "exists"; }

bool needs_exact(const report_row& r) { return r.reduce == "max" || r.reduce == "min" || counts_states(r); }

// The row's value from per-state values in T; `exact` (when solved) picks
// the state of max and min and counts the states where the bound holds.
template <class T>
T reduce(const report_row& r, const lang::property& p, const lang::property_values<T>& v, const checked_model& m,
         const lang::property_values<Rational>* exact) {
  auto at = [&](std::size_t s) -> const T& {
    if (v.infinite[s]) infinite_value(s, m);
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
      if (holds_bound(exact->value[s], p, exact->infinite[s] != 0)) ++count;
    if (r.reduce == "count") return T(count);
    return T(r.reduce == "forall" ? count == static_cast<std::int64_t>(r.states.size()) : count > 0);
  }
  // max or min: the state is chosen by the exact values when they exist.
  if (exact) return at(*reported_state(r, *exact));
  if constexpr (std::same_as<T, double>) return at(*reported_state(r, v));
  throw std::domain_error("max and min pick their state by the exact values or the doubles");
}

template <class T>
std::optional<std::size_t> extreme_state(const report_row& r, const lang::property_values<T>& v) {
  if (r.reduce == "state" || r.reduce == "first") return r.states.at(0);
  if (r.reduce != "max" && r.reduce != "min") return std::nullopt;
  const bool max = r.reduce == "max";
  std::optional<std::size_t> best;
  for (const std::size_t s : r.states) {
    if (v.infinite[s]) {
      if (max) return s;
      continue;
    }
    if (!best || (max ? v.value[*best] < v.value[s] : v.value[s] < v.value[*best])) best = s;
  }
  return best.value_or(r.states.at(0));
}

// The property's values in T. The question (its decision model) is built
// once, by the first number system asked, and kept for the others. The
// residues of an optimum on an MDP evaluate the optimal strategy of the
// exact solve.
struct property_solve {
  const checked_model* m;
  const lang::property* p;
  std::shared_ptr<std::optional<lang::property_question>> question =
      std::make_shared<std::optional<lang::property_question>>();
  template <class T, class Systems>
  lang::property_values<T> operator()(std::type_identity<T>, Systems& systems) const {
    const std::vector<std::uint32_t>* strategy = nullptr;
    if constexpr (!std::is_same_v<T, Rational> && !std::is_same_v<T, double>)
      if (m->space.kind == lang::model_kind::mdp && p->path != 'S')
        strategy = &systems.template get<Rational>().strategy;
    // The state space stays for the names and the other properties: every
    // budget check of the solve counts it.
    const budget_hold held("the state space of " + m->model.source, lang::state_space_bytes(m->space));
    if (!*question) *question = lang::question_of(m->model, m->space, *p);
    return lang::evaluate_property<T>(m->model, m->space, *p, **question, strategy);
  }
};

}  // namespace

std::optional<std::size_t> reported_state(const report_row& row, const lang::property_values<Rational>& values) {
  return extreme_state(row, values);
}
std::optional<std::size_t> reported_state(const report_row& row, const lang::property_values<double>& values) {
  return extreme_state(row, values);
}

std::vector<constant_range> read_constant_ranges(const std::vector<std::string>& items, const check_words& words) {
  std::string all;  // several --const as one list, so that a name given in two is found twice
  for (std::size_t i = 0; i < items.size(); ++i) all += (i == 0 ? "" : ",") + items[i];
  std::vector<constant_range> out;
  for (auto& [name, value] : lang::read_constant_items(all, words.constants)) {
    const bool range = value.find(':') != std::string::npos;
    out.push_back({name, range ? range_values(value, name + "=" + value, words.constants) : std::vector{value}});
  }
  return out;
}

std::string constants_text(const lang::constant_values& given) {
  std::string out;
  for (const auto& [name, value] : given) out += (out.empty() ? "" : ",") + name + "=" + value;
  return out;
}

check_plan plan_check(const check_input& in) {
  check_plan plan;
  plan.jani = lang::looks_like_jani(in.model_text);
  if (plan.jani && in.properties_text)
    throw std::invalid_argument(in.model_name + " is a JANI file: its properties are inside it, so no properties " +
                                "file is read (choose one with " + in.words.prop + " NAME or INDEX)");
  if (!plan.jani && !lang::looks_like_prism_model(in.model_text)) {
    // JSON that is not one object ([], a number) is no JANI file either.
    const std::string_view text = trim_space(without_byte_order_mark(in.model_text));
    if (text.starts_with('['))
      throw std::invalid_argument(in.model_name +
                                  " is a JSON array, not a JANI model: a JANI file is one JSON object, "
                                  "{\"jani-version\": 1, ...}");
    throw std::invalid_argument(in.model_name +
                                " does not look like a model in the PRISM language (it should start with dtmc, mdp, "
                                "const, module, ...); explicit model files are read by chain and mdp");
  }
  if (!plan.jani && !in.properties_text && !in.prop)
    throw std::invalid_argument("check needs " + in.words.properties + " or " + in.words.prop + " 'P=? [F \"goal\"]'");
  // Every given constant must be an undefined constant of the model or of the properties.
  std::vector<std::string> known = plan.jani ? lang::undefined_jani_constants(in.model_text, in.model_name)
                                             : lang::undefined_constants(in.model_text, in.model_name);
  if (in.properties_text) {
    const auto more = lang::undefined_property_constants(*in.properties_text, in.properties_name);
    known.insert(known.end(), more.begin(), more.end());
  }
  for (const constant_range& c : in.constants) {
    if (std::find(known.begin(), known.end(), c.name) != known.end()) continue;
    std::vector<std::pair<std::string, int>> names;  // names_text lists the keys of (name, _) pairs
    for (const std::string& k : known) names.emplace_back(k, 0);
    throw std::invalid_argument(
        in.words.constants + " " + quote_input(c.name, 60) +
        " is not an undefined constant of the model or the properties" +
        (known.empty() ? std::string(" (they have none)") : " (they are: " + names_text(names) + ")"));
  }
  // Every combination of the ranges' values.
  plan.combinations.assign(1, {});
  for (const constant_range& c : in.constants) {
    std::vector<lang::constant_values> next;
    for (const auto& base : plan.combinations)
      for (const std::string& v : c.values) {
        lang::constant_values x = base;
        x.emplace_back(c.name, v);
        next.push_back(std::move(x));
      }
    plan.combinations = std::move(next);
  }
  return plan;
}

checked_model read_checked_model(const check_input& in, const check_plan& plan, const lang::constant_values& given) {
  checked_model m;
  m.constants = given;
  if (plan.jani) {
    lang::jani_file f = lang::parse_jani(in.model_text, in.model_name, given);
    m.model = std::move(f.model);
    m.properties = select_jani(std::move(f.properties), in);
  } else {
    m.model = lang::parse_prism_language(in.model_text, in.model_name, given);
    std::vector<lang::property> all;
    if (in.properties_text) all = lang::parse_properties(*in.properties_text, in.properties_name, m.model, given, true);
    m.properties = select_prism(std::move(all), in, m.model, given);
  }
  // A check that checks nothing is a mistake in its input, not an answer.
  if (m.properties.empty())
    throw std::invalid_argument(in.prop ? in.words.prop + " " + quote_input(*in.prop, 60) +
                                              " holds no property: give one such as 'P=? [F \"goal\"]'"
                                : in.properties_text ? in.properties_name + " holds no property to check"
                                                     : in.model_name + " holds no property to check");
  return m;
}

void build_checked_space(checked_model& m, bool fix_deadlocks,
                         const std::function<void(std::size_t, std::size_t)>& progress) {
  lang::build_options bo;
  bo.fix_deadlocks = fix_deadlocks;
  bo.progress = progress;
  m.space = lang::build_state_space(m.model, bo);
  m.size = size_of(m.space);
}

std::vector<report_row> report_rows(const checked_model& m, const lang::property& p) {
  const std::vector<std::size_t> states = lang::reported_states(m.model, m.space, p);
  if (states.empty()) throw std::invalid_argument(p.text + ": the filter's states are empty");
  std::vector<report_row> rows;
  if ((!p.filter.empty() && p.filter != "print") || states.size() == 1) {
    rows.push_back({p.filter.empty() || p.filter == "print" ? "state" : p.filter, states, ""});
  } else if (states.size() <= 10 || p.filter == "print") {
    for (const std::size_t s : states) rows.push_back({"state", {s}, lang::describe_state(m.model, m.space, s)});
  } else {
    rows.push_back({"min", states, "min"});
    rows.push_back({"max", states, "max"});
  }
  return rows;
}

bool holds_bound(const Rational& v, const lang::property& p, bool infinite) {
  if (infinite) return p.compare == ">" || p.compare == ">=";  // +infinity: above every bound
  return p.compare == "<"    ? v < p.bound
         : p.compare == "<=" ? v <= p.bound
         : p.compare == ">"  ? v > p.bound
                             : v >= p.bound;
}

struct property_check::solved {
  explicit solved(const property_solve& s) : question(s.question), systems(s) {}
  std::shared_ptr<std::optional<lang::property_question>> question;  // shared with the solves' copies
  in_systems<lang::property_values, property_solve> systems;
};

property_check::property_check(std::shared_ptr<const checked_model> m, std::size_t index)
    : model_(std::move(m)), index_(index) {
  solved_ = std::make_unique<solved>(property_solve{model_.get(), &model_->properties.at(index_)});
}

property_check::~property_check() = default;

const lang::property& property_check::property() const { return model_->properties[index_]; }

const lang::property_values<Rational>& property_check::exact_values() { return solved_->systems.get<Rational>(); }

const lang::property_values<Rational>* property_check::find_exact_values() const {
  return solved_->systems.find<Rational>();
}

const lang::property_question* property_check::question() const {
  return *solved_->question ? &**solved_->question : nullptr;
}

Rational property_check::exact(const report_row& row) {
  const auto& v = exact_values();
  return reduce<Rational>(row, property(), v, *model_, &v);
}

double property_check::approx(const report_row& row) {
  if (counts_states(row)) exact_values();
  const auto& v = solved_->systems.get<double>();
  return reduce<double>(row, property(), v, *model_, find_exact_values());
}

std::uint64_t property_check::residue(const report_row& row, std::uint64_t p) {
  if (needs_exact(row)) exact_values();
  return solved_->systems.residue(p, [&](const lang::property_values<DynModInt>& v) {
    return std::uint64_t{reduce<DynModInt>(row, property(), v, *model_, find_exact_values()).value()};
  });
}

}  // namespace exactdp::api
