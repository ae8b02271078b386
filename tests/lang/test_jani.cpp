// JANI models (exactdp/lang/jani.hpp): each construct on hand-made models
// whose values are worked out by hand, every refusal with its JSON path,
// and the Quantitative Verification Benchmark Set's PRISM/JANI pairs
// (tests/data/qvbs/), built by both routes: equal state, transition and
// choice counts, equal exact values, equal to the set's references.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

#include "exactdp/lang/build.hpp"
#include "exactdp/lang/jani.hpp"
#include "exactdp/lang/prism.hpp"
#include "exactdp/lang/properties.hpp"
#include "exactdp/lang/property_values.hpp"
#include "support/paths.hpp"

namespace {

using namespace exactdp;
using namespace exactdp::lang;

// The value of a property: at the one reported state, or the filter's max/min.
struct checked {
  std::size_t states = 0, transitions = 0, choices = 0, initial = 0;
  Rational value;
  bool holds = false;
};

checked check(symbolic_model& m, const property& p) {
  checked c;
  const state_space sp = build_state_space(m);
  c.states = sp.size();
  c.transitions = sp.transitions();
  c.choices = sp.choices();
  c.initial = sp.initial.size();
  const property_values<Rational> v = evaluate_property<Rational>(m, sp, p);
  const std::vector<std::size_t> st = reported_states(m, sp, p);
  REQUIRE(!st.empty());
  c.value = v.value[st[0]];
  for (const std::size_t s : st) {
    REQUIRE(!v.infinite[s]);
    if (p.filter == "min" ? v.value[s] < c.value : v.value[s] > c.value) c.value = v.value[s];
  }
  if (!p.numeric())
    c.holds = p.compare == ">="   ? c.value >= p.bound
              : p.compare == ">"  ? c.value > p.bound
              : p.compare == "<=" ? c.value <= p.bound
                                  : c.value < p.bound;
  return c;
}

checked check_named(jani_file& f, const std::string& name) {
  for (const property& p : f.properties)
    if (p.name == name) {
      REQUIRE(p.error.empty());
      return check(f.model, p);
    }
  FAIL("no property " << name);
  return {};
}

// The reason the file, or its first refused property, is not read ("" if none).
std::string error_of(const std::string& text) {
  try {
    const jani_file f = parse_jani(text, "geometric.jani");
    for (const property& p : f.properties)
      if (!p.error.empty()) return p.error;
    return std::string();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// A geometric chain: from x=0, x becomes 1 with probability p = 1/3 (and the
// transient r is 2 on that branch); x=1 is a deadlock (given a self-loop).
const std::string geometric = R"({
  "jani-version": 1, "name": "geometric", "type": "dtmc", "features": ["derived-operators"],
  "actions": [],
  "constants": [{"name": "p", "type": "real", "value": {"op": "/", "left": 1, "right": 3}}],
  "variables": [
    {"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1}, "initial-value": 0},
    {"name": "r", "type": "real", "transient": true, "initial-value": 0},
    {"name": "done", "type": "bool", "transient": true, "initial-value": false}],
  "automata": [{"name": "A", "initial-locations": ["l"],
    "locations": [{"name": "l", "transient-values": [{"ref": "done", "value": {"op": "=", "left": "x", "right": 1}}]}],
    "edges": [{"location": "l", "guard": {"exp": {"op": "=", "left": "x", "right": 0}},
      "destinations": [
        {"location": "l", "probability": {"exp": "p"}, "assignments": [{"ref": "x", "value": 1}, {"ref": "r", "value": 2}]},
        {"location": "l", "probability": {"exp": {"op": "-", "left": 1, "right": "p"}}}]}]}],
  "system": {"elements": [{"automaton": "A"}]},
  "properties": [
    {"name": "reach", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmin", "exp": {"op": "F", "exp": "done"}}}},
    {"name": "bounded", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "U", "left": true, "right": "done", "step-bounds": {"upper": 2}}}}},
    {"name": "steps", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Emin", "exp": 1, "accumulate": ["steps"], "reach": "done"}}},
    {"name": "reward", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Emin", "exp": "r", "accumulate": ["steps"], "reach": "done"}}},
    {"name": "sure", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "≥", "left": {"op": "Pmin", "exp": {"op": "F", "exp": "done"}}, "right": 1}}},
    {"name": "long run", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Smin", "exp": "done"}}},
    {"name": "cumulative", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Emax", "exp": "r", "accumulate": ["steps"], "step-instant": 2}}}]
})";

}  // namespace

TEST_CASE("jani: a geometric chain's probabilities, step bounds, expected steps and rewards", "[lang][jani]") {
  jani_file f = parse_jani(geometric, "geometric.jani");
  CHECK(f.model.kind == model_kind::dtmc);
  REQUIRE(f.properties.size() == 7);
  const checked reach = check_named(f, "reach");
  CHECK(reach.states == 2);
  CHECK(reach.value == 1);
  CHECK(check_named(f, "bounded").value == Rational(5) / 9);  // 1/3 + 2/3 * 1/3
  CHECK(f.properties[2].letter == 'T');                       // exp 1 accumulated on steps: the step count
  CHECK(check_named(f, "steps").value == 3);
  CHECK(check_named(f, "reward").value == 2);  // 2 on the branch of probability 1/3, 3 steps expected
  const checked sure = check_named(f, "sure");
  CHECK(!f.properties[4].numeric());
  CHECK(sure.holds);
  CHECK(check_named(f, "long run").value == 1);
  CHECK(check_named(f, "cumulative").value == Rational(2) / 3 + Rational(2, 3) * Rational(2, 3));  // C<=2
}

TEST_CASE("jani: a property's text is written in the PRISM language's notation", "[lang][jani]") {
  // A user read the JSON of the property before (cut after 160 characters).
  jani_file f = parse_jani(geometric, "geometric.jani");
  std::vector<std::string> texts;
  for (const property& p : f.properties) texts.push_back(p.text);
  CHECK(texts == std::vector<std::string>{"Pmin=? [ F done ]", "Pmax=? [ F<=2 done ]", "Tmin=? [ F done ]",
                                          "R{\"r\"}min=? [ F done ]", "Pmin>=1 [ F done ]", "S=? [ done ]",
                                          "R{\"r\"}max=? [ C<=2 ]"});
  // Operators, precedence (parentheses only where PRISM needs them), filters
  // and an until; a property that is refused keeps its text.
  const std::string ops = replaced(geometric, R"("values": {"op": "Pmin", "exp": {"op": "F", "exp": "done"}}}})",
                                   R"("values": {"op": "Pmax", "exp": {"op": "U", "left": {"op": "¬", "exp": "done"},
         "right": {"op": "∧", "left": {"op": "∨", "left": "done", "right": {"op": "=", "left": "x", "right": 1}},
                   "right": {"op": "<", "left": {"op": "*", "left": {"op": "+", "left": "x", "right": 1}, "right": 2},
                             "right": {"op": "ite", "if": "done", "then": 1, "else": {"op": "floor", "exp": 2.5}}}},
         "step-bounds": {"upper": 3, "upper-exclusive": true}}}}},
    {"name": "most", "expression": {"op": "filter", "fun": "max", "states": {"op": "≥", "left": "x", "right": 0},
      "values": {"op": "Pmax", "exp": {"op": "G", "exp": {"op": "≠", "left": "x", "right": 1}}}}},
    {"name": "refused", "expression": {"op": "filter", "fun": "∀", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "W", "left": true, "right": {"op": "deadlock"}}}}})");
  jani_file g = parse_jani(ops, "ops.jani");
  CHECK(g.properties[0].text == "Pmax=? [ !done U<3 ((done | x=1) & (x+1)*2<(done ? 1 : floor(2.5))) ]");
  CHECK(g.properties[1].text == "filter(max, Pmax=? [ G x!=1 ], x>=0)");
  CHECK(g.properties[2].text == "filter(forall, Pmax=? [ true W \"deadlock\" ])");
  // A tester's findings: => groups to the right, relations not at all, a
  // bound on S, a reward bound on the steps, constant rewards and I=k.
  const std::string more =
      replaced(geometric, R"("values": {"op": "Pmin", "exp": {"op": "F", "exp": "done"}}}})",
               R"("values": {"op": "Pmin", "exp": {"op": "F", "exp": {"op": "⇒", "left": {"op": "⇒", "left": "done",
         "right": "done"}, "right": {"op": "=", "left": {"op": "=", "left": "x", "right": 0}, "right": true}}}}}},
    {"name": "s", "expression": {"op": "≥", "left": {"op": "Smax", "exp": "done"}, "right": 0.5}},
    {"name": "r", "expression": {"op": "Pmax", "exp": {"op": "F", "exp": "done",
      "reward-bounds": [{"exp": 1, "accumulate": ["steps"], "bounds": {"upper": 2}}]}}},
    {"name": "c", "expression": {"op": "Emax", "exp": 2, "accumulate": ["steps"], "reach": "done"}},
    {"name": "i", "expression": {"op": "Emax", "exp": "r", "accumulate": [], "step-instant": 2}})");
  jani_file h = parse_jani(more, "more.jani");
  CHECK(h.properties[0].text == "Pmin=? [ F ((done => done) => (x=0)=true) ]");
  CHECK(h.properties[1].text == "S>=0.5 [ done ]");
  CHECK(h.properties[2].text == "Pmax=? [ F<=2 done ]");
  CHECK(h.properties[3].text == "R{reward 2}max=? [ F done ]");
  CHECK(h.properties[4].text == "R{\"r\"}max=? [ I=2 ]");
  CHECK(!g.properties[2].error.empty());
}

TEST_CASE("jani: a byte-order mark is allowed, and the content tells JANI from PRISM", "[lang][jani]") {
  jani_file f = parse_jani("\xEF\xBB\xBF" + geometric, "bom.jani");
  CHECK(check_named(f, "reach").value == 1);
  CHECK(looks_like_jani("\xEF\xBB\xBF  {\"jani-version\": 1}"));
  CHECK(!looks_like_jani("dtmc\nmodule m x : [0..1]; endmodule"));
  CHECK(!looks_like_prism_model(geometric));
}

TEST_CASE("jani: exit rewards are the locations' transient values", "[lang][jani]") {
  // steps <- 1 in the location: accumulated when a state is left, like PRISM's state rewards.
  std::string text =
      replaced(geometric, R"("transient-values": [)", R"("transient-values": [{"ref": "r", "value": 1}, )");
  text = replaced(text, R"({"ref": "r", "value": 2})", R"({"ref": "x", "value": 1})");
  text = replaced(text, R"({"ref": "x", "value": 1}, {"ref": "x", "value": 1})", R"({"ref": "x", "value": 1})");
  text = replaced(text, R"("exp": "r", "accumulate": ["steps"], "reach")",
                  R"("exp": "r", "accumulate": ["exit"], "reach")");
  jani_file f = parse_jani(text, "exit.jani");
  CHECK(check_named(f, "reward").value == 3);
}

TEST_CASE("jani: locations, synchronisation vectors, blocked actions and silent edges", "[lang][jani]") {
  const std::string text = R"({
    "jani-version": 1, "name": "sync", "type": "mdp",
    "actions": [{"name": "go"}, {"name": "never"}, {"name": "both"}],
    "variables": [{"name": "n", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 3},
                   "initial-value": 0}],
    "automata": [
      {"name": "A", "locations": [{"name": "a0"}, {"name": "a1"}], "initial-locations": ["a0"],
       "edges": [{"location": "a0", "action": "go", "destinations": [{"location": "a1"}]},
                 {"location": "a1", "action": "never", "destinations": [{"location": "a0"}]}]},
      {"name": "B", "locations": [{"name": "b"}], "initial-locations": ["b"],
       "edges": [{"location": "b", "action": "go", "guard": {"exp": {"op": "<", "left": "n", "right": 3}},
                  "destinations": [{"location": "b", "assignments": [{"ref": "n", "value": {"op": "+", "left": "n", "right": 1}}]}]},
                 {"location": "b", "destinations": [
                    {"location": "b", "probability": {"exp": 0.5}, "assignments": [{"ref": "n", "value": 0}]},
                    {"location": "b", "probability": {"exp": 0.5}}]}]}],
    "system": {"elements": [{"automaton": "A"}, {"automaton": "B"}],
               "syncs": [{"synchronise": ["go", "go"], "result": "both"}]},
    "properties": [
      {"name": "max", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
        "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "n", "right": 1}}}}},
      {"name": "min", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
        "values": {"op": "Pmin", "exp": {"op": "F", "exp": {"op": "=", "left": "n", "right": 1}}}}}]
  })";
  jani_file f = parse_jani(text, "sync.jani");
  // (a0, 0) -both-> (a1, 1); the silent edge of B resets n or not; "never" is in no vector: blocked.
  const checked max = check_named(f, "max");
  CHECK(max.states == 3);
  CHECK(max.value == 1);
  CHECK(check_named(f, "min").value == 0);
  CHECK(std::any_of(f.model.variables.begin(), f.model.variables.end(),
                    [](const variable& v) { return v.name == "A.location" && v.high == 1; }));
  REQUIRE(f.model.actions.size() == 1);
  CHECK(f.model.actions[0] == "both");
}

TEST_CASE("jani: derived operators, functions and constants", "[lang][jani]") {
  const std::string text = R"({
    "jani-version": 1, "name": "ops", "type": "dtmc", "features": ["derived-operators", "functions"],
    "constants": [
      {"name": "a", "type": "int", "value": {"op": "abs", "exp": -3}},
      {"name": "s", "type": "int", "value": {"op": "sgn", "exp": -2}},
      {"name": "t", "type": "int", "value": {"op": "trc", "exp": -2.5}},
      {"name": "fl", "type": "int", "value": {"op": "floor", "exp": 2.5}},
      {"name": "ce", "type": "int", "value": {"op": "ceil", "exp": 2.5}},
      {"name": "m", "type": "int", "value": {"op": "%", "left": 7, "right": 3}},
      {"name": "pw", "type": "int", "value": {"op": "pow", "left": 2, "right": 10}},
      {"name": "mi", "type": "int", "value": {"op": "min", "left": 4, "right": {"op": "max", "left": 1, "right": 2}}},
      {"name": "im", "type": "bool", "value": {"op": "⇒", "left": false, "right": {"op": ">", "left": 1, "right": 2}}},
      {"name": "it", "type": "real", "value": {"op": "ite", "if": {"op": "≥", "left": 2, "right": 2}, "then": 0.25, "else": 1}},
      {"name": "f", "type": "int", "value": {"op": "call", "function": "sq1", "args": [3]}},
      {"name": "N", "type": "int"}],
    "functions": [
      {"name": "sq", "type": "int", "parameters": [{"name": "v", "type": "int"}],
       "body": {"op": "*", "left": "v", "right": "v"}},
      {"name": "sq1", "type": "int", "parameters": [{"name": "v", "type": "int"}],
       "body": {"op": "+", "left": {"op": "call", "function": "sq", "args": ["v"]}, "right": 1}}],
    "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": "N"}}],
    "restrict-initial": {"exp": {"op": "≥", "left": "x", "right": 2}},
    "automata": [{"name": "A", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": []}],
    "system": {"elements": [{"automaton": "A"}]},
    "properties": []
  })";
  CHECK(undefined_jani_constants(text, "ops.jani") == std::vector<std::string>{"N"});
  jani_file f = parse_jani(text, "ops.jani", {{"N", "4"}});
  auto value = [&](const std::string& name) {
    for (const auto& [n, e] : f.model.constants)
      if (n == name) return f.model.pool.eval_rational(e, nullptr);
    FAIL("no constant " << name);
    return Rational(0);
  };
  CHECK(value("a") == 3);
  CHECK(value("s") == -1);
  CHECK(value("t") == -2);
  CHECK(value("fl") == 2);
  CHECK(value("ce") == 3);
  CHECK(value("m") == 1);
  CHECK(value("pw") == 1024);
  CHECK(value("mi") == 2);
  CHECK(value("im") == 1);
  CHECK(value("it") == Rational(1, 4));
  CHECK(value("f") == 10);
  // x has no initial value: the initial states are those of the restriction, x in {2, 3, 4}.
  const state_space sp = build_state_space(f.model);
  CHECK(sp.initial.size() == 3);
  CHECK_THROWS_WITH(parse_jani(text, "ops.jani"), Catch::Contains("constants[11]") && Catch::Contains("no value"));
  CHECK_THROWS_WITH(parse_jani(text, "ops.jani", {{"N", "4"}, {"a", "1"}}), Catch::Contains("one was given too"));
  CHECK_THROWS_WITH(parse_jani(text, "ops.jani", {{"N", "1/2"}}), Catch::Contains("is an int"));
  const std::string recursive =
      replaced(text, R"("args": ["v"])", R"("args": [{"op": "call", "function": "sq1", "args": ["v"]}])");
  CHECK_THROWS_WITH(parse_jani(recursive, "ops.jani", {{"N", "4"}}), Catch::Contains("calls itself"));
}

TEST_CASE("jani: every refusal names its JSON path", "[lang][jani]") {
  struct refusal {
    std::string from, to, path, words;
  };
  const std::vector<refusal> cases = {
      {R"("type": "dtmc")", R"("type": "ctmc")", "type:", "ctmc"},
      {R"("features": ["derived-operators"])", R"("features": ["derived-operators", "arrays"])", "features[1]",
       "arrays"},
      {R"("guard": {"exp": {"op": "=")", R"("guard": {"exp": {"op": "der")", "automata[0].edges[0].guard.exp.op",
       "der"},
      {R"({"ref": "x", "value": 1})", R"({"ref": "x", "value": 1, "index": 1})",
       "automata[0].edges[0].destinations[0].assignments[0].index", "index levels"},
      {R"("location": "l", "guard")", R"("location": "l", "rate": {"exp": 1}, "guard")", "automata[0].edges[0].rate",
       "rates"},
      {R"("step-bounds": {"upper": 2})", R"("time-bounds": {"upper": 2})",
       "properties[1].expression.values.exp.time-bounds", "time bounds"},
      {R"("type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1})", R"("type": "int")",
       "variables[0].type", "unbounded"},
      {R"("step-bounds": {"upper": 2})",
       R"("reward-bounds": [{"exp": "r", "accumulate": ["steps"], "bounds": {"upper": 2}}])",
       "properties[1].expression.values.exp.reward-bounds[0].exp", "step count"},
      {R"("exp": 1, "accumulate": ["steps"], "reach": "done")", R"("exp": 1, "reach": "done")",
       "properties[2].expression.values:", "accumulate"},
      {R"("values": {"op": "Pmin", "exp": {"op": "F", "exp": "done"}}}},)",
       R"("values": {"op": "∃", "exp": {"op": "F", "exp": "done"}}}},)", "properties[0].expression.values.op",
       "path quantifier"},
      {R"({"op": "F", "exp": "done"}}}},)", R"({"op": "W", "left": true, "right": "done"}}}},)",
       "properties[0].expression.values.exp.op", "operator W is not"},
      {R"("name": "geometric")", R"("name": "geometric", "extra": 1)", "extra", "unknown"},
      {R"("guard": {"exp": {"op": "=", "left": "x")", R"("guard": {"exp": {"op": "=", "left": "y")",
       "geometric.jani:", "undefined name"},
      {R"({"name": "r", "type": "real", "transient": true, "initial-value": 0})",
       R"({"name": "r", "type": "real", "transient": true, "initial-value": 1})", "variables[1].initial-value",
       "initial value 0"},
      {R"("exp": "r", "accumulate": ["steps"], "reach")", R"("exp": "x", "accumulate": ["steps"], "reach")",
       "properties[3].expression.values.exp", "transient variable"},
      {R"("accumulate": ["steps"], "reach")", R"("accumulate": ["time"], "reach")",
       "properties[2].expression.values.accumulate[0]", "time"},
      {R"("elements": [{"automaton": "A"}])", R"("elements": [{"automaton": "B"}])", "system.elements[0].automaton",
       "undefined automaton"},
      {R"("fun": "values")", R"("fun": "argmax")", "properties[0].expression.fun", "argmax"},
      {R"("fun": "values")", R"("fun": "count")", "properties[0].expression.values",
       "filter(count, ...) counts the states where a bound holds"},
      {R"("probability": {"exp": "p"})", R"("probability": {"exp": "p", "extra": 1})",
       "automata[0].edges[0].destinations[0].probability: unknown or unsupported key extra", "unknown"},
      {R"("left": 1, "right": 3})", R"("left": 1, "right": 3, "left": 2})", "geometric.jani:", "twice"},
  };
  for (const refusal& c : cases) {
    INFO(c.to);
    const std::string error = error_of(replaced(geometric, c.from, c.to));
    CHECK_THAT(error, Catch::Contains(c.path) && Catch::Contains(c.words));
  }
  // An undefined name of two or more characters gets the closest one in scope.
  const std::vector<refusal> guesses = {
      {R"("exp": "done"}}}},)", R"("exp": "donee"}}}},)", "undefined name 'donee'", "did you mean 'done'?"},
      {R"({"ref": "x", "value": 1})", R"({"ref": "dome", "value": true})", "undefined variable dome assigned",
       "did you mean 'done'?"},
      {R"("initial-locations": ["l"])", R"("initial-locations": ["l0"])", "undefined location l0", "did you mean 'l'?"},
      {R"("elements": [{"automaton": "A"}])", R"("elements": [{"automaton": "AA"}])", "undefined automaton AA",
       "did you mean 'A'?"},
      {R"({"exp": "p"})", R"({"exp": "pp"})", "undefined name 'pp'", "did you mean 'p'?"},
  };
  // JANI's initial states are named in its own words, not as PRISM's init block.
  {
    jani_file none = parse_jani(
        replaced(geometric, R"("system": {)", R"("restrict-initial": {"exp": false}, "system": {)"), "geometric.jani");
    CHECK_THROWS_WITH(build_state_space(none.model),
                      Catch::Contains("no state satisfies the initial values, initial-locations and restrict-initial"));
  }
  for (const refusal& c : guesses) {
    INFO(c.to);
    CHECK_THAT(error_of(replaced(geometric, c.from, c.to)), Catch::Contains(c.path) && Catch::Contains(c.words));
  }
  // S on an MDP is refused with its reason; the other properties are read.
  const jani_file mdp = parse_jani(replaced(geometric, R"("type": "dtmc")", R"("type": "mdp")"), "geometric.jani");
  REQUIRE(mdp.properties.size() == 7);
  CHECK(mdp.properties[5].name == "long run");
  CHECK_THAT(mdp.properties[5].error,
             Catch::Contains("properties[5].expression.values.op") && Catch::Contains("DTMCs only"));
  CHECK(mdp.properties[4].error.empty());
  // A step bound that is refused (not constant, or beyond its range) names
  // its property only: the properties after it are still read as usual.
  for (const std::string bound : {R"("upper": "x")", R"("upper": 1000000000000000000000000000000)",
                                  R"("upper": {"op": "/", "left": 1, "right": 0})"}) {
    INFO(bound);
    const jani_file f = parse_jani(replaced(geometric, R"("upper": 2)", bound), "geometric.jani");
    REQUIRE(f.properties.size() == 7);
    CHECK_THAT(f.properties[1].error, Catch::Contains("properties[1].expression.values.exp.step-bounds"));
    for (std::size_t i = 2; i < f.properties.size(); ++i) CHECK(f.properties[i].error.empty());
  }
}

TEST_CASE("jani: functions that double at every call are refused before they are expanded", "[lang][jani]") {
  // f0(v) = v + v, f_k(v) = f_{k-1}(f_{k-1}(v)): f_40 would be a tree of 2^(2^40) nodes.
  std::string functions = R"({"name": "f0", "type": "int", "parameters": [{"name": "v", "type": "int"}],
                                "body": {"op": "+", "left": "v", "right": "v"}})";
  for (int k = 1; k <= 40; ++k) {
    const std::string f = std::to_string(k), g = std::to_string(k - 1);
    functions += R"(, {"name": "f)";
    functions += f + R"(", "type": "int", "parameters": [{"name": "v", "type": "int"}],
                     "body": {"op": "call", "function": "f)";
    functions += g + R"(", "args": [{"op": "call", "function": "f)";
    functions += g + R"(", "args": ["v"]}]}})";
  }
  std::string text =
      replaced(geometric, R"("actions": [],)", std::string(R"("actions": [], "functions": [)") + functions + "],");
  text = replaced(
      text, R"("guard": {"exp": {"op": "=", "left": "x", "right": 0}})",
      R"("guard": {"exp": {"op": "=", "left": {"op": "call", "function": "f40", "args": ["x"]}, "right": 0}})");
  CHECK_THROWS_WITH(parse_jani(text, "big.jani"), Catch::Contains("big.jani:") && Catch::Contains("too large"));
}

TEST_CASE("jani: deep nesting is refused, not a crash", "[lang][jani]") {
  std::string deep = "true";
  for (int i = 0; i < 5000; ++i) deep = std::string(R"({"op": "¬", "exp": )") + deep + "}";
  const std::string text = replaced(geometric, R"("guard": {"exp": {"op": "=", "left": "x", "right": 0}})",
                                    std::string(R"("guard": {"exp": )") + deep + "}");
  CHECK_THROWS_WITH(parse_jani(text, "deep.jani"), Catch::Contains("nested deeper"));
  CHECK_THROWS_WITH(parse_jani("{", "bad.jani"), Catch::Contains("bad.jani:1"));
}

TEST_CASE("jani: a refusal deep inside an expression or with an odd name is one short printable line", "[lang][jani]") {
  // Found by fuzzing: the JSON path of a refusal 390 levels down was echoed
  // whole (over 2,000 characters).
  std::string deep = R"({"op": "nosuch", "exp": true})";
  for (int i = 0; i < 390; ++i) deep = std::string(R"({"op": "¬", "exp": )") + deep + "}";
  const std::string text = replaced(geometric, R"("guard": {"exp": {"op": "=", "left": "x", "right": 0}})",
                                    std::string(R"("guard": {"exp": )") + deep + "}");
  const std::string message = error_of(text);
  INFO(message);
  CHECK(message.size() < 300);
  CHECK_THAT(message, Catch::StartsWith("geometric.jani:11:7467: automata[0].edges[0].guard.exp.exp") &&
                          Catch::Contains(".exp ... 3") && Catch::Contains(" levels ... exp.exp.") &&
                          Catch::EndsWith("exp.exp.op: the operator nosuch is not supported"));
  // A constant without a value whose name holds a newline (escaped in JSON).
  const std::string odd =
      error_of(replaced(geometric, R"({"name": "p", "type": "real", "value": {"op": "/", "left": 1, "right": 3}})",
                        R"({"name": "a\nb", "type": "real"}, {"name": "p", "type": "real", "value": 1})"));
  INFO(odd);
  CHECK_THAT(odd, Catch::Contains("has no value"));
  CHECK(odd.find('\n') == std::string::npos);
  // An unknown key with a control character: the path is the object's, and
  // the key is shown escaped.
  const std::string key = error_of(replaced(geometric, R"("initial-locations")", R"("initial-l\u007fcations")"));
  INFO(key);
  CHECK_THAT(key, Catch::Contains("automata[0]: unknown or unsupported key 'initial-l\\x7fcations'"));
  // A variable whose name holds a newline, set outside its range: the
  // message names it and the state escaped.
  std::string renamed = replaced(geometric, R"({"ref": "x", "value": 1})", R"({"ref": "x", "value": 2})");
  for (std::size_t at = renamed.find(R"("x")"); at != std::string::npos; at = renamed.find(R"("x")", at + 5))
    renamed.replace(at, 3, R"("x\n")");
  const auto parsed_space = [&] {
    try {
      const jani_file f = parse_jani(renamed, "odd.jani");
      (void)build_state_space(f.model);
      return std::string();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
  };
  const std::string range = parsed_space();
  INFO(range);
  CHECK_THAT(range, Catch::Contains("the update sets 'x\\n' to 2, outside its range [0..1], in the state ('x\\n'=0"));
}

// ---- the benchmark set's pairs ----

TEST_CASE("jani: QVBS models read by both routes agree with each other and with the references", "[lang][jani][qvbs]") {
  const std::string dir = test::source_path("tests/data/qvbs/");
  const nlohmann::json cases = nlohmann::json::parse(test::read_all(dir + "jani_cases.json"));
  REQUIRE(cases.size() >= 10);
  std::size_t pairs = 0;
  for (const nlohmann::json& c : cases) {
    INFO(c["jani"].get<std::string>() << " " << c["property"].get<std::string>());
    constant_values given;
    for (const auto& k : c["constants"]) {
      const std::string s = k.get<std::string>();
      given.push_back({s.substr(0, s.find('=')), s.substr(s.find('=') + 1)});
    }
    const std::string name = c["property"].get<std::string>();
    jani_file f = parse_jani(test::read_all(dir + c["jani"].get<std::string>()), c["jani"].get<std::string>(), given);
    const checked j = check_named(f, name);
    // The set's count is Storm's, built with the property's target states
    // made absorbing; every reachable state is built here.
    CHECK(j.states >= c["states"].get<std::size_t>());
    const nlohmann::json& ex = c["expected"];
    if (ex.contains("value") && ex["value"].is_boolean()) {
      CHECK(j.holds == ex["value"].get<bool>());
    } else if (ex.contains("value")) {
      CHECK(j.value == parse_rational(ex["value"].dump()));
    } else {
      CHECK(j.value == parse_rational(ex["num"].get<std::string>() + "/" + ex["den"].get<std::string>()));
    }
    if (c["prism"].is_null()) continue;
    symbolic_model m =
        parse_prism_language(test::read_all(dir + c["prism"].get<std::string>()), c["prism"].get<std::string>(), given);
    const std::vector<property> props = parse_properties(test::read_all(dir + c["props"].get<std::string>()),
                                                         c["props"].get<std::string>(), m, given, true);
    const auto p = std::find_if(props.begin(), props.end(), [&](const property& q) { return q.name == name; });
    REQUIRE(p != props.end());
    REQUIRE(p->error.empty());
    const checked r = check(m, *p);
    ++pairs;
    CHECK(r.states == j.states);
    CHECK(r.transitions == j.transitions);
    CHECK(r.choices == j.choices);
    CHECK(r.initial == j.initial);
    CHECK(r.value == j.value);
    CHECK(r.holds == j.holds);
  }
  CHECK(pairs == 22);  // every case with a PRISM model
}
