// The check command: PRISM-language models and their properties through the
// tool, in-process and as a process (standard input): answers in every
// number system, --prop, --const and ranges, --test and its exit status,
// the seed problem's model (two sixes in a row) against the dedicated
// command, refusals, every error's exit status, and --export-values (as a
// process: the files it writes, and its refusals before any work).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/paths.hpp"
#include "support/run_in_process.hpp"
#include "support/run_tool.hpp"
#include "support/tool_checks.hpp"
#include "support/temp_file.hpp"

using exactdp::test::run_in_process;
using nlohmann::json;

namespace {

const std::string herman = exactdp::test::source_path("tests/data/qvbs/dtmc/herman/herman.3.prism");
const std::string herman_props = exactdp::test::source_path("tests/data/qvbs/dtmc/herman/herman.props");
const std::string sixes = exactdp::test::source_path("examples/prism/two_sixes.pm");
const std::string sixes_props = exactdp::test::source_path("examples/prism/two_sixes.props");

json run_json(std::vector<std::string> args) {
  args.push_back("--json");
  const auto r = run_in_process(args);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return json::parse(r.out);
}

}  // namespace

TEST_CASE("check: Herman's ring with 3 processes, 4/3 steps at worst", "[tool][check]") {
  const json j = run_json({"check", herman, herman_props});
  REQUIRE(j["answers"].size() == 1);
  CHECK(j["answers"][0]["exact"] == "4/3");
  CHECK(j["answers"][0]["mod"] == 333333337);
  CHECK(j["answers"][0]["exact_double"] == "1.3333333333333333");
  CHECK(std::stod(j["answers"][0]["double"].get<std::string>()) == Approx(4.0 / 3));
  CHECK(j["models"][0]["states"] == 8);
  CHECK(j["models"][0]["transitions"] == 28);
  CHECK(j["models"][0]["initial_states"] == 8);
  const auto text = run_in_process({"check", herman, herman_props});
  CHECK(text.status == 0);
  CHECK(text.out.find("dtmc, 8 states, 28 transitions, 8 initial states") != std::string::npos);
  CHECK(text.out.find("4/3") != std::string::npos);
}

TEST_CASE("check: the run of two sixes is 42, as the run command says", "[tool][check]") {
  const json a = run_json({"check", sixes, "--prop", "R{\"rolls\"}=? [ F \"two_sixes\" ]"});
  const json b = run_json({"run", "2"});
  CHECK(a["answers"][0]["exact"] == "42");
  CHECK(a["answers"][0]["exact"] == b["exact"]);
  CHECK(a["answers"][0]["mod"] == b["mod"]);
  // Every property of the file, by name and by index.
  CHECK(run_json({"check", sixes, sixes_props, "--prop", "within3"})["answers"][0]["exact"] == "11/216");
  CHECK(run_json({"check", sixes, sixes_props, "--prop", "1"})["answers"][0]["exact"] == "42");
  const json all = run_json({"check", sixes, sixes_props});
  CHECK(all["answers"].size() == 3);
  REQUIRE(all["holds"].size() == 1);
  CHECK(all["holds"][0]["holds"] == true);
}

TEST_CASE("check --check: the line under the answer, with every --as", "[tool][check]") {
  // Found by a tester: with --as exact the --check line was dropped for check
  // (chain kept it).
  for (const char* as : {"exact", "double", "mod", "all"}) {
    INFO(as);
    const auto r = run_in_process({"check", sixes, sixes_props, "--prop", "1", "--as", as, "--check", "41"});
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("  check   41: absolute 1, relative 0.0238"));
  }
}

TEST_CASE("check --test compares with the RESULT comments and fails on a mismatch", "[tool][check]") {
  const auto ok = run_in_process({"check", sixes, sixes_props, "--test"});
  INFO(ok.out << ok.err);
  CHECK(ok.status == 0);
  CHECK(ok.out.find("4 of 4 passed") != std::string::npos);
  const exactdp::test::temp_file wrong(
      "wrong.props", "// RESULT: 41.9\nR=? [ F \"two_sixes\" ]\n// RESULT: 0.0509\nP=? [ F<=3 \"two_sixes\" ]\n");
  const auto bad = run_in_process({"check", sixes, wrong.path(), "--test"});
  CHECK(bad.status == 1);
  CHECK(bad.out.find("FAIL: expected 41.9, relative error") != std::string::npos);
  CHECK(bad.out.find("pass: expected 0.0509") != std::string::npos);
  CHECK(bad.out.find("1 of 2 passed") != std::string::npos);
}

TEST_CASE("check --test: the last RESULT that applies, ? skipped, none a failure (PRISM's rules)", "[tool][check]") {
  // Found by a tester: every RESULT that applied was tested, so a general
  // RESULT before the ones for N=1 and N=2 failed there; and RESULT: ? failed.
  const exactdp::test::temp_file model("undef.pm",
                                       "dtmc\nconst int N;\nmodule m\n  x : [0..N] init 0;\n"
                                       "  [] x<N -> 1/2 : (x'=x+1) + 1/2 : (x'=0);\n  [] x=N -> true;\nendmodule\n");
  const exactdp::test::temp_file ordered("order.props",
                                         "// RESULT: 1/8\n// RESULT (N=1): 7/8\n// RESULT (N=2): 3/8\n"
                                         "// RESULT (M=2): 1\nP=? [ F<=3 x=N ];\n");
  const auto ok = run_in_process({"check", model.path(), ordered.path(), "--const", "N=1:3", "--test"});
  INFO(ok.out << ok.err);
  CHECK(ok.status == 0);
  CHECK(ok.out.find("N=1: P=? [ F<=3 x=N ]: pass: expected 7/8") != std::string::npos);
  CHECK(ok.out.find("N=2: P=? [ F<=3 x=N ]: pass: expected 3/8") != std::string::npos);
  CHECK(ok.out.find("N=3: P=? [ F<=3 x=N ]: pass: expected 1/8") != std::string::npos);
  CHECK(ok.out.find("3 of 3 passed\n") != std::string::npos);
  // No RESULT for N=2: a failure, in PRISM's words.
  const exactdp::test::temp_file only_one("one.props", "// RESULT (N=1): 7/8\nP=? [ F<=3 x=N ];\n");
  const auto none = run_in_process({"check", model.path(), only_one.path(), "--const", "N=1:2", "--test"});
  CHECK(none.status == 1);
  CHECK(none.out.find("N=2: P=? [ F<=3 x=N ]: FAIL: did not find a RESULT specification (for N=2) to test against") !=
        std::string::npos);
  CHECK(none.out.find("1 of 2 passed\n") != std::string::npos);
  // RESULT: ? is not a test: skipped, and counted apart.
  const exactdp::test::temp_file dont_care("q.props", "// RESULT: ?\nP=? [ F x=N ];\n// RESULT: 1\nP=? [ F x=0 ];\n");
  const auto skip = run_in_process({"check", model.path(), dont_care.path(), "--const", "N=2", "--test"});
  INFO(skip.out << skip.err);
  CHECK(skip.status == 0);
  CHECK(skip.out.find("P=? [ F x=N ]: skipped: expected ?") != std::string::npos);
  CHECK(skip.out.find("1 of 1 passed; 1 skipped (RESULT: ?)\n") != std::string::npos);
  const json j = run_json({"check", model.path(), dont_care.path(), "--const", "N=2", "--test"});
  CHECK(j["skipped"] == 1);
  CHECK(j["mismatches"] == 0);
  CHECK(j["tests"][0]["pass"].is_null());
}

TEST_CASE("check --test: a refused property is a failed test, unless its RESULT is Error (PRISM's test mode)",
          "[tool][check]") {
  // Found by a new user: a typo in a label refused the property, and --test
  // passed with the other ones, so the typo silently removed a test.
  const exactdp::test::temp_file typo("typo.props",
                                      "// RESULT: 0.0509\nP=? [ F<=3 \"two_sixes\" ]\n"
                                      "// RESULT: 1/6\nP=? [ F \"two_sixs\" ];\n");
  const auto bad = run_in_process({"check", sixes, typo.path(), "--test"});
  INFO(bad.out << bad.err);
  CHECK(bad.status == 1);
  CHECK(bad.out.find("P=? [ F \"two_sixs\" ]: FAIL: refused, expected 1/6") != std::string::npos);
  CHECK(bad.out.find("1 of 2 passed\n") != std::string::npos);
  const auto bad_json = run_in_process({"check", sixes, typo.path(), "--test", "--json"});
  CHECK(bad_json.status == 1);
  const json j = json::parse(bad_json.out);
  CHECK(j["mismatches"] == 1);
  CHECK(j["tests"].size() == 2);
  CHECK(j["tests"][1]["pass"] == false);
  // Without a RESULT it fails as any property without one; an expected error passes.
  const exactdp::test::temp_file errors("errors.props",
                                        "P=? [ F \"nowhere\" ];\n// RESULT: Error\nP=? [ F \"nowhere\" ];\n"
                                        "// RESULT: Error:undefined label\nP=? [ F \"nowhere\" ];\n"
                                        "// RESULT: Error:division by zero\nP=? [ F \"nowhere\" ];\n");
  const auto e = run_in_process({"check", sixes, errors.path(), "--test"});
  INFO(e.out << e.err);
  CHECK(e.status == 1);
  CHECK(e.out.find("FAIL: did not find a RESULT specification to test against (and the property was refused)") !=
        std::string::npos);
  CHECK(e.out.find("pass: refused, as expected (Error)") != std::string::npos);
  CHECK(e.out.find("pass: refused, as expected (Error:undefined label)") != std::string::npos);
  CHECK(e.out.find("FAIL: refused with another error, expected Error:division by zero") != std::string::npos);
  CHECK(e.out.find("2 of 4 passed\n") != std::string::npos);
  // Every property refused and every refusal expected: the tests pass.
  const exactdp::test::temp_file expected("expected.props", "// RESULT: Error\nP=? [ F \"nowhere\" ];\n");
  CHECK(run_in_process({"check", sixes, expected.path(), "--test"}).status == 0);
  CHECK(run_in_process({"check", sixes, expected.path()}).status == 2);
}

TEST_CASE("check: an index into a properties file without properties, and a JANI file as properties", "[tool][check]") {
  // Found by a tester: --prop 1 read the first of no properties (a crash).
  const exactdp::test::temp_file empty("empty.props", "// nothing here\n");
  const auto r = run_in_process({"check", sixes, empty.path(), "--prop", "1"});
  INFO(r.out << r.err);
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--prop '1' chooses a property by its index, and the properties file holds none"));
  const auto j = run_in_process(
      {"check", sixes, exactdp::test::source_path("tests/data/qvbs/models/dtmc/brp/brp.jani"), "--prop", "1"});
  CHECK(j.status == 2);
  CHECK_THAT(j.err, Catch::Contains("brp.jani is a JANI model, not a properties file"));
}

TEST_CASE("check: a properties file defines labels, as PRISM's", "[tool][check]") {
  // Found by a tester: label "tgt" = x=1; in a properties file was refused.
  const exactdp::test::temp_file props("labelled.props", "label \"three\" = last;\nP=? [ F<=1 \"three\" ];\n");
  const json j = run_json({"check", sixes, props.path()});
  REQUIRE(j["answers"].size() == 1);
  CHECK(j["answers"][0]["exact"] == "1/6");
  const exactdp::test::temp_file twice("twice.props", "label \"two_sixes\" = last;\n");
  const auto bad = run_in_process({"check", sixes, twice.path()});
  CHECK(bad.status == 2);
  CHECK_THAT(bad.err, Catch::Contains(twice.path() +
                                      ":1:7: the label '\"two_sixes\"' is defined twice: the model "
                                      "defines it too, at " +
                                      sixes + ":"));
}

TEST_CASE("check: a negative reward is refused at its state's valuation and its place", "[tool][check]") {
  // Found by a tester: the decision solver's message named "state 0" and the
  // query "(rmax)" on a DTMC.
  for (const char* kind : {"dtmc", "mdp"}) {
    const exactdp::test::temp_file model("neg.pm", std::string(kind) +
                                                       "\nmodule m\n  x : [0..1] init 0;\n  [] x=0 -> 1/2 : (x'=1) + "
                                                       "1/2 : true;\n  [] x=1 -> true;\nendmodule\n"
                                                       "rewards \"cost\"\n  x=0 : -1;\nendrewards\n");
    const std::string prop = std::string(kind) == "dtmc" ? "R=? [ F x=1 ]" : "Rmin=? [ F x=1 ]";
    const auto r = run_in_process({"check", model.path(), "--prop", prop});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(model.path() +
                                      ":8:3: the reward structure \"cost\" gives the negative reward -1 at (x=0); " +
                                      prop + ", an expected total reward until a target, needs rewards >= 0"));
  }
}

TEST_CASE("check: the messages a tester found misleading", "[tool][check]") {
  using exactdp::test::expect_error_containing;
  const exactdp::test::temp_file model("undef.pm",
                                       "dtmc\nconst int N;\nmodule m\n  x : [0..N] init 0;\n  [] x<N -> (x'=x+1);\n"
                                       "  [] x=N -> true;\nendmodule\n");
  const std::string dir = std::filesystem::path(model.path()).parent_path().string();
  // "the properties file file": the reader's words name a file already.
  expect_error_containing({"check", sixes, dir}, 2, "cannot read the properties file '" + dir + "': it is a directory");
  // An int out of range is said so, not "is an int, not ...".
  expect_error_containing({"check", model.path(), "--prop", "P=? [ F x=N ]", "--const", "N=99999999999999999999"}, 2,
                          "the constant 'N' is an int, and '99999999999999999999' is outside the int range");
  // Spaces around a name or a value are trimmed (lang::read_constant_items).
  const json spaced = run_json({"check", model.path(), "--prop", "P=? [ F x=N ]", "--const", " N = 3 "});
  CHECK(spaced["answers"][0]["exact"] == "1");
  // --prop INDEX without a properties file; a JANI file that is a JSON array.
  expect_error_containing({"check", sixes, "--prop", "5"}, 2,
                          "--prop '5' names a property by its index, but no properties file was given");
  const exactdp::test::temp_file array("arr.jani", "[]");
  expect_error_containing({"check", array.path()}, 2, array.path() + " is a JSON array, not a JANI model");
  // A 100,000-digit --check value is echoed cut, with its size.
  const std::string huge = "0." + std::string(100000, '3');
  const auto r = run_in_process({"check", sixes, "--prop", "P=? [ F<=3 \"two_sixes\" ]", "--check", huge});
  CHECK(r.status == 0);
  CHECK(r.out.size() < 2000);
  CHECK_THAT(r.out, Catch::Contains("'... (100002 bytes): "));
  const json j = run_json({"check", sixes, "--prop", "P=? [ F<=3 \"two_sixes\" ]", "--check", huge});
  CHECK(j["answers"][0]["check"]["value"].get<std::string>().size() < 300);
}

TEST_CASE("check: a model given as the properties file is one refusal, not one a line", "[tool][check]") {
  // Found by a new user: check die.pm die.pm printed 12 "refused" lines.
  exactdp::test::expect_error({"check", sixes, sixes}, 2,
                              sixes + " is a model in the PRISM language, not a properties file");
  const auto r = exactdp::test::run_tool({"check", sixes, sixes}, "", {20, 1024});
  CHECK(r.status == 2);
  CHECK(r.err == "exactdp: error: " + sixes + " is a model in the PRISM language, not a properties file\n");
}

TEST_CASE("check: R{1}, the label \"deadlock\" and a label's name without quotes", "[tool][check]") {
  // The chain of tests/lang/test_properties.cpp: s=1 is a deadlock, reached with 1/3.
  const exactdp::test::temp_file model("stuck.pm",
                                       "dtmc\nmodule m\n  s : [0..2];\n  [] s=0 -> 1/3 : (s'=1) + 2/3 : (s'=2);\n"
                                       "  [] s=2 -> true;\nendmodule\nrewards \"r\"\n  s=0 : 3;\nendrewards\n"
                                       "label \"two\" = s=2;\n");
  CHECK(run_json({"check", model.path(), "--prop", "P=? [ F \"deadlock\" ]"})["answers"][0]["exact"] == "1/3");
  CHECK(run_json({"check", model.path(), "--prop", "R{1}=? [ C<=2 ]"})["answers"][0]["exact"] == "3");
  exactdp::test::expect_error(
      {"check", model.path(), "--prop", "P=? [ F two ]"}, 2,
      "--prop:1:9: undefined name 'two'; did you mean the label \"two\" (labels are written in double quotes)?");
}

TEST_CASE("check --const: values, ranges, and the constants left undefined", "[tool][check]") {
  const exactdp::test::temp_file model("coin.pm",
                                       "dtmc\nconst double p;\nconst int N;\nmodule c\n  x : [0..N];\n"
                                       "  [] x<N -> p : (x'=x+1) + 1-p : (x'=0);\nendmodule\n");
  const json one = run_json({"check", model.path(), "--prop", "P=? [ F<=2 x=N ]", "--const", "p=1/2,N=2"});
  CHECK(one["answers"][0]["exact"] == "1/4");
  const json range = run_json({"check", model.path(), "--prop", "P=? [ F<=2 x=N ]", "--const", "p=1/2,N=1:2"});
  REQUIRE(range["answers"].size() == 2);
  CHECK(range["answers"][0]["exact"] == "3/4");
  CHECK(range["answers"][1]["exact"] == "1/4");
  // Found by a tester: the models of a range were joined by a newline, shown as a literal \n.
  CHECK(range["question"] == "check " + model.path() +
                                 ": p=1/2,N=1 (dtmc, 2 states, 3 transitions, 1 initial state; 1 deadlock state "
                                 "given a self-loop, such as (x=1)), p=1/2,N=2 (dtmc, 3 states, 5 transitions, 1 "
                                 "initial state; 1 deadlock state given a self-loop, such as (x=2))");
  const auto missing = run_in_process({"check", model.path(), "--prop", "P=? [ F x=N ]", "--const", "p=1/2"});
  CHECK(missing.status == 2);
  CHECK(missing.err.find("the constant 'N' has no value: give it one (exactdp check --const N=...)") !=
        std::string::npos);
  const auto unknown = run_in_process({"check", model.path(), "--prop", "P=? [ F x=N ]", "--const", "q=1"});
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find("--const 'q' is not an undefined constant of the model or the properties (they are: p, N)") !=
        std::string::npos);
}

TEST_CASE("check: refusals and errors, one line each with the right status", "[tool][check]") {
  const auto no_props = run_in_process({"check", sixes});
  CHECK(no_props.status == 2);
  CHECK(no_props.err == "exactdp: error: check needs a properties file or --prop 'P=? [F \"goal\"]'\n");
  const exactdp::test::temp_file tra("m.tra", "2 1\n0 1 1\n");
  const auto explicit_file = run_in_process({"check", tra.path(), "--prop", "P=? [ F true ]"});
  CHECK(explicit_file.status == 2);
  CHECK(explicit_file.err.find("does not look like a model in the PRISM language") != std::string::npos);
  // An empty model file (as the benchmark set's oscillators.6-10-0.1-1.jani
  // is in one snapshot) is named empty, not taken for another format.
  const exactdp::test::temp_file empty("empty.jani", "\n");
  const auto nothing = run_in_process({"check", empty.path(), "--prop", "P=? [ F true ]"});
  CHECK(nothing.status == 2);
  CHECK(nothing.err.find("the model file '" + empty.path() + "' is empty") != std::string::npos);
  const exactdp::test::temp_file bad("bad.pm", "dtmc\nmodule m\n  x : [0..1];\n  [] x=0 -> 0.5 : (x'=1);\nendmodule\n");
  const auto sum = run_in_process({"check", bad.path(), "--prop", "P=? [ F x=1 ]"});
  CHECK(sum.status == 2);
  CHECK(sum.err.find("bad.pm:4:3: the probabilities of the command sum to 1/2, not 1") != std::string::npos);
  // A file with an unsupported property: the others are checked, the refusal is named.
  const exactdp::test::temp_file props(
      "p.props", "\"a\": P=? [ F^{rew{\"rolls\"}<=3} \"two_sixes\" ];\n\"b\": P=? [ F \"two_sixes\" ];\n");
  const json j = run_json({"check", sixes, props.path()});
  REQUIRE(j["refused"].size() == 1);
  CHECK(j["refused"][0]["property"] == "a");
  CHECK(j["answers"][0]["exact"] == "1");
  // With --as the answers are alone on stdout; the refusal is on stderr.
  const auto alone = run_in_process({"check", sixes, props.path(), "--as", "exact"});
  CHECK(alone.status == 0);
  CHECK(alone.out == "\"b\": P=? [ F \"two_sixes\" ]\t1\n");
  CHECK(alone.err.find("exactdp: refused: \"a\": ") == 0);
  CHECK(alone.err.find("p.props:1:13: a reward-bounded F") != std::string::npos);
  // Nothing checked is an input error: every property refused, or none given.
  const exactdp::test::temp_file only_refused("r.props", "P=? [ F^{rew{\"rolls\"}<=3} \"two_sixes\" ];\n");
  const auto all_refused = run_in_process({"check", sixes, only_refused.path(), "--as", "double"});
  CHECK(all_refused.status == 2);
  CHECK(all_refused.out.empty());
  CHECK(all_refused.err.find("exactdp: refused: P=? [ F^{rew{\"rolls\"}<=3} \"two_sixes\" ]: ") == 0);
  const exactdp::test::temp_file comment_only("none.props", "// only a comment\n");
  const auto none = run_in_process({"check", sixes, comment_only.path()});
  CHECK(none.status == 2);
  CHECK(none.err.find("none.props holds no property to check") != std::string::npos);
  const auto blank = run_in_process({"check", sixes, "--prop", ""});
  CHECK(blank.status == 2);
  CHECK(blank.err.find("--prop '' holds no property") != std::string::npos);
  const auto chosen = run_in_process({"check", sixes, props.path(), "--prop", "a"});
  CHECK(chosen.status == 2);
  CHECK(chosen.err.find("p.props:1:13: a reward-bounded F (Storm's F^{rew...}) is not supported") != std::string::npos);
  // An infinite expected reward is an answer, not an error.
  const auto infinite = run_in_process({"check", sixes, "--prop", "R=? [ F false ]"});
  CHECK(infinite.status == 0);
  CHECK(infinite.err.empty());
  CHECK(infinite.out.find("    exact   Infinity\n") != std::string::npos);
}

TEST_CASE("check: an infinite expected reward is the answer Infinity in every renderer, and PRISM's bounds",
          "[tool][check]") {
  // Won with probability 1 - 2^-60: the double of that probability is 1, yet
  // the expected rounds until the win are infinite in every system (the graph
  // analysis decides, with no arithmetic).
  const std::string model = exactdp::test::source_path("examples/prism/almost_sure.pm");
  const std::string props = exactdp::test::source_path("examples/prism/almost_sure.props");
  const auto all = run_in_process({"check", model, props});
  INFO(all.out << all.err);
  REQUIRE(all.status == 0);
  CHECK(all.out.find("  \"rounds\": R{\"rounds\"}=? [ F \"won\" ]\n"
                     "    exact   Infinity\n"
                     "    double  inf\n"
                     "    mod     none: the value is infinite, which has no residue\n"
                     "    why     the expected reward is infinite at (s=0): a play from there misses the target with "
                     "positive probability (PRISM and Storm print Infinity)\n"
                     "  \"short\"") != std::string::npos);
  // A bound's verdict is the first line under its property.
  CHECK(all.out.find(
            "  \"short\": R{\"rounds\"}<=2 [ F \"won\" ]\n    holds   false: the value Infinity is not <= 2\n") !=
        std::string::npos);
  CHECK(all.out.find("  \"long\": R{\"rounds\"}>2 [ F \"won\" ]\n    holds   true: the value Infinity is > 2\n") !=
        std::string::npos);
  // The finite answers around it are all printed.
  CHECK(all.out.find("    exact   1152921504606846975/1152921504606846976 ~ 1.0000000000000000\n    double  1\n") !=
        std::string::npos);
  // Each system alone: Infinity, inf (as strtod and Python's float read it), and no residue but Infinity.
  const std::string rounds = "R{\"rounds\"}=? [ F \"won\" ]";
  for (const auto& [as, text] : std::vector<std::pair<std::string, std::string>>{
           {"exact", "Infinity"}, {"double", "inf"}, {"mod", "Infinity"}}) {
    const auto one = run_in_process({"check", model, "--prop", rounds, "--as", as});
    CHECK(one.status == 0);
    CHECK(one.out == rounds + "\t" + text + "\n");
  }
  // JSON has no infinity: the string "Infinity" in each system that has a value, and "infinite": true.
  const json j = run_json({"check", model, props});
  const json& inf = j["answers"][1];
  CHECK(inf["infinite"] == true);
  CHECK(inf["exact"] == "Infinity");
  CHECK(inf["exact_double"] == "inf");
  CHECK(inf["double"] == "inf");
  CHECK(inf["mod"].is_null());
  CHECK(inf["failures"] == json{{"mod", "the value is infinite, which has no residue"}});
  CHECK(!inf.contains("double_error"));
  CHECK(!j["answers"][0].contains("infinite"));
  CHECK(j["answers"][0]["double"] == "1");
  CHECK(j["holds"] == json::parse(R"([{"property": "\"short\": R{\"rounds\"}<=2 [ F \"won\" ]", "holds": false},
                                     {"property": "\"long\": R{\"rounds\"}>2 [ F \"won\" ]", "holds": true}])"));
  // --check: infinity is right only against infinity, in words either way.
  const auto right = run_in_process({"check", model, "--prop", rounds, "--check", "Infinity"});
  CHECK(right.out.find("    check   Infinity: none: the value is infinite, and so is yours\n") != std::string::npos);
  const json wrong = run_json({"check", model, "--prop", rounds, "--check", "1e300"});
  CHECK(wrong["answers"][0]["check"]["words"] ==
        "wrong: the value is infinite (PRISM and Storm print Infinity); your value reads as 1e+300, which is not");
  CHECK(wrong["answers"][0]["check"]["absolute"] == "inf");
  const auto finite = run_in_process({"check", model, "--prop", "played", props, "--check", "inf"});
  CHECK(finite.out.find("    check   inf: wrong: your value is infinite; the exact value 1 is finite\n") !=
        std::string::npos);
  // --test: Infinity passes against an infinite value only, and a number never does.
  const auto tested = run_in_process({"check", model, props, "--test"});
  CHECK(tested.status == 0);
  CHECK(tested.out.find("5 of 5 passed") != std::string::npos);
  const exactdp::test::temp_file mixed(
      "mixed.props",
      "// RESULT: 1e30\nR{\"rounds\"}=? [ F \"won\" ]\n// RESULT: Infinity\nR{\"rounds\"}=? [ F s>0 ]\n");
  const auto bad = run_in_process({"check", model, mixed.path(), "--test"});
  CHECK(bad.status == 1);
  CHECK(bad.out.find("FAIL: infinite, expected 1e30") != std::string::npos);
  CHECK(bad.out.find("FAIL: not infinite, expected Infinity") != std::string::npos);
  CHECK(bad.out.find("0 of 2 passed") != std::string::npos);
}

TEST_CASE("check: filters over infinite values: sum, max, min and counts by PRISM's bounds", "[tool][check]") {
  // From s=0, s=1 (the target) or s=2 (never left) with 1/2 each: the rounds are infinite at s=0 and s=2.
  const exactdp::test::temp_file model("half.pm",
                                       "dtmc\nmodule m\n s : [0..2] init 0;\n [] s=0 -> 0.5:(s'=1) + 0.5:(s'=2);\n"
                                       " [] s>0 -> true;\nendmodule\nrewards \"r\"\n true : 1;\nendrewards\n");
  const auto value = [&](const std::string& prop) {
    const auto r = run_in_process({"check", model.path(), "--prop", prop, "--as", "exact"});
    INFO(prop << "\n" << r.err);
    CHECK(r.status == 0);
    return r.out.substr(r.out.find('\t') + 1);  // after "PROPERTY<TAB>"
  };
  CHECK(value("filter(sum, R=? [ F s=1 ], true)") == "Infinity\n");
  CHECK(value("filter(avg, R=? [ F s=1 ], true)") == "Infinity\n");
  CHECK(value("filter(max, R=? [ F s=1 ], true)") == "Infinity\n");
  CHECK(value("filter(min, R=? [ F s=1 ], true)") == "0\n");         // the finite state s=1
  CHECK(value("filter(min, R=? [ F s=1 ], s!=1)") == "Infinity\n");  // every state infinite
  CHECK(value("filter(count, R>=5 [ F s=1 ], true)") == "2\n");      // infinity is >= 5 at s=0 and s=2
  CHECK(value("filter(count, R<5 [ F s=1 ], true)") == "1\n");       // only s=1
  CHECK(value("filter(forall, R>1000 [ F s=1 ], s!=1)") == "1\n");
  CHECK(value("filter(exists, R<=1000 [ F s=1 ], s!=1)") == "0\n");
  // --as double counts by the exact values as well (it used to refuse).
  const auto d =
      run_in_process({"check", model.path(), "--prop", "filter(count, R>=5 [ F s=1 ], true)", "--as", "double"});
  CHECK(d.status == 0);
  CHECK(d.out == "filter(count, R>=5 [ F s=1 ], true)\t2\n");
  // forall and exists say in words what their 1 and 0 mean.
  const auto verdict = [&](const std::string& prop) {
    const auto r = run_in_process({"check", model.path(), "--prop", prop});
    const std::size_t at = r.out.find("    holds   ");
    return at == std::string::npos ? r.out : r.out.substr(at + 12, r.out.find('\n', at) - at - 12);
  };
  CHECK(verdict("filter(forall, R>1000 [ F s=1 ], s!=1)") ==
        "true: the bound > 1000 holds in every state of the filter");
  CHECK(verdict("filter(forall, R>1000 [ F s=1 ], true)") ==
        "false: the bound > 1000 fails in some state of the filter");
  CHECK(verdict("filter(exists, R<=1000 [ F s=1 ], true)") ==
        "true: the bound <= 1000 holds in some state of the filter");
  CHECK(verdict("filter(exists, R<=1000 [ F s=1 ], s!=1)") ==
        "false: the bound <= 1000 fails in every state of the filter");
}

TEST_CASE("check: a step-bounded MDP optimum's residue comes from its exact value", "[tool][check]") {
  // Pmax of reaching x=2 within 2 steps: a maximum compares values, which
  // residues cannot, so the residue run has none; the exact value's residue
  // is given instead, and every other answer prints.
  const exactdp::test::temp_file mdp("bounded.nm",
                                     "mdp\nmodule m\n  x : [0..2] init 0;\n  [go] x<2 -> (x'=x+1);\n"
                                     "  [stay] x<2 -> 1/2 : (x'=x) + 1/2 : (x'=2);\nendmodule\n");
  for (const char* prop : {"Pmax=? [ F<=2 x=2 ]", "Pmin=? [ X x=2 ]"}) {
    const auto text = run_in_process({"check", mdp.path(), "--prop", prop});
    INFO(prop << "\n" << text.out << text.err);
    CHECK(text.status == 0);
    CHECK(text.out.find("    double  ") != std::string::npos);
    CHECK(text.out.find("(mod 1000000007, from the exact value, as the residue run has none: a step-bounded maximum "
                        "or minimum over choices has no residue") != std::string::npos);
  }
  const json j = run_json({"check", mdp.path(), "--prop", "Pmax=? [ F<=2 x=2 ]"});
  CHECK(j["answers"][0]["exact"] == "1");
  CHECK(j["answers"][0]["mod"] == 1);
  const auto alone = run_in_process({"check", mdp.path(), "--prop", "Pmax=? [ F<=2 x=2 ]", "--as", "mod"});
  CHECK(alone.status == 0);
  CHECK(alone.out == "Pmax=? [ F<=2 x=2 ]\t1\n");
}

TEST_CASE("check reads the model from standard input", "[tool][check]") {
  if (!exactdp::test::tool_built()) return;
  const auto r = exactdp::test::run_tool({"check", "-", "--prop", "R=? [ F \"two_sixes\" ]", "--as", "exact"},
                                         exactdp::test::read_all(sixes));
  CHECK(r.status == 0);
  CHECK(r.out == "R=? [ F \"two_sixes\" ]\t42\n");  // NAME<TAB>VALUE
}

TEST_CASE("check --export-values writes every state's exact value, double and residue", "[tool][check]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const exactdp::test::temp_file csv("values.csv", "");
  const auto r =
      exactdp::test::run_tool({"check", sixes, sixes_props, "--prop", "rolls", "--export-values", csv.path()});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("42") != std::string::npos);  // the answer is printed as without the option
  // Three states of the run of two sixes: 42 rolls from none, 36 from one, 0 when done.
  CHECK(exactdp::test::read_all(csv.path()) ==
        "state,last,done,exact,double,mod\n0,false,false,42,42,42\n1,true,false,36,36,36\n2,true,true,0,0,0\n");
  const exactdp::test::temp_file js("values.json", "");
  const auto j =
      exactdp::test::run_tool({"check", herman, herman_props, "--export-values", js.path(), "--modulus", "998244353"});
  INFO(j.out << j.err);
  REQUIRE(j.status == 0);
  const json doc = json::parse(exactdp::test::read_all(js.path()));
  CHECK(doc["property"] == "steps");
  CHECK(doc["modulus"] == 998244353);
  REQUIRE(doc["states"].size() == 8);
  // Herman's ring with 3 processes: 4/3 steps from the 2 states of 3 tokens, 0 from the 6 stable ones.
  std::size_t thirds = 0, zeros = 0;
  for (const json& s : doc["states"]) {
    CHECK(s["variables"].size() == 3);
    if (s["exact"] == "4/3") {
      ++thirds;
      CHECK(s["double"].get<double>() == 4.0 / 3);
      CHECK(s["mod"] == 332748119);  // 4/3 mod 998244353
    } else if (s["exact"] == "0") {
      ++zeros;
    }
  }
  CHECK(thirds == 2);
  CHECK(zeros == 6);
  // The JSON document is built in memory: its size is checked against the
  // state budget first. A line of 10,001 states: its solve and the state
  // space held beside it fit in 0.0053 GiB (5.4 MiB: the decision model is
  // charged 4.3 MiB, the space 0.8 MiB), its document (about 7 fields of
  // 80 bytes a state, 5.4 MiB) and the space do not.
  const exactdp::test::temp_file line(
      "line.pm", "dtmc\nmodule m\n  x : [0..10000] init 0;\n  [] x<10000 -> (x'=x+1);\nendmodule\n");
  const auto tight = exactdp::test::run_tool(
      {"check", line.path(), "--prop", "P=? [ F x=10000 ]", "--export-values", js.path(), "--max-memory", "0.0053"});
  INFO(tight.err);
  CHECK(tight.status == 1);  // a budget refusal, as everywhere
  CHECK(tight.err.find("the --export-values JSON document needs") != std::string::npos);
}

TEST_CASE("check --export-values: infinite values, and every refusal before the work", "[tool][check]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const exactdp::test::temp_file csv("inf.csv", "");
  const auto inf = exactdp::test::run_tool(
      {"check", sixes, "--prop", "R=? [ F false ]", "--export-values", csv.path(), "--as", "exact"});
  CHECK(inf.status == 0);  // the answer at the initial state is Infinity
  CHECK(inf.out == "R=? [ F false ]\tInfinity\n");
  CHECK(exactdp::test::read_all(csv.path()).find("\n0,false,false,Infinity,inf,\n") != std::string::npos);
  const auto ext = exactdp::test::run_tool({"check", sixes, sixes_props, "--prop", "1", "--export-values", "v.txt"});
  CHECK(ext.status == 2);
  CHECK(ext.err == "exactdp: error: --export-values 'v.txt': the file's name must end in .csv or .json (its format)\n");
  const auto dir = exactdp::test::run_tool(
      {"check", sixes, sixes_props, "--prop", "1", "--export-values", "/nonexistent-dir/v.csv"});
  CHECK(dir.status == 2);
  CHECK(dir.err.find("--export-values cannot write '/nonexistent-dir/v.csv': No such file or directory") !=
        std::string::npos);
  const std::string fresh = "/tmp/exactdp-test-fresh-" + std::to_string(::getpid()) + ".csv";
  const auto several = exactdp::test::run_tool({"check", sixes, sixes_props, "--export-values", fresh});
  CHECK(several.status == 2);
  CHECK(several.err.find("--export-values writes the values of one property: choose one with --prop (4 properties "
                         "are selected)") != std::string::npos);
  CHECK(!std::ifstream(fresh).good());  // the probe leaves no file behind
  const exactdp::test::temp_file coin("coin.pm",
                                      "dtmc\nconst int N;\nmodule c\n  x : [0..N];\n"
                                      "  [] x<N -> 1/2 : (x'=x+1) + 1/2 : (x'=0);\nendmodule\n");
  const auto range = exactdp::test::run_tool(
      {"check", coin.path(), "--prop", "P=? [ F x=N ]", "--const", "N=1:2", "--export-values", fresh});
  CHECK(range.status == 2);
  CHECK(range.err.find("--export-values writes the values of one model: give each --const one value") !=
        std::string::npos);
  const auto refused =
      exactdp::test::run_tool({"check", sixes, sixes_props, "--prop", "cheap", "--export-values", fresh});
  CHECK(refused.status == 2);
  CHECK(refused.err.find("reward-bounded F") != std::string::npos);
  // The export never replaces an input: a JANI model is a .json file too.
  const exactdp::test::temp_file model("model.json", exactdp::test::read_all(coin.path()));
  const auto over = exactdp::test::run_tool({"check", model.path(), "--prop", "P=? [ F x=N ]", "--const", "N=2",
                                             "--export-values", "/tmp/../" + model.path()});
  CHECK(over.status == 2);
  CHECK(over.err.find("is the model file itself") != std::string::npos);
  CHECK(exactdp::test::read_all(model.path()) == exactdp::test::read_all(coin.path()));
  const exactdp::test::temp_file props("props.csv", "P=? [ F x=N ]\n");
  const auto over_props =
      exactdp::test::run_tool({"check", coin.path(), props.path(), "--const", "N=2", "--export-values", props.path()});
  CHECK(over_props.status == 2);
  CHECK(over_props.err.find("is the properties file itself") != std::string::npos);
  CHECK(exactdp::test::read_all(props.path()) == "P=? [ F x=N ]\n");
}

TEST_CASE("check: a JANI model's names with control characters, commas and quotes are printed safely",
          "[tool][check]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  // JANI names may hold any character: a variable named a,"b (a comma and a
  // quote), an automaton whose name turns the text red (shown in the
  // header's deadlock state), and a property whose name sets the terminal's
  // title and clears the screen (ESC ] 0 ; x BEL ESC [ 2 J).
  const exactdp::test::temp_file model("names.jani", R"({
  "jani-version": 1, "name": "names", "type": "dtmc",
  "variables": [{"name": "a,\"b", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1},
                 "initial-value": 0}],
  "automata": [{"name": "A\u001b[31m", "initial-locations": ["l"], "locations": [{"name": "l"}, {"name": "m"}],
    "edges": [{"location": "l", "guard": {"exp": {"op": "=", "left": "a,\"b", "right": 0}},
      "destinations": [{"location": "l", "probability": {"exp": 0.25}, "assignments": [{"ref": "a,\"b", "value": 1}]},
                       {"location": "l", "probability": {"exp": 0.75}}]}]}],
  "system": {"elements": [{"automaton": "A\u001b[31m"}]},
  "properties": [{"name": "p\u001b]0;x\u0007\u001b[2J\tq", "expression": {"op": "filter", "fun": "values",
    "states": {"op": "initial"}, "values": {"op": "Pmin", "exp": {"op": "F", "exp": {"op": "=", "left": "a,\"b", "right": 1}}}}}]
})");
  const exactdp::test::temp_file csv("names.csv", "");
  const auto r = exactdp::test::run_tool({"check", model.path(), "--export-values", csv.path()});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  for (const char c : r.out) CHECK((c == '\n' || static_cast<unsigned char>(c) >= 0x20));
  CHECK(r.out.find("\"p\\x1b]0;x\\x07\\x1b[2J\\tq\"") != std::string::npos);
  CHECK(r.out.find("exact   1") != std::string::npos);  // reached with probability 1
  // The CSV header keeps the variable's name as one quoted field (RFC 4180),
  // and shows the automaton's location variable escaped, as the text does.
  CHECK(exactdp::test::read_all(csv.path()) ==
        "state,\"a,\"\"b\",A\\x1b[31m.location,exact,double,mod\n0,0,0,1,1,1\n1,1,0,1,1,1\n");
  // The JSON keeps the name as it is, escaped by JSON's rules.
  const json doc = run_json({"check", model.path()});
  CHECK(doc["answers"][0]["property"].get<std::string>().find("p\x1b]0;x\a\x1b[2J\tq") != std::string::npos);
}

TEST_CASE("check --as double: step-bounded reachability near 1 and its tiny complement", "[tool][check]") {
  if (!exactdp::test::tool_built()) return;
  // 1 - (511/512)^50000 is 1 - 3.5e-43: F<=k stopped changing at 1 - 2e-14
  // (a round adding under half an ulp), and G<=k, 1 - F, printed 2e-14.
  const std::string model =
      "dtmc\nmodule m\n  s : [0..1];\n  [] s=0 -> 1/512 : (s'=1) + 511/512 : (s'=0);\n  [] s=1 -> true;\nendmodule\n";
  const auto f = exactdp::test::run_tool({"check", "-", "--prop", "P=? [ F<=50000 s=1 ]", "--as", "double"}, model);
  CHECK(f.status == 0);
  CHECK(f.out == "P=? [ F<=50000 s=1 ]\t1\n");
  const auto g = exactdp::test::run_tool({"check", "-", "--prop", "P=? [ G<=50000 s=0 ]", "--as", "double"}, model);
  CHECK(g.status == 0);
  CHECK(g.out.rfind("P=? [ G<=50000 s=0 ]\t3.5233675005391", 0) == 0);  // (511/512)^50000 = 3.523367500539188e-43
}
