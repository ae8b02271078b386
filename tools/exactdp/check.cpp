// The check command (command.hpp): a model in the PRISM language or JANI
// and its properties, checked exactly by exactdp/api/check.hpp (the reading,
// the constants, the choice of properties and their values in each number
// system); here: the options, the printed result, --test (PRISM's -test),
// --export-values and --certificate.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>

#include "args.hpp"
#include "certify.hpp"
#include "command.hpp"
#include "exactdp/api/check.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/io/shown_text.hpp"
#include "exactdp/lang/jani.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/format.hpp"
#include "exactdp/lang/certificate_model.hpp"
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
  std::optional<std::string> export_values;
  std::optional<std::string> certificate;
  answer_options answer;
  check_options() { answer.small_moduli = true; }
};

void setup_check(CLI::App& cmd, check_options& o) {
  cmd.add_option("MODEL", o.model,
                 "The model in the PRISM language (dtmc or mdp; .prism, .pm, .nm) or a JANI file (.jani, with its "
                 "properties inside), told apart by its content; - reads standard input")
      ->required();
  cmd.add_option("PROPERTIES", o.properties,
                 "A PRISM properties file: properties one per line or ;-separated, \"name\": names, const "
                 "declarations, label \"name\" = e; definitions, // RESULT: v comments");
  cmd.add_option("--prop", o.prop,
                 "The property to check: a name or a 1-based index in the properties file (or in the JANI file), "
                 "or a property's text (P=? [F \"goal\"]); default: every property, in order");
  cmd.add_option("--const", o.constants,
                 "Values of the undefined constants, N=16,MAX=2; a range N=3:2:11 "
                 "(from:step:to, or from:to) checks every value, one row each");
  cmd.add_flag("--test", o.test,
               "Compare each answer with the // RESULT: v comments above its property (PRISM's -test): a fraction "
               "exactly, a decimal within its printed precision; exit status 1 on a mismatch");
  cmd.add_option("--export-values", o.export_values,
                 "Write every state's variables and the property's exact value, that value correctly rounded to a "
                 "double, and its residue modulo --modulus, to FILE.csv (a header row, a row a state) or FILE.json; "
                 "needs exactly one property (choose it with --prop) and one value for each --const");
  cmd.add_option("--certificate", o.certificate,
                 "Also write a certificate of every state's exact value to this JSON file, for exactdp verify "
                 "(docs/certificates.md): for P=? and R=? [F phi] on a DTMC, Pmax, Pmin, Rmax, Rmin =? [F phi] on an "
                 "MDP; needs exactly one property (choose it with --prop) and one value for each --const");
  cmd.add_flag("--no-fix-deadlocks", o.no_fix_deadlocks,
               "Refuse a state without enabled commands instead of giving it a self-loop (PRISM's -nofixdl)");
  add_answer_options(cmd, o.answer);
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

// The RESULT comment a property is tested against with the constants
// `given` (PRISM's Property.getExpectedResultString): the last one whose
// constants all match; one without constants matches every value, one
// naming a constant not given matches none. Null when none matches.
const lang::result_comment* expected_result(const std::vector<lang::result_comment>& results,
                                            const lang::constant_values& given) {
  const lang::result_comment* found = nullptr;
  for (const lang::result_comment& rc : results)
    if (constants_match(rc.constants, given)) found = &rc;
  return found;
}

struct test_outcome {
  bool pass = false;
  std::string words;
  std::optional<double> relative;
};

// A refusal against a RESULT "Error" or "Error:words" (PRISM's test mode:
// the message contains the words, case ignored).
bool expected_error(const std::string& result, const std::string& message) {
  const std::size_t colon = result.find(':');
  if (result.substr(0, colon) != "Error") return false;
  if (colon == std::string::npos) return true;
  auto lower = [](std::string t) {
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t;
  };
  return lower(message).find(lower(std::string(trim_space(result.substr(colon + 1))))) != std::string::npos;
}

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
  if (api::reads_as_infinity(e)) {
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

std::string source_name(const std::string& path) { return path == "-" ? "standard input" : path; }

// ---- --export-values ----

// The format of an --export-values path: "csv" or "json", by its
// extension. Checks early that the file can be written (a file that did
// not exist is not left behind). Throws std::invalid_argument.
std::string export_format(const std::string& path) {
  const std::filesystem::path p(path);
  const std::string ext = p.extension().string();
  if (ext != ".csv" && ext != ".json")
    throw std::invalid_argument("--export-values " + quote_input(path, 60) +
                                ": the file's name must end in .csv or .json (its format)");
  std::error_code ec;
  const bool existed = std::filesystem::exists(p, ec);
  {
    std::ofstream probe(p, std::ios::app);
    if (!probe)
      throw std::invalid_argument("--export-values cannot write " + quote_input(path, 60) + ": " +
                                  std::strerror(errno));
  }
  if (!existed) std::filesystem::remove(p, ec);
  return ext.substr(1);
}

// Every state's variables and the property's exact value, the exact value
// correctly rounded to a double, and its residue modulo `modulus` (none
// where the denominator is a multiple of it, or the value is infinite),
// written as CSV (a header row, then a row a state, streamed) or as one
// JSON value (built in memory: its size is checked against the state
// budget first).
void export_values(const std::string& path, const std::string& format, const api::checked_model& m,
                   api::property_check& check, std::uint64_t modulus) {
  const lang::property_values<Rational>* values = nullptr;
  {
    progress_line line("checking " + check.property().text);
    values = &check.exact_values();
  }
  const lang::state_space& sp = m.space;
  const std::vector<lang::variable>& vars = m.model.variables;
  const bool as_json = format == "json";
  if (as_json) {
    // About 80 bytes a JSON node (a node per variable and per field) and the digits of each value.
    long double bytes = 0;
    for (std::size_t s = 0; s < sp.size(); ++s) {
      bytes += 80.0L * static_cast<long double>(vars.size() + 6);
      if (!values->infinite[s]) {
        const auto& q = values->value[s].backend().data();
        bytes += static_cast<long double>(mpz_sizeinbase(mpq_numref(q), 10) + mpz_sizeinbase(mpq_denref(q), 10));
      }
    }
    const budget_hold held("the state space of " + m.model.source, lang::state_space_bytes(sp));
    check_state_budget("the --export-values JSON document", bytes, 1, "bytes");
  }
  std::ofstream out(path, std::ios::trunc);
  std::vector<std::int64_t> state(vars.size());
  auto variable_text = [&](std::size_t v) -> json {
    if (vars[v].boolean) return state[v] != 0;
    return state[v];
  };
  json states = json::array();
  if (!as_json) {
    out << "state";
    for (const lang::variable& v : vars) out << "," << csv_field(v.name);
    out << ",exact,double,mod\n";
  }
  for (std::size_t s = 0; s < sp.size() && out; ++s) {
    if ((s & 4095u) == 0) poll_interrupt();
    sp.unpack(s, state.data());
    json entry;  // JSON only
    if (as_json) entry = json{{"state", s}, {"variables", json::object()}};
    std::string row = std::to_string(s);
    for (std::size_t v = 0; v < vars.size(); ++v) {
      if (as_json)
        entry["variables"][vars[v].name] = variable_text(v);
      else
        row += "," + variable_text(v).dump();
    }
    std::optional<std::uint64_t> residue;
    if (values->infinite[s]) {
      if (as_json) {
        entry["exact"] = "Infinity";
        entry["double"] = nullptr;
      }
      row += ",Infinity,inf,";
    } else {
      const Rational& q = values->value[s];
      try {
        residue = to_residue64(q, modulus);
      } catch (const std::domain_error&) {
      }
      const double d = to_double(q);
      if (as_json) {
        entry["exact"] = to_string(q);
        entry["double"] = d;
      } else {
        row += "," + to_string(q) + "," + format_shortest(d) + ",";
        if (residue) row += std::to_string(*residue);
      }
    }
    if (as_json) {
      entry["mod"] = residue ? json(*residue) : json(nullptr);
      states.push_back(std::move(entry));
    } else {
      out << row << "\n";
    }
  }
  if (as_json) {
    const std::string constants = api::constants_text(m.constants);
    const lang::property& p = check.property();
    const json document{{"model", m.model.source}, {"property", p.name.empty() ? json(nullptr) : json(p.name)},
                        {"text", p.text},          {"constants", constants},
                        {"modulus", modulus},      {"states", std::move(states)}};
    out << document.dump(2) << "\n";
  }
  out.close();
  if (!out)
    throw std::runtime_error("--export-values could not write " + quote_input(path, 60) + ": " +
                             std::strerror(errno));  // a full disk, say ("No space left on device")
}

// ---- --certificate ----

// The certificate's start: the state whose value check prints when the
// property has one row of one state's value (api::reported_state: the
// filter's max or min, first, or the one initial state), so that verify
// names that value; else the first initial state.
std::size_t certificate_start(const api::checked_model& m, const lang::property& p,
                              const lang::property_values<Rational>& values) {
  const std::vector<api::report_row> rows = api::report_rows(m, p);
  if (rows.size() == 1)
    if (const auto s = api::reported_state(rows[0], values)) return *s;
  return m.space.initial.at(0);
}

// The certificate of property `check` (covered: lang_certificate_objective)
// on the built model m: the decision model the solve used (the property's
// question) and its exact solution, through the chain and mdp commands'
// writer (certify.hpp). The states are named by their valuations.
void write_lang_certificate(result& r, certificate_request request, const api::checked_model& m,
                            api::property_check& check) {
  const lang::property_values<Rational>* values = nullptr;
  {
    progress_line line("checking " + check.property().text);
    values = &check.exact_values();
  }
  const lang::property_question* question = check.question();
  if (!question || !question->unbounded)
    throw std::logic_error("--certificate: the property's question was not kept: please report this");
  const lang::unbounded_question& u = *question->unbounded;
  decision_solution<Rational> sol;
  sol.value = values->value;
  sol.infinite = values->infinite;
  sol.strategy = values->strategy;
  sol.strategy.resize(m.space.size(), 0);
  decision_query q = u.query;
  // A chain's certificate is that of an MDP of one choice a state (as the chain command's).
  if (request.kind == "chain")
    q.objective = request.objective == "steps" ? decision_objective::rmin : decision_objective::pmax;
  request.names = lang::state_names(m.model, m.space);
  request.start = request.names[certificate_start(m, check.property(), *values)];
  write_certificate(r, request, u.model, q, sol);
}

// ---- the check ----

bool over_initial_states(const api::report_row& rw) { return rw.at == "min" || rw.at == "max"; }

// How the text names a row: "", " at (x=1)", ": the smallest value over the 12 initial states".
std::string where_text(const api::report_row& rw) {
  if (rw.at.empty()) return "";
  if (!over_initial_states(rw)) return " at " + rw.at;
  return std::string(": the ") + (rw.at == "min" ? "smallest" : "largest") + " value over the " +
         std::to_string(rw.states.size()) + " initial states";
}

// How the JSON names a row: "", " at (x=1)", " (min)".
std::string where_key(const api::report_row& rw) {
  if (rw.at.empty()) return "";
  return over_initial_states(rw) ? " (" + rw.at + ")" : " at " + rw.at;
}

result run_check(const check_options& o) {
  std::string export_as;
  if (o.export_values) {
    export_as = export_format(*o.export_values);
    // The export replaces its file: never one of the inputs.
    for (const std::optional<std::string>& input : {std::optional<std::string>(o.model), o.properties}) {
      std::error_code ec;
      if (input && std::filesystem::equivalent(*o.export_values, *input, ec))
        throw std::invalid_argument("--export-values " + quote_input(*o.export_values, 80) + " is the " +
                                    (*input == o.model ? "model" : "properties") +
                                    " file itself: write the values to another file");
    }
  }
  api::check_input in;
  in.constants = api::read_constant_ranges(o.constants);
  in.model_text = read_nonblank_text(o.model, "the model");
  in.model_name = source_name(o.model);
  const bool jani = lang::looks_like_jani(in.model_text);
  if (jani && o.test && !o.properties)
    throw std::invalid_argument(
        "--test compares each answer with the // RESULT comments of a PRISM properties file; the properties of a "
        "JANI file carry no reference value, so there is nothing to test against");
  if (o.properties) {
    // Not read beside a JANI file: plan_check refuses it, naming the reason.
    in.properties_text = jani ? std::string() : read_text(*o.properties, "the properties file");
    in.properties_name = *o.properties;
  }
  in.prop = o.prop;
  const api::check_plan plan = api::plan_check(in);
  const bool ranged = plan.combinations.size() > 1;
  // --export-values and --certificate write the values of one model and one property.
  const char* one_property = o.export_values ? "--export-values" : o.certificate ? "--certificate" : nullptr;
  if (one_property && ranged)
    throw std::invalid_argument(std::string(one_property) +
                                " writes the values of one model: give each --const one value");
  std::optional<certificate_request> cert;
  if (o.certificate) {
    cert = certificate_request{
        *o.certificate, o.model, plan.jani ? "jani" : "prism-language", "", "", "", {}, "", "", {}, {}};
    check_certificate_request(*cert);
    // Two outputs to one file would leave only the last one written.
    if (o.export_values) {
      std::error_code e1, e2;
      const auto a = std::filesystem::weakly_canonical(*o.export_values, e1);
      const auto b = std::filesystem::weakly_canonical(*o.certificate, e2);
      if (*o.export_values == *o.certificate || (!e1 && !e2 && a == b))
        throw std::invalid_argument("--certificate and --export-values name one file, " +
                                    quote_input(*o.certificate, 80) + ": give each its own");
    }
  }
  result r;
  r.many = true;
  r.names_key = "property";
  r.as = o.answer.as;
  json models = json::array(), tests = json::array(), refused = json::array(), verdicts = json::array();
  std::size_t mismatches = 0, tested = 0, skipped = 0;
  // The model of each combination of constants: "N=1 (dtmc, 2 states, ...), N=2 (...)" (the question is one line).
  std::string sizes;
  for (const lang::constant_values& given : plan.combinations) {
    auto m = std::make_shared<api::checked_model>(api::read_checked_model(in, plan, given));
    if (one_property && m->properties.size() != 1)
      throw std::invalid_argument(std::string(one_property) +
                                  " writes the values of one property: choose one with --prop (" +
                                  count_of(m->properties.size(), "property is", "properties are") + " selected)");
    if (cert) {
      const lang::property& p = m->properties[0];
      if (!p.error.empty()) throw std::invalid_argument(p.error);
      cert->objective = lang::certificate_objective(m->model.kind, p);
      cert->kind = m->model.kind == lang::model_kind::dtmc ? "chain" : "mdp";
      cert->target = plan.jani ? p.name : p.text;
      cert->constants = api::constants_text(given);
      // The checker finds the property by this label alone: a property that needs its file does not stand alone.
      try {
        lang::read_certificate_model(in.model_text, in.model_name, cert->constants, *cert->target);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("--certificate names the property by its text, " + quote_input(p.text, 80) +
                                    ", and that text alone is not a property of the model (" + e.what() +
                                    "): give it with --prop TEXT, the properties file's constants replaced");
      }
    }
    {
      progress_line line("building the state space of " + in.model_name);
      api::build_checked_space(*m, !o.no_fix_deadlocks,
                               [](std::size_t found, std::size_t explored) { progress_line::report(explored, found); });
    }
    const api::space_size& z = m->size;
    const std::string prefix = api::constants_text(given);
    const std::string size =
        std::string(lang::to_string(z.kind)) + ", " + count_of(z.states, "state", "states") + ", " +
        count_of(z.transitions, "transition", "transitions") +
        (z.kind == lang::model_kind::mdp ? ", " + count_of(z.choices, "choice", "choices") : std::string()) + ", " +
        count_of(z.initial_states, "initial state", "initial states") +
        (z.deadlocks
             ? "; " + count_of(z.deadlocks, "deadlock state", "deadlock states") + " given a self-loop, such as " +
                   lang::describe_state(m->model, m->space, *z.deadlock_example)
             : std::string());
    sizes += ranged ? (sizes.empty() ? "" : ", ") + prefix + " (" + size + ")" : size;
    models.push_back(json{{"constants", prefix},
                          {"type", lang::to_string(z.kind)},
                          {"states", z.states},
                          {"transitions", z.transitions},
                          {"choices", z.choices},
                          {"initial_states", z.initial_states},
                          {"deadlocks", z.deadlocks}});
    // One test of --test: its outcome (nullopt: RESULT ?, skipped), counted and reported.
    auto record_test = [&](const std::string& name, const std::string& name_json, const lang::result_comment* rc,
                           const std::optional<test_outcome>& t) {
      if (t) {
        ++tested;
        if (!t->pass) ++mismatches;
      } else {
        ++skipped;
      }
      tests.push_back(json{{"property", name_json},
                           {"expected", rc ? json(rc->value) : json(nullptr)},
                           {"pass", t ? json(t->pass) : json(nullptr)},
                           {"relative_error", t && t->relative ? json(format_shortest(*t->relative)) : json(nullptr)}});
      r.add("", nullptr, "test", name + ": " + (t ? t->words : "skipped: expected ?, PRISM's \"don't care\""));
    };
    const std::string no_result =
        "FAIL: did not find a RESULT specification" + (prefix.empty() ? std::string() : " (for " + prefix + ")");
    for (std::size_t pi = 0; pi < m->properties.size(); ++pi) {
      const lang::property* p = &m->properties[pi];
      if (!p->error.empty()) {
        if (one_property) throw std::invalid_argument(p->error);
        const std::string name = p->name.empty() ? p->text : p->name;
        const std::string shown = p->name.empty() ? name_text(p->text) : shown_text("\"" + p->name + "\"");
        refused.push_back(json{{"property", name}, {"message", p->error}});
        r.add("", nullptr, "refused", shown + ": " + p->error);
        // PRISM's test mode: a property that fails is a failed test, unless its RESULT is Error (expected).
        if (o.test) {
          const lang::result_comment* rc = expected_result(p->results, given);
          std::optional<test_outcome> t;
          if (!rc)
            t = test_outcome{false, no_result + " to test against (and the property was refused)", {}};
          else if (rc->value.starts_with("Error"))
            t = expected_error(rc->value, p->error)
                    ? test_outcome{true, "pass: refused, as expected (" + rc->value + ")", {}}
                    : test_outcome{false, "FAIL: refused with another error, expected " + rc->value, {}};
          else if (rc->value != "?")
            t = test_outcome{false, "FAIL: refused, expected " + rc->value, {}};
          record_test(shown, name, rc, t);
        }
        continue;
      }
      auto check = std::make_shared<api::property_check>(m, pi);
      const std::string label =
          (ranged ? prefix + ": " : std::string()) + (p->name.empty() ? "" : "\"" + p->name + "\": ") + p->text;
      // The values are written before the answers, which may fail.
      if (o.export_values)
        export_values(*o.export_values, export_as, *m, *check,
                      read_modulus(o.answer.modulus, api::modulus_limit(api::residue_width::narrow)));
      if (cert) write_lang_certificate(r, *cert, *m, *check);
      const std::vector<api::report_row> rows = api::report_rows(*m, *p);
      for (const api::report_row& rw : rows) {
        value_runs runs;
        // An infinite value is an answer (Infinity); a certificate written before records it too.
        runs.exact = [check, rw] {
          if (!check->find_exact_values()) {
            progress_line line("checking " + check->property().text);
            check->exact_values();
          }
          return check->exact(rw);
        };
        runs.approx = [check, rw] { return check->approx(rw); };
        runs.residue = [check, rw](std::uint64_t modulus) { return check->residue(rw, modulus); };
        // The text escapes control characters of the model's names; the JSON escapes by its own rules.
        named_answer na{shown_text(label + where_text(rw)), label + where_key(rw), compute_answer(runs, o.answer), ""};
        std::optional<bool> truth;
        const bool infinite = na.value.infinite;
        if (!p->numeric() && (na.value.exact || infinite) && (rw.reduce == "state" || rw.reduce == "first")) {
          truth = api::holds_bound(na.value.exact.value_or(0), *p, infinite);
          na.verdict = std::string(*truth ? "true" : "false") + ": the value " +
                       (infinite ? std::string("Infinity") : brief(*na.value.exact)) + " is " + (*truth ? "" : "not ") +
                       p->compare + " " + brief(p->bound);
        }
        if (!p->numeric() && na.value.exact && (rw.reduce == "forall" || rw.reduce == "exists")) {
          truth = *na.value.exact != 0;
          const bool every = rw.reduce == "forall";
          na.verdict = std::string(*truth ? "true" : "false") + ": the bound " + p->compare + " " + brief(p->bound) +
                       (*truth ? " holds in " : " fails in ") + (*truth == every ? "every" : "some") +
                       " state of the filter";
        }
        if (truth) verdicts.push_back(json{{"property", na.name_json}, {"holds", *truth}});
        if (o.test && rows.size() == 1) {
          const lang::result_comment* rc = expected_result(p->results, given);
          std::optional<test_outcome> t;
          if (!rc)
            t = test_outcome{false, no_result + " to test against", {}};
          else if (rc->value != "?")
            t = compare_result(na.value.exact, infinite, truth, rc->value);
          record_test(na.name, na.name_json, rc, t);
        }
        r.answers.push_back(std::move(na));
      }
    }
  }
  r.question = "check " + shown_text(in.model_name) +
               (o.properties ? " against " + shown_text(*o.properties) : std::string()) + ": " + shown_text(sizes);
  r.add("model", in.model_name);
  r.add("properties", o.properties ? json(*o.properties) : json(nullptr));
  r.add("models", models);
  r.add("refused", refused);
  // Every property refused: nothing was checked, a mistake in the input.
  if (r.answers.empty() && !refused.empty()) r.status = 2;
  r.add("holds", verdicts);
  if (o.test) {
    r.add("tests", tests);
    std::string summary = tested == 0
                              ? std::string("no test performed")
                              : std::to_string(tested - mismatches) + " of " + std::to_string(tested) + " passed";
    if (skipped) summary += "; " + std::to_string(skipped) + " skipped (RESULT: ?)";
    r.add("mismatches", mismatches, "tests", summary);
    r.add("skipped", skipped);
    if (tested) r.status = mismatches ? 1 : 0;  // the tests decide, refusals included
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
