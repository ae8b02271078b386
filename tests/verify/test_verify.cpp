// The checker of certificates (exactdp/verify): every certificate the
// solvers write verifies, and every single change to one is rejected with
// the failing state named; digests tie a certificate to its model; PRISM-
// language models: the properties covered and the model read back.
#include <array>
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include <unistd.h>

#include "decision/oracle.hpp"
#include "exactdp/certify/plain_values.hpp"
#include "exactdp/decision/certify.hpp"
#include "exactdp/decision/model_files.hpp"
#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/lang/certificate_model.hpp"
#include "exactdp/markov/absorption.hpp"
#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/certify/writer.hpp"
#include "exactdp/verify/certificate.hpp"
#include "exactdp/verify/lang_model.hpp"
#include "exactdp/verify/verify.hpp"

using namespace exactdp;

namespace {

const char* name_of(decision_objective o) { return to_string(o); }

// A certificate of an MDP query (the target as the label "goal" of vm).
certificate mdp_certificate(const decision_model& m, const decision_query& q, verify_model& vm) {
  vm.labels["goal"] = q.target;
  certificate c;
  c.kind = "mdp";
  c.objective = name_of(q.objective);
  c.target = "goal";
  c.start = m.name(0);
  for (std::size_t s = 0; s < m.size(); ++s) c.states.push_back(m.name(s));
  decision_witness w = certify_decision(m, q, optimal_decision<Rational>(m, q));
  c.values = std::move(w.values);
  c.strategy = std::move(w.strategy);
  c.rank = std::move(w.rank);
  return c;
}

// A random chain: 2..n states, some absorbing, 1-3 successors, weights 1..3,
// rewards 0..2 (or the default 1 a step).
markov_model random_chain(std::mt19937& rng, std::size_t n) {
  markov_builder b("chain");
  for (std::size_t s = 0; s < n; ++s) b.state("s" + std::to_string(s));
  const bool rewards = rng() % 2 == 0;
  for (std::size_t s = 0; s < n; ++s) {
    if (rng() % 100 < 20) {
      b.absorbing(s);
      continue;
    }
    std::vector<std::pair<std::size_t, int>> out;
    const int succ = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < succ; ++i) {
      const std::size_t t = rng() % 100 < 20 ? s : rng() % n;
      bool dup = false;
      for (const auto& [u, w] : out) dup = dup || u == t;
      if (!dup) out.emplace_back(t, 1 + static_cast<int>(rng() % 3));
    }
    if (out.size() == 1 && out[0].first == s) out[0].first = (s + 1) % n;
    int total = 0;
    for (const auto& [t, w] : out) total += w;
    for (const auto& [t, w] : out) b.transition(s, t, Rational(w) / total);
    if (rewards) b.reward(s, Rational(static_cast<int>(rng() % 3)));
  }
  return b.build();
}

// The states with a choice into s, and s.
std::set<std::size_t> near(const verify_model& m, std::size_t s) {
  std::set<std::size_t> out{s};
  for (std::size_t u = 0; u < m.size(); ++u)
    for (std::size_t c = m.choice_begin[u]; c < m.choice_begin[u + 1]; ++c)
      for (std::size_t e = m.edge_begin[c]; e < m.edge_begin[c + 1]; ++e)
        if (m.to[e] == s) out.insert(u);
  return out;
}

void require_rejected_near(const verify_model& m, const certificate& c, std::size_t s) {
  const verify_report r = check_certificate(m, c);
  INFO("mutated state " << m.names[s] << "; reason: " << r.reason);
  REQUIRE_FALSE(r.verified);
  REQUIRE(r.state);
  REQUIRE(near(m, s).contains(*r.state));
  REQUIRE(r.reason.find("state " + m.names[*r.state]) == 0);
}

// One-step value of global choice k under the certificate's values (nullopt: infinite).
std::optional<Rational> step_value(const verify_model& m, const certificate& c, std::size_t k, bool reward) {
  Rational v = reward ? m.reward[k] : Rational(0);
  for (std::size_t e = m.edge_begin[k]; e < m.edge_begin[k + 1]; ++e) {
    if (!c.values[m.to[e]]) return std::nullopt;
    v += m.probability[e] * *c.values[m.to[e]];
  }
  return v;
}

// Writes an MDP or a game in the JSON decision format (docs/decision.md).
std::string decision_json(const decision_model& m, const std::vector<std::size_t>& target) {
  std::string out = "{\"nodes\": [\n";
  for (std::size_t s = 0; s < m.size(); ++s) {
    const bool terminal = m.choice_count(s) == 0;
    out += std::string(s ? ",\n" : "") + "{\"id\": \"" + m.name(s) + "\", \"kind\": \"" +
           (terminal ? "terminal" : to_string(m.owner(s))) + "\"";
    if (terminal) out += ", \"payoff\": \"" + to_string(m.payoff(s)) + "\"";
    if (!terminal) {
      out += ", \"choices\": [";
      for (std::size_t c = m.choice_begin()[s]; c < m.choice_begin()[s + 1]; ++c) {
        out += std::string(c > m.choice_begin()[s] ? ", " : "") + "{\"reward\": \"" + to_string(m.reward(c)) +
               "\", \"to\": {";
        for (std::size_t e = m.edge_begin()[c]; e < m.edge_begin()[c + 1]; ++e)
          out += std::string(e > m.edge_begin()[c] ? ", " : "") + "\"" + m.name(m.targets()[e]) + "\": \"" +
                 to_string(m.probabilities()[e]) + "\"";
        out += "}}";
      }
      out += "]";
    }
    out += "}";
  }
  out += "],\n\"labels\": {\"goal\": [";
  for (std::size_t i = 0; i < target.size(); ++i) out += std::string(i ? ", " : "") + "\"" + m.name(target[i]) + "\"";
  return out + "]}}\n";
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("exactdp_verify_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

}  // namespace

TEST_CASE("every MDP certificate the solver writes verifies", "[verify]") {
  std::mt19937 rng(2401);
  int verified = 0;
  for (int iter = 0; iter < 250; ++iter) {
    const std::size_t n = 2 + rng() % 10;
    const decision_model m = test::random_decision_model(rng, n, false);
    decision_query q;
    q.target = test::random_target(rng, n);
    for (const auto o :
         {decision_objective::pmax, decision_objective::pmin, decision_objective::rmax, decision_objective::rmin}) {
      q.objective = o;
      verify_model vm = to_verify_model(m);
      const certificate c = mdp_certificate(m, q, vm);
      const verify_report r = check_certificate(vm, c);
      INFO("model " << iter << ", " << name_of(o) << ": " << r.reason);
      REQUIRE(r.verified);
      REQUIRE(r.state == std::nullopt);
      REQUIRE_FALSE(r.theorem.empty());
      ++verified;
    }
  }
  REQUIRE(verified == 1000);
}

TEST_CASE("every chain certificate verifies, checked on the chain as its reader reads it", "[verify]") {
  std::mt19937 rng(2402);
  for (int iter = 0; iter < 200; ++iter) {
    const std::size_t n = 2 + rng() % 12;
    const markov_model chain = random_chain(rng, n);
    const decision_model m = to_decision_model(to_explicit_model(chain));
    std::vector<std::size_t> target = test::random_target(rng, n);
    const bool absorbing_target = rng() % 3 == 0;
    if (absorbing_target) {
      target.clear();
      for (std::size_t s = 0; s < n; ++s)
        if (chain.is_absorbing(s)) target.push_back(s);
    }
    for (const auto o : {decision_objective::pmax, decision_objective::rmin}) {
      decision_query q;
      q.objective = o;
      q.target = target;
      verify_model vm = to_verify_model(chain);
      certificate c = mdp_certificate(m, q, vm);
      c.kind = "chain";
      c.objective = o == decision_objective::pmax ? "reach" : "steps";
      c.strategy.clear();
      if (absorbing_target) c.target.reset();
      const verify_report r = check_certificate(vm, c);
      INFO("chain " << iter << ", " << c.objective << ": " << r.reason);
      REQUIRE(r.verified);
    }
  }
}

TEST_CASE("a chain's certificate of rewards of any sign verifies, and its values are the chain's", "[verify]") {
  // chain_solution (the tool's chain --certificate) on random chains whose
  // rewards are -2..2: every certificate verifies, every finite value is
  // the chain solver's expected reward from that state (infinite where the
  // solver says so), and a value moved by 1/10^9 is refused.
  std::mt19937 rng(2420);
  int negative = 0, infinite = 0, finite = 0;
  for (int iter = 0; iter < 150; ++iter) {
    const std::size_t n = 2 + rng() % 10;
    markov_builder b("chain");
    for (std::size_t s = 0; s < n; ++s) b.state("s" + std::to_string(s));
    bool any_negative = false;
    for (std::size_t s = 0; s < n; ++s) {
      if (rng() % 100 < 25) {
        b.absorbing(s);
        continue;
      }
      const std::size_t t = (s + 1 + rng() % (n - 1)) % n;
      const std::size_t u = rng() % n;
      if (u == t) {
        b.transition(s, t, Rational(1));
      } else {
        b.transition(s, t, Rational(1, 3));
        b.transition(s, u, Rational(2, 3));
      }
      const int r = static_cast<int>(rng() % 5) - 2;
      any_negative = any_negative || r < 0;
      b.reward(s, Rational(r));
    }
    b.reward_structure();
    const markov_model chain = b.build();
    const decision_model m = to_decision_model(to_explicit_model(chain));
    decision_query q;
    q.objective = decision_objective::rmin;
    q.target = test::random_target(rng, n);
    decision_witness w = certify_decision(m, q, chain_solution(m, q));
    verify_model vm = to_verify_model(chain);
    vm.labels["goal"] = q.target;
    certificate c;
    c.kind = "chain";
    c.objective = "steps";
    c.target = "goal";
    c.start = m.name(0);
    for (std::size_t s = 0; s < n; ++s) c.states.push_back(m.name(s));
    c.values = std::move(w.values);
    c.rank = std::move(w.rank);
    const verify_report r = check_certificate(vm, c);
    INFO("chain " << iter << ": " << r.reason);
    REQUIRE(r.verified);
    negative += any_negative ? 1 : 0;
    const markov_chain<Rational> mc(chain);
    auto from = [&q](std::size_t s) {
      markov_query mq;
      mq.start = s;
      mq.target = q.target;
      return mq;
    };
    for (std::size_t s = 0; s < n; ++s) {
      if (std::ranges::find(q.target, s) != q.target.end()) continue;
      if (!c.values[s]) {
        REQUIRE_THROWS_AS(expected_steps(mc, from(s)), infinite_value_error);
        ++infinite;
      } else {
        REQUIRE(*c.values[s] == expected_steps(mc, from(s)));
        ++finite;
      }
    }
    for (std::size_t s = 0; s < n; ++s)
      if (c.values[s] && std::ranges::find(q.target, s) == q.target.end()) {
        certificate bad = c;
        *bad.values[s] += Rational(1) / Rational(1'000'000'000);
        require_rejected_near(vm, bad, s);
        break;
      }
  }
  CHECK(negative >= 100);
  CHECK(infinite >= 100);
  CHECK(finite >= 100);
}

TEST_CASE("values without a short common denominator are checked as plain rationals", "[verify]") {
  // State s_i reaches the goal with probability 1/(10^30 + i): the lcm of
  // the values' denominators is far longer than any one of them, so the
  // checker sums these equations as rationals (scale_values' fallback).
  markov_builder b("far apart");
  const std::size_t goal = b.state("goal"), lose = b.state("lose");
  b.absorbing(goal);
  b.absorbing(lose);
  for (int i = 1; i <= 8; ++i) {
    const std::size_t s = b.state("s" + std::to_string(i));
    const Rational p = Rational(1) / (pow(BigInt(10), 30) + i);
    b.transition(s, goal, p);
    b.transition(s, lose, 1 - p);
  }
  const markov_model chain = b.build();
  const decision_model m = to_decision_model(to_explicit_model(chain));
  decision_query q;
  q.objective = decision_objective::pmax;
  q.target = {goal};
  verify_model vm = to_verify_model(chain);
  certificate c = mdp_certificate(m, q, vm);
  c.kind = "chain";
  c.objective = "reach";
  c.strategy.clear();
  REQUIRE(check_certificate(vm, c).verified);
  *c.values[5] += Rational(1) / Rational(1'000'000'000);
  const verify_report r = check_certificate(vm, c);
  REQUIRE_FALSE(r.verified);
  REQUIRE(r.state == 5);
  REQUIRE(r.reason.find("state s4: the equation fails") == 0);
}

TEST_CASE("mutations of 100 certificates are each rejected at the state they touch", "[verify][mutation]") {
  std::mt19937 rng(2403);
  const decision_objective objectives[] = {decision_objective::pmax, decision_objective::pmin, decision_objective::rmax,
                                           decision_objective::rmin};
  const std::string model_file = temp_path("model.json");
  int values = 0, strategies = 0, ranks = 0, digests = 0;
  for (int iter = 0; iter < 100; ++iter) {
    const std::size_t n = 3 + rng() % 10;
    const decision_model m = test::random_decision_model(rng, n, false);
    decision_query q;
    q.target = test::random_target(rng, n);
    q.objective = objectives[iter % 4];
    const bool reward = q.objective == decision_objective::rmax || q.objective == decision_objective::rmin;
    const bool maximise = q.objective == decision_objective::pmax || q.objective == decision_objective::rmax;
    verify_model vm = to_verify_model(m);
    const certificate good = mdp_certificate(m, q, vm);
    REQUIRE(check_certificate(vm, good).verified);
    std::vector<char> is_target(n, 0);
    for (const std::size_t t : q.target) is_target[t] = 1;

    // One value changed by 1/10^9.
    std::vector<std::size_t> finite;
    for (std::size_t s = 0; s < n; ++s)
      if (good.values[s]) finite.push_back(s);
    if (!finite.empty()) {
      const std::size_t s = finite[rng() % finite.size()];
      certificate bad = good;
      *bad.values[s] += Rational(1) / Rational(1'000'000'000);
      require_rejected_near(vm, bad, s);
      ++values;
    }
    // One choice changed to a worse one.
    for (std::size_t s = 0; s < n; ++s) {
      if (is_target[s] || !good.values[s] || m.choice_count(s) < 2) continue;
      std::optional<std::uint32_t> worse;
      for (std::uint32_t i = 0; i < m.choice_count(s) && !worse; ++i) {
        const std::optional<Rational> v = step_value(vm, good, m.choice_begin()[s] + i, reward);
        if (!v ? !maximise : (maximise ? *v < *good.values[s] : *v > *good.values[s])) worse = i;
      }
      if (!worse) continue;
      certificate bad = good;
      bad.strategy[s] = *worse;
      const verify_report r = check_certificate(vm, bad);
      INFO("choice " << *worse << " at state " << s << ": " << r.reason);
      REQUIRE_FALSE(r.verified);
      REQUIRE(r.state == s);
      ++strategies;
      break;
    }
    // One rank (of a state of positive probability or finite value) changed.
    std::vector<std::size_t> ranked;
    for (std::size_t s = 0; s < n; ++s)
      if (good.rank[s] >= 0 && good.values[s]) ranked.push_back(s);
    if (!ranked.empty()) {
      const std::size_t s = ranked[rng() % ranked.size()];
      certificate bad = good;
      bad.rank[s] += 1 + static_cast<std::int64_t>(rng() % 3);
      require_rejected_near(vm, bad, s);
      ++ranks;
    }
    // The digest: the model on disk, the certificate of it, then another digest.
    write_file(model_file, decision_json(m, q.target));
    certificate on_disk = good;
    on_disk.model = {model_file, "json", "", model_digest(model_file), "", sha256_hex("")};
    const verify_report fine = verify_certificate(model_file, on_disk);
    INFO(fine.reason);
    REQUIRE(fine.verified);
    std::string& digest = on_disk.model.sha256;
    const std::size_t at = rng() % digest.size();
    digest[at] = digest[at] == 'f' ? '0' : 'f';
    const verify_report refused = verify_certificate(model_file, on_disk);
    REQUIRE_FALSE(refused.verified);
    REQUIRE(refused.reason.find("written for another model") != std::string::npos);
    ++digests;
  }
  std::filesystem::remove(model_file);
  // Every kind of change was made many times (not a hard-coded answer: a
  // floor that catches a generator that stopped producing the case).
  CHECK(values >= 75);
  CHECK(strategies >= 20);
  CHECK(ranks >= 75);
  CHECK(digests == 100);
}

TEST_CASE("a certificate is refused for another model or other constants", "[verify]") {
  std::mt19937 rng(2404);
  const std::string a = temp_path("a.json"), b = temp_path("b.json");
  const decision_model ma = test::random_decision_model(rng, 6, false);
  const decision_model mb = test::random_decision_model(rng, 6, false);
  const std::vector<std::size_t> target{0};
  write_file(a, decision_json(ma, target));
  write_file(b, decision_json(mb, target));
  decision_query q;
  q.target = target;
  verify_model vm = to_verify_model(ma);
  certificate c = mdp_certificate(ma, q, vm);
  c.model = {a, "json", "", model_digest(a), "", sha256_hex("")};
  REQUIRE(verify_certificate(a, c).verified);
  {
    // The model's and the constants' digests in upper-case hex are the same digests.
    std::string text = certificate_text(c);
    for (const std::string& digest : {c.model.sha256, c.model.constants_sha256}) {
      std::string upper = digest;
      for (char& h : upper) h = static_cast<char>(std::toupper(static_cast<unsigned char>(h)));
      REQUIRE(upper != digest);
      REQUIRE(text.find(digest) != std::string::npos);
      text.replace(text.find(digest), upper.size(), upper);
    }
    const certificate read = read_certificate(text, "upper");
    REQUIRE(read.model.sha256 == c.model.sha256);
    REQUIRE(read.model.constants_sha256 == c.model.constants_sha256);
    REQUIRE(verify_certificate(a, read).verified);
  }
  const verify_report other = verify_certificate(b, c);
  REQUIRE_FALSE(other.verified);
  REQUIRE(other.reason.find("another model") != std::string::npos);
  const verify_report constants = verify_certificate(a, c, std::string("N=3"));
  REQUIRE_FALSE(constants.verified);
  REQUIRE(constants.reason.find("other constants") != std::string::npos);
  c.model.constants = "N=2";  // constants that do not match their own digest
  REQUIRE(verify_certificate(a, c).reason.find("constants") != std::string::npos);
  std::filesystem::remove(a);
  std::filesystem::remove(b);
}

TEST_CASE("a certificate survives its file format, and bad files are refused", "[verify]") {
  std::mt19937 rng(2405);
  const decision_model m = test::random_decision_model(rng, 7, false);
  decision_query q;
  q.target = {1, 2};
  q.objective = decision_objective::rmin;
  verify_model vm = to_verify_model(m);
  const certificate c = mdp_certificate(m, q, vm);
  const certificate back = read_certificate(certificate_text(c), "c.json");
  REQUIRE(back.values == c.values);
  REQUIRE(back.strategy == c.strategy);
  REQUIRE(back.rank == c.rank);
  REQUIRE(check_certificate(vm, back).verified);
  const std::string text = certificate_text(c);
  auto refused = [](const std::string& t, const std::string& words) {
    try {
      (void)read_certificate(t, "c.json");
      FAIL("accepted: " << t.substr(0, 200));
    } catch (const std::invalid_argument& e) {
      INFO(e.what());
      REQUIRE(std::string(e.what()).find(words) != std::string::npos);
    }
  };
  refused(text.substr(0, text.size() / 2), "not valid JSON");
  std::string v2 = text;
  v2.replace(v2.find("\"version\": 1"), 12, "\"version\": 2");
  refused(v2, "version 2 is not known");
  std::string no_values = text;
  no_values.replace(no_values.find("\"values\""), 8, "\"valeurs\"");
  refused(no_values, "unknown key");
  refused("{\"certificate\": \"exactdp\", \"version\": 1}", "has no key 'model'");
  std::string short_rank = text;
  short_rank.replace(short_rank.find("\"rank\": ["), 9, "\"rank\": [0,");
  refused(short_rank, "\"rank\" has");
  refused(std::string(100, '['), "");
}

TEST_CASE("values from elsewhere: the equations are checked and the witnesses are said to be unchecked", "[verify]") {
  const auto values = read_plain_values("state,value\n# a comment\na,1/3\nb,0.25\nc,inf\n", "v.csv");
  REQUIRE(values.size() == 3);
  REQUIRE(values[1].second == Rational(1) / 4);
  REQUIRE_FALSE(values[2].second);
  REQUIRE(read_plain_values("{\"a\": \"1/3\", \"b\": 0.5}", "v.json")[1].second == Rational(1) / 2);
  // +infinity as --check reads it, in any case and with a +; -inf is no value.
  for (const char* inf : {"INF", "+Infinity", "infinity"})
    REQUIRE_FALSE(read_plain_values(std::string("a,").append(inf).append("\n"), "v.csv")[0].second);
  REQUIRE_FALSE(read_plain_values("{\"a\": \"+inf\"}", "v.json")[0].second);
  REQUIRE_THROWS_WITH(read_plain_values("a,-inf\n", "v.csv"), Catch::Contains("v.csv:1"));
  REQUIRE_THROWS_WITH(read_plain_values("a,1\na,2\n", "v.csv"), Catch::Contains("given twice"));
  REQUIRE_THROWS_WITH(read_plain_values("a;1\n", "v.csv"), Catch::Contains("v.csv:1"));

  std::mt19937 rng(2406);
  for (int iter = 0; iter < 50; ++iter) {
    const decision_model m = test::random_decision_model(rng, 2 + rng() % 8, false);
    decision_query q;
    q.target = test::random_target(rng, m.size());
    q.objective = iter % 2 ? decision_objective::pmax : decision_objective::rmin;
    verify_model vm = to_verify_model(m);
    certificate c = mdp_certificate(m, q, vm);
    c.strategy.clear();
    std::fill(c.rank.begin(), c.rank.end(), -1);
    const verify_report r = check_certificate(vm, c, false);
    INFO(r.reason);
    REQUIRE(r.verified);
    REQUIRE(r.unchecked.size() == 3);
    REQUIRE(r.theorem.empty());  // no claim of uniqueness without the witnesses
    // A value that breaks its equation is still found (not at a state with
    // a choice that loops on itself with probability 1: x = x holds for any
    // x there, which is what the witnesses are for).
    for (std::size_t s = 0; s < m.size(); ++s) {
      bool loop = false;
      for (std::size_t k = m.choice_begin()[s]; k < m.choice_begin()[s + 1]; ++k)
        loop = loop || (m.edge_begin()[k + 1] - m.edge_begin()[k] == 1 && m.targets()[m.edge_begin()[k]] == s);
      if (!c.values[s] || loop) continue;
      certificate bad = c;
      *bad.values[s] += Rational(1) / Rational(1'000'000'000);
      REQUIRE_FALSE(check_certificate(vm, bad, false).verified);
      break;
    }
  }
}

TEST_CASE("the certificates shipped in examples/ verify, and the corrupted copy fails at its state", "[verify]") {
  const std::string root = EXACTDP_SOURCE_DIR;
  struct shipped {
    const char* model;
    const char* cert;
    bool good;
  };
  for (const shipped& e :
       {shipped{"examples/decision/lottery.json", "examples/decision/lottery.pmax.cert.json", true},
        shipped{"examples/decision/lottery.json", "examples/decision/lottery.pmax.corrupt.json", false},
        shipped{"examples/markov/gamblers_ruin.json", "examples/markov/gamblers_ruin.win.cert.json", true},
        shipped{"examples/prism/two_sixes.pm", "examples/prism/two_sixes.rolls.cert.json", true},
        shipped{"examples/prism/two_sixes.pm", "examples/prism/two_sixes.rolls.corrupt.json", false}}) {
    std::ifstream in(root + "/" + e.cert, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const verify_report r = verify_certificate(root + "/" + e.model, read_certificate(text, e.cert));
    INFO(e.cert << ": " << r.reason);
    REQUIRE(r.verified == e.good);
    if (!e.good) REQUIRE(r.reason.find("state " + r.start + ": the equation fails") == 0);
  }
}

// Every value of a certificate's text written unreduced: "p/q" as "3p/3q",
// an integer k as "3k/3", and, at `wrong` (an index into the values), the
// numerator one more ("3p+1/3q").
std::string unreduced_values(const std::string& text, std::size_t wrong = SIZE_MAX) {
  const std::size_t list = text.find("\"values\": ["), end = text.find(']', list);
  std::string out;
  std::size_t copied = 0, index = 0;  // text[copied..] is not in out yet
  for (std::size_t open = text.find('"', list + 10); open < end; open = text.find('"', copied + 1)) {
    const std::size_t close = text.find('"', open + 1);
    out += text.substr(copied, open + 1 - copied);
    const std::string value = text.substr(open + 1, close - open - 1);
    if (value == "inf") {
      out += value;
    } else {
      const Rational q = parse_number(value, "value");
      const BigInt num = numerator(q) * 3 + (index == wrong ? 1 : 0), den = denominator(q) * 3;
      out += num.str() + "/" + den.str();
    }
    copied = close;
    ++index;
  }
  return out + text.substr(copied);
}

TEST_CASE("values written unreduced are checked as the numbers they are", "[verify]") {
  // read_certificate keeps "p/q" as written (no gcd per value); the checks
  // are of the numbers, and the report's start value is reduced.
  const std::string root = EXACTDP_SOURCE_DIR;
  for (const auto& [model, cert] :
       {std::pair{"examples/decision/lottery.json", "examples/decision/lottery.pmax.cert.json"},
        std::pair{"examples/decision/duel.json", "examples/decision/duel.payoff.cert.json"},
        std::pair{"examples/markov/gamblers_ruin.json", "examples/markov/gamblers_ruin.win.cert.json"},
        std::pair{"examples/prism/two_sixes.pm", "examples/prism/two_sixes.rolls.cert.json"}}) {
    INFO(cert);
    const std::string text = read_text(root + "/" + cert, "the certificate");
    const verify_report plain = verify_certificate(root + "/" + model, read_certificate(text, cert));
    REQUIRE(plain.verified);
    const std::string loose = unreduced_values(text);
    REQUIRE(loose != text);
    const certificate c = read_certificate(loose, cert);
    REQUIRE(mpz_cmp_ui(mpq_denref(c.values[0]->backend().data()), 3) >= 0);  // kept as written
    const verify_report r = verify_certificate(root + "/" + model, c);
    INFO(r.reason);
    REQUIRE(r.verified);
    REQUIRE(r.start_value == plain.start_value);
    REQUIRE(to_string(*r.start_value) == to_string(*plain.start_value));
    for (std::size_t s = 0; s < c.values.size(); ++s) {
      const verify_report w = verify_certificate(root + "/" + model, read_certificate(unreduced_values(text, s), cert));
      INFO("value " << s << " one 1/(3q) off: " << w.reason);
      if (c.values[s]) REQUIRE_FALSE(w.verified);
    }
  }
}

TEST_CASE("a failure's reason cuts a value of many digits, as every message does", "[verify]") {
  const std::string root = EXACTDP_SOURCE_DIR;
  std::ifstream in(root + "/examples/decision/lottery.pmax.cert.json", std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  certificate c = read_certificate(text, "lottery.pmax.cert.json");
  // A forged start value of 100,000 digits over as many.
  const Rational huge = make_rational(BigInt(1) + pow(BigInt(10), 100'000), BigInt(2) * pow(BigInt(10), 100'000));
  c.values[0] = huge;
  const verify_report r = verify_certificate(root + "/examples/decision/lottery.json", c);
  INFO(r.reason.substr(0, 300));
  REQUIRE_FALSE(r.verified);
  CHECK(r.reason.size() < 1000);
  CHECK(r.reason.find("(100001 digits)") != std::string::npos);
}

TEST_CASE("PRISM-language certificates: the properties covered, and the checker's reading of the model", "[verify]") {
  const std::string dtmc =
      "dtmc\nmodule m\n x : [0..2] init 0;\n [] x<2 -> 1/2 : (x'=x+1) + 1/2 : (x'=0);\n"
      " [] x=2 -> true;\nendmodule\nrewards \"r\"\n true : 1;\nendrewards\n";
  const std::string mdp =
      "mdp\nmodule m\n x : [0..2] init 0;\n [a] x<2 -> (x'=x+1);\n [b] x<2 -> (x'=0);\n"
      " [] x=2 -> true;\nendmodule\n";
  auto objective = [](const std::string& model, const std::string& prop) {
    const lang::certificate_model m = lang::read_certificate_model(model, "m.pm", "", prop);
    return lang::certificate_objective(m.model.kind, m.property);
  };
  CHECK(objective(dtmc, "P=? [ F x=2 ]") == "reach");
  CHECK(objective(dtmc, "R{\"r\"}=? [ F x=2 ]") == "steps");
  CHECK(objective(dtmc, "filter(max, P=? [ F x=2 ], \"init\")") == "reach");
  CHECK(objective(mdp, "Pmax=? [ F x=2 ]") == "pmax");
  CHECK(objective(mdp, "Pmin=? [ F x=2 ]") == "pmin");
  for (const char* refused : {"P=? [ F<=3 x=2 ]", "P=? [ G x<2 ]", "P>=1 [ F x=2 ]", "P=? [ x<2 U x=2 ]",
                              "P=? [ X x=2 ]", "S=? [ x=2 ]", "R{\"r\"}=? [ C<=3 ]"}) {
    INFO(refused);
    CHECK_THROWS_WITH(objective(dtmc, refused),
                      Catch::Contains("a certificate covers P=? [F φ]") && Catch::Contains(refused));
  }
  CHECK_THROWS_WITH(lang::read_certificate_model("const int N;\n" + dtmc, "m.pm", "N=1:3", "P=? [ F x=2 ]"),
                    Catch::Contains("give each constant one value, not a range"));
  CHECK(lang::read_certificate_model("const int N;\n" + dtmc, "m.pm", "N=3", "P=? [ F x=2 ]").constants ==
        lang::constant_values{{"N", "3"}});
  CHECK_THROWS_WITH(lang::read_certificate_model(dtmc, "m.pm", "M=3", "P=? [ F x=2 ]"),
                    Catch::Contains("M is not an undefined constant of m.pm"));
  CHECK_THROWS_WITH(lang::read_certificate_model("const int N;\n" + dtmc, "m.pm", "N=3,N=4", "P=? [ F x=2 ]"),
                    Catch::Contains("twice"));
  CHECK_THROWS_WITH(lang::read_certificate_model(dtmc, "m.pm", "N", "P=? [ F x=2 ]"), Catch::Contains("NAME=VALUE"));
  CHECK_THROWS_WITH(lang::same_constants("N=3", "N"), Catch::Contains("NAME=VALUE"));
  CHECK(lang::read_certificate_model(dtmc, "m.pm", "", "P=? [ F x=2 ]").constants == lang::constant_values{});
  CHECK(lang::same_constants("N=3,p=1/2", "p=0.5,N=3"));
  CHECK_FALSE(lang::same_constants("N=3", "N=4"));

  const std::string root = EXACTDP_SOURCE_DIR;
  const std::string model = root + "/examples/prism/two_sixes.pm";
  std::ifstream in(root + "/examples/prism/two_sixes.rolls.cert.json", std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const certificate good = read_certificate(text, "two_sixes.rolls.cert.json");
  const verify_model m = load_lang_verify_model(model, good);
  CHECK(m.names == good.states);
  CHECK(m.labels.at(*good.target) == std::vector<std::size_t>{2});
  CHECK(check_certificate(m, good).verified);
  certificate c = good;
  c.model.format = "jani";
  CHECK_THROWS_WITH(load_lang_verify_model(model, c), Catch::Contains("is not a JANI file"));
  c = good;
  c.kind = "chain";
  c.objective = "reach";
  CHECK_THROWS_WITH(load_lang_verify_model(model, c), Catch::Contains("is not that of its property"));
  c = good;
  c.target = "P=? [ F<=2 \"two_sixes\" ]";
  CHECK_THROWS_WITH(load_lang_verify_model(model, c), Catch::Contains("a certificate covers"));
  c = good;
  c.target.reset();
  CHECK_THROWS_WITH(load_lang_verify_model(model, c), Catch::Contains("names its property as its target"));
}

namespace {

// The query of values from elsewhere (every field named: clang's -Wmissing-field-initializers).
plain_query query(std::string objective, std::string kind = "", std::optional<std::string> target = {}) {
  plain_query q;
  q.objective = std::move(objective);
  q.kind = std::move(kind);
  q.target = std::move(target);
  return q;
}

// A certificate of a game query (reach: the target as the label "goal" of vm).
certificate game_certificate(const decision_model& m, const decision_query& q, verify_model& vm) {
  certificate c;
  c.kind = "game";
  c.objective = name_of(q.objective);
  if (q.objective == decision_objective::reach_game) {
    vm.labels["goal"] = q.target;
    c.target = "goal";
  } else {
    c.default_payoff = q.default_payoff;
  }
  c.start = m.name(0);
  for (std::size_t s = 0; s < m.size(); ++s) c.states.push_back(m.name(s));
  decision_witness w = certify_decision(m, q, optimal_decision<Rational>(m, q));
  c.values = std::move(w.values);
  c.strategy = std::move(w.strategy);
  c.rank = std::move(w.rank);
  return c;
}

// A random game query: reach a random target, or terminal payoffs with a default of 0, 1/2, -1 or 3.
decision_query random_game_query(std::mt19937& rng, std::size_t n) {
  decision_query q;
  if (rng() % 2 == 0) {
    q.objective = decision_objective::reach_game;
    q.target = test::random_target(rng, n);
  } else {
    q.objective = decision_objective::payoff_game;
    const Rational defaults[] = {Rational(0), Rational(1) / 2, Rational(-1), Rational(3)};
    q.default_payoff = defaults[rng() % 4];
  }
  return q;
}

}  // namespace

TEST_CASE("every game certificate the solver writes verifies", "[verify][game]") {
  std::mt19937 rng(2410);
  int reach = 0, payoff = 0, above_e = 0, below_e = 0;
  for (int iter = 0; iter < 300; ++iter) {
    const std::size_t n = 2 + rng() % 10;
    const decision_model m = test::random_decision_model(rng, n, true);
    const decision_query q = random_game_query(rng, n);
    verify_model vm = to_verify_model(m);
    const certificate c = game_certificate(m, q, vm);
    const verify_report r = check_certificate(vm, c);
    INFO("game " << iter << ", " << c.objective << ": " << r.reason);
    REQUIRE(r.verified);
    REQUIRE_FALSE(r.theorem.empty());
    (q.objective == decision_objective::reach_game ? reach : payoff) += 1;
    // Ranks on either side of e: both attractors were built and checked.
    bool above = false, below = false;
    const Rational e = q.objective == decision_objective::payoff_game ? q.default_payoff : Rational(0);
    for (std::size_t s = 0; s < n; ++s)
      if (c.rank[s] > 0) (*c.values[s] > e ? above : below) = true;
    above_e += above ? 1 : 0;
    below_e += below ? 1 : 0;
  }
  CHECK(reach >= 100);
  CHECK(payoff >= 100);
  CHECK(above_e >= 100);
  CHECK(below_e >= 15);
}

TEST_CASE("a game's values from elsewhere: the equations and best choices are checked, the ranks said unchecked",
          "[verify][game]") {
  std::mt19937 rng(2417);
  int rejected = 0;
  for (int iter = 0; iter < 100; ++iter) {
    const std::size_t n = 2 + rng() % 10;
    const decision_model m = test::random_decision_model(rng, n, true);
    const decision_query q = random_game_query(rng, n);
    verify_model vm = to_verify_model(m);
    certificate c = game_certificate(m, q, vm);
    c.strategy.clear();
    std::fill(c.rank.begin(), c.rank.end(), -1);
    const verify_report r = check_certificate(vm, c, false);
    INFO("game " << iter << ", " << c.objective << ": " << r.reason);
    REQUIRE(r.verified);
    REQUIRE(r.unchecked.size() == 2);
    REQUIRE(r.theorem.empty());
    // A value moved by 1/10^9 at a state with choices and no choice that
    // loops on itself: its equation under the owner's best choice fails.
    for (std::size_t s = 0; s < n; ++s) {
      bool loop = m.choice_begin()[s] == m.choice_begin()[s + 1];
      for (std::size_t k = m.choice_begin()[s]; k < m.choice_begin()[s + 1]; ++k)
        for (std::size_t e = m.edge_begin()[k]; e < m.edge_begin()[k + 1]; ++e) loop = loop || m.targets()[e] == s;
      if (loop || m.owner(s) == state_owner::terminal) continue;
      certificate bad = c;
      *bad.values[s] += Rational(1) / Rational(1'000'000'000);
      const verify_report b = check_certificate(vm, bad, false);
      REQUIRE_FALSE(b.verified);
      ++rejected;
      break;
    }
  }
  CHECK(rejected >= 20);
  // From files, as the tool and Python read them: the duel's values, and a
  // copy in which Min's choice at "min to shoot" could do better.
  const std::string root = EXACTDP_SOURCE_DIR;
  const std::string duel = root + "/examples/decision/duel.json";
  const std::string values = read_text(root + "/examples/decision/duel.values.json", "v");
  const auto [c, r] = verify_plain_values(duel, values, "v", query("payoff"));
  REQUIRE(r.verified);
  REQUIRE(*r.start_value == Rational(1, 2));
  REQUIRE(c.kind == "game");
  const auto [c2, better] = verify_plain_values(duel, "max to shoot,1/2\nmin to shoot,1/2\nmax wins,1\nmin wins,-1\n",
                                                "v.csv", query("payoff"));
  REQUIRE_FALSE(better.verified);
  REQUIRE(better.reason.find("state max to shoot:") == 0);
  REQUIRE_THROWS_WITH(verify_plain_values(duel, values, "v", query("payoff", "", "max wins")),
                      Catch::Contains("no target"));
  REQUIRE_THROWS_WITH(verify_plain_values(root + "/examples/prism/two_sixes.pm", "0,1\n", "v", query("reach")),
                      Catch::Contains("two_sixes.pm is a model in the PRISM language or JANI: give the property "
                                      "whose values these are"));
  REQUIRE_THROWS_WITH(verify_plain_values(duel, values, "v", query("pmaxx")),
                      "the query 'pmaxx' is not one of reach, steps, pmax, pmin, rmax, rmin, payoff");
  REQUIRE_THROWS_WITH(verify_plain_values(duel, values, "v", query("reach", "dtmc", "max wins")),
                      Catch::Contains("values from elsewhere are of a chain, an mdp or a game, not 'dtmc'"));
  REQUIRE_THROWS_WITH(verify_plain_values(duel, values, "v", query("pmax", "game", "max wins")),
                      Catch::Contains("'pmax' is not one of reach, payoff for a game"));
}

TEST_CASE("values from elsewhere get the witnesses they imply; another fixed point of the equations is refused",
          "[verify]") {
  const std::string root = EXACTDP_SOURCE_DIR;
  // The examples' values: fully verified, nothing unchecked, the theorem given.
  const auto [lc, lottery] = verify_plain_values(root + "/examples/decision/lottery.json",
                                                 read_text(root + "/examples/decision/lottery.values.csv", "v"), "v",
                                                 query("pmax", "", "goal"));
  REQUIRE(lottery.verified);
  REQUIRE(lottery.unchecked.empty());
  REQUIRE_FALSE(lottery.theorem.empty());
  REQUIRE(lc.rank.size() == lc.states.size());
  REQUIRE(lc.strategy.size() == lc.states.size());
  const auto [dc, duel] =
      verify_plain_values(root + "/examples/decision/duel.json",
                          read_text(root + "/examples/decision/duel.values.json", "v"), "v", query("payoff"));
  REQUIRE(duel.verified);
  REQUIRE(duel.unchecked.empty());
  // Wrong fixed points: (model, values, query, kind, state, words of the reason).
  const std::string data = root + "/tests/data/verify/";
  struct wrong_case {
    std::string model, values, objective, kind, state, words;
  };
  const std::vector<wrong_case> cases{
      {"loop.json", "s,1\ng,1\nz,0\n", "pmax", "", "s",
       "state s: value 1, but no strategy that attains the values reaches the target from it: the values are a "
       "fixed point of the equations, but not the least one, which the probabilities are"},
      {"loop.json", "s,1\ng,1\nz,0\n", "reach", "game", "s", "not the game's values"},
      {"stay_or_go.json", "s,1\ng,1\n", "pmin", "", "s", "a strategy never reaches the target from it"},
      {"stay_or_go.json", "s,1\ng,1\n", "reach", "game", "s", "the play need not end from it"},
      {"stay_or_go.json", "s,1/2\ng,0\n", "rmin", "", "s",
       "no strategy that attains the values reaches the target from it: the values solve the equations, but they "
       "are not the expected rewards"},
      {"stay_or_go.json", "s,2\ng,0\n", "rmax", "", "s", "a strategy misses the target from it"},
      {"cycle_chain.json", "a,1\nb,1\ng,1\nl,1\nm,1\n", "reach", "", "l",
       "the chain does not reach the target from it"},
      {"cycle_chain.json", "a,inf\nb,inf\ng,0\nl,inf\nm,inf\n", "steps", "", "a",
       "value inf, but the chain reaches the target from it with probability 1"},
  };
  for (const wrong_case& w : cases) {
    INFO(w.model << " " << w.objective << " " << w.values);
    const auto [c, r] = verify_plain_values(data + w.model, w.values, "v.csv", query(w.objective, w.kind, "goal"));
    REQUIRE_FALSE(r.verified);
    REQUIRE(r.state);
    REQUIRE(c.states[*r.state] == w.state);
    REQUIRE_THAT(r.reason, Catch::Contains(w.words));
    REQUIRE(r.reason.find("state " + w.state + ": ") == 0);
    REQUIRE(r.unchecked.empty());
  }
  // The right values of the same models verify in full.
  const std::vector<std::array<std::string, 4>> right{
      {"loop.json", "s,1/2\ng,1\nz,0\n", "pmax", ""},
      {"stay_or_go.json", "s,0\ng,1\n", "pmin", ""},
      {"stay_or_go.json", "s,1\ng,0\n", "rmin", ""},
      {"stay_or_go.json", "s,inf\ng,0\n", "rmax", ""},
      {"stay_or_go.json", "s,0\ng,1\n", "reach", "game"},
      {"cycle_chain.json", "a,1\nb,1\ng,1\nl,0\nm,0\n", "reach", ""},
      {"cycle_chain.json", "a,3\nb,4\ng,0\nl,inf\nm,inf\n", "steps", ""},
  };
  for (const auto& [model, values, objective, kind] : right) {
    INFO(model << " " << objective << " " << values);
    const auto [c, r] = verify_plain_values(data + model, values, "v.csv", query(objective, kind, "goal"));
    REQUIRE(r.verified);
    REQUIRE(r.unchecked.empty());
    REQUIRE_FALSE(r.theorem.empty());
  }
}

TEST_CASE("a strategy that loops for ever is refused by its rank, though its equation holds", "[verify][game]") {
  // Max loops on itself or takes an even chance of the goal: value 1/2. The
  // loop's equation holds too (x = x), but under it the play never ends.
  decision_builder b("loops");
  const std::size_t mx = b.add_state(state_owner::max, "m"), goal = b.add_state(state_owner::terminal, "goal");
  const std::size_t half = b.add_state(state_owner::chance, "half"), lose = b.add_state(state_owner::terminal, "lose");
  b.add_choice(mx);
  b.transition(mx, 0, mx, 1);
  b.add_choice(mx);
  b.transition(mx, 1, half, 1);
  b.add_choice(half);
  b.transition(half, 0, goal, Rational(1) / 2);
  b.transition(half, 0, lose, Rational(1) / 2);
  const decision_model m = b.build();
  decision_query q;
  q.objective = decision_objective::reach_game;
  q.target = {goal};
  verify_model vm = to_verify_model(m);
  certificate c = game_certificate(m, q, vm);
  REQUIRE(check_certificate(vm, c).verified);
  REQUIRE(c.values[mx] == Rational(1) / 2);
  REQUIRE(c.strategy[mx] == 1);
  c.strategy[mx] = 0;
  const verify_report r = check_certificate(vm, c);
  REQUIRE_FALSE(r.verified);
  REQUIRE(r.state == mx);
  REQUIRE(r.reason.find("state m: ") == 0);
}

TEST_CASE("mutations of 100 game certificates are each rejected at the state they touch", "[verify][game][mutation]") {
  std::mt19937 rng(2411);
  const std::string model_file = temp_path("game.json");
  int values = 0, strategies = 0, ranks = 0, digests = 0;
  for (int iter = 0; iter < 100; ++iter) {
    const std::size_t n = 3 + rng() % 10;
    const decision_model m = test::random_decision_model(rng, n, true);
    const decision_query q = random_game_query(rng, n);
    verify_model vm = to_verify_model(m);
    const certificate good = game_certificate(m, q, vm);
    REQUIRE(check_certificate(vm, good).verified);

    // One value changed by 1/10^9.
    {
      const std::size_t s = rng() % n;
      certificate bad = good;
      *bad.values[s] += Rational(1) / Rational(1'000'000'000);
      require_rejected_near(vm, bad, s);
      ++values;
    }
    // One player's choice changed to a worse one (for that player).
    for (std::size_t s = 0; s < n; ++s) {
      const state_owner o = m.owner(s);
      if ((o != state_owner::max && o != state_owner::min) || good.rank[s] == 0) continue;  // rank 0: the play stops
      std::optional<std::uint32_t> worse;
      for (std::uint32_t i = 0; i < m.choice_count(s) && !worse; ++i) {
        const Rational v = *step_value(vm, good, m.choice_begin()[s] + i, false);
        if (o == state_owner::max ? v < *good.values[s] : v > *good.values[s]) worse = i;
      }
      if (!worse) continue;
      certificate bad = good;
      bad.strategy[s] = *worse;
      const verify_report r = check_certificate(vm, bad);
      INFO("choice " << *worse << " at state " << s << ": " << r.reason);
      REQUIRE_FALSE(r.verified);
      REQUIRE(r.state == s);
      ++strategies;
      break;
    }
    // One rank changed.
    std::vector<std::size_t> ranked;
    for (std::size_t s = 0; s < n; ++s)
      if (good.rank[s] > 0) ranked.push_back(s);
    if (!ranked.empty()) {
      const std::size_t s = ranked[rng() % ranked.size()];
      certificate bad = good;
      bad.rank[s] += 1 + static_cast<std::int64_t>(rng() % 3);
      require_rejected_near(vm, bad, s);
      ++ranks;
    }
    // The digest.
    write_file(model_file, decision_json(m, q.target));
    certificate on_disk = good;
    on_disk.model = {model_file, "json", "", model_digest(model_file), "", sha256_hex("")};
    const verify_report fine = verify_certificate(model_file, on_disk);
    INFO(fine.reason);
    REQUIRE(fine.verified);
    std::string& digest = on_disk.model.sha256;
    digest[rng() % digest.size()] ^= 1;
    const verify_report refused = verify_certificate(model_file, on_disk);
    REQUIRE_FALSE(refused.verified);
    REQUIRE(refused.reason.find("written for another model") != std::string::npos);
    ++digests;
  }
  std::filesystem::remove(model_file);
  CHECK(values == 100);
  CHECK(strategies >= 20);
  CHECK(ranks >= 50);
  CHECK(digests == 100);
}

TEST_CASE("a game certificate survives its file, and an MDP certificate of a game is refused", "[verify][game]") {
  std::mt19937 rng(2412);
  decision_model m = test::random_decision_model(rng, 8, true);
  while (m.count(state_owner::max) == 0 || m.count(state_owner::min) == 0)
    m = test::random_decision_model(rng, 8, true);
  decision_query q;
  q.objective = decision_objective::payoff_game;
  q.default_payoff = Rational(1) / 3;
  verify_model vm = to_verify_model(m);
  const certificate c = game_certificate(m, q, vm);
  const certificate back = read_certificate(certificate_text(c), "g.json");
  REQUIRE(back.default_payoff == Rational(1) / 3);
  REQUIRE(back.strategy == c.strategy);
  REQUIRE(back.values == c.values);
  REQUIRE(check_certificate(vm, back).verified);
  certificate other = c;
  other.default_payoff = Rational(0);  // another query's default
  const verify_report r = check_certificate(vm, other);
  CHECK_FALSE(r.verified);
  certificate mdp = c;
  mdp.kind = "mdp";
  mdp.objective = "pmax";
  mdp.default_payoff.reset();
  mdp.target = m.name(0);
  REQUIRE_THROWS_WITH(check_certificate(vm, mdp), Catch::Contains("it is a game"));
  std::string text = certificate_text(c);
  text.replace(text.find("\"default\""), 9, "\"deflaut\"");
  REQUIRE_THROWS_WITH(read_certificate(text, "g.json"), Catch::Contains("deflaut"));
}

TEST_CASE("Pig's certificates verify against the rules, and mutations are rejected at their state", "[verify][pig]") {
  std::mt19937 rng(2413);
  for (const auto& [faces, target] : std::vector<std::pair<int, int>>{{6, 10}, {2, 12}, {3, 20}, {6, 44}}) {
    const pig_solution<Rational> sol = pig_game<Rational>(faces, target);
    const certificate good = pig_certificate(sol);
    const std::string params = pig_parameters_text(faces, target);
    const verify_report ok = verify_certificate("pig", read_certificate(certificate_text(good), "p.json"), params);
    INFO(faces << " faces, target " << target << ": " << ok.reason);
    REQUIRE(ok.verified);
    REQUIRE(*ok.start_value == sol.turn_start(0, 0));
    if (faces == 6 && target == 10) {
      REQUIRE(*ok.start_value == Rational(7776) / 10961);
      // A value written unreduced is the same number: read as written (no
      // gcd), checked alike, reported in lowest terms; a wrong one fails.
      const std::string text = certificate_text(good);
      const std::size_t at = text.find("\"7776/10961\"");
      REQUIRE(at != std::string::npos);
      const auto with = [&](const std::string& value) {
        std::string changed = text;
        changed.replace(at, 12, value);
        return verify_certificate("pig", read_certificate(changed, "p.json"), params);
      };
      const verify_report same = with("\"23328/32883\"");
      REQUIRE(same.verified);
      REQUIRE(numerator(*same.start_value) == 7776);
      REQUIRE(denominator(*same.start_value) == 10961);
      REQUIRE_FALSE(with("\"23329/32883\"").verified);
      REQUIRE_FALSE(with("\"-23328/32883\"").verified);
      REQUIRE_THROWS_WITH(with("\"1/0\""), Catch::Contains("a state's value"));
      REQUIRE_THROWS_WITH(with("\"1/-2\""), Catch::Contains("a state's value"));
      REQUIRE_THROWS_WITH(with("\"1/+2\""), Catch::Contains("a state's value"));
    }
    const auto t = static_cast<std::size_t>(target);
    // A value changed by 1/10^9: the failing side reads it (its own, or as a
    // roll of 1's or a hold's value).
    for (int round = 0; round < 10; ++round) {
      const int i = static_cast<int>(rng() % t), j = static_cast<int>(rng() % t);
      certificate bad = good;
      *bad.values[static_cast<std::size_t>(i) * t + static_cast<std::size_t>(j)] +=
          Rational(1) / Rational(1'000'000'000);
      const verify_report r = check_pig_certificate(bad);
      INFO("P(" << i << ", " << j << ", 0) changed: " << r.reason);
      REQUIRE_FALSE(r.verified);
      const auto a = static_cast<int>(*r.state / t), b = static_cast<int>(*r.state % t);
      REQUIRE(((a == i && b == j) || (b == i && a <= j)));
      REQUIRE(r.reason.find("state (" + std::to_string(a) + ", " + std::to_string(b) + ", ") == 0);
    }
    // An action changed to a strictly worse one: rejected at that state.
    int flips = 0;
    for (int round = 0; round < 200 && flips < 5; ++round) {
      const int i = static_cast<int>(rng() % t), j = static_cast<int>(rng() % t);
      const int k = 1 + static_cast<int>(rng() % static_cast<std::size_t>(target - i));
      if (k >= target - i || pig_values_at(sol, i, j, k).tie) continue;
      certificate bad = good;
      char& action = bad.actions[static_cast<std::size_t>(i) * t + static_cast<std::size_t>(j)][k];
      action = action == 'r' ? 'h' : 'r';
      const verify_report r = check_pig_certificate(bad);
      INFO("action at (" << i << ", " << j << ", " << k << ") flipped: " << r.reason);
      REQUIRE_FALSE(r.verified);
      REQUIRE(r.reason.find(pig_state_name(i, j, k) + ": not optimal") != std::string::npos);
      ++flips;
    }
    CHECK(flips == 5);
    // Where the fixed-point bounds do not decide, the exact comparison does:
    // P(j, k, 0) moved so that holding at (0, j, k), where the solution
    // rolls, is better by 2^-80 (pair (0, j) is the first to read it, as
    // the checker goes through column j from i = 0), or exactly as good.
    for (int j = 0, k = 2; j + 1 < target && k < target; ++j, k = j + 2) {
      if (good.actions[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)] != 'r') continue;
      const Rational roll = pig_values_at(sol, 0, j, k).roll;
      certificate worse = good, tied = good;
      *worse.values[static_cast<std::size_t>(j) * t + static_cast<std::size_t>(k)] =
          1 - roll - Rational(1) / Rational(BigInt(1) << 80);
      *tied.values[static_cast<std::size_t>(j) * t + static_cast<std::size_t>(k)] = 1 - roll;
      const std::string at = pig_state_name(0, j, k) + ": not optimal";
      const verify_report w = check_pig_certificate(worse), e = check_pig_certificate(tied);
      INFO(w.reason << " / " << e.reason);
      CHECK(w.reason.find("state " + at) == 0);
      CHECK_FALSE(e.verified);  // P(j, k, 0) is wrong, but not the action at (0, j, k)
      CHECK(e.reason.find(at) == std::string::npos);
      break;
    }
    // A value changed far below the fixed point's 2^-64: the exact equation rejects it.
    {
      certificate bad = good;
      const std::size_t s = rng() % (t * t);
      *bad.values[s] += Rational(1) / Rational(BigInt(1) << 200);
      const verify_report r = check_pig_certificate(bad);
      REQUIRE_FALSE(r.verified);
      INFO(r.reason);
      CHECK(r.reason.find("the equation fails") != std::string::npos);
    }
    // Another game's parameters, and parameters that do not match their digest.
    const verify_report other = verify_certificate("pig", good, pig_parameters_text(faces, target + 1));
    REQUIRE_FALSE(other.verified);
    REQUIRE(other.reason.find("another game of Pig") != std::string::npos);
    certificate forged = good;
    forged.model.constants = pig_parameters_text(faces + 1, target);
    REQUIRE(verify_certificate("pig", forged, forged.model.constants).reason.find("constants_sha256") !=
            std::string::npos);
  }
  const certificate small = pig_certificate(pig_game<Rational>(6, 10));
  REQUIRE_THROWS_WITH(verify_certificate("pig", small), Catch::Contains("--const"));
  REQUIRE_THROWS_WITH(verify_certificate("model.json", small, std::string("faces=6,target=10")),
                      Catch::Contains("the model is pig"));
  certificate hold_at_zero = small;
  hold_at_zero.actions[0][0] = 'h';
  REQUIRE(check_pig_certificate(hold_at_zero).reason.find("state (0, 0, 0): the action is hold") == 0);
  certificate short_row = small;
  short_row.actions[3].pop_back();
  REQUIRE_THROWS_WITH(check_pig_certificate(short_row), Catch::Contains("10 letters"));
}
