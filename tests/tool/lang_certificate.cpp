// check --certificate on PRISM-language and JANI models, and verify of what
// it writes: certificates of DTMC and MDP properties verify with check's
// value; a changed value or strategy is rejected naming the state (its
// valuation); other constants and other models are refused by digest;
// properties that a certificate does not cover, ranges and several
// properties are refused before anything is built.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/paths.hpp"
#include "support/run_in_process.hpp"
#include "support/run_tool.hpp"
#include "support/temp_file.hpp"
#include "support/tool_result.hpp"

using Catch::Contains;
using exactdp::test::read_all;
using exactdp::test::run_in_process;
using exactdp::test::run_tool;
using exactdp::test::source_path;
using exactdp::test::temp_file;
using nlohmann::json;

namespace {

const std::string qvbs = "tests/data/qvbs/";
const std::string herman = source_path(qvbs + "dtmc/herman/herman.3.prism");
const std::string herman_props = source_path(qvbs + "dtmc/herman/herman.props");
const std::string brp = source_path(qvbs + "dtmc/brp/brp.prism");
const std::string consensus = source_path(qvbs + "mdp/consensus/consensus.2.prism");
const std::string consensus_props = source_path(qvbs + "mdp/consensus/consensus.props");
const std::string consensus_jani = source_path(qvbs + "models/mdp/consensus/consensus.2.jani");
const std::string herman_jani = source_path(qvbs + "models/dtmc/herman/herman.3.jani");

// Runs check with --certificate into `cert` (in-process), and returns
// check's --json document.
json certify(std::vector<std::string> args, const temp_file& cert) {
  args.insert(args.end(), {"--certificate", cert.path(), "--json", "--as", "exact"});
  const auto r = run_in_process(args);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  return json::parse(r.out);
}

json verify(const std::string& model, const std::string& cert, int status, std::vector<std::string> more = {}) {
  std::vector<std::string> args{"verify", model, cert, "--json"};
  args.insert(args.end(), more.begin(), more.end());
  const auto r = run_in_process(args);
  INFO(r.out << r.err);
  REQUIRE(r.status == status);
  return json::parse(r.out);
}

// The certificate verifies, and its value at the start is check's answer.
json certify_and_verify(const std::vector<std::string>& args, const std::string& model, const std::string& name) {
  const temp_file cert(name + ".cert.json", "");
  const json answer = certify(args, cert);
  const json c = json::parse(read_all(cert.path()));
  const json report = verify(model, cert.path(), 0);
  CHECK(report["verified"] == true);
  CHECK(report["value"] == answer["answers"][0]["exact"]);
  CHECK(report["start"] == c["query"]["start"]);
  CHECK(c["states"][0].get<std::string>().front() == '(');
  return c;
}

}  // namespace

TEST_CASE("check --certificate: DTMC, MDP and JANI certificates verify with check's value", "[tool][verify]") {
  // A DTMC's expected reward (a filter over the initial states, every state's value certified).
  json c = certify_and_verify({"check", herman, herman_props, "--prop", "steps"}, herman, "herman");
  CHECK(c["model"]["format"] == "prism-language");
  CHECK(c["query"]["kind"] == "chain");
  CHECK(c["query"]["objective"] == "steps");
  // A DTMC's reachability, with constants.
  c = certify_and_verify({"check", brp, "--prop", "P=? [ F s=5 ]", "--const", "N=4,MAX=2"}, brp, "brp");
  CHECK(c["query"]["objective"] == "reach");
  CHECK(c["model"]["constants"] == "N=4,MAX=2");
  CHECK(c["query"]["target"] == "P=? [ F s=5 ]");
  // An MDP, every optimum.
  for (const char* prop : {"c2", "disagree", "steps_max", "steps_min"}) {
    INFO(prop);
    c = certify_and_verify({"check", consensus, consensus_props, "--prop", prop, "--const", "K=2"}, consensus,
                           "consensus");
    CHECK(c["query"]["kind"] == "mdp");
    CHECK(c["strategy"].size() == c["states"].size());
  }
  // JANI: the target is the property's name.
  c = certify_and_verify({"check", consensus_jani, "--prop", "disagree", "--const", "K=2"}, consensus_jani, "jani");
  CHECK(c["model"]["format"] == "jani");
  CHECK(c["query"]["objective"] == "pmax");
  CHECK(c["query"]["target"] == "disagree");
  c = certify_and_verify({"check", herman_jani, "--prop", "steps"}, herman_jani, "herman_jani");
  CHECK(c["query"]["objective"] == "steps");
}

TEST_CASE("check --certificate of filter(max), filter(min) or filter(first) starts at the state of check's value",
          "[tool][verify]") {
  // Two initial states, x=0 reaching x=2 with probability 1/2 and reward 1,
  // x=1 with 3/4 and reward 5: the first initial state attains only the minima.
  const temp_file model("filters.pm",
                        "dtmc\nmodule m\n  x : [0..3];\n  [] x=0 -> 1/2 : (x'=2) + 1/2 : (x'=3);\n"
                        "  [] x=1 -> 3/4 : (x'=2) + 1/4 : (x'=3);\n  [] x>=2 -> true;\nendmodule\n"
                        "init x<=1 endinit\nrewards \"r\"\n  x=0 : 1;\n  x=1 : 5;\nendrewards\n");
  const std::vector<std::vector<std::string>> cases = {
      {"filter(max, P=? [ F x=2 ], \"init\")", "3/4", "(x=1)"},
      {"filter(min, P=? [ F x=2 ], \"init\")", "1/2", "(x=0)"},
      {"filter(max, R=? [ F x>=2 ], \"init\")", "5", "(x=1)"},
      {"filter(min, R=? [ F x>=2 ], x=1)", "5", "(x=1)"},
      {"filter(first, P=? [ F x=2 ], x=1)", "3/4", "(x=1)"},
  };
  for (const auto& c : cases) {
    INFO(c[0]);
    const json cert = certify_and_verify({"check", model.path(), "--prop", c[0]}, model.path(), "filters");
    CHECK(cert["query"]["start"] == c[2]);
    const auto& states = cert["states"];
    const auto at = std::find(states.begin(), states.end(), c[2]) - states.begin();
    CHECK(cert["values"][static_cast<std::size_t>(at)] == c[1]);
  }
}

TEST_CASE("verify rejects a changed value or strategy of a PRISM-language certificate, naming the state",
          "[tool][verify]") {
  const temp_file cert("consensus.cert.json", "");
  certify({"check", consensus, consensus_props, "--prop", "disagree", "--const", "K=2"}, cert);
  const json good = json::parse(read_all(cert.path()));
  const std::string first = good["states"][0];

  json c = good;
  c["values"][0] = "1/7";
  const temp_file value("value.cert.json", c.dump(1));
  json r = verify(consensus, value.path(), 1);
  CHECK(r["verified"] == false);
  CHECK(r["state"] == first);
  CHECK_THAT(r["reason"].get<std::string>(), Contains("value 1/7"));

  c = good;
  c["strategy"][0] = 99;
  const temp_file strategy("strategy.cert.json", c.dump(1));
  r = verify(consensus, strategy.path(), 1);
  CHECK(r["state"] == first);
  CHECK_THAT(r["reason"].get<std::string>(), Contains("the strategy picks choice 99"));

  // A rank that is not the distance to the target.
  c = good;
  std::size_t at = 0;
  while (at < c["rank"].size() && !(c["rank"][at].is_number() && c["rank"][at].get<int>() > 0)) ++at;
  REQUIRE(at < c["rank"].size());
  c["rank"][at] = c["rank"][at].get<int>() + 1;
  const temp_file rank("rank.cert.json", c.dump(1));
  r = verify(consensus, rank.path(), 1);
  CHECK(r["state"] == good["states"][at]);

  // The objective of another property: not this certificate's.
  c = good;
  c["query"]["objective"] = "pmin";
  const temp_file objective("objective.cert.json", c.dump(1));
  const auto o = run_in_process({"verify", consensus, objective.path()});
  // A reward_model: the property names its reward structure (a tester's finding: it was not compared).
  c = good;
  c["model"]["reward_model"] = "bogus";
  const temp_file reward("reward.cert.json", c.dump(1));
  const auto w = run_in_process({"verify", consensus, reward.path()});
  CHECK(w.status == 1);
  CHECK_THAT(w.out, Contains("model has no reward_model, not 'bogus'"));
  CHECK(o.status == 1);  // the digest matched: a certificate that does not fit its model is refused
  CHECK_THAT(o.out, Contains("not verified: the certificate's objective 'pmin' is not that of its property"));
}

TEST_CASE("verify refuses a PRISM-language certificate for other constants or another model", "[tool][verify]") {
  const temp_file cert("brp.cert.json", "");
  certify({"check", brp, "--prop", "P=? [ F s=5 ]", "--const", "N=4,MAX=2"}, cert);
  json r = verify(brp, cert.path(), 1, {"--const", "N=4,MAX=3"});
  CHECK_THAT(r["reason"].get<std::string>(), Contains("written with other constants"));
  // The same values in another order, and as other numerals, are the same constants.
  r = verify(brp, cert.path(), 0, {"--const", "MAX=2.0,N=8/2"});
  CHECK(r["verified"] == true);
  r = verify(herman, cert.path(), 1);
  CHECK_THAT(r["reason"].get<std::string>(), Contains("written for another model"));
  // The certificate's own constants changed, with their digest: other states.
  json c = json::parse(read_all(cert.path()));
  c["model"]["constants"] = "N=4,MAX=3";
  c["model"]["constants_sha256"] = "a0a1a6c6f4d2c79c8f3f3dd0c5ef7c3b1c1c5c1e1b2c93d8a5f4f2b7a9c3e1d2";
  const temp_file other("other.cert.json", c.dump(1));
  r = verify(brp, other.path(), 1);
  CHECK_THAT(r["reason"].get<std::string>(), Contains("do not match its constants_sha256"));
}

TEST_CASE("check --certificate refuses what it does not cover, before building", "[tool][verify]") {
  const temp_file cert("refused.cert.json", "");
  auto refused = [&](std::vector<std::string> args, const std::string& words) {
    args.insert(args.end(), {"--certificate", cert.path()});
    const auto r = run_in_process(args);
    INFO(r.out << r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Contains(words));
    CHECK(r.out.empty());
  };
  const std::string covered = "a certificate covers P=? [F φ] and R=? [F φ] on a DTMC";
  refused({"check", consensus, consensus_props, "--prop", "c1", "--const", "K=2"}, covered);
  refused({"check", brp, "--prop", "P=? [ F<=10 s=5 ]", "--const", "N=4,MAX=2"}, covered);
  refused({"check", brp, "--prop", "P=? [ G s!=5 ]", "--const", "N=4,MAX=2"}, covered);
  refused({"check", consensus_jani, "--prop", "c1", "--const", "K=2"}, covered);
  refused({"check", consensus, consensus_props, "--const", "K=2"},
          "--certificate writes the values of one property: choose one with --prop (5 properties are selected)");
  refused({"check", brp, "--prop", "P=? [ F s=5 ]", "--const", "N=4,MAX=2:3"},
          "--certificate writes the values of one model: give each --const one value");
}

TEST_CASE("check --certificate and verify as processes", "[tool][verify]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const temp_file cert("process.cert.json", "");
  const auto w = run_tool({"check", herman, herman_props, "--certificate", cert.path()});
  INFO(w.out << w.err);
  REQUIRE(w.status == 0);
  CHECK_THAT(w.out, Contains("certificate") && Contains("written to"));
  const auto v = run_tool({"verify", herman, cert.path()});
  INFO(v.out << v.err);
  CHECK(v.status == 0);
  CHECK_THAT(v.out, Contains("verified: the value at state (x1=") && Contains("is 4/3"));
  std::string text = read_all(cert.path());
  const std::size_t at = text.find("\"4/3\"");
  REQUIRE(at != std::string::npos);
  const temp_file bad("process.bad.json", text.replace(at, 5, "\"5/3\""));
  const auto b = run_tool({"verify", herman, bad.path()});
  CHECK(b.status == 1);
  CHECK_THAT(b.out, Contains("not verified: state (x1="));
  const auto in =
      run_tool({"check", "-", "--prop", "P=? [ F \"stable\" ]", "--certificate", cert.path()}, read_all(herman));
  CHECK(in.status == 2);
  CHECK_THAT(in.err, Contains("needs the model in a file") && Contains("not on standard input"));
}

TEST_CASE("check --certificate of an infinite expected reward: the answer Infinity, and the certificate proves it",
          "[tool][verify]") {
  const std::string sixes = source_path("examples/prism/two_sixes.pm");
  const temp_file cert("infinite.cert.json", "");
  const auto w = run_in_process({"check", sixes, "--prop", "R=? [ F false ]", "--certificate", cert.path()});
  CHECK(w.status == 0);  // an infinite value is an answer, as without --certificate
  CHECK_THAT(w.out, Contains("certificate  written to " + cert.path()) && Contains("    exact   Infinity\n"));
  const json report = verify(sixes, cert.path(), 0);
  CHECK(report["verified"] == true);
  CHECK(report["value"] == "inf");
  // The certificate and the exported values in one file: refused before any work.
  const auto same = run_in_process(
      {"check", sixes, "--prop", "R=? [ F done ]", "--certificate", cert.path(), "--export-values", cert.path()});
  CHECK(same.status == 2);
  CHECK_THAT(same.err, Contains("--certificate and --export-values name one file"));
}
