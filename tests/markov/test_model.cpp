// Models: the builder's validation, the JSON model and PRISM's explicit
// files, exact parsing of probabilities, and every validation error.
#include "exactdp/markov/model.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/queries.hpp"
#include "exactdp/numeric/numeric.hpp"

using namespace exactdp;
using Catch::Contains;
using Catch::Equals;
using Catch::StartsWith;

namespace {

Rational steps_of(const markov_model& m) {
  markov_query q;
  q.start = m.start().value_or(0);
  return expected_steps(markov_chain<Rational>(m), q);
}

}  // namespace

TEST_CASE("builder: the exact sum of every state's probabilities must be 1", "[markov][model][errors]") {
  markov_builder b("m.json");
  const auto a = b.state("a"), z = b.state("z");
  b.transition(a, a, ratio<Rational>(1, 2));
  b.transition(a, z, ratio<Rational>(1, 3));
  b.absorbing(z);
  CHECK_THROWS_WITH(b.build(), Contains("m.json") && Contains("state a sum to 5/6, not 1"));

  markov_builder c;
  const auto x = c.state("x");
  c.state("y");
  CHECK_THROWS_WITH(c.transition(x, 1, ratio<Rational>(3, 2)), Contains("x -> y is 3/2, outside [0, 1]"));
  CHECK_THROWS_WITH(c.transition(x, 1, Rational(-1)), Contains("outside [0, 1]"));
  CHECK_THROWS_WITH(c.transition(x, 7, Rational(1)), Contains("out of range"));
  CHECK_THROWS_WITH(c.build(), Contains("state x has no transitions and is not declared absorbing"));
  CHECK_THROWS_AS(c.state(""), std::invalid_argument);
  CHECK_THROWS_WITH(markov_builder("empty").build(), Contains("no states"));

  markov_builder d;
  const auto p = d.state("p"), r = d.state("r");
  d.transition(p, r, ratio<Rational>(1, 2));
  d.transition(p, r, ratio<Rational>(1, 2));
  d.absorbing(r);
  CHECK_THROWS_WITH(d.build(), Contains("p -> r is listed twice"));

  markov_builder e;
  const auto u = e.state("u"), v = e.state("v");
  e.transition(u, v, Rational(1));
  e.transition(v, u, Rational(1));
  e.absorbing(v);
  CHECK_THROWS_WITH(e.build(), Contains("state v is declared absorbing but has transitions"));
  e.start(u);
  e.start(u);  // the same start again is fine
  CHECK_THROWS_WITH(e.start(v), Contains("two start states"));
  e.reward(u, Rational(2));
  CHECK_THROWS_WITH(e.reward(u, Rational(3)), Contains("two different rewards"));
}

TEST_CASE("builder: a self-loop of probability 1 is an absorbing state; rewards default to 1", "[markov][model]") {
  markov_builder b;
  const auto a = b.state("a"), z = b.state("z");
  b.transition(a, z, Rational(1));
  b.transition(z, z, Rational(1));
  b.transition(a, a, Rational(0));  // a zero is dropped
  const markov_model m = b.build();
  CHECK(m.is_absorbing(z));
  CHECK(m.transitions(a).size() == 1);
  CHECK(m.reward(a) == 1);
  CHECK(m.transition_count() == 1);
  CHECK(m.find("z") == z);
  CHECK(!m.find("q"));
}

TEST_CASE("JSON model: numbers and strings are read exactly", "[markov][json]") {
  // 0.9 and 0.1 as JSON numbers: through a double they would not sum to 1.
  const markov_model m = parse_json_model(R"({
    "start": "a",
    "transitions": {"a": {"a": 0.9, "z": 0.1}},
    "absorbing": ["z"]
  })",
                                          "decimal.json");
  CHECK(m.transitions(0)[0].probability == ratio<Rational>(9, 10));
  CHECK(steps_of(m) == 10);
  const markov_model e = parse_json_model(R"({"start": "a",
    "transitions": {"a": {"a": "0.999", "z": 1e-3}}, "absorbing": ["z"],
    "rewards": {"a": "1/2"}, "labels": {"end": ["z"], "none": []}})");
  CHECK(steps_of(e) == 500);
  CHECK(e.labels().at("end") == std::vector<std::size_t>{1});
  CHECK(e.labels().at("none").empty());
  const markov_model i = parse_json_model(R"({"start": "a", "transitions": {"a": {"z": 1}}, "absorbing": ["z"],
    "rewards": {"a": 3}})");
  CHECK(steps_of(i) == 3);
}

TEST_CASE("JSON model: every error names the file, and unknown states their line", "[markov][json][errors]") {
  CHECK_THROWS_WITH(
      parse_json_model(R"({"start": "a",
    "transitions": {"a": {"a": "1/2", "zz": "1/2"}}})",
                       "bad.json"),
      Equals(
          "bad.json:2:45: unknown state 'zz': every state must have its transitions listed or be declared absorbing"));
  CHECK_THROWS_WITH(parse_json_model(R"({"start": "q", "transitions": {"a": {"a": 1}}})", "s.json"),
                    StartsWith("s.json:1:11: unknown state 'q'"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"a": "1/2", "b": "1/3"}}, "absorbing": ["b"]})", "f"),
                    Contains("f: the probabilities out of state a sum to 5/6, not 1"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"b": "1/0"}}, "absorbing": ["b"]})", "f"),
                    Contains("the probability of a -> b"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"b": "2"}}, "absorbing": ["b"]})", "f"),
                    Contains("outside [0, 1]"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"b": true}}, "absorbing": ["b"]})", "f"),
                    Contains("must be a number or a string"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"b": 1, "b": 1}}, "absorbing": ["b"]})", "f"),
                    Equals("f:1:32: the key 'b' appears twice in one object (at 1:24 and 1:32)"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"b": 1}}, "absorbing": ["b"], "absorb": []})", "f"),
                    Equals("f:1:64: unknown key 'absorb' in the model (the keys are start, transitions, absorbing, "
                           "rewards, labels, description)"));
  CHECK_THROWS_WITH(
      parse_json_model(R"({"transitions": {"a": {"b": 1}}, )", "f"),
      Equals("f:1:34: not valid JSON: expected a key (a string in double quotes), found the end of the text"));
  CHECK_THROWS_WITH(parse_json_model(R"([1, 2])", "f"), Equals("f:1:1: the model must be an object, not an array"));
  CHECK_THROWS_WITH(parse_json_model(R"({"absorbing": ["b"]})", "f"),
                    Equals("f:1:1: the model has no \"transitions\" object {state: {state: probability}}"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": []}})", "f"),
                    Equals("f:1:23: the transitions of state 'a' must be an object, not an array"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"a": 1}}, "absorbing": "a"})", "f"),
                    Contains("\"absorbing\" must be an array"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"a": 1}}, "start": 3})", "f"),
                    Equals("f:1:43: \"start\" must be a string, not the number '3'"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"a": 1}}, "labels": {"l": ["x"]}})", "f"),
                    StartsWith("f:1:51: unknown state 'x'"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"a": 1}}, "rewards": {"x": 1}})", "f"),
                    StartsWith("f:1:51: unknown state 'x'"));
  CHECK_THROWS_WITH(parse_json_model(R"({"transitions": {"a": {"a": 1}}, "rewards": {"a": "x"}})", "f"),
                    Contains("the reward of state a"));
  CHECK_THROWS_WITH(load_json_model("/nonexistent/model.json"),
                    Contains("cannot read the chain model file '/nonexistent/model.json'"));
  CHECK_THROWS_WITH(load_markov_model("model.txt"), Contains("cannot read the chain model file 'model.txt'"));
  CHECK_THROWS_WITH(load_markov_model("model.txt", "xml"), Contains("unknown model format"));
  // A directory has no extension to go by: it is said to be a directory.
  CHECK_THROWS_WITH(load_markov_model("/tmp"), Equals("cannot read the chain model file '/tmp': it is a directory"));
}

TEST_CASE("PRISM explicit files: .tra, .lab and .srew", "[markov][prism]") {
  // Gambler's ruin with p = 0.4 as PRISM writes it (decimals, states 0..4,
  // absorbing ends as self-loops), start 2 from the labels.
  const std::string tra = "5 8\n0 0 1\n1 0 0.6\n1 2 0.4\n2 1 0.6\n2 3 0.4\n3 2 0.6\n3 4 0.4\n4 4 1\n";
  const std::string lab = "0=\"init\" 1=\"deadlock\" 2=\"win\"\n2: 0\n4: 2\n";
  const markov_model m = parse_prism_model(tra, "g.tra", lab, "g.lab");
  REQUIRE(m.start() == 2u);
  CHECK(m.is_absorbing(0));
  CHECK(m.is_absorbing(4));
  CHECK(m.name(3) == "3");
  markov_query q;
  q.start = 2;
  q.target = m.labels().at("win");
  // r = q/p = 3/2: (r^2 - 1)/(r^4 - 1) = 1/(r^2 + 1) = 4/13.
  CHECK(reach_probability(markov_chain<Rational>(m), q) == ratio<Rational>(4, 13));
  // Rewards: only states 1 and 3 cost (PRISM: unlisted states get 0).
  const std::string srew = "# Reward structure \"cost\"\n# State rewards\n5 2\n1 2\n3 1/2\n";
  const markov_model r = parse_prism_model(tra, "g.tra", lab, "g.lab", srew, "g.srew");
  CHECK(r.reward(1) == 2);
  CHECK(r.reward(2) == 0);
  CHECK(r.reward(3) == ratio<Rational>(1, 2));
  // Without labels PRISM starts in state 0; action labels are ignored.
  const markov_model n = parse_prism_model("2 2\n0 1 1 go\n1 1 1\n", "n.tra");
  CHECK(n.start() == 0u);
  CHECK(steps_of(n) == 1);
  // Labels without an initial state: PRISM's default, state 0.
  CHECK(parse_prism_model(tra, "g.tra", std::string("0=\"win\"\n4: 0\n"), "w.lab").start() == 0u);
  // Several initial states: the start is left to the caller.
  const markov_model several = parse_prism_model(tra, "g.tra", std::string("0=\"init\"\n1: 0\n2: 0\n"), "s.lab");
  CHECK(!several.start());
  CHECK(several.labels().at("init").size() == 2);
}

TEST_CASE("PRISM explicit files: errors name the file and line", "[markov][prism][errors]") {
  CHECK_THROWS_WITH(parse_prism_model("", "e.tra"), Contains("e.tra: the file is empty"));
  // An MDP (three numbers on the first line) is read, and refused as a chain.
  CHECK_THROWS_WITH(parse_prism_model("2 3 3\n0 0 1 1\n0 1 0 1\n1 0 1 1\n", "m.tra"),
                    Contains("m.tra: state 0 has 2 choices") && Contains("Markov decision process"));
  CHECK_THROWS_WITH(parse_prism_model("2 3\n0 1 1\n1 1 1\n", "c.tra"),
                    Contains("c.tra:1: the first line announces 3 transitions but the file lists 2"));
  CHECK_THROWS_WITH(parse_prism_model("2 2\n0 1 1\n1 7 1\n", "u.tra"), Contains("u.tra:3: unknown state 7"));
  CHECK_THROWS_WITH(parse_prism_model("2 2\n0 1 x\n1 1 1\n", "p.tra"), Contains("p.tra:2: probability"));
  CHECK_THROWS_WITH(parse_prism_model("2 2\n0 1 1.5\n1 1 1\n", "p.tra"), Contains("p.tra:2: ") && Contains("outside"));
  CHECK_THROWS_WITH(parse_prism_model("2 2\n0 1 0.5\n1 1 1\n", "s.tra"), Contains("state 0 sum to 1/2, not 1"));
  CHECK_THROWS_WITH(parse_prism_model("2 2\n0 1\n1 1 1\n", "f.tra"), Contains("f.tra:2: a transition line"));
  CHECK_THROWS_WITH(parse_prism_model("two 2\n", "h.tra"), Contains("h.tra:1: the number of states"));
  CHECK_THROWS_WITH(parse_prism_model("0 0\n", "z.tra"), Contains("no states"));
  // 10^7 declared states but 3 lines: refused before any state is made.
  CHECK_THROWS_WITH(parse_prism_model("10000000 3\n0 1 1\n1 1 1\n2 2 1\n", "big.tra"),
                    Contains("big.tra:1: the model declares 10000000 states but only 3 transitions"));
  const std::string tra = "2 2\n0 1 1\n1 1 1\n";
  CHECK_THROWS_WITH(parse_prism_model(tra, "t.tra", std::string("0=\"init\"\n0: 3\n"), "l.lab"),
                    Contains("l.lab:2: label index 3 is not declared"));
  CHECK_THROWS_WITH(parse_prism_model(tra, "t.tra", std::string("0=init\n"), "l.lab"),
                    Contains("l.lab:1: a label declaration"));
  CHECK_THROWS_WITH(parse_prism_model(tra, "t.tra", std::string("0=\"init\"\n5: 0\n"), "l.lab"),
                    Contains("l.lab:2: unknown state 5"));
  CHECK_THROWS_WITH(parse_prism_model(tra, "t.tra", std::string("0=\"init\"\n0 0\n"), "l.lab"),
                    Contains("l.lab:2: a label line"));
  CHECK_THROWS_WITH(parse_prism_model(tra, "t.tra", std::nullopt, "", std::string("# rewards\n3 0\n"), "r.srew"),
                    Contains("r.srew:2: the rewards are for 3 states"));
  CHECK_THROWS_WITH(parse_prism_model(tra, "t.tra", std::nullopt, "", std::string("2 2\n0 1\n"), "r.srew"),
                    Contains("announces 2 rewards"));
  CHECK_THROWS_WITH(parse_prism_model(tra, "t.tra", std::nullopt, "", std::string("2 1\n9 1\n"), "r.srew"),
                    Contains("r.srew:2: unknown state 9"));
}
