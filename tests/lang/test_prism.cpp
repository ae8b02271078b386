// The PRISM language, construct by construct: each model is built and its
// state space compared with a hand-made explicit model of the same chain
// (states, choices, exact probabilities), and every error names its
// file:line:column.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "exactdp/lang/build.hpp"
#include "exactdp/lang/prism.hpp"
#include "exactdp/numeric/errors.hpp"
#include "support/child_peak.hpp"

using namespace exactdp;
using namespace exactdp::lang;

namespace {

// The state space as text: one line per state "vals -> [action] p:vals + ..."
// sorted, so that state numbering does not matter.
std::set<std::string> space_text(const symbolic_model& m, const state_space& s) {
  std::set<std::string> out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::set<std::string> choices;
    for (std::size_t c = s.choice_begin[i]; c < s.choice_begin[i + 1]; ++c) {
      std::set<std::string> edges;
      for (std::size_t e = s.edge_begin[c]; e < s.edge_begin[c + 1]; ++e)
        edges.insert(exactdp::to_string(s.values[s.probability[e]]) + ":" + describe_state(m, s, s.targets[e]));
      std::string t = "[" + (s.choice_action[c] < 0 ? std::string() : m.actions[s.choice_action[c]]) + "]";
      for (const std::string& e : edges) t += " " + e;
      choices.insert(t);
    }
    std::string line = describe_state(m, s, i) + " ->";
    for (const std::string& c : choices) line += " {" + c + "}";
    out.insert(line);
  }
  return out;
}

struct built {
  symbolic_model model;
  state_space space;
};

built build(const std::string& text, const constant_values& c = {}, build_options o = {}) {
  built b;
  b.model = parse_prism_language(text, "m.prism", c);
  b.space = build_state_space(b.model, o);
  return b;
}

std::string error_of(const std::string& text, const constant_values& c = {}) {
  try {
    built b = build(text, c);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a DTMC module: guards, probabilities, assignments, the state space", "[lang]") {
  // Knuth and Yao's die from a fair coin, as in the PRISM tutorial.
  const built b = build(R"(dtmc
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
)");
  CHECK(b.space.size() == 13);
  CHECK(b.space.initial.size() == 1);
  CHECK(b.space.deadlocks == 0);
  const std::set<std::string> text = space_text(b.model, b.space);
  CHECK(text.count("(s=0, d=0) -> {[] 1/2:(s=1, d=0) 1/2:(s=2, d=0)}") == 1);
  CHECK(text.count("(s=3, d=0) -> {[] 1/2:(s=1, d=0) 1/2:(s=7, d=1)}") == 1);
  CHECK(text.count("(s=7, d=4) -> {[] 1:(s=7, d=4)}") == 1);
}

TEST_CASE("synchronisation multiplies the probabilities and applies every module's update", "[lang]") {
  const built b = build(R"(dtmc
module a
  x : [0..1];
  [go] x=0 -> 1/3 : (x'=1) + 2/3 : (x'=0);
endmodule
module b
  y : [0..2];
  [go] y<2 -> 1/2 : (y'=y+1) + 1/2 : true;
endmodule
)");
  // From (0,0): x'=1 w.p. 1/3 and y'=1 w.p. 1/2 independently.
  const std::set<std::string> text = space_text(b.model, b.space);
  CHECK(text.count("(x=0, y=0) -> {[go] 1/3:(x=0, y=0) 1/3:(x=0, y=1) 1/6:(x=1, y=0) 1/6:(x=1, y=1)}") == 1);
  // y=2 blocks go: a deadlock, fixed with a self-loop.
  CHECK(text.count("(x=0, y=2) -> {[] 1:(x=0, y=2)}") == 1);
  CHECK(b.space.deadlocks == 4);
  build_options refuse;
  refuse.fix_deadlocks = false;
  CHECK_THROWS_WITH(build("dtmc\nmodule a\n  x : [0..1];\n  [] x=0 -> (x'=1);\nendmodule\n", {}, refuse),
                    Catch::Contains("(x=1) has no enabled command (a deadlock)"));
}

TEST_CASE("unlabelled commands interleave: a DTMC chooses uniformly, an MDP keeps the choices", "[lang]") {
  const std::string body = R"(
module a
  x : [0..1];
  [] x=0 -> (x'=1);
endmodule
module b
  y : [0..1];
  [] y=0 -> 1/4 : (y'=1) + 3/4 : true;
endmodule
)";
  const built d = build("dtmc" + body);
  const built m = build("mdp" + body);
  CHECK(d.space.size() == 4);
  CHECK(m.space.size() == 4);
  // The choices are kept in the space; the DTMC's are merged, each weighted 1/2.
  const std::set<std::string> text = space_text(m.model, m.space);
  CHECK(text.count("(x=0, y=0) -> {[] 1/4:(x=0, y=1) 3/4:(x=0, y=0)} {[] 1:(x=1, y=0)}") == 1);
  const decision_model dm = to_decision_model(d.model, d.space, -1);
  REQUIRE(dm.choice_count(d.space.initial[0]) == 1);
  const std::size_t c = dm.choice_begin()[d.space.initial[0]];
  std::map<std::string, Rational> dist;
  for (std::size_t e = dm.edge_begin()[c]; e < dm.edge_begin()[c + 1]; ++e)
    dist[describe_state(d.model, d.space, dm.targets()[e])] = dm.probabilities()[e];
  CHECK(dist["(x=0, y=0)"] == Rational(3) / 8);
  CHECK(dist["(x=0, y=1)"] == Rational(1) / 8);
  CHECK(dist["(x=1, y=0)"] == Rational(1) / 2);
  const decision_model mm = to_decision_model(m.model, m.space, -1);
  CHECK(mm.choice_count(m.space.initial[0]) == 2);
}

TEST_CASE("module renaming, globals, constants, formulas, bools, init blocks", "[lang]") {
  const built b = build(R"(dtmc
const int N;
const double p = 0.1;
const bool B = true;
formula both = x1=N & x2=N;
global g : [0..2] init 0;
module p1
  x1 : [0..N] init 0;
  f1 : bool;
  [] x1<N -> p : (x1'=x1+1) & (f1'=B) + 1-p : (g'=min(g+1, 2));
  [] both -> true;
endmodule
module p2 = p1 [x1=x2, f1=f2] endmodule
)",
                        {{"N", "1"}});
  REQUIRE(b.model.variables.size() == 5);
  CHECK(b.model.variables[0].name == "g");
  CHECK(b.model.variables[3].name == "x2");
  CHECK(b.model.variables[4].name == "f2");
  const std::set<std::string> text = space_text(b.model, b.space);
  CHECK(text.count("(g=0, x1=0, f1=false, x2=0, f2=false) -> {[] 1/10:(g=0, x1=0, f1=false, x2=1, f2=true) "
                   "9/10:(g=1, x1=0, f1=false, x2=0, f2=false)} {[] 1/10:(g=0, x1=1, f1=true, x2=0, f2=false) "
                   "9/10:(g=1, x1=0, f1=false, x2=0, f2=false)}") == 1);
  // init ... endinit: every state it accepts is initial.
  const built many = build(R"(mdp
module m
  x : [0..3];
  [] true -> (x'=x);
endmodule
init x>=2 endinit
)");
  CHECK(many.space.initial.size() == 2);
  CHECK(many.space.size() == 2);
}

TEST_CASE("expressions: PRISM's precedence, exact division, functions, overflow", "[lang]") {
  const auto value = [](const std::string& e) {
    const symbolic_model m =
        parse_prism_language("dtmc\nconst double v = " + e + ";\nmodule a x:[0..1]; endmodule\n", "e.prism");
    return m.pool.eval_rational(m.constants.at(0).second, nullptr);
  };
  CHECK(value("1 + 2 * 3") == 7);
  CHECK(value("7 / 2") == Rational(7) / 2);
  CHECK(value("0.1") == Rational(1) / 10);
  CHECK(value("-2 - -3") == 1);
  CHECK(value("true | false & false ? 1 : 2") == 1);
  CHECK(value("false => false ? 3 : 4") == 3);
  CHECK(value("min(3, 1, 2) + max(0.5, 1/4)") == Rational(3) / 2);
  CHECK(value("floor(7/2) + ceil(7/2) + round(5/2)") == 10);
  CHECK(value("round(-5/2)") == -2);
  CHECK(value("pow(2, 10) + pow(1/2, 2)") == Rational(4097) / 4);
  CHECK(value("mod(-7, 3)") == 2);
  CHECK(value("2 < 3 ? 1 : 0") == 1);
  CHECK_THROWS_WITH(value("9223372036854775807 + 1"), Catch::Contains("e.prism:2:38: integer overflow"));
  CHECK_THROWS_WITH(value("1/0"), Catch::Contains("division by zero"));
  CHECK_THROWS_WITH(value("log(8, 2)"), Catch::Contains("log has no exact value"));
  CHECK_THROWS_WITH(value("mod(1, 0)"), Catch::Contains("divides by zero"));
  // A negative divisor is refused, as PRISM refuses it (it used to give mod(7, -3) = 1).
  CHECK_THROWS_WITH(value("mod(7, -3)"), Catch::Contains("mod(7, -3): the divisor must be positive"));
  CHECK_THROWS_WITH(value("mod(-7, -1)"), Catch::Contains("the divisor must be positive"));
  std::string deep = "1";
  for (int i = 0; i < 1000; ++i) deep = "(" + deep + ")";
  CHECK_THROWS_WITH(value(deep), Catch::Contains("nested more than"));
  std::string sum = "0";
  for (int i = 0; i < 5000; ++i) sum += " + 1";
  CHECK(value(sum) == 5000);  // a long sum is one flat node, not a deep tree
}

TEST_CASE("every error names file:line:column and the token", "[lang]") {
  const std::string mod = "module a\n  x : [0..2];\n  [] x<2 -> (x'=x+1);\nendmodule\n";
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2]\n  [] true -> true;\nendmodule\n") ==
        "m.prism:3:13: expected ';' after the variable at the end of the line (the next line starts with '[')");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2];\n  [] x=0 -> (x'=1)\n  [] x=1 -> (x'=2);\nendmodule\n") ==
        "m.prism:4:19: expected ';' after the command at the end of the line (the next line starts with '[')");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2] [] true -> true;\nendmodule\n") ==
        "m.prism:3:14: expected ';' after the variable, at '['");  // on one line: at the token that came instead
  // An undefined name of two or more characters: the closest variable, constant or formula.
  CHECK(error_of("dtmc\nconst int N = 2;\nformula full = xx=N;\nmodule a\n  xx : [0..2];\n  [] !fulll -> "
                 "true;\nendmodule\n") == "m.prism:6:7: undefined name 'fulll'; did you mean 'full'?");
  CHECK(error_of("dtmc\nmodule a\n  xx : [0..2];\n  [] xy=0 -> true;\nendmodule\n") ==
        "m.prism:4:6: undefined name 'xy'; did you mean 'xx'?");
  CHECK(error_of("dtmc\nmodule a\n  xx : [0..2];\n  [] x==0 -> true;\nendmodule\n") ==
        "m.prism:4:7: '==' is not PRISM's: equality is a single '=' (x=1), and '!=' is its negation");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2];\n  [] y=0 -> true;\nendmodule\n") == "m.prism:4:6: undefined name 'y'");
  CHECK(error_of("dtmc\nconst int x = 1;\n" + mod) ==
        "m.prism:4:3: 'x' is defined twice (a constant of that name exists)");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2];\n  [] x -> true;\nendmodule\n") ==
        "m.prism:4:6: a guard must be bool, not an int");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2];\n  [] x=0 -> 3/2 : (x'=1) + -1/2 : true;\nendmodule\n") ==
        "m.prism:4:14: the probability 3/2 is outside [0, 1]");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2];\n  [] true -> (x'=x+1);\nendmodule\n") ==
        "m.prism:4:19: the update sets x to 3, outside its range [0..2], in the state (x=2)");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2];\n  [] x=0 -> 0.3 : (x'=1) + 0.6 : true;\nendmodule\n") ==
        "m.prism:4:3: the probabilities of the command sum to 9/10, not 1 (nothing is renormalised)");
  // A command never enabled in a reachable state is not checked, as in PRISM
  // (x=2 is never reached; false never holds).
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2];\n  [] x<1 -> (x'=1);\n  [] x=2 -> 0.3 : (x'=1) + 0.6 : true;\n"
                 "  [] false -> 3/2 : true;\nendmodule\n") == "no error");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2];\n  [] x=0 -> x/3 : (x'=1) + 1/2 : true;\nendmodule\n") ==
        "m.prism:4:3: the probabilities of the command sum to 1/2, not 1 in the state (x=0) (nothing is renormalised)");
  CHECK(error_of("dtmc\nconst int N;\n" + mod) ==
        "m.prism:2:11: the constant 'N' has no value: give it one (exactdp check --const N=...)");
  CHECK(error_of("dtmc\nconst int N;\n" + mod, {{"N", "0.5"}}) == "the constant 'N' is an int, not '0.5'");
  CHECK(error_of("ctmc\n" + mod).find("m.prism:1:1: continuous-time Markov chains (ctmc) are not supported") == 0);
  CHECK(error_of("pta\n" + mod).find("m.prism:1:1: probabilistic timed automata (pta)") == 0);
  CHECK(error_of("smg\n" + mod).find("m.prism:1:1: stochastic games") == 0);
  CHECK(error_of("dtmc\nmodule a\n  x : int;\nendmodule\n") ==
        "m.prism:3:7: an unbounded int variable is not supported: give it a range [low..high], at 'int'");
  CHECK(error_of(
            "dtmc\nmodule a\n  x : [0..2];\nendmodule\nmodule b\n  y : [0..1];\n  [] true -> (x'=1);\nendmodule\n") ==
        "m.prism:7:15: the module 'b' assigns 'x', a variable of the module 'a'");
  CHECK(error_of("dtmc\n" + mod + "module b = c [x=y] endmodule\n") == "m.prism:6:12: undefined module 'c' renamed");
  // An undefined module renamed, or variable assigned, gets the closest name too.
  CHECK(error_of("dtmc\n" + mod + "module b = aa [x=y] endmodule\n") ==
        "m.prism:6:12: undefined module 'aa' renamed; did you mean 'a'?");
  CHECK(error_of("dtmc\nmodule a\n  count : [0..2];\n  [] true -> (coutn'=1);\nendmodule\n") ==
        "m.prism:4:15: undefined variable 'coutn' assigned; did you mean 'count'?");
  CHECK(error_of("dtmc\nglobal g : [0..1];\nmodule a\n  x : [0..1];\n  [s] true -> (g'=1);\nendmodule\n"
                 "module b\n  y : [0..1];\n  [s] true -> (g'=0);\nendmodule\n") ==
        "m.prism:9:19: two modules synchronising on 's' both assign g in the state (g=0, x=0, y=0)");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2] init 3;\nendmodule\n") ==
        "m.prism:3:3: the initial value 3 of 'x' is outside its range [0..2]");
  CHECK(error_of("dtmc\n" + mod + "init x=5 endinit\n") == "m.prism:6:7: no state satisfies the init block");
  CHECK(error_of("dtmc\nmodule a\n  x : [0..2];\n  [] x=0 -> (x'=1) # 2;\nendmodule\n") ==
        "m.prism:4:20: unexpected character '#'");
  CHECK(error_of("dtmc\n" + mod + "system a endsystem\n").find("m.prism:6:1: system ... endsystem") == 0);
}

TEST_CASE("the state budget binds while the space grows", "[lang]") {
  budget_scope scope({.state_bytes = 64 * 1024});
  CHECK_THROWS_AS(build("dtmc\nmodule a\n  x : [0..100000];\n  [] x<100000 -> (x'=x+1);\nendmodule\n"), resource_error);
}

TEST_CASE("a stray character in a model is reported at its line and column", "[lang]") {
  // Found by a tester: any lexical error made the whole file "not a model in
  // the PRISM language", without a position.
  const std::string model = "dtmc\nmodule m\n  d : [0..1] init 0;\n  [] d=0 @ -> (d'=1);\nendmodule\n";
  CHECK(looks_like_prism_model(model));
  CHECK_THROWS_WITH(parse_prism_language(model, "at.pm"), Catch::StartsWith("at.pm:4:10: unexpected character"));
  CHECK_FALSE(looks_like_prism_model("@dtmc\n"));
}

TEST_CASE("formulas that double at every use are refused by the budget, not expanded without end", "[lang]") {
  // Found by a tester: 23 formulas, f_k = f_{k+1} + f_{k+1}, in 1 KB; the
  // model was expanded 2^22 times and passed 8.9 GB.
  std::string model = "dtmc\n";
  for (int k = 0; k < 40; ++k)
    model += "formula f" + std::to_string(k) + " = f" + std::to_string(k + 1) + " + f" + std::to_string(k + 1) + ";\n";
  model += "formula f40 = 1;\nmodule m\n  d : [0..1] init 0;\n  [] d=0 & f0>0 -> (d'=1);\nendmodule\n";
  const budget_scope scope({.state_bytes = 64 << 20});
  try {
    (void)parse_prism_language(model, "doubling.pm");
    FAIL("the doubling formulas were expanded");
  } catch (const resource_error& e) {
    CHECK_THAT(e.what(),
               Catch::StartsWith("doubling.pm: the model's expressions, every formula expanded where it is used,"));
  }
}

TEST_CASE("a decision model too large for the budget is refused with its whole need", "[lang]") {
  // A walk on a 100x100 torus: 10,000 states and 40,000 transitions, about
  // 8.4 MiB as a decision model. The refusal names that, not what was
  // added when the budget ran out.
  const built b = build(
      "dtmc\nmodule walk\n  x : [0..99];\n  y : [0..99];\n  [] true -> 1/4 : (x'=mod(x+1,100)) + "
      "1/4 : (x'=mod(x+99,100)) + 1/4 : (y'=mod(y+1,100)) + 1/4 : (y'=mod(y+99,100));\nendmodule\n");
  REQUIRE(b.space.transitions() == 40000);
  budget_scope scope({.state_bytes = 1 << 20});
  std::string message;
  try {
    to_decision_model(b.model, b.space, -1);
  } catch (const resource_error& e) {
    message = e.what();
  }
  CHECK(message.find("the decision model needs 8.") == 0);
}

TEST_CASE("the state budget binds on transitions too, long before 4096 states", "[lang]") {
  // 12 modules tossing a coin together: 4,096 states of 4,096 transitions
  // each (16.8 million, 134 MB). Under 1 MiB the space is refused after
  // about 2^20 transitions, not after all of them.
  std::string text = "dtmc\nmodule m1\n  x1 : bool;\n  [s] true -> 1/2 : (x1'=true) + 1/2 : (x1'=false);\nendmodule\n";
  for (int i = 2; i <= 12; ++i)
    text += "module m" + std::to_string(i) + " = m1 [x1=x" + std::to_string(i) + "] endmodule\n";
  budget_scope scope({.state_bytes = 1 << 20});
  std::string message;
  try {
    build(text);
  } catch (const resource_error& e) {
    message = e.what();
  }
  CHECK(message.find("the state space of") != std::string::npos);
  // The refusal says the space was still growing, and how large it may get.
  CHECK(message.find("still growing at") != std::string::npos);
  CHECK(message.find("(its variables' ranges allow up to 4096)") != std::string::npos);
}

TEST_CASE("an init block fixes the variables its conjuncts pin, and tests only the others' valuations", "[lang]") {
  // Found by a tester: the block's every valuation was tested, so 30
  // variables of 10 values each (10^30 valuations) were refused although
  // the block pins 29 of them.
  std::string text = "dtmc\nmodule m\n";
  std::string init = "init ";
  for (int i = 0; i < 30; ++i) {
    const std::string x = std::string("x").append(std::to_string(i));
    text.append("  ").append(x).append(" : [0..9];\n");
    if (i < 29) init.append(x).append("=").append(std::to_string(i % 10)).append(" & ");
  }
  text += "  [] x29<9 -> (x29'=x29+1);\nendmodule\n";
  const built b = build(text + init + "(x29=3 | x29=7) endinit\n");
  CHECK(b.space.initial.size() == 2);
  CHECK(b.space.size() == 7);  // x29 from 3 to 9
  // A pinned value outside its range, or two that disagree: no initial state.
  CHECK_THROWS_WITH(build(text + init + "x29=10 endinit\n"), Catch::Contains("no state satisfies the init block"));
  CHECK_THROWS_WITH(build(text + init + "x29=1 & x29=2 endinit\n"),
                    Catch::Contains("no state satisfies the init block"));
  // Without pins the product of the ranges is still refused before the work.
  CHECK_THROWS_AS(build(text + "init x29=1 | x0=1 endinit\n"), resource_error);
  CHECK_THROWS_WITH(build(text + "init x29=1 | x0=1 endinit\n"),
                    Catch::Contains("testing every valuation against the init block of m.prism"));
}

TEST_CASE("the work budget binds while the space grows", "[lang]") {
  // Found by a tester: --max-work did not bound the build of a state space.
  const budget_scope scope({.work_steps = 1e5L});
  try {
    build("dtmc\nmodule a\n  x : [0..1000000];\n  [] x<1000000 -> (x'=x+1);\nendmodule\n");
    FAIL("a chain of 10^6 states was built within 10^5 steps");
  } catch (const resource_error& e) {
    CHECK_THAT(e.what(), Catch::Contains("the state space of") &&
                             Catch::Contains("elementary steps, above the work budget of 1e+05"));
  }
}

TEST_CASE("one state's synchronised choices or branches are counted before they are made", "[lang]") {
  // 20 modules synchronising on s: 4 commands each give 4^20 choices in one
  // state, 4 updates each give one choice of 4^20 branches. Both are
  // refused at once under the default budgets, not built.
  std::string choices = "dtmc\n", branches = "dtmc\n";
  for (int i = 0; i < 20; ++i) {
    const std::string n = std::to_string(i);
    choices.append("module m").append(n).append("\n  x").append(n).append(" : [0..3];\n");
    branches.append("module m").append(n).append("\n  x").append(n).append(" : [0..3];\n  [s] true -> ");
    for (int v = 0; v < 4; ++v) {
      const std::string update = std::string("(x").append(n).append("'=").append(std::to_string(v)).append(")");
      choices.append("  [s] true -> ").append(update).append(";\n");
      branches.append(v ? " + 1/4 : " : "1/4 : ").append(update);
    }
    choices.append("endmodule\n");
    branches.append(";\nendmodule\n");
  }
  // A choice: its entry (24 bytes) and one branch; a branch: its entry
  // (8), its transition (16, in tables that may double) and the state it
  // may add (one word and 48).
  CHECK_THROWS_WITH(build(choices), Catch::Contains("the table of synchronised choices in the state (x0=0,") &&
                                        Catch::Contains("needs 1.1e+12 choices x 104 bytes"));
  CHECK_THROWS_WITH(build(branches),
                    Catch::Contains("the table of branches of a synchronised choice in the state (x0=0,") &&
                        Catch::Contains("needs 1.1e+12 branches x 80 bytes"));
}

namespace {

// n modules synchronising on s, each of 4 branches: one choice of 4^n
// branches (and 4^n new states) in every state.
std::string synchronised(int n) {
  std::string text = "mdp\n";
  for (int i = 0; i < n; ++i) {
    const std::string x = "x" + std::to_string(i);
    text += "module m" + std::to_string(i) + "\n  " + x + " : [0..3];\n  [s] true -> ";
    for (int v = 0; v < 4; ++v) text += std::string(v ? " + " : "") + "1/4 : (" + x + "'=" + std::to_string(v) + ")";
    text += ";\nendmodule\n";
  }
  return text;
}

// A guard whose formula f10 expands to a tree of 3^10 leaves (about 10^5
// nodes), in a chain of 1001 states.
std::string formula_chain() {
  std::string text = "dtmc\nformula f0 = x;\n";
  for (int i = 1; i <= 10; ++i) {
    // Appended piece by piece: GCC 12's -Wrestrict misreads "f" + std::to_string(...).
    const std::string f = std::string(1, 'f').append(std::to_string(i - 1));
    text.append("formula f").append(std::to_string(i)).append(" = ");
    text.append(f).append(" + ").append(f).append(" - ").append(f).append(";\n");
  }
  return text + "module m\n  x : [0..1000];\n  [] x<1000 & f10 >= 0 -> (x'=x+1);\nendmodule\n";
}

}  // namespace

TEST_CASE("a synchronised product is counted with the state space held beside it", "[lang]") {
  // Found by a tester: 12 modules of 4 branches passed the 2 GiB budget,
  // refused only at 2.1 GB: each branch was counted at 8 bytes, without
  // the transition and state it adds nor the states already built. Here
  // the first state's 4^8 branches (5 MiB) fit 8 MiB; the second's, with
  // the 4^8 states and transitions of the first held beside them, do not.
  const budget_scope scope({.state_bytes = 8u << 20});
  CHECK_THROWS_WITH(build(synchronised(8)),
                    Catch::Contains("the table of branches of a synchronised choice in the state (x0=1,") &&
                        Catch::Contains("6.554e+04 branches x 80 bytes") &&
                        Catch::Contains("with the state space built so far held beside it"));
  // Its work too: 4^8 branches of 8 modules, 8 variables and one word.
  const budget_scope work({.work_steps = 1e7L});
  CHECK_THROWS_WITH(build(synchronised(8)),
                    Catch::Contains("the table of branches of a synchronised choice in the state (x0=0,") &&
                        Catch::Contains("above the work budget of 1e+07"));
}

TEST_CASE("a refused synchronised product stays within the state budget", "[lang][budget]") {
#ifdef EXACTDP_SANITIZE
  WARN("not measured: the sanitizers' shadow memory is not the builder's");
  return;
#endif
  // The build of the test above, in a child process: refused at its second
  // state, it has held no more than the 8 MiB budget (and the process's
  // own few MiB of arenas).
  const std::string text = synchronised(8);
  const long double peak = test::child_peak_bytes([] { return 0; },
                                                  [&](int) {
                                                    const budget_scope scope({.state_bytes = 8u << 20});
                                                    try {
                                                      (void)build(text);
                                                    } catch (const resource_error&) {
                                                    }
                                                  });
  INFO("measured peak " << static_cast<double>(peak) << " bytes");
  REQUIRE(peak > 0);
  CHECK(peak <= (8 << 20) + (4 << 20));
}

TEST_CASE("a guard counts as the tree its evaluation walks", "[lang]") {
  // Found by a tester: a guard whose formula expands to 3^12 leaves counted
  // one step a test, and 10^5 states ran for minutes under --max-work 1e7.
  // Here each test walks about 10^5 nodes (6 steps each): 10^6 steps are
  // spent in the second state, not after the chain's 1001.
  const budget_scope scope({.work_steps = 1e6L});
  CHECK_THROWS_WITH(build(formula_chain()), Catch::Contains("the state space of") &&
                                                Catch::Contains("still growing at 2 states") &&
                                                Catch::Contains("above the work budget of 1e+06"));
}

TEST_CASE("the build's work is weighted as measured", "[lang]") {
  // Found by a tester: the build counted a step per guard test and per
  // variable of a transition, about 65 times less than its time. A state
  // of the chain costs its guard (x<1000: 3 nodes, 18 steps), its
  // transition (128 + 16 per variable and word + 16 per module: 176) and
  // its update (x+1: 18): 212 steps, so 1001 states need about 2.1e5.
  const std::string chain = "dtmc\nmodule a\n  x : [0..1000];\n  [] x<1000 -> (x'=x+1);\nendmodule\n";
  {
    const budget_scope scope({.work_steps = 1.5e5L});
    CHECK_THROWS_WITH(build(chain), Catch::Contains("above the work budget of 1.5e+05"));
  }
  const budget_scope scope({.work_steps = 2.5e5L});
  CHECK(build(chain).space.size() == 1001);
}

TEST_CASE("the builder polls interrupts by work, not by states", "[lang][interrupt]") {
  // Found by a tester: a poll every 4096 states let one state of 16M
  // branches, or of huge guards, keep Ctrl-C waiting for a minute. Here
  // three states of huge guards, or one of 4^8 branches, poll.
  for (const std::string& text : {formula_chain(), synchronised(8)}) {
    int calls = 0;
    const interrupt_scope scope([&] {
      ++calls;
      throw interrupted_error("stopped");
    });
    CHECK_THROWS_AS(build(text), interrupted_error);
    CHECK(calls == 1);
  }
}

TEST_CASE("the explicit model of a state space keeps labels, rewards and actions", "[lang]") {
  const built b = build(R"(mdp
module a
  x : [0..2];
  [go] x<2 -> (x'=x+1);
  [stay] x<2 -> true;
endmodule
rewards "r"
  x=1 : 5;
  [go] true : 1;
endrewards
label "end" = x=2;
)");
  const explicit_model e = to_explicit_model(b.model, b.space, 0);
  CHECK(e.size() == 3);
  CHECK(e.labels().at("end").size() == 1);
  CHECK(e.labels().at("init") == std::vector<std::size_t>{0});
  CHECK(e.choice_count() == 5);
  CHECK(e.action(e.choice_begin(0)) == "go");
  // state reward 5 at x=1 plus 1 for go
  CHECK(e.choice_reward(e.choice_begin(1)) == 6);
  CHECK(e.choice_reward(e.choice_begin(1) + 1) == 5);
}

TEST_CASE("constants given as NAME=VALUE items: in order, values as written, each name once", "[lang]") {
  CHECK(read_constant_items("", "--const").empty());
  CHECK(read_constant_items("N=16,p=1/2,b=true,R=1:3", "--const") ==
        constant_values{{"N", "16"}, {"p", "1/2"}, {"b", "true"}, {"R", "1:3"}});
  CHECK_THROWS_WITH(read_constant_items("N", "--const"), "--const takes NAME=VALUE items separated by commas, not 'N'");
  CHECK_THROWS_WITH(read_constant_items("=3", "--const"), Catch::StartsWith("--const takes NAME=VALUE items"));
  CHECK_THROWS_WITH(read_constant_items("N=1,", "--const"), Catch::EndsWith("not ''"));
  CHECK_THROWS_WITH(read_constant_items("N=", "x"), "x 'N' has no value");
  CHECK_THROWS_WITH(read_constant_items("N=1,M=2,N=3", "x"), "x gives 'N' twice");
}
