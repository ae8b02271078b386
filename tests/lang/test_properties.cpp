// PRISM properties on hand-made models whose answers are worked out by
// hand: every operator, filters, bounds, residues agreeing with the exact
// values, and every error of a properties file with its file:line:column.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>

#include "exactdp/lang/properties.hpp"
#include "exactdp/lang/property_values.hpp"
#include "exactdp/numeric/convert.hpp"

using namespace exactdp;
using namespace exactdp::lang;

namespace {

// Knuth and Yao's die from a fair coin (s: the coin's walk, d: the face).
const char* const die = R"(dtmc
module die
  s : [0..7] init 0;
  d : [0..6] init 0;
  [] s=0 -> 0.5 : (s'=1) + 0.5 : (s'=2);
  [] s=1 -> 0.5 : (s'=3) + 0.5 : (s'=4);
  [] s=2 -> 0.5 : (s'=5) + 0.5 : (s'=6);
  [] s=3 -> 0.5 : (s'=1) + 0.5 : (s'=7) & (d'=1);
  [] s=4 -> 0.5 : (s'=7) & (d'=2) + 0.5 : (s'=7) & (d'=3);
  [] s=5 -> 0.5 : (s'=7) & (d'=4) + 0.5 : (s'=7) & (d'=5);
  [] s=6 -> 0.5 : (s'=2) + 0.5 : (s'=7) & (d'=6);
  [] s=7 -> (s'=7);
endmodule
rewards "flips"
  s<7 : 1;
endrewards
rewards "face"
  s=7 : d;
endrewards
label "done" = s=7;
formula six = d=6;
)";

// Two ways from state 0: a (cost 2) is a fair coin between 1 and 2, b (cost 5) goes to 3.
const char* const choice = R"(mdp
module m
  s : [0..3];
  [a] s=0 -> 1/2 : (s'=1) + 1/2 : (s'=2);
  [b] s=0 -> (s'=3);
  [] s>0 -> true;
endmodule
rewards "cost"
  [a] true : 2;
  [b] true : 5;
endrewards
)";

struct checked {
  symbolic_model model;
  state_space space;
};

checked load(const char* text) {
  checked c;
  c.model = parse_prism_language(text, "m.prism");
  c.space = build_state_space(c.model);
  return c;
}

// The value of the one property in `text`, reduced by its filter (max, min,
// sum, avg, first) or at the single initial state.
Rational value(checked& c, const std::string& text) {
  const std::vector<property> ps = parse_properties(text, "p.props", c.model);
  REQUIRE(ps.size() == 1);
  const property& p = ps[0];
  const property_values<Rational> v = evaluate_property<Rational>(c.model, c.space, p);
  const std::vector<std::size_t> states = reported_states(c.model, c.space, p);
  REQUIRE(!states.empty());
  if (p.filter.empty() || p.filter == "first") {
    REQUIRE(!v.infinite[states[0]]);
    // Residues of the same property agree with the exact value.
    if (c.model.kind == model_kind::dtmc || !v.strategy.empty()) {
      dyn_modulus_scope scope(1000000007);
      const property_values<DynModInt> r = evaluate_property<DynModInt>(c.model, c.space, p, &v.strategy);
      CHECK(r.value[states[0]] == from_rational<DynModInt>(v.value[states[0]]));
    }
    // The double run agrees within a few ulps.
    const property_values<double> d = evaluate_property<double>(c.model, c.space, p);
    CHECK(d.value[states[0]] == Approx(static_cast<double>(field_traits<Rational>::approximate(v.value[states[0]]))));
    return v.value[states[0]];
  }
  Rational out = v.value[states[0]];
  std::size_t count = 0;
  for (const std::size_t s : states) {
    if (p.filter == "max" && v.value[s] > out) out = v.value[s];
    if (p.filter == "min" && v.value[s] < out) out = v.value[s];
    if (p.filter == "count" && (p.compare == ">=" ? v.value[s] >= p.bound : v.value[s] < p.bound)) ++count;
  }
  if (p.filter == "sum" || p.filter == "avg") {
    out = 0;
    for (const std::size_t s : states) out += v.value[s];
    if (p.filter == "avg") out /= static_cast<long>(states.size());
  }
  if (p.filter == "count") out = static_cast<long>(count);
  return out;
}

std::string error_of(checked& c, const std::string& text) {
  try {
    parse_properties(text, "p.props", c.model);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("P of F, U, G, X and step bounds on a chain", "[lang]") {
  checked c = load(die);
  CHECK(value(c, "P=? [ F s=7 & d=1 ]") == Rational(1) / 6);
  CHECK(value(c, "P=? [ F \"done\" & six ]") == Rational(1) / 6);
  CHECK(value(c, "P=? [ s<3 U s=3 ]") == Rational(1) / 4);
  CHECK(value(c, "P=? [ G s!=7 ]") == 0);
  CHECK(value(c, "P=? [ G d!=6 ]") == Rational(5) / 6);
  CHECK(value(c, "P=? [ X s=1 ]") == Rational(1) / 2);
  CHECK(value(c, "P=? [ F<=3 s=7 ]") == Rational(3) / 4);
  CHECK(value(c, "P=? [ F<3 s=7 ]") == 0);
  CHECK(value(c, "P=? [ s<3 U<=2 s=3 ]") == Rational(1) / 4);
  CHECK(value(c, "P=? [ G<=2 s!=7 ]") == 1);
}

TEST_CASE("R, T, C<=k, I=k and S on a chain", "[lang]") {
  checked c = load(die);
  CHECK(value(c, "R{\"flips\"}=? [ F s=7 ]") == Rational(11) / 3);
  CHECK(value(c, "R=? [ F s=7 ]") == Rational(11) / 3);  // the first structure
  CHECK(value(c, "T=? [ F s=7 ]") == Rational(11) / 3);
  CHECK(value(c, "R{\"flips\"}=? [ C<=2 ]") == 2);
  CHECK(value(c, "R{\"face\"}=? [ I=3 ]") == Rational(21) / 8);
  CHECK(value(c, "S=? [ s=7 & d=6 ]") == Rational(1) / 6);
}

TEST_CASE("filters and bounds", "[lang]") {
  checked c = load(die);
  CHECK(value(c, "filter(max, P=? [ F s=7 & d=1 ], true)") == 1);
  CHECK(value(c, "filter(min, P=? [ F s=7 & d=1 ])") == 0);
  CHECK(value(c, "filter(sum, P=? [ F d=1 ], s=7)") == 1);
  CHECK(value(c, "filter(avg, P=? [ F d=6 ], s=7)") == Rational(1) / 6);
  CHECK(value(c, "filter(first, P=? [ F d=1 ], \"init\")") == Rational(1) / 6);
  CHECK(value(c, "filter(count, P>=1 [ F s=7 ], true)") == 13);
  const std::vector<property> ps = parse_properties("\"b\": P>=0.2 [ F s=7 & d=1 ];\nP<1/5 [ F d=1 ]", "p", c.model);
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].name == "b");
  CHECK(ps[0].compare == ">=");
  CHECK(ps[0].bound == Rational(1) / 5);
  CHECK(ps[1].compare == "<");
  CHECK(ps[1].text == "P<1/5 [ F d=1 ]");
}

TEST_CASE("Pmax, Pmin, Rmax, Rmin and bounded questions of an MDP", "[lang]") {
  checked c = load(choice);
  CHECK(value(c, "Pmax=? [ F s=1 ]") == Rational(1) / 2);
  CHECK(value(c, "Pmin=? [ F s=1 ]") == 0);
  CHECK(value(c, "Rmin=? [ F s>0 ]") == 2);
  CHECK(value(c, "R{\"cost\"}max=? [ F s>0 ]") == 5);
  CHECK(value(c, "Tmax=? [ F s>0 ]") == 1);
  CHECK(value(c, "Pmax=? [ X s=3 ]") == 1);
  CHECK(value(c, "Pmin=? [ X s=3 ]") == 0);
  CHECK(value(c, "Pmin=? [ G s<3 ]") == 0);
  CHECK(value(c, "Pmax=? [ G s<3 ]") == 1);
  CHECK(value(c, "Pmax=? [ F<=0 s=1 ]") == 0);
  CHECK(value(c, "Pmax=? [ F<=1 s=1 ]") == Rational(1) / 2);
  // The values settle after one round: a bound of 10^6 steps stops there.
  CHECK(value(c, "Pmax=? [ F<=1000000 s=1 ]") == Rational(1) / 2);
  CHECK(value(c, "Rmax=? [ C<=3 ]") == 5);
  CHECK(value(c, "Rmin=? [ C<=3 ]") == 2);
  // A bound on an MDP holds for every strategy: P>=b is decided by Pmin.
  const std::vector<property> ps = parse_properties("P>=1 [ F s>0 ]", "p", c.model);
  CHECK(ps[0].optimum == -1);
}

TEST_CASE("infinite expected rewards follow PRISM's conventions", "[lang]") {
  checked c = load(choice);
  const std::vector<property> ps = parse_properties("Rmax=? [ F s=3 ]", "p", c.model);
  const property_values<Rational> v = evaluate_property<Rational>(c.model, c.space, ps[0]);
  CHECK(v.infinite[c.space.initial[0]] == 1);  // a misses s=3 forever
  const std::vector<property> qs = parse_properties("Rmin=? [ F s=3 ]", "p", c.model);
  const property_values<Rational> w = evaluate_property<Rational>(c.model, c.space, qs[0]);
  CHECK(w.infinite[c.space.initial[0]] == 0);
  CHECK(w.value[c.space.initial[0]] == 5);
}

TEST_CASE("properties files: names, constants, comments, RESULT lines", "[lang]") {
  checked c = load(die);
  const std::vector<property> ps = parse_properties(R"(// the die
const int K = 3;
const double q;
// RESULT: 1/6
"one": P=? [ F d=1 ];
// RESULT (K=3): 0.75
"bounded": P=? [ F<=K s=7 ]
/* a block comment */ P>=q [ F d=2 ]
)",
                                                    "p.props", c.model, {{"q", "0.1"}});
  REQUIRE(ps.size() == 3);
  CHECK(ps[0].name == "one");
  REQUIRE(ps[0].results.size() == 1);
  CHECK(ps[0].results[0].value == "1/6");
  CHECK(ps[0].results[0].constants.empty());
  REQUIRE(ps[1].results.size() == 1);
  CHECK(ps[1].results[0].constants == "K=3");
  CHECK(ps[1].results[0].value == "0.75");
  CHECK(*ps[1].steps == 3);
  CHECK(ps[2].bound == Rational(1) / 10);
  CHECK(undefined_property_constants("const int K = 3;\nconst double q;\n", "p") == std::vector<std::string>{"q"});
}

TEST_CASE("a properties file's labels join the model's, for the properties after them", "[lang]") {
  // Found by a tester: label "name" = e; (PRISM manual, "Properties Files") was refused.
  checked c = load(die);
  CHECK(value(c, "const int F = 6;\nlabel \"big\" = s=7 & d>=F-1;\nP=? [ F \"big\" ]") == Rational(1, 3));
  checked d = load(die);
  CHECK(error_of(d, "P=? [ F \"big\" ];\nlabel \"big\" = d>4;") == "p.props:1:9: undefined label '\"big\"'");
  CHECK(error_of(d, "label \"done\" = d>4;") ==
        "p.props:1:7: the label '\"done\"' is defined twice: the model defines it too, at m.prism:20:17");
  CHECK(error_of(d, "label \"a\" = d>4;\nlabel \"a\" = d>5;") ==
        "p.props:2:7: the label '\"a\"' is defined twice: in this file too, at p.props:1:7");
  CHECK(error_of(d, "label \"init\" = d>4;") == "p.props:1:7: the label \"init\" is built in and cannot be redefined");
  CHECK(error_of(d, "label \"b\" = d;") == "p.props:1:13: a label must be bool, not an int");
}

TEST_CASE("every error of a properties file names file:line:column", "[lang]") {
  checked c = load(die);
  checked m = load(choice);
  CHECK(error_of(c, "P=? [ F \"nope\" ]") == "p.props:1:9: undefined label '\"nope\"'");
  CHECK(error_of(c, "P=? [ F z=1 ]") == "p.props:1:9: undefined name 'z'");
  CHECK(error_of(c, "R{\"nope\"}=? [ F s=7 ]") == "p.props:1:3: the model has no reward structure '\"nope\"'");
  CHECK(error_of(c, "P=? [ F^{rew{\"flips\"}<=3} s=7 ]") ==
        "p.props:1:8: a reward-bounded F (Storm's F^{rew...}) is not supported, at '^'");
  CHECK(error_of(c, "P=? [ F s ]") == "p.props:1:9: a path formula's operand must be bool, not an int");
  CHECK(error_of(c, "P=? [ F P>=1 [ F s=7 ] ]") ==
        "p.props:1:9: a P, R, S, T operator or filter is only supported at the top of a property");
  CHECK(error_of(c, "P>=2 [ F s=7 ]") == "p.props:1:4: a probability bound must be in [0, 1], not 2");
  CHECK(error_of(c, "P=? [ F<=s s=7 ]") == "p.props:1:10: a step bound must be constant");
  CHECK(error_of(c, "s=7") ==
        "p.props:1:2: a property must be a P, R, S or T operator (or a filter of one); nested or combined operators "
        "and plain state formulas are not supported");
  CHECK(error_of(c, "filter(median, P=? [ F s=7 ])").find("p.props:1:1: unknown filter operator 'median'") == 0);
  CHECK(error_of(m, "P=? [ F s=1 ]") ==
        "p.props:1:1: an MDP has no single value: write Pmax=? or Pmin=? (PRISM's rule)");
  CHECK(error_of(m, "S=? [ s=1 ]") == "p.props:1:1: S (long-run probability) is supported for DTMCs only");
  CHECK(error_of(c, "const int N;\nP=? [ F<=N s=7 ]") ==
        "p.props:1:11: the constant 'N' has no value: give it one (exactdp check --const N=...)");
  CHECK(error_of(c, "P=? [ F s=7 ] P=? [ F s=7 ]") ==
        "p.props:1:15: expected ';' or a new line after the property, at 'P'");
  // keep_going: the refused property keeps its reason, the others are read.
  const std::vector<property> ps = parse_properties(
      "\"a\": P=? [ F^{rew{\"flips\"}<=3} s=7 ];\n\"b\": P=? [ F s=7 ];\n", "p.props", c.model, {}, true);
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].error.find("not supported") != std::string::npos);
  CHECK(ps[1].error.empty());
  CHECK(ps[1].name == "b");
  // Found by a tester: one property a line, the one after a refused property
  // was swallowed into it (and checked nowhere). A property that spans lines
  // is still one.
  const std::vector<property> lines =
      parse_properties("P>=2 [ F s=7 ]\nP=? [ F s=7 ]\nP=? [ F s=7 &\n  d=1 ]\nP=? [ F s=7 ) ]\nP=? [ F d=1 ]\n",
                       "p.props", c.model, {}, true);
  REQUIRE(lines.size() == 5);
  CHECK(lines[0].error.find("p.props:1:4: a probability bound must be in [0, 1]") == 0);
  CHECK(lines[1].error.empty());
  CHECK(lines[2].error.empty());
  CHECK(lines[2].text == "P=? [ F s=7 & d=1 ]");
  CHECK(lines[3].error.find("p.props:5:") == 0);
  CHECK(lines[4].error.empty());
  CHECK(lines[4].text == "P=? [ F d=1 ]");
  // count, forall and exists need a bound to count by.
  for (const char* f : {"count", "forall", "exists"})
    CHECK_THAT(error_of(c, std::string("filter(") + f + ", P=? [ F s=7 ])"),
               Catch::StartsWith("p.props:1:1") &&
                   Catch::EndsWith(std::string(": filter(") + f +
                                   ", ...) counts the states where a bound holds: its property needs a bound "
                                   "(P>=0.5 [ ... ]), not a value (=?)"));
  CHECK(error_of(c, "filter(count, P>=1/2 [ F s=7 ])") == "no error");
}

TEST_CASE("R{k} names the k-th reward structure, from 1 (the PRISM manual)", "[lang][properties]") {
  checked c = load(die);
  CHECK(value(c, "R{1}=? [ C<=2 ]") == 2);                // "flips": 1 a step while s<7
  CHECK(value(c, "R{2}=? [ I=3 ]") == Rational(21) / 8);  // "face", as R{"face"} (by hand above)
  CHECK(value(c, "R{1}=? [ F s=7 ]") == Rational(11) / 3);
  CHECK(error_of(c, "R{3}=? [ C<=2 ]") == "p.props:1:3: R{3}: the model has 2 reward structures (R{1} to R{2})");
  CHECK(error_of(c, "R{0}=? [ C<=2 ]") == "p.props:1:3: a reward structure's index R{k} counts from 1, not '0'");
  checked m = load(choice);
  CHECK(value(m, "R{1}min=? [ F s>0 ]") == 2);
  CHECK(error_of(m, "R{2}max=? [ F s>0 ]") == "p.props:1:3: R{2}: the model has one reward structure (R{1})");
}

// From s=0: 1/3 to s=1, which has no command (a deadlock, given a self-loop),
// and 2/3 to s=2, which loops by its own command (no deadlock).
const char* const stuck = R"(dtmc
module m
  s : [0..2];
  [] s=0 -> 1/3 : (s'=1) + 2/3 : (s'=2);
  [] s=2 -> true;
endmodule
)";

TEST_CASE("the built-in label \"deadlock\" holds in the states given a self-loop", "[lang][properties]") {
  checked c = load(stuck);
  REQUIRE(c.space.deadlock_states.size() == 1);
  CHECK(describe_state(c.model, c.space, c.space.deadlock_states[0]) == "(s=1)");
  CHECK(value(c, "P=? [ F \"deadlock\" ]") == Rational(1) / 3);
  CHECK(value(c, "P=? [ X !\"deadlock\" & s>0 ]") == Rational(2) / 3);
  CHECK(value(c, "S=? [ \"deadlock\" ]") == Rational(1) / 3);
  CHECK(value(c, "filter(sum, P=? [ G \"deadlock\" ], true)") == 1);  // only s=1 stays there
  CHECK(value(c, "filter(count, P>=1 [ F \"deadlock\" ])") == 1);
  checked d = load(die);  // s=7 loops by its own command: no deadlock
  CHECK(value(d, "P=? [ F \"deadlock\" ]") == 0);
  CHECK(error_of(c, "label \"deadlock\" = s=1;") ==
        "p.props:1:7: the label \"deadlock\" is built in and cannot be redefined");
}

TEST_CASE("a deadlock's self-loop earns its state rewards but no transition reward, as in PRISM",
          "[lang][properties]") {
  // [] true : 1 rewards the commands' transitions: s=0's and s=2's, not the
  // self-loop given to s=1; its state reward (s=1 : 10) counts at every step.
  const std::string rewarded = std::string(stuck) + "rewards \"r\"\n  [] true : 1;\n  s=1 : 10;\nendrewards\n";
  checked c = load(rewarded.c_str());
  // Step 1 earns 1 from s=0; step 2 earns 10 in s=1 (1/3) or 1 in s=2 (2/3).
  CHECK(value(c, "R=? [ C<=2 ]") == 1 + Rational(1, 3) * 10 + Rational(2, 3) * 1);
  CHECK(value(c, "R=? [ I=1 ]") == Rational(10, 3));
  // A transition reward on the deadlock alone earns nothing.
  const std::string loop_only = std::string(stuck) + "rewards \"r\"\n  [] s=1 : 1;\nendrewards\n";
  checked d = load(loop_only.c_str());
  CHECK(value(d, "R=? [ C<=5 ]") == 0);
}

TEST_CASE("PRISM's features exactdp lacks are refused as such, not as syntax errors", "[lang][properties]") {
  checked c = load(die);
  CHECK(error_of(c, "R=? [ S ]") ==
        "p.props:1:7: long-run rewards (R=? [ S ]) are not supported: R takes F phi, C<=k or I=k, at 'S'");
  CHECK(error_of(c, "Smax=? [ s=7 ]") ==
        "p.props:1:1: Smax (an MDP's long-run probability) is not supported: S is, on a DTMC, at 'Smax'");
  CHECK(error_of(c, "P=? [ F s=7 ] / P=? [ F d=1 ]") ==
        "p.props:1:15: arithmetic or logic between properties (P=? [ ... ] / P=? [ ... ]) is not supported: check "
        "each property alone");
  CHECK(error_of(c, "filter(state, P=? [ F d=1 ], s=0)") ==
        "p.props:1:1: filter(state, ...) is not supported: filter(print, PROPERTY, STATES) gives the value of each "
        "state where STATES holds");
  CHECK(error_of(c, "filter(forall, s=0, \"init\")") ==
        "p.props:1:17: a filter's property must be a P, R, S or T operator; a state formula or a combination of "
        "operators in a filter is not supported");
}

TEST_CASE("messages for PRISM's usual slips", "[lang][properties]") {
  checked c = load(die);
  // A label's name without its quotes, or close to one; a name close to a variable, constant or formula.
  CHECK(error_of(c, "P=? [ F done ]") ==
        "p.props:1:9: undefined name 'done'; did you mean the label \"done\" (labels are written in double quotes)?");
  CHECK(error_of(c, "P=? [ F dome ]") ==
        "p.props:1:9: undefined name 'dome'; did you mean the label \"done\" (labels are written in double quotes)?");
  CHECK(error_of(c, "P=? [ F sixx ]") == "p.props:1:9: undefined name 'sixx'; did you mean 'six'?");
  CHECK(error_of(c, "const int K = 2;\nP=? [ F<=KK s=7 ]") == "p.props:2:10: undefined name 'KK'; did you mean 'K'?");
  CHECK(error_of(c, "P=? [ F init ]") ==
        "p.props:1:9: undefined name 'init'; did you mean the label \"init\" (labels are written in double quotes)?");
  CHECK(error_of(c, "P=? [ F zzzz=1 ]") == "p.props:1:9: undefined name 'zzzz'");
  // PRISM's equality is one '='.
  CHECK(error_of(c, "P=? [ F s==7 ]") ==
        "p.props:1:10: '==' is not PRISM's: equality is a single '=' (x=1), and '!=' is its negation");
  // A model given as the properties: one line, not a refusal per line.
  CHECK(error_of(c, die) == "p.props is a model in the PRISM language, not a properties file");
  CHECK(error_of(c, "const int K = 2;\nmodule m\n  x : [0..1];\nendmodule\n") ==
        "p.props is a model in the PRISM language, not a properties file");
  CHECK_THROWS_WITH(parse_properties(die, "die.pm", c.model, {}, true),
                    "die.pm is a model in the PRISM language, not a properties file");
  // A ';' missing at the end of a line is told there.
  CHECK(error_of(c, "const int K = 2\nP=? [ F s=7 ]") ==
        "p.props:1:16: expected ';' after the constant at the end of the line (the next line starts with 'P')");
}

TEST_CASE("the long-run chain is charged at once, with its whole need", "[lang][properties]") {
  // A ring of 1000 states with 10 moves each: 10,000 transitions, about
  // 2.7 MiB on the way to the long-run solver, refused under 1 MiB before
  // any copy of the chain is made.
  std::string ups;
  for (int k = 1; k <= 10; ++k)
    ups += std::string(k > 1 ? " + " : "") + "1/10 : (x'=mod(x+" + std::to_string(k) + ",1000))";
  const std::string text = "dtmc\nmodule w\n  x : [0..999] init 0;\n  [] true -> " + ups + ";\nendmodule\n";
  checked c;
  c.model = parse_prism_language(text, "ring.prism");
  c.space = build_state_space(c.model);
  const std::vector<property> ps = parse_properties("S=? [ x=0 ]", "p.props", c.model);
  budget_scope scope({.state_bytes = 1 << 20});
  std::string message;
  try {
    evaluate_property<double>(c.model, c.space, ps[0]);
  } catch (const resource_error& e) {
    message = e.what();
  }
  CHECK(message.find("the long-run chain of ring.prism needs 2.") == 0);
}

TEST_CASE("a step bound is refused by the growth of its exact values, not by its size alone", "[lang][budget]") {
  // Found by a new user: the work estimate counted k rounds of 256-bit
  // numbers, so R=? [C<=10^6] on five states (values of millions of bits)
  // was let run for hours. The rounds are now charged at the values' size.
  checked c = load(R"(dtmc
module m
 x : [0..4] init 0;
 [] x=0 -> 1/3:(x'=1) + 2/3:(x'=3);
 [] x=1 -> (x'=2);
 [] x=2 -> (x'=1);
 [] x=3 -> 1/4:(x'=3) + 3/4:(x'=4);
 [] x=4 -> (x'=3);
endmodule
rewards "r"
 x=1 : 3;
 [] x=3 : 1;
endrewards
)");
  // Hand: the walk goes to the loop 1-2 (reward 3 every other step) with 1/3.
  CHECK(value(c, "R{\"r\"}=? [ C<=2 ]") == Rational(1, 3) * 3 + Rational(2, 3) * 1);
  const std::vector<property> ps = parse_properties("R{\"r\"}=? [ C<=1000000 ]", "p.props", c.model);
  const budget_scope scope({.work_steps = 1e9L});
  try {
    (void)evaluate_property<Rational>(c.model, c.space, ps[0]);
    FAIL("a million exact rounds were not refused");
  } catch (const resource_error& e) {
    INFO(e.what());
    CHECK_THAT(e.what(), Catch::Contains("a bounded value iteration of 1000000 steps (its values grew to") &&
                             Catch::Contains("and grow on) needs about"));
  }
  // The double run costs the same every round: 10^6 rounds of 13 numbers fit.
  CHECK(evaluate_property<double>(c.model, c.space, ps[0]).value[0] > 0);
  // Values that settle are not refused for a bound they never reach (a
  // tester's F12): after 3 rounds nothing changes, whatever k.
  checked line = load(
      "dtmc\nmodule m\n x : [0..3] init 0;\n [] x<3 -> 1/2:(x'=x+1) + 1/2:(x'=3);\n"
      " [] x=3 -> true;\nendmodule\n");
  CHECK(value(line, "P=? [ F<=1000000000000 x=3 ]") == 1);
  CHECK(value(line, "P=? [ F<=1000000000000 x=2 ]") == Rational(1, 4));
}

TEST_CASE("a name of over 64 characters gets no guess, at no quadratic cost", "[lang]") {
  // A tester's finding: two names of 150,000 characters took 19 s to compare.
  const std::string huge(150000, 'a');
  CHECK(closest_name(huge, {huge + "b"}).empty());
  CHECK(closest_name("sixx", {"six", std::string(100000, 's')}) == "six");
}

namespace {
// A slow way to the goal (s=1), and for U a slower one to a stop (s=2):
// in a move a leaves 1/1024 of the time, b 1/512; from s=0 a also stops
// 1/2^20 of the time. Every probability is a double.
const char* const slow = R"(mdp
module m
  s : [0..2];
  [a] s=0 -> 1/1024 : (s'=1) + 1/1048576 : (s'=2) + 1047551/1048576 : (s'=0);
  [b] s=0 -> 1/512 : (s'=1) + 511/512 : (s'=0);
  [] s>0 -> true;
endmodule
)";

Rational power(Rational x, std::uint64_t k) {
  Rational out = 1;
  for (; k > 0; k /= 2, x *= x)
    if (k % 2) out *= x;
  return out;
}

// The double value of the one property of `text` at the initial state.
double double_value(checked& c, const std::string& text) {
  const std::vector<property> ps = parse_properties(text, "p.props", c.model);
  REQUIRE(ps.size() == 1);
  return evaluate_property<double>(c.model, c.space, ps[0]).value[c.space.initial[0]];
}

// How many ulps (of x's size) the double x is from the exact y.
double ulps(double x, const Rational& y) {
  const double d = to_double(y);
  return std::abs(x - d) / (std::nextafter(std::abs(d), 2.0) - std::abs(d));
}
}  // namespace

TEST_CASE("step-bounded reachability in double: accurate near 1 and for tiny complements", "[lang]") {
  // Near 1 the step-by-step values stopped changing once a round added
  // less than half an ulp: F<=50000 gave 1 - 2e-13 for 1 - 6e-22, and G,
  // taken as 1 - F, 2e-13 for 6e-22. The complement is iterated beside.
  checked c = load(slow);
  const std::uint64_t k = 50000;
  const std::string K = std::to_string(k);
  const Rational a = power(Rational(1047551) / 1048576, k), b = power(Rational(511) / 512, k);
  const Rational r40 = power(Rational(1047551) / 1048576, 40);
  // The closed forms agree with the exact iteration where that is cheap.
  CHECK(value(c, "Pmax=? [ G<=40 s!=1 ]") == r40 + (1 - r40) / 1025);
  CHECK(value(c, "Pmin=? [ G<=40 s!=1 ]") == power(Rational(511) / 512, 40));
  CHECK(value(c, "Pmin=? [ s=0 U<=40 s=1 ]") == 1 - r40 - (1 - r40) / 1025);
  // k rounds of rounding: a relative error of at most about k/2 ulps.
  const double tolerance = 1e-10;
  // G: tiny values, to their relative accuracy.
  CHECK(double_value(c, "Pmin=? [ G<=" + K + " s!=1 ]") == Approx(to_double(b)).epsilon(tolerance));
  const Rational stay_a = a + (1 - a) / 1025;  // the stops of a stay off the goal too
  CHECK(double_value(c, "Pmax=? [ G<=" + K + " s!=1 ]") == Approx(to_double(stay_a)).epsilon(tolerance));
  // F and U: within 2 ulps.
  CHECK(ulps(double_value(c, "Pmax=? [ F<=" + K + " s=1 ]"), 1 - b) <= 2);
  CHECK(ulps(double_value(c, "Pmin=? [ F<=" + K + " s=1 ]"), 1 - stay_a) <= 2);
  CHECK(ulps(double_value(c, "Pmin=? [ s=0 U<=" + K + " s=1 ]"), 1 - stay_a) <= 2);
  CHECK(ulps(double_value(c, "Pmax=? [ s=0 U<=" + K + " s=1 ]"), 1 - b) <= 2);
  // A chain (one choice): the same.
  checked d = load(R"(dtmc
module m
  s : [0..1];
  [] s=0 -> 1/512 : (s'=1) + 511/512 : (s'=0);
  [] s=1 -> true;
endmodule
)");
  CHECK(double_value(d, "P=? [ G<=" + K + " s!=1 ]") == Approx(to_double(b)).epsilon(tolerance));
  CHECK(double_value(d, "P=? [ F<=" + K + " s=1 ]") == 1.0);  // 1 - 6e-22, correctly rounded
}
