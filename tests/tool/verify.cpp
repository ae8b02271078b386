// The tool run as a process: chain and mdp --certificate, and verify's
// output and exit status on certificates that hold, corrupted ones, other
// models and bad files (a clear one-line error, status 2, never a crash).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/paths.hpp"
#include "support/run_tool.hpp"
#include "support/temp_file.hpp"
#include "support/tool_result.hpp"

using Catch::Contains;
using Catch::StartsWith;
using exactdp::test::line_count;
using exactdp::test::read_all;
using exactdp::test::run_tool;
using exactdp::test::source_path;
using exactdp::test::temp_file;
using exactdp::test::tool_result;

namespace {

void check_error(const tool_result& r, int status, const std::string& words) {
  INFO(r.out << r.err);
  CHECK(r.status == status);
  CHECK_THAT(r.err, StartsWith("exactdp: error: ") && Contains(words));
  CHECK(line_count(r.err) == 1);
}

// A certificate that does not fit its model: a report (status 1), not an error.
void check_refused(const tool_result& r, const std::string& words) {
  INFO(r.out << r.err);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Contains("result  not verified: " + words));
  CHECK(r.err.empty());
}

// Solves with --certificate, then verifies; the verified value is the
// command's exact answer.
void certify_and_verify(std::vector<std::string> args, const std::string& model) {
  const temp_file cert("cert.json", "");
  std::vector<std::string> solve = args;
  solve.insert(solve.end(), {"--json", "--as", "exact", "--certificate", cert.path()});
  const tool_result s = run_tool(solve);
  INFO(s.out << s.err);
  REQUIRE(s.status == 0);
  const auto answer = nlohmann::json::parse(s.out);
  const tool_result v = run_tool({"verify", model, cert.path(), "--json"});
  INFO(v.out << v.err);
  REQUIRE(v.status == 0);
  const auto report = nlohmann::json::parse(v.out);
  CHECK(report["verified"] == true);
  CHECK(report["value"] == answer["exact"]);
  CHECK(report["state"].is_null());
  const tool_result text = run_tool({"verify", model, cert.path()});
  CHECK_THAT(text.out, Contains("verified: the value at state") && Contains(answer["exact"].get<std::string>()));
}

}  // namespace

TEST_CASE("tool: the certificates of chain and mdp verify, with the command's answer", "[tool][verify]") {
  const std::string ruin = source_path("examples/markov/gamblers_ruin.json");
  certify_and_verify({"chain", ruin, "--query", "absorb", "--target", "win"}, ruin);
  certify_and_verify({"chain", ruin, "--query", "steps"}, ruin);
  const std::string sixes = source_path("examples/markov/sixes_run_2.tra");
  certify_and_verify({"chain", sixes}, sixes);
  const std::string lottery = source_path("examples/decision/lottery.json");
  certify_and_verify({"mdp", lottery, "--query", "pmax", "--target", "goal"}, lottery);
  certify_and_verify({"mdp", lottery, "--query", "pmin", "--target", "goal"}, lottery);
  const std::string six = source_path("examples/decision/six.json");
  certify_and_verify({"mdp", six, "--query", "rmin", "--target", "six"}, six);
}

TEST_CASE("tool: a chain's certificate is written for negative rewards, as its answer is", "[tool][verify]") {
  // a: reward -1, to b or g; b: 3, to g; d: -5, to a or c, which misses the
  // target: from a 1/2 (as the chain answers and verify checks), from d inf.
  const std::string model = source_path("tests/data/verify/negative_rewards.json");
  certify_and_verify({"chain", model, "--query", "steps", "--target", "goal"}, model);
  const temp_file cert("negative.json", "");
  const tool_result s =
      run_tool({"chain", model, "--query", "steps", "--target", "goal", "--start", "d", "--certificate", cert.path()});
  INFO(s.out << s.err);
  REQUIRE(s.status == 0);
  CHECK_THAT(s.out, Contains("Infinity") && Contains("written to"));
  const auto doc = nlohmann::json::parse(read_all(cert.path()));
  CHECK(doc["values"] == nlohmann::json::array({"1/2", "3", "inf", "inf", "0"}));
  const tool_result v = run_tool({"verify", model, cert.path()});
  CHECK(v.status == 0);
  CHECK_THAT(v.out, Contains("verified: the value at state d is inf"));
  // The values the certificate holds, from elsewhere, verify too.
  const temp_file values("negative.csv", "a,1/2\nb,3\nc,inf\nd,inf\ng,0\n");
  CHECK(run_tool({"verify", model, values.path(), "--query", "steps", "--target", "goal"}).status == 0);
}

TEST_CASE("tool: the certificates of game verify, both queries", "[tool][verify][game]") {
  const std::string duel = source_path("examples/decision/duel.json");
  certify_and_verify({"game", duel, "--query", "reach", "--target", "max wins"}, duel);
  certify_and_verify({"game", duel, "--query", "payoff"}, duel);
  certify_and_verify({"game", duel, "--query", "payoff", "--default", "1/3"}, duel);
  const std::string dice = source_path("examples/games/dice_duel.json");
  certify_and_verify({"game", dice, "--query", "payoff"}, dice);
  // A corrupted value is named with its state.
  const temp_file cert("duel.json", "");
  REQUIRE(run_tool({"game", duel, "--query", "payoff", "--certificate", cert.path()}).status == 0);
  std::string text = read_all(cert.path());
  CHECK_THAT(text, Contains("\"kind\": \"game\"") && Contains("\"default\": \"0\""));
  const std::size_t at = text.find("\"values\": [\n  \"");
  REQUIRE(at != std::string::npos);
  // The start's value gets a leading digit 1 (a char: GCC 12's -Wrestrict
  // warns falsely on inserting a string, GCC bug 105329).
  text.insert(at + 15, 1, '1');
  const temp_file bad("bad-duel.json", text);
  const tool_result r = run_tool({"verify", duel, bad.path()});
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Contains("not verified: state max to shoot"));
}

TEST_CASE("tool: pig's certificate verifies against the rules, and not for other parameters", "[tool][verify][pig]") {
  const temp_file cert("pig.json", "");
  const tool_result s = run_tool({"pig", "--faces", "6", "--target", "10", "--certificate", cert.path()});
  INFO(s.out << s.err);
  REQUIRE(s.status == 0);
  CHECK_THAT(s.out, Contains("written to"));
  const tool_result v = run_tool({"verify", "pig", cert.path(), "--const", "faces=6,target=10", "--json"});
  INFO(v.out << v.err);
  REQUIRE(v.status == 0);
  const auto report = nlohmann::json::parse(v.out);
  CHECK(report["verified"] == true);
  CHECK(report["value"] == "7776/10961");
  const tool_result other = run_tool({"verify", "pig", cert.path(), "--const", "target=10,faces=5"});
  CHECK(other.status == 1);
  CHECK_THAT(other.out, Contains("another game of Pig"));
  check_error(run_tool({"verify", "pig", cert.path()}), 2, "--const");
  std::string text = read_all(cert.path());
  const std::size_t at = text.find("\"7776/10961\"");
  REQUIRE(at != std::string::npos);
  const temp_file bad("bad-pig.json", text.replace(at, 12, "\"7777/10961\""));
  const tool_result b = run_tool({"verify", "pig", bad.path(), "--const", "faces=6,target=10"});
  CHECK(b.status == 1);
  CHECK_THAT(b.out, Contains("not verified: state (0, 0, 0): the equation fails: value 7777/10961"));
  check_error(run_tool({"pig", "--target", "101", "--certificate", cert.path()}), 2, "up to target 100");
}

TEST_CASE("tool: verify rejects a corrupted certificate and one for another model", "[tool][verify]") {
  const std::string lottery = source_path("examples/decision/lottery.json");
  const temp_file cert("lottery.json", "");
  REQUIRE(run_tool({"mdp", lottery, "--query", "pmax", "--target", "goal", "--certificate", cert.path()}).status == 0);
  // A certificate never replaces the model, a properties file or "-".
  const temp_file model("lottery-model.json", read_all(lottery));
  const auto over =
      run_tool({"mdp", model.path(), "--query", "pmax", "--target", "goal", "--certificate", model.path()});
  CHECK(over.status == 2);
  CHECK_THAT(over.err, Contains("is the model file itself"));
  CHECK(read_all(model.path()) == read_all(lottery));
  for (const char* path : {"-", "lottery.pm", "cert.props"}) {
    const auto named = run_tool({"mdp", lottery, "--query", "pmax", "--target", "goal", "--certificate", path});
    CHECK(named.status == 2);
    CHECK_THAT(named.err, Contains("the file's name must end in .json"));
  }
  std::string text = read_all(cert.path());
  const std::size_t at = text.find("\"3/4\"");
  REQUIRE(at != std::string::npos);
  const temp_file bad("bad.json", text.replace(at, 5, "\"3/5\""));
  const tool_result r = run_tool({"verify", lottery, bad.path()});
  CHECK(r.status == 1);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Contains("not verified: state 0: the equation fails: value 3/5") && Contains("= 33/50"));
  const tool_result j = run_tool({"verify", lottery, bad.path(), "--json"});
  CHECK(j.status == 1);
  const auto report = nlohmann::json::parse(j.out);
  CHECK(report["verified"] == false);
  CHECK(report["state"] == "0");
  CHECK(report["value"].is_null());

  const tool_result other = run_tool({"verify", source_path("examples/decision/six.json"), cert.path()});
  CHECK(other.status == 1);
  CHECK_THAT(other.out, Contains("written for another model"));
  const tool_result constants = run_tool({"verify", lottery, cert.path(), "--const", "N=4"});
  CHECK(constants.status == 1);
  CHECK_THAT(constants.out, Contains("written with other constants"));
}

TEST_CASE("tool: verify refuses bad certificate files with one clear line", "[tool][verify]") {
  const std::string lottery = source_path("examples/decision/lottery.json");
  const temp_file cert("good.json", "");
  REQUIRE(run_tool({"mdp", lottery, "--query", "pmax", "--target", "goal", "--certificate", cert.path()}).status == 0);
  const std::string text = read_all(cert.path());
  const temp_file cut("cut.json", text.substr(0, text.size() / 2));
  check_error(run_tool({"verify", lottery, cut.path()}), 2, "not valid JSON");
  std::string v = text;
  v.replace(v.find("\"version\": 1"), 12, "\"version\": 7");
  const temp_file version("version.json", v);
  check_error(run_tool({"verify", lottery, version.path()}), 2, "certificate version 7 is not known");
  std::string m = text;
  m.replace(m.find("\"rank\""), 6, "\"ranks\"");
  const temp_file key("key.json", m);
  check_error(run_tool({"verify", lottery, key.path()}), 2, "unknown key 'ranks'");
  const temp_file missing("missing.json", "{\"certificate\": \"exactdp\", \"version\": 1, \"model\": {}}");
  check_error(run_tool({"verify", lottery, missing.path()}), 2, "has no key");
  const temp_file empty("empty.json", "");
  check_error(run_tool({"verify", lottery, empty.path()}), 2, "empty");
  const temp_file deep("deep.json", "{\"certificate\": " + std::string(5000, '[') + std::string(5000, ']') + "}");
  check_error(run_tool({"verify", lottery, deep.path()}), 2, "nested deeper");
  const temp_file plain("plain.json", "{\"values\": [1, 2]}");
  check_error(run_tool({"verify", lottery, plain.path()}), 2, "give --query");
  check_error(run_tool({"verify", lottery, "/nonexistent/c.json"}), 2, "c.json");
  check_error(run_tool({"verify", lottery, cert.path(), "--query", "pmax"}), 2, "a certificate says them itself");
  check_error(run_tool({"chain", source_path("examples/markov/gamblers_ruin.json"), "--query", "longrun",
                        "--certificate", cert.path()}),
              2, "--certificate covers");
  check_error(
      run_tool({"mdp", "-", "--query", "pmax", "--target", "goal", "--certificate", cert.path()}, read_all(lottery)), 2,
      "not on standard input");
}

TEST_CASE("tool: a model that does not read as the kind its query defaults to says what to give", "[tool][verify]") {
  // Found by a tester: --query reach read an MDP as a Markov chain (the
  // default) and said only "unknown key 'nodes'".
  const std::string lottery = source_path("examples/decision/lottery.json");
  const std::string csv = source_path("examples/decision/lottery.values.csv");
  check_error(run_tool({"verify", lottery, csv, "--query", "reach", "--target", "goal"}), 2,
              "lottery.json:4:12: unknown key 'nodes' in the model (the keys are start, transitions, absorbing, "
              "rewards, labels, description) (read as a Markov chain, the kind the query reach defaults to: for an "
              "MDP give the query pmax or pmin, for a game the kind game)");
  CHECK(run_tool({"verify", lottery, csv, "--query", "reach", "--target", "goal", "--kind", "game"}).status == 0);
  CHECK(run_tool({"verify", lottery, csv, "--query", "pmax", "--target", "goal"}).status == 0);
  // A kind given is the user's: the reader's message alone.
  const tool_result given =
      run_tool({"verify", lottery, csv, "--query", "reach", "--target", "goal", "--kind", "chain"});
  check_error(given, 2, "unknown key 'nodes'");
  CHECK_THAT(given.err, !Contains("defaults to"));
  const std::string ruin = source_path("examples/markov/gamblers_ruin.json");
  check_error(run_tool({"verify", ruin, csv, "--query", "rmin", "--target", "win"}), 2,
              "(read as an MDP, the kind the query rmin defaults to: for a Markov chain give the query steps)");
  check_error(run_tool({"verify", ruin, csv, "--query", "payoff"}), 2, "(read as a game, the kind the query payoff");
  // A file that cannot be read is no matter of kind.
  const tool_result missing = run_tool({"verify", "/nonexistent/m.json", csv, "--query", "reach"});
  check_error(missing, 2, "m.json");
  CHECK_THAT(missing.err, !Contains("defaults to"));
}

TEST_CASE("tool: a certificate's model digest in upper-case hex is the same digest", "[tool][verify]") {
  const std::string lottery = source_path("examples/decision/lottery.json");
  std::string text = read_all(source_path("examples/decision/lottery.pmax.cert.json"));
  const std::string digest = "feea5e56077301ba1d82ec88465678b2fca4da85efa289f2a992389a2d5342de";
  const std::size_t at = text.find(digest);
  REQUIRE(at != std::string::npos);
  text.replace(at, digest.size(), "FEEA5E56077301BA1D82EC88465678B2FCA4DA85EFA289F2A992389A2D5342DE");
  const temp_file upper("upper.json", text);
  const tool_result r = run_tool({"verify", lottery, upper.path()});
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("verified: the value at state 0 is 3/4"));
  // Another digest is still another model, in either case.
  text.replace(at, 4, "0EEA");
  const temp_file other("other.json", text);
  const tool_result o = run_tool({"verify", lottery, other.path()});
  CHECK(o.status == 1);
  CHECK_THAT(o.out, Contains("written for another model"));
}

TEST_CASE("tool: values from elsewhere are checked by their equations and the witnesses they imply", "[tool][verify]") {
  const std::string lottery = source_path("examples/decision/lottery.json");
  const temp_file csv("values.csv", "state,value\n0,0.75\n1,1\n2,0\n3,1\n4,1\n5,0\n6,0\n7,0\n8,0\n");
  const tool_result r =
      run_tool({"verify", lottery, csv.path(), "--query", "pmax", "--target", "goal", "--start", "0"});
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("verified (with the witnesses derived from the values): the value at state 0 is 3/4") &&
                        Contains("why") && !Contains("not checked"));
  const temp_file wrong("wrong.json",
                        "{\"0\": \"2/3\", \"1\": 1, \"2\": 0, \"3\": 1, \"4\": 1, \"5\": 0, \"6\": 0, "
                        "\"7\": 0, \"8\": 0}");
  const tool_result w = run_tool({"verify", lottery, wrong.path(), "--query", "pmax", "--target", "goal"});
  CHECK(w.status == 1);
  CHECK_THAT(w.out, Contains("not verified: state 0"));
  const temp_file partial("partial.csv", "0,1\n");
  check_error(run_tool({"verify", lottery, partial.path(), "--query", "pmax", "--target", "goal"}), 2,
              "gives no value for state");
  // A game's: the equations under each owner's best choice; the ranks unchecked.
  const std::string duel = source_path("examples/decision/duel.json");
  const std::string duel_values = source_path("examples/decision/duel.values.json");
  const tool_result g = run_tool({"verify", duel, duel_values, "--query", "payoff", "--json"});
  INFO(g.out << g.err);
  CHECK(g.status == 0);
  const nlohmann::json gj = nlohmann::json::parse(g.out);
  CHECK(gj["witnesses"] == false);
  CHECK(gj["value"] == "1/2");
  CHECK(gj["unchecked"].empty());
  CHECK(gj["verified"] == true);
  CHECK_FALSE(gj["theorem"].get<std::string>().empty());
  CHECK(gj["question"] == "verify " + duel_values + " against " + duel + " (game, payoff, default 0)");
  const temp_file min_waits("min_waits.csv", "max to shoot,1/2\nmin to shoot,1/2\nmax wins,1\nmin wins,-1\n");
  const tool_result b = run_tool({"verify", duel, min_waits.path(), "--query", "payoff", "--default", "0"});
  CHECK(b.status == 1);
  CHECK_THAT(b.out, Contains("not verified: state max to shoot: the equation fails"));
  const tool_result reach =
      run_tool({"verify", duel, duel_values, "--query", "reach", "--kind", "game", "--target", "max wins"});
  CHECK(reach.status == 1);  // a reachability game pays 0 at "min wins"
  CHECK_THAT(reach.out, Contains("state min wins: a terminal state, so its value is 0, not -1"));
  check_error(run_tool({"verify", duel, duel_values, "--query", "payoff", "--target", "max wins"}), 2, "no target");
  check_error(run_tool({"verify", duel, duel_values, "--query", "reach", "--kind", "game"}), 2, "needs a target");
  check_error(run_tool({"verify", duel, duel_values, "--query", "pmax", "--target", "max wins", "--default", "1"}), 2,
              "a default payoff is for the query payoff");
  check_error(run_tool({"verify", duel, duel_values, "--query", "payoff", "--kind", "tree"}), 2, "--kind");
}

TEST_CASE("tool: values from elsewhere that are a fixed point of the equations but not the query's are refused",
          "[tool][verify]") {
  // Max loops on s for ever or gambles: Pmax 1/2, but s = 1 solves x = max(x, 1/2) too.
  const std::string loop = source_path("tests/data/verify/loop.json");
  const std::string wrong = source_path("tests/data/verify/loop_wrong.csv");
  const tool_result r = run_tool({"verify", loop, wrong, "--query", "pmax", "--target", "goal", "--json"});
  INFO(r.out << r.err);
  CHECK(r.status == 1);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["verified"] == false);
  CHECK(j["state"] == "s");
  CHECK(j["reason"] ==
        "state s: value 1, but no strategy that attains the values reaches the target from it: the values are a "
        "fixed point of the equations, but not the least one, which the probabilities are");
  CHECK(j["unchecked"].empty());
  const temp_file right("right.csv", "s,1/2\ng,1\nz,0\n");
  const tool_result ok = run_tool({"verify", loop, right.path(), "--query", "pmax", "--target", "goal"});
  CHECK(ok.status == 0);
  CHECK_THAT(ok.out, Contains("verified (with the witnesses derived from the values): the value at state s is 1/2"));
  // The same loop as a reachability game.
  const tool_result g = run_tool({"verify", loop, wrong, "--kind", "game", "--query", "reach", "--target", "goal"});
  CHECK(g.status == 1);
  CHECK_THAT(g.out, Contains("not verified: state s: value 1, but the play need not end from it") &&
                        Contains("not the game's values"));
  // Stay (reward 0) or go to the goal (reward 1): Pmin 0, Rmin 1, Rmax inf.
  const std::string stay = source_path("tests/data/verify/stay_or_go.json");
  const temp_file p1("p1.csv", "s,1\ng,1\n");
  const tool_result pmin = run_tool({"verify", stay, p1.path(), "--query", "pmin", "--target", "goal"});
  CHECK(pmin.status == 1);
  CHECK_THAT(pmin.out, Contains("state s: value 1, but a strategy never reaches the target from it: the values are "
                                "a fixed point of the equations, but not the least one"));
  const temp_file r_half("r_half.csv", "s,1/2\ng,0\n");
  const tool_result rmin = run_tool({"verify", stay, r_half.path(), "--query", "rmin", "--target", "goal"});
  CHECK(rmin.status == 1);
  CHECK_THAT(rmin.out, Contains("state s: value 1/2, but no strategy that attains the values reaches the target") &&
                           Contains("not the expected rewards"));
  const temp_file r_two("r_two.csv", "s,2\ng,0\n");
  const tool_result rmax = run_tool({"verify", stay, r_two.path(), "--query", "rmax", "--target", "goal"});
  CHECK(rmax.status == 1);
  CHECK_THAT(rmax.out, Contains("state s: value 2, but a strategy misses the target from it"));
  const temp_file r_inf("r_inf.csv", "s,inf\ng,0\n");
  CHECK(run_tool({"verify", stay, r_inf.path(), "--query", "rmax", "--target", "goal"}).status == 0);
  // A chain: l and m go round for ever (reach 0, steps inf), a and b reach g.
  const std::string chain = source_path("tests/data/verify/cycle_chain.json");
  const temp_file reach("reach.csv", "a,1\nb,1\ng,1\nl,1\nm,1\n");
  const tool_result cr = run_tool({"verify", chain, reach.path(), "--query", "reach", "--target", "goal"});
  CHECK(cr.status == 1);
  CHECK_THAT(cr.out, Contains("state l: value 1, but the chain does not reach the target from it"));
  const temp_file steps("steps.csv", "a,inf\nb,inf\ng,0\nl,inf\nm,inf\n");
  const tool_result cs = run_tool({"verify", chain, steps.path(), "--query", "steps", "--target", "goal"});
  CHECK(cs.status == 1);
  CHECK_THAT(cs.out, Contains("state a: value inf, but the chain reaches the target from it with probability 1"));
  const temp_file steps_ok("steps_ok.csv", "a,3\nb,4\ng,0\nl,inf\nm,inf\n");
  CHECK(run_tool({"verify", chain, steps_ok.path(), "--query", "steps", "--target", "goal"}).status == 0);
}

TEST_CASE("tool: a JSON input may begin with a UTF-8 byte-order mark: certificate, values, model", "[tool][verify]") {
  const std::string bom = "\xEF\xBB\xBF";
  const std::string lottery = source_path("examples/decision/lottery.json");
  const temp_file cert("bom.cert.json",
                       bom + exactdp::test::read_all(source_path("examples/decision/lottery.pmax.cert.json")));
  const tool_result c = run_tool({"verify", lottery, cert.path()});
  INFO(c.out << c.err);
  CHECK(c.status == 0);
  CHECK_THAT(c.out, Contains("verified: the value at state 0 is 3/4"));
  const temp_file json_values("bom.values.json",
                              bom + exactdp::test::read_all(source_path("examples/decision/duel.values.json")));
  CHECK(run_tool({"verify", source_path("examples/decision/duel.json"), json_values.path(), "--query", "payoff"})
            .status == 0);
  const temp_file csv_values("bom.values.csv",
                             bom + exactdp::test::read_all(source_path("examples/decision/lottery.values.csv")));
  CHECK(run_tool({"verify", lottery, csv_values.path(), "--query", "pmax", "--target", "goal"}).status == 0);
  const temp_file model("bom.lottery.json", bom + exactdp::test::read_all(lottery));
  const tool_result m = run_tool({"mdp", model.path(), "--query", "pmax", "--target", "goal"});
  INFO(m.out << m.err);
  CHECK(m.status == 0);
  CHECK_THAT(m.out, Contains("3/4"));
  const temp_file chain("bom.chain.json",
                        bom + exactdp::test::read_all(source_path("examples/markov/gamblers_ruin.json")));
  CHECK(run_tool({"chain", chain.path(), "--query", "absorb"}).status == 0);
}

TEST_CASE("tool: verify names the constants and the reward model its verdict is about, quoted from the certificate",
          "[tool][verify]") {
  const temp_file model("coin.pm",
                        "dtmc\nconst double p;\nmodule m\n x : [0..2] init 0;\n"
                        " [] x=0 -> p:(x'=1) + (1-p):(x'=2);\n [] x>0 -> true;\nendmodule\nlabel \"heads\" = x=1;\n");
  const temp_file cert("coin.cert.json", "");
  REQUIRE(
      run_tool({"check", model.path(), "--prop", "P=? [F \"heads\"]", "--const", "p=0.3", "--certificate", cert.path()})
          .status == 0);
  const tool_result v = run_tool({"verify", model.path(), cert.path()});
  INFO(v.out << v.err);
  CHECK(v.status == 0);
  CHECK_THAT(v.out,
             Contains(", constants 'p=0.3')") && Contains("verified: the value at state") && Contains(" is 3/10 "));
  const auto j = nlohmann::json::parse(run_tool({"verify", model.path(), cert.path(), "--json"}).out);
  CHECK(j["constants"] == "p=0.3");
  CHECK(j["reward_model"] == "");

  const std::string drn = source_path("tests/data/verify/two_rewards.drn");
  for (const auto& [name, value] : {std::pair{"cost", "2"}, std::pair{"time", "6"}}) {
    const temp_file c("drn.cert.json", "");
    REQUIRE(
        run_tool({"mdp", drn, "--query", "rmin", "--target", "goal", "--reward-model", name, "--certificate", c.path()})
            .status == 0);
    const tool_result w = run_tool({"verify", drn, c.path(), "--json"});
    INFO(w.out << w.err);
    const auto k = nlohmann::json::parse(w.out);
    CHECK(k["verified"] == true);
    CHECK(k["value"] == value);
    CHECK(k["reward_model"] == name);
    CHECK_THAT(k["question"].get<std::string>(), Contains(std::string(", reward model '") + name + "')"));
  }

  // The certificate's words are its writer's: escaped and cut, never echoed raw.
  const temp_file pig("pig.cert.json", "");
  REQUIRE(run_tool({"pig", "--faces", "2", "--target", "4", "--certificate", pig.path()}).status == 0);
  std::string text = read_all(pig.path());
  const std::string forged = "faces=2,target=4\\u001b[2J" + std::string(5000, 'x');
  text.replace(text.find("\"faces=2,target=4\""), 18, "\"" + forged + "\"");
  const temp_file bad("escape.cert.json", text);
  const tool_result e = run_tool({"verify", "pig", bad.path(), "--const", "faces=2,target=4"});
  INFO(e.out << e.err);
  CHECK(e.status == 1);
  CHECK(e.out.find('\x1b') == std::string::npos);
  CHECK_THAT(e.out, Contains("constants 'faces=2,target=4\\x1b[2Jxxx"));
  CHECK(e.out.size() < 2000);
}

TEST_CASE("tool: a certificate that matches its model's digest but not its states is refused, not an error",
          "[tool][verify]") {
  const std::string lottery = source_path("examples/decision/lottery.json");
  nlohmann::json c = nlohmann::json::parse(read_all(source_path("examples/decision/lottery.pmax.cert.json")));
  std::swap(c["states"][0], c["states"][1]);
  const temp_file permuted("permuted.cert.json", c.dump(1));
  check_refused(run_tool({"verify", lottery, permuted.path()}), "state 0 is named '1' in the certificate and '0' in " +
                                                                    lottery + ": the certificate is for another model");
  c = nlohmann::json::parse(read_all(source_path("examples/decision/lottery.pmax.cert.json")));
  c["query"]["start"] = "nowhere";
  const temp_file start("start.cert.json", c.dump(1));
  check_refused(run_tool({"verify", lottery, start.path()}), "the start nowhere is not a state of " + lottery);
  c = nlohmann::json::parse(read_all(source_path("examples/decision/lottery.pmax.cert.json")));
  c["model"]["reward_model"] = "time";
  const temp_file reward("reward.cert.json", c.dump(1));
  check_refused(run_tool({"verify", lottery, reward.path()}),
                lottery + ": a reward model can be chosen by name only in a DRN file");
  // The same rule for every command that reads a model file.
  check_error(run_tool({"mdp", lottery, "--query", "rmin", "--target", "goal", "--reward-model", "time"}), 2,
              "a reward model can be chosen by name only in a DRN file");
}

TEST_CASE("tool: values from elsewhere of a PRISM-language or JANI model, by its property (--prop)", "[tool][verify]") {
  // A new user's finding: values of these models could not be checked at all.
  // check's own export (CSV and JSON) reads back, by the states' variables.
  const temp_file model("loop.nm",
                        "mdp\nmodule m\n s : [0..2] init 0;\n [a] s=0 -> 1/2:(s'=1) + 1/2:(s'=2);\n"
                        " [b] s=0 -> (s'=0);\n [] s>0 -> true;\nendmodule\nlabel \"goal\" = s=1;\n");
  const std::string prop = "Pmax=? [ F \"goal\" ]";
  for (const char* ext : {"csv", "json"}) {
    const temp_file out(std::string("loop.values.") + ext, "");
    REQUIRE(run_tool({"check", model.path(), "--prop", prop, "--export-values", out.path()}).status == 0);
    const tool_result v = run_tool({"verify", model.path(), out.path(), "--prop", prop});
    INFO(v.out << v.err);
    CHECK(v.status == 0);
    CHECK_THAT(v.out, Contains("(mdp, pmax, target Pmax=? [ F \"goal\" ])") &&
                          Contains("verified (with the witnesses derived from the values): the value at state (s=0) "
                                   "is 1/2 (3 states checked)"));
  }
  // Values named by hand (a name with commas in CSV quotes), and another fixed point of the equations: the
  // loop b keeps x(s=0) = 1, which solves them but is not Pmax.
  const temp_file wrong("wrong.csv", "\"(s=0)\",1\n(s=1),1\n(s=2),0\n");
  const tool_result w = run_tool({"verify", model.path(), wrong.path(), "--prop", prop});
  INFO(w.out << w.err);
  CHECK(w.status == 1);
  CHECK_THAT(w.out, Contains("not verified: state (s=0): value 1, but no strategy that attains the values reaches"));
  const temp_file right("right.csv", "(s=0),1/2\n(s=1),1\n(s=2),0\n");
  CHECK(run_tool({"verify", model.path(), right.path(), "--prop", prop}).status == 0);
  check_error(run_tool({"verify", model.path(), right.path(), "--query", "pmax", "--target", "goal"}), 2,
              "is a model in the PRISM language or JANI: give the property whose values these are (--prop");
  check_error(run_tool({"verify", model.path(), right.path(), "--prop", prop, "--query", "pmax"}), 2,
              "give no --query");
  check_error(run_tool({"verify", model.path(), right.path(), "--prop", "Pmax=? [ F<=3 \"goal\" ]"}), 2,
              "a certificate covers");
  check_error(run_tool({"verify", model.path(), right.path(), "--prop", "P=? [ F \"goal\" ]"}), 2,
              "the property:1:1: an MDP has no single value");
  // A state given twice is refused in every format (a tester's finding: the
  // export's last row won, so a file also claiming 7 verified).
  const temp_file twice("twice.csv", "state,s,exact\n0,0,1\n0,0,1/2\n1,1,1\n2,2,0\n");
  check_error(run_tool({"verify", model.path(), twice.path(), "--prop", prop}), 2, "state (s=0) is given twice");
  // JANI: the property by its name, the constants as check was given them.
  const std::string jani = source_path("tests/data/qvbs/models/dtmc/brp/brp.jani");
  const temp_file values("brp.csv", "");
  REQUIRE(run_tool({"check", jani, "--prop", "p1", "--const", "N=16,MAX=2", "--export-values", values.path()}).status ==
          0);
  const tool_result j = run_tool({"verify", jani, values.path(), "--prop", "p1", "--const", "N=16,MAX=2", "--json"});
  INFO(j.out << j.err);
  REQUIRE(j.status == 0);
  const auto report = nlohmann::json::parse(j.out);
  CHECK(report["verified"] == true);
  CHECK(report["constants"] == "N=16,MAX=2");
  const tool_result exact = run_tool({"check", jani, "--prop", "p1", "--const", "N=16,MAX=2", "--as", "exact"});
  CHECK(exact.out == "\"p1\": Pmin=? [ F s=5 ]\t" + report["value"].get<std::string>() + "\n");
}

TEST_CASE("tool: a certificate whose model format was edited says so", "[tool][verify]") {
  const std::string lottery = source_path("examples/decision/lottery.json");
  std::string text = exactdp::test::read_all(source_path("examples/decision/lottery.pmax.cert.json"));
  const std::size_t at = text.find("\"format\": \"\"");
  REQUIRE(at != std::string::npos);
  text.replace(at, 12, "\"format\": \"drn\"");
  const temp_file cert("drn.cert.json", text);
  check_refused(run_tool({"verify", lottery, cert.path()}),
                "the certificate's format 'drn' does not match the model file " + lottery + ": " + lottery +
                    ":1: unknown line '{'");
}

TEST_CASE("tool: a certificate of fewer states than its model is refused before the whole space is built",
          "[tool][verify]") {
  const std::string model = source_path("examples/prism/two_sixes.pm");
  nlohmann::json cert =
      nlohmann::json::parse(exactdp::test::read_all(source_path("examples/prism/two_sixes.rolls.cert.json")));
  for (const char* key : {"states", "values", "rank"}) cert[key].erase(cert[key].size() - 1);
  const temp_file forged("forged.cert.json", cert.dump());
  check_refused(run_tool({"verify", model, forged.path()}),
                "the model has more than 2 states, the certificate 2: it is for another model");
}
