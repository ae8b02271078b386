// The chain command of the tool on the shipped examples (examples/markov/):
// expected steps, absorption probabilities, the distribution after K steps,
// in the three number systems, and the error paths. The values are those of
// the library, whose own tests (tests/markov/) check them against closed
// forms and a dense solve; here the tool must print them unchanged.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "exactdp/markov/markov.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "support/run_in_process.hpp"
#include "support/tool_checks.hpp"
#include "support/run_tool.hpp"
#include "support/temp_file.hpp"

using namespace exactdp;
using Catch::Contains;
using Catch::Equals;
using exactdp::test::command_line;
using exactdp::test::expect_error;
using exactdp::test::expect_error_containing;
using exactdp::test::residue_text;
using exactdp::test::run_in_process;
using exactdp::test::run_tool;
using exactdp::test::source_path;
using exactdp::test::temp_file;

namespace {
std::string example(const std::string& name) { return source_path("examples/markov/" + name); }

Rational chutes_steps() {
  const markov_model m = load_json_model(example("chutes_and_ladders.json"));
  markov_query q;
  q.start = *m.start();
  return expected_steps(markov_chain<Rational>(m), q);
}

}  // namespace

TEST_CASE("chain: expected steps of a run of two sixes, every line", "[tool][markov]") {
  const auto r = run_in_process({"chain", example("sixes_run_2.json")});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::StartsWith("expected number of steps until absorption from state run0 of " +
                                      example("sixes_run_2.json") + "\n  exact   42\n"));
  CHECK_THAT(r.out, Contains("\n  mod     42  (mod 1000000007)\n"));
  // The double comes from state reduction: within 1e-12 of 42, and the error
  // line measures it (here "none": it is exactly 42).
  const auto j = nlohmann::json::parse(run_in_process({"chain", example("sixes_run_2.json"), "--json"}).out);
  CHECK(std::fabs(std::stod(j.at("double").get<std::string>()) - 42) < 1e-12);
  CHECK_THAT(r.out, Contains("\n  double  " + j.at("double").get<std::string>() + "\n"));
  CHECK_THAT(r.out, Contains("\n  error   ") && (Contains(" absolute ") || Contains("none: the double is exactly")));
}

TEST_CASE("chain, mdp: a model in the PRISM language or JANI is sent to exactdp check", "[tool][markov]") {
  // Found by a tester: the explicit readers gave their format errors ("Storm's
  // explicit format starts with the line dtmc or mdp, ...").
  const std::string sixes = source_path("examples/prism/two_sixes.pm");
  expect_error_containing({"chain", sixes}, 2,
                          sixes + " is a model in the PRISM language: check it with exactdp check " + sixes);
  const temp_file nm("miss.nm",
                     "mdp\nconst int N = 2;\nmodule m\n x : [0..N] init 0;\n [] x<N -> (x'=x+1);\nendmodule\n");
  expect_error_containing({"mdp", nm.path(), "--query", "pmax", "--target", "x"}, 2,
                          nm.path() + " is a model in the PRISM language: check it with exactdp check");
  const temp_file module_first("m.pm", "// a comment\nmodule m\n x : [0..1] init 0;\nendmodule\n");
  expect_error_containing({"chain", module_first.path()}, 2, "is a model in the PRISM language");
  const std::string herman = source_path("tests/data/qvbs/models/dtmc/herman/herman.3.jani");
  expect_error_containing({"chain", herman}, 2, herman + " is a JANI model: check it with exactdp check " + herman);
  expect_error_containing({"mdp", herman, "--query", "pmax", "--target", "x"}, 2, " is a JANI model");
  // Storm's explicit files, which start with the model type too, are still read.
  const temp_file tra("storm.tra", "dtmc\n0 1 1\n1 1 1\n");
  CHECK(run_in_process({"chain", tra.path(), "--start", "0", "--query", "absorb"}).status == 0);
}

TEST_CASE("chain: the PRISM export gives the same answers", "[tool][markov]") {
  CHECK_THAT(run_in_process({"chain", example("sixes_run_2.tra"), "--as", "exact"}).out, Equals("42\n"));
  CHECK_THAT(run_in_process({"chain", example("sixes_run_2.tra"), "--format", "prism", "--as", "mod"}).out,
             Equals("42\n"));
}

TEST_CASE("chain: Chutes and Ladders, exact and mod equal the library's", "[tool][markov]") {
  const Rational exact = chutes_steps();
  CHECK_THAT(run_in_process({"chain", example("chutes_and_ladders.json"), "--as", "exact"}).out,
             Equals(to_string(exact) + "\n"));
  const auto j = nlohmann::json::parse(run_in_process({"chain", example("chutes_and_ladders.json"), "--json"}).out);
  CHECK(j.at("exact") == to_string(exact));
  CHECK(j.at("mod") == to_residue(exact, 1'000'000'007));
  CHECK(j.at("modulus") == 1'000'000'007);
  CHECK(std::fabs(std::stod(j.at("double").get<std::string>()) - 39.2251223082) < 1e-9);
}

TEST_CASE("chain: absorption probabilities of the gambler's ruin", "[tool][markov]") {
  // (r^3 - 1) / (r^10 - 1) with r = q/p = 3/2: 2432/58025 to win.
  CHECK_THAT(
      run_in_process({"chain", example("gamblers_ruin.json"), "--query", "absorb", "--target", "win", "--as", "exact"})
          .out,
      Equals("2432/58025\n"));
  // Every absorbing state, one "STATE<TAB>VALUE" line each.
  CHECK_THAT(run_in_process({"chain", example("gamblers_ruin.json"), "--query", "absorb", "--as", "exact"}).out,
             Equals("0\t55593/58025\n10\t2432/58025\n"));
  const auto d = run_in_process({"chain", example("gamblers_ruin.json"), "--query", "absorb", "--target", "10",
                                 "--start", "9", "--as", "double"});
  REQUIRE(d.status == 0);
  // (r^9 - 1) / (r^10 - 1).
  const double closed = to_double((parse_rational("19683/512") - 1) / (parse_rational("59049/1024") - 1));
  CHECK(std::fabs(std::stod(d.out) - closed) < 1e-15);
  CHECK(exactdp::test::line_count(d.out) == 1);
}

TEST_CASE("chain: the distribution after K steps and absorption within K", "[tool][markov]") {
  const std::string model = example("sixes_run_2.json");
  CHECK_THAT(run_in_process({"chain", model, "--query", "after", "2", "--as", "exact"}).out,
             Equals("run0\t5/6\nrun1\t5/36\ndone\t1/36\n"));
  // Two sixes within 3 rolls: 66x or x66 with x not a six, 1/36 + 5/216.
  CHECK_THAT(run_in_process({"chain", model, "--query", "within", "3", "--as", "exact"}).out, Equals("11/216\n"));
  CHECK_THAT(run_in_process({"chain", model, "--query", "after", "3", "--target", "done", "--as", "exact"}).out,
             Equals("11/216\n"));
  CHECK_THAT(run_in_process({"chain", model, "--query", "within", "3", "--as", "mod"}).out,
             Equals(residue_text("11/216") + "\n"));
  // "after 2" as one word is the same query as two words.
  CHECK_THAT(run_in_process({"chain", model, "--query", "after 2", "--as", "exact"}).out,
             Equals("run0\t5/6\nrun1\t5/36\ndone\t1/36\n"));
  CHECK_THAT(run_in_process({"chain", model, "--query", "within 3", "--as", "exact"}).out, Equals("11/216\n"));
  CHECK_THAT(run_in_process({"chain", model, "--query=after 2", "--as", "exact"}).out,
             Equals("run0\t5/6\nrun1\t5/36\ndone\t1/36\n"));
}

TEST_CASE("chain: the text of a many-valued answer, every line", "[tool][markov]") {
  const auto r = run_in_process({"chain", example("gamblers_ruin.json"), "--query", "absorb"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("probability of being absorbed in each absorbing state from state 3 of " +
                                      example("gamblers_ruin.json") +
                                      "\n  0\n    exact   55593/58025 ~ "
                                      "0.95808703145196036\n"));
  CHECK_THAT(r.out, Contains("\n    mod     " + residue_text("55593/58025") + "  (mod 1000000007)\n"));
  CHECK_THAT(r.out, Contains("\n  10\n    exact   2432/58025 ~ 0.041912968548039638\n"));
  CHECK_THAT(r.out, Contains("\n    mod     " + residue_text("2432/58025") + "  (mod 1000000007)\n"));
}

TEST_CASE("chain --json: a many-valued answer is one document with the states named", "[tool][markov][json]") {
  for (const char* query : {"absorb", "after 2"}) {
    INFO("--query " << query);
    const auto r = run_in_process({"chain", example("gamblers_ruin.json"), "--query", query, "--json"});
    REQUIRE(r.status == 0);
    CHECK(exactdp::test::line_count(r.out) == 1);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j.at("command") == "chain");
    CHECK(j.at("model") == example("gamblers_ruin.json"));
    CHECK(j.at("start") == "3");
    REQUIRE(j.at("answers").is_array());
    for (const auto& a : j.at("answers")) {
      CHECK(a.at("state").is_string());
      CHECK(a.at("exact").is_string());
      CHECK(a.at("mod") == to_residue(parse_rational(a.at("exact").get<std::string>()), 1'000'000'007));
    }
  }
  const auto absorb = nlohmann::json::parse(
      run_in_process({"chain", example("gamblers_ruin.json"), "--query", "absorb", "--json"}).out);
  REQUIRE(absorb.at("answers").size() == 2);
  CHECK(absorb.at("answers")[0].at("state") == "0");
  CHECK(absorb.at("answers")[0].at("exact") == "55593/58025");
  CHECK(absorb.at("answers")[1].at("state") == "10");
  CHECK(absorb.at("answers")[1].at("exact") == "2432/58025");
  // After 2 steps from 3: 5 with 4/25, 3 with 12/25, 1 with 9/25.
  const auto after = nlohmann::json::parse(
      run_in_process({"chain", example("gamblers_ruin.json"), "--query", "after", "2", "--json"}).out);
  std::map<std::string, std::string> dist;
  for (const auto& a : after.at("answers")) dist[a.at("state")] = a.at("exact");
  CHECK(dist == std::map<std::string, std::string>{{"1", "9/25"}, {"3", "12/25"}, {"5", "4/25"}});
}

TEST_CASE("chain: a walk that may never be absorbed has a null state", "[tool][markov]") {
  // From a: absorbed in b with 1/2, else caught for ever in the cycle c <-> d.
  const temp_file model("closed.json",
                        R"({"start":"a","transitions":{"a":{"b":"1/2","c":"1/2"},"c":{"d":"1"},"d":{"c":"1"}},)"
                        R"("absorbing":["b"]})");
  CHECK_THAT(run_in_process({"chain", model.path(), "--query", "absorb", "--as", "exact"}).out,
             Equals("b\t1/2\n(never absorbed)\t1/2\n"));
  const auto j = nlohmann::json::parse(run_in_process({"chain", model.path(), "--query", "absorb", "--json"}).out);
  REQUIRE(j.at("answers").size() == 2);
  CHECK(j.at("answers")[1].at("state").is_null());
  CHECK(j.at("answers")[1].at("exact") == "1/2");
  // The expected steps are infinite: the answer Infinity, with the reason.
  const auto steps = run_in_process({"chain", model.path()});
  CHECK(steps.status == 0);
  CHECK_THAT(steps.out, Contains("\n  exact   Infinity\n  double  inf\n") &&
                            Contains("\n  why     the expected reward is infinite: absorption is not certain: from "
                                     "state a the walk can enter the closed class of 2 states containing state "));
}

TEST_CASE("chain: --modulus 7 on a chain singular modulo 7, with --as mod and --as all", "[tool][markov]") {
  // 1 - 1/8 = 7/8 is 0 mod 7, and the answer 8/7 has no residue either: no
  // mode may print one.
  const std::string model = example("singular_mod_7.json");
  const std::string why = "the fraction 8/7 has no residue modulo 7: its reduced denominator is divisible by 7";
  expect_error({"chain", model, "--modulus", "7", "--as", "mod"}, 1, why);
  const auto all = run_in_process({"chain", model, "--modulus", "7", "--as", "all"});
  CHECK(all.status == 0);
  CHECK_THAT(all.out,
             Contains("\n  exact   8/7 ~ 1.1428571428571429\n") && Contains("\n  mod     none: " + why + "\n"));
  CHECK_THAT(run_in_process({"chain", model, "--as", "exact"}).out, Equals("8/7\n"));
  // Modulo the default prime it has one.
  CHECK_THAT(run_in_process({"chain", model, "--as", "mod"}).out, Equals(residue_text("8/7") + "\n"));
}

TEST_CASE("chain: a PRISM state 01 and --start 01 are state 1", "[tool][markov]") {
  // States 0 (start), 1 and 2; 1 and 2 absorbing. The file writes 1 as 01.
  const temp_file tra("leading_zero.tra", "3 4\n0 01 1/4\n0 2 3/4\n01 1 1\n2 2 1\n");
  CHECK_THAT(run_in_process({"chain", tra.path(), "--query", "absorb", "--as", "exact"}).out,
             Equals("1\t1/4\n2\t3/4\n"));
  CHECK_THAT(run_in_process({"chain", tra.path(), "--query", "absorb", "--start", "01", "--as", "exact"}).out,
             Equals("1\t1\n"));
  CHECK_THAT(run_in_process({"chain", tra.path(), "--target", "01", "--query", "absorb", "--as", "exact"}).out,
             Equals("1/4\n"));
}

TEST_CASE("chain: errors have the right status and one clear line", "[tool][markov][errors]") {
  const std::string sixes = example("sixes_run_2.json");
  expect_error({"chain", "/nonexistent.json"}, 2,
               "cannot read the chain model file '/nonexistent.json': No such file or directory");
  expect_error({"chain", sixes, "--query", "sometimes"}, 2,
               "the --query must be steps, absorb, after, within, longrun or stationary, not 'sometimes'");
  expect_error({"chain", sixes, "--query", "after"}, 2,
               "--query after needs the number of steps K, e.g. --query 'after 10'");
  expect_error({"chain", sixes, "--query", "steps", "3"}, 2, "--query steps takes no number");
  expect_error({"chain", sixes, "--query", "after -1"}, 2,
               "K (the number of steps) must be an integer in 0..10^12, not '-1'");
  // The question is read before the model: a bad one is refused without reading a (large) file.
  expect_error({"chain", "/nonexistent.json", "--query", "after 1000000000000000"}, 2,
               "K (the number of steps) must be an integer in 0..10^12, not '1000000000000000'");
  expect_error({"chain", "/nonexistent.json", "--query", "longrun", "--target", "done"}, 2,
               "--target does not apply to --query longrun: the long run has no target");
  expect_error({"chain", sixes, "--start", "run9"}, 2, "--start 'run9' is not a state of " + sixes);
  expect_error({"chain", sixes, "--target", "nowhere"}, 2,
               "--target 'nowhere' is neither a label nor a state of " + sixes + " (its labels: done)");
  expect_error({"chain", sixes, "--format", "xml"}, 2, "--format must be json, prism, storm or drn, not 'xml'");
  // An infinite expected reward is no error (the answer Infinity: see below).
  expect_error(
      {"chain", example("bad_row_sum.json")}, 2,
      example("bad_row_sum.json") + ": the probabilities out of state a sum to 9/10, not 1 (nothing is renormalised)");
  expect_error({"chain", example("unknown_state.json")}, 2,
               example("unknown_state.json") +
                   ":4:42: unknown state 'bb': every state must have its transitions listed or be declared absorbing");
  const temp_file no_start("no_start.json", R"({"transitions": {"a": {"a": "1/2", "b": "1/2"}}, "absorbing": ["b"]})");
  const auto r = run_in_process({"chain", no_start.path()});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("names no start state"));
}

TEST_CASE("chain: an infinite expected reward is the answer Infinity in every --as, with its reason",
          "[tool][markov]") {
  // The expected steps to "win" are infinite: the walk may be ruined first.
  const std::string ruin = example("gamblers_ruin.json");
  const std::string why =
      "the expected reward is infinite: from state 3 the walk can be absorbed in state 0, which is not in the "
      "target, and then never reaches it";
  const auto all = run_in_process({"chain", ruin, "--target", "win"});
  CHECK(all.status == 0);
  CHECK_THAT(all.out, Contains("\n  exact   Infinity\n  double  inf\n  mod     none: the value is infinite, which "
                               "has no residue\n  why     " +
                               why + "\n"));
  CHECK_THAT(run_in_process({"chain", ruin, "--target", "win", "--as", "exact"}).out, Equals("Infinity\n"));
  CHECK_THAT(run_in_process({"chain", ruin, "--target", "win", "--as", "double"}).out, Equals("inf\n"));
  CHECK_THAT(run_in_process({"chain", ruin, "--target", "win", "--as", "mod"}).out, Equals("Infinity\n"));
  const auto j = nlohmann::json::parse(run_in_process({"chain", ruin, "--target", "win", "--json"}).out);
  CHECK(j.at("infinite") == true);
  CHECK(j.at("exact") == "Infinity");
  CHECK(j.at("double") == "inf");
  CHECK(j.at("infinite_reason") == why);
  // A check against it: right only when infinite too.
  CHECK_THAT(run_in_process({"chain", ruin, "--target", "win", "--check", "inf"}).out,
             Contains("check   inf: none: the value is infinite, and so is yours\n"));
  // The certificate of an infinite value is written, and verified.
  const temp_file cert("ruin_cert.json", "");
  const auto written = run_in_process({"chain", ruin, "--target", "win", "--certificate", cert.path()});
  CHECK(written.status == 0);
  const auto verified = run_in_process({"verify", ruin, cert.path()});
  CHECK(verified.status == 0);
  CHECK_THAT(verified.out, Contains("verified"));
}

TEST_CASE("chain: --query after -1 in two words is read as K", "[tool][markov][errors]") {
  // "-1" after "--query after" is the query's K, not a second model file.
  expect_error({"chain", example("sixes_run_2.json"), "--query", "after", "-1"}, 2,
               "K (the number of steps) must be an integer in 0..10^12, not '-1'");
}

TEST_CASE("chain: a directory is said to be one", "[tool][markov][errors]") {
  expect_error({"chain", "/tmp"}, 2, "cannot read the chain model file '/tmp': it is a directory");
  expect_error({"chain", "/tmp", "--format", "json"}, 2, "cannot read the chain model file '/tmp': it is a directory");
}

TEST_CASE("chain as a process: a file, and standard input as JSON and as PRISM", "[tool][markov][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const std::vector<std::string> args{"chain", example("sixes_run_2.json")};
  const auto file = run_tool(args, "", {20, 1024});
  CHECK(file.status == 0);
  CHECK_THAT(file.out, Equals(run_in_process(args).out));
  const auto json =
      run_tool({"chain", "-", "--as", "exact"}, exactdp::test::read_all(example("sixes_run_2.json")), {20, 1024});
  CHECK(json.status == 0);
  CHECK_THAT(json.out, Equals("42\n"));
  const auto text = run_tool({"chain", "-"}, exactdp::test::read_all(example("sixes_run_2.json")), {20, 1024});
  CHECK_THAT(text.out, Catch::StartsWith("expected number of steps until absorption from state run0 of standard "
                                         "input\n  exact   42\n"));
  const auto prism =
      run_tool({"chain", "-", "--as", "exact"}, exactdp::test::read_all(example("sixes_run_2.tra")), {20, 1024});
  CHECK(prism.status == 0);
  CHECK_THAT(prism.out, Equals("42\n"));
  const auto forced = run_tool({"chain", "-", "--format", "prism", "--as", "mod"},
                               exactdp::test::read_all(example("sixes_run_2.tra")), {20, 1024});
  CHECK_THAT(forced.out, Equals("42\n"));
}

// ---- the long run, Storm's formats and the ill-conditioned chain (cases D02-D04) ----

namespace {
std::string set2_file(const std::string& name) { return source_path("tests/data/set2/" + name); }

nlohmann::json chain_json(std::vector<std::string> args) {
  args.insert(args.begin(), "chain");
  args.push_back("--json");
  INFO(command_line(args));
  const auto r = run_in_process(args);
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  return nlohmann::json::parse(r.out);
}

}  // namespace

TEST_CASE("chain --query longrun: the periodic classroom (D04), in three number systems", "[tool][markov]") {
  const std::string model = set2_file("periodic_classroom.json");
  // Exact: only the states with a positive long-run probability, in the model's order.
  CHECK_THAT(run_in_process({"chain", model, "--query", "longrun", "--as", "exact"}).out,
             Equals("Writing.Notes\t199/416\nListening\t199/416\nKicked.Out\t9/208\n"));
  // The residues the case lists.
  CHECK_THAT(run_in_process({"chain", model, "--query", "longrun", "--as", "mod"}).out,
             Equals("Writing.Notes\t612980774\nListening\t612980774\nKicked.Out\t774038467\n"));
  CHECK(residue_text("199/416") == "612980774");
  CHECK(residue_text("9/208") == "774038467");
  const auto j = chain_json({model, "--query", "longrun"});
  REQUIRE(j.at("answers").size() == 3);
  for (const auto& a : j.at("answers")) {
    CHECK(a.at("failures").empty());
    // The double within 4 ulps of the correctly rounded exact value.
    CHECK(a.at("double_error").at("ulps").get<int>() <= 4);
  }
  // Two closed classes: the periodic pair, entered with probability 199/208,
  // and the absorbing state.
  const auto& classes = j.at("classes");
  REQUIRE(classes.size() == 2);
  CHECK(classes[0].at("states") == nlohmann::json({"Writing.Notes", "Listening"}));
  CHECK(classes[0].at("period") == 2);
  CHECK(classes[0].at("probability") == "199/208");
  CHECK(classes[1].at("states") == nlohmann::json({"Kicked.Out"}));
  CHECK(classes[1].at("period") == 1);
  CHECK(classes[1].at("probability") == "9/208");
  // Every state earns 1 per step (no rewards in the file).
  CHECK(j.at("average_reward").at("exact") == "1");
  // The text says why the plain limit does not exist.
  CHECK_THAT(run_in_process({"chain", model, "--query", "longrun"}).out,
             Contains("{Writing.Notes, Listening}, period 2 (periodic: the distribution after k steps cycles") &&
                 Contains("entered with probability 199/208"));
}

TEST_CASE("chain --query longrun equals the mean of the exact distributions after k steps", "[tool][markov]") {
  // The Cesàro mean over k = 1..K of the exact distribution after k steps,
  // from the tool's own 'after k', tends to the long run: on the classroom
  // the distance falls like 1/K. Checked on Kicked.Out at K = 64.
  const std::string model = set2_file("periodic_classroom.json");
  Rational sum = 0;
  const int count = 64;
  for (int k = 1; k <= count; ++k) {
    const auto j =
        chain_json({model, "--query", "after", std::to_string(k), "--target", "Kicked.Out", "--as", "exact"});
    sum += parse_rational(j.at("exact").get<std::string>());
  }
  const Rational mean = sum / count;
  const Rational limit = parse_rational("9/208");
  const Rational gap = mean > limit ? Rational(mean - limit) : Rational(limit - mean);
  CHECK(gap < Rational(1) / count);
  CHECK(gap > 0);  // the absorbing state fills over time: the mean lags the limit
}

TEST_CASE("chain --query stationary: a named closed class, and a transient state refused", "[tool][markov]") {
  const std::string model = set2_file("periodic_classroom.json");
  for (const auto& query : std::vector<std::vector<std::string>>{{"--query", "stationary", "--start", "Listening"},
                                                                 {"--query", "stationary Listening"}}) {
    std::vector<std::string> args = {"chain", model, "--as", "exact"};
    args.insert(args.end(), query.begin(), query.end());
    INFO(command_line(args));
    CHECK_THAT(run_in_process(args).out, Equals("Writing.Notes\t1/2\nListening\t1/2\n"));
  }
  const auto j = chain_json({model, "--query", "stationary", "--start", "Kicked.Out", "--as", "mod"});
  REQUIRE(j.at("answers").size() == 1);
  CHECK(j.at("answers")[0].at("mod") == 1);
  CHECK(j.at("classes")[0].at("period") == 1);
  const auto r = run_in_process({"chain", model, "--query", "stationary", "--start", "Arriving"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Contains("state Arriving is transient"));
  expect_error({"chain", model, "--query", "longrun", "--target", "Listening"}, 2,
               "--target does not apply to --query longrun: the long run has no target");
  const auto checked = run_in_process({"chain", model, "--query", "longrun", "--check", "0.5"});
  CHECK(checked.status == 2);
  CHECK_THAT(checked.err, Contains("--check compares one answer"));
}

TEST_CASE("chain: the Knuth-Yao die in Storm's explicit files and in DRN (D02)", "[tool][markov]") {
  for (const std::string file : {"storm_die/die.tra", "storm_die/die.drn"}) {
    const std::string model = set2_file(file);
    INFO(model);
    const auto one = chain_json({model, "--query", "absorb", "--target", "one"});
    CHECK(one.at("exact") == "1/6");
    CHECK(one.at("double") == "0.16666666666666666");
    CHECK(one.at("mod") == 166666668);
    const auto done = chain_json({model, "--target", "done"});
    CHECK(done.at("exact") == "11/3");
    CHECK(done.at("exact_double") == "3.6666666666666665");  // the correctly rounded value the case lists
    CHECK(done.at("double_error").at("ulps").get<int>() <= 4);
    CHECK(done.at("mod") == 666666675);
  }
  // The same with the format named, and a wrong name refused with the line.
  CHECK_THAT(run_in_process({"chain", set2_file("storm_die/die.tra"), "--format", "storm", "--query", "absorb",
                             "--target", "one", "--as", "exact"})
                 .out,
             Equals("1/6\n"));
  const auto wrong = run_in_process({"chain", set2_file("storm_die/die.tra"), "--format", "prism"});
  CHECK(wrong.status == 2);
  CHECK_THAT(wrong.err, Contains("die.tra:1:"));
}

TEST_CASE("chain: the ill-conditioned chain's doubles are within 4 ulps (D03)", "[tool][markov]") {
  const std::string model = set2_file("ill_conditioned_chain.json");
  const std::map<std::string, std::pair<std::string, std::uint64_t>> expected = {
      {"A, B, D", {"0.030552829772473464", 526885425}},
      {"A, D", {"0.00016519932814508236", 466405009}},
      {"B, E", {"0.0001158720308243972", 86812597}},
      {"A, B, E", {"1.4058715764776192e-11", 420660082}}};
  for (const auto& [target, value] : expected) {
    const auto j = chain_json({model, "--query", "absorb", "--target", target});
    INFO(target);
    CHECK(j.at("exact_double") == value.first);  // the correctly rounded value the case lists
    CHECK(j.at("mod") == value.second);
    CHECK(j.at("double_error").at("ulps").get<int>() <= 4);
  }
}

TEST_CASE("chain --query after/within K: the method that ran, and K far beyond the steps' budget", "[tool][markov]") {
  const std::string model = example("sixes_run_2.json");
  const auto few = chain_json({model, "--query", "within", "3"});
  CHECK(few.at("method") == "step by step");
  // 10^12 steps by repeated squaring: about 40 matrix products.
  const auto many = chain_json({model, "--query", "within", "1000000000000", "--as", "mod"});
  CHECK(many.at("method") == "repeated squaring");
  // Absorbed within K steps is 1 - P(not yet), and P(not yet) = u·M^K for the
  // transient block M; the residue must equal the exact value's at small K,
  // where both run.
  const auto small = chain_json({model, "--query", "within", "40"});
  CHECK(small.at("mod") == std::stoull(residue_text(small.at("exact").get<std::string>().c_str())));
}

TEST_CASE("chain and mdp: a huge number or a strange state name gives one short error line",
          "[tool][markov][decision][errors]") {
  // "181e41615" is 41618 digits; the fuzzer found it echoed whole. Names with
  // a newline or of 3000 bytes are quoted and cut.
  const std::string long_name(3000, 'x');
  const temp_file chain_huge("huge.json", R"({"start": "a", "transitions": {"a": {"a": 181e41615}}})");
  const temp_file chain_newline("newline.json",
                                R"({"start": "a\nb", "transitions": {"a\nb": {"c": 2}, "c": {"c": 1}}})");
  const temp_file chain_long("long.json", R"({"start": ")" + long_name + R"(", "transitions": {")" + long_name +
                                              R"(": {")" + long_name + R"(": 0.5}}})");
  const temp_file mdp_huge("huge_mdp.json", R"({"start": "a", "nodes": [{"id": "a", "kind": "max",
      "choices": [{"to": {"b": 181e41615}}]}, {"id": "b", "kind": "terminal"}]})");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"chain", chain_huge.path()}, "is 18100000000000000000...0000 (41618 digits), outside [0, 1]"},
      {{"chain", chain_newline.path()}, "the probability of 'a\\nb' -> c is 2, outside [0, 1]"},
      {{"chain", chain_long.path()}, "the probabilities out of state 'xxxxx"},
      {{"mdp", mdp_huge.path(), "--query", "pmax", "--target", "b"},
       "is 18100000000000000000...0000 (41618 digits), outside [0, 1]"},
  };
  for (const auto& [args, words] : cases) {
    expect_error_containing(args, 2, words);
    CHECK(run_in_process(args).err.size() < 300);
  }
}

// ---- --lump: the exact lumping (issue 23) ----

namespace {
std::vector<std::string> plus(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}
}  // namespace

TEST_CASE("chain --lump: Herman's ring of 5 as a process, the same answers in the three systems",
          "[tool][markov][lump]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const std::vector<std::string> args{"chain", example("herman_5.tra"), "--target", "stable", "--json"};
  const auto plain = run_tool(args, "", {60, 1024});
  const auto lump = run_tool(plus(args, {"--lump"}), "", {60, 1024});
  REQUIRE(plain.status == 0);
  REQUIRE(lump.status == 0);
  const auto p = nlohmann::json::parse(plain.out);
  const auto l = nlohmann::json::parse(lump.out);
  CHECK(!p.contains("lumped"));
  CHECK(l.at("lumped").at("states") == 32);
  // The rotation classes of 5 bits number 8; the lumping is no finer.
  CHECK(l.at("lumped").at("blocks").get<int>() <= 8);
  CHECK(l.at("lumped").at("quotient_states").get<int>() >= l.at("lumped").at("blocks").get<int>());
  CHECK(l.at("lumped").at("rounds").get<int>() >= 1);
  for (const char* key : {"exact", "exact_double", "mod", "modulus", "start", "question"})
    CHECK(l.at(key) == p.at(key));
  // The double comes from another elimination: equal to rounding.
  CHECK(std::stod(l.at("double").get<std::string>()) == Approx(std::stod(p.at("double").get<std::string>())));
  CHECK(l.at("exact") != nullptr);
  // The text names the blocks.
  const auto text = run_in_process({"chain", example("herman_5.tra"), "--target", "stable", "--lump"});
  CHECK_THAT(text.out, Contains("\n  lumped  32 states into " + l.at("lumped").at("blocks").dump() + " blocks ("));
}

TEST_CASE("chain --lump: every question it answers gives the answers without it", "[tool][markov][lump]") {
  const std::vector<std::vector<std::string>> questions{
      {"chain", example("gamblers_ruin.json"), "--query", "absorb"},
      {"chain", example("gamblers_ruin.json"), "--query", "absorb", "--target", "win"},
      {"chain", example("gamblers_ruin.json"), "--query", "within", "7"},
      {"chain", example("knuth_yao_die.tra"), "--target", "one", "--query", "after", "5"},
      {"chain", example("chutes_and_ladders.json")},
      {"chain", example("herman_5.tra"), "--target", "stable", "--start", "7"},
      {"chain", example("sixes_run_2.json")}};
  for (const auto& args : questions) {
    INFO(command_line(args));
    const auto plain = nlohmann::json::parse(run_in_process(plus(args, {"--json"})).out);
    const auto lump = nlohmann::json::parse(run_in_process(plus(args, {"--json", "--lump"})).out);
    REQUIRE(lump.contains("lumped"));
    CHECK(lump.at("lumped").at("blocks").get<std::size_t>() <= lump.at("lumped").at("states").get<std::size_t>());
    // The exact answers and residues are equal; the doubles come from
    // another elimination and agree to rounding.
    auto same = [](const nlohmann::json& a, const nlohmann::json& b) {
      for (const char* key : {"exact", "exact_double", "mod", "modulus", "state"})
        if (a.contains(key) || b.contains(key)) CHECK(a.at(key) == b.at(key));
      if (a.contains("double") && a.at("double") != nullptr) {
        const double x = std::stod(a.at("double").get<std::string>()), y = std::stod(b.at("double").get<std::string>());
        CHECK(std::fabs(x - y) <= 1e-12 * std::fabs(x));
      }
    };
    same(plain, lump);
    CHECK(plain.at("question") == lump.at("question"));
    CHECK(plain.contains("answers") == lump.contains("answers"));
    if (plain.contains("answers")) {
      REQUIRE(plain.at("answers").size() == lump.at("answers").size());
      for (std::size_t i = 0; i < plain.at("answers").size(); ++i) same(plain.at("answers")[i], lump.at("answers")[i]);
    }
  }
}

TEST_CASE("chain --lump: questions over every state, and --dot, are refused", "[tool][markov][lump][errors]") {
  const std::vector<std::vector<std::string>> queries{{"longrun"}, {"stationary"}, {"after", "3"}};
  for (const auto& query : queries)
    expect_error_containing(plus({"chain", example("periodic_classroom.json"), "--lump", "--query"}, query), 2,
                            "--lump answers steps, absorb, within K, and after K with --target");
  expect_error({"chain", example("sixes_run_2.json"), "--lump", "--dot"}, 2,
               "--dot prints the model as it is: it does not go with --lump");
}

TEST_CASE("chain --query within K --as double: near 1 by the mass off the target", "[tool][markov]") {
  if (!exactdp::test::tool_built()) return;
  // 1 - (511/512)^50000 is 1 - 3.5e-43: the target's mass, summed up,
  // stopped short (0.9999999999999997; on a walk of 100 states 1 - 2e-13).
  const std::string chain = R"({"start": "a", "transitions": {"a": {"b": "1/512", "a": "511/512"}, "b": {"b": "1"}}})";
  const auto r = run_tool({"chain", "-", "--query", "within 50000", "--as", "double"}, chain);
  CHECK(r.status == 0);
  CHECK(r.out == "1\n");
  // Below 1/2 the target's own mass: 1 - (511/512)^40.
  const auto small = run_tool({"chain", "-", "--query", "within 40", "--as", "double"}, chain);
  CHECK(small.out == "0.07522183646022185\n");
}
