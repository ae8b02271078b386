// Checking a certificate against solving (issue 24): the same model solved
// exactly (every state's value and an optimal strategy, what a certificate
// needs) and checked by exactdp verify's checker, in one run, so that the
// ratio survives a noisy machine.
//   mdp10k    a generated 10^4-state MDP (100 blocks of 100 states, 3 choices
//             each, cycles within blocks; bench/decision.cpp's), Pmax
//   mdp100k   a 10^5-state MDP (1000 blocks of 100 states, each block
//             leaving only to `fail`: bench/decision.cpp's
//             random_mdp_independent; the chained model's exact answer
//             grows quadratically, about 2 GB at 10^5 states), Pmax
//   game10k   the same graph as a game (the odd states the minimiser's), Max
//             reaching "goal" (certificates of games)
//   pig       Pig with 6 faces, targets 50 and 100: pig_game<Rational>
//             against the checker of Pig's certificates (the rules
//             regenerated, every turn total checked); read+verify reads
//             the certificate's text first
//   herman    Herman's self-stabilising ring from the PRISM file named by
//             EXACTDP_HERMAN (e.g. herman.11.prism of the Quantitative
//             Verification Benchmark Set, 2048 states), expected steps to
//             "stable" from every state; skipped when the variable is unset
// Run: build/bin/bench_verify --benchmark_filter=. (verify/solve = the
// ratio of the two lines of one model).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <random>

#include "exactdp/decision/certify.hpp"
#include "exactdp/decision/model.hpp"
#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/lang/build.hpp"
#include "exactdp/lang/prism.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/certify/writer.hpp"
#include "exactdp/verify/certificate.hpp"
#include "exactdp/verify/verify.hpp"
#include "models.hpp"

using namespace exactdp;

namespace {

struct big_budget {
  big_budget() {
    work_budget_steps() = 1e16L;
    state_budget_bytes() = std::uint64_t{8} << 30;
  }
};

struct prepared {
  decision_model model;
  decision_query query;
  certificate cert;
  verify_model view;
};

prepared prepare(decision_model m, decision_query q, const char* kind, const char* objective) {
  const big_budget budget;
  const decision_solution<Rational> sol = optimal_decision<Rational>(m, q);
  decision_witness w = certify_decision(m, q, sol);
  certificate c;
  c.kind = kind;
  c.objective = objective;
  c.target = "goal";
  c.start = m.name(0);
  for (std::size_t s = 0; s < m.size(); ++s) c.states.push_back(m.name(s));
  c.values = std::move(w.values);
  c.strategy = std::move(w.strategy);
  c.rank = std::move(w.rank);
  verify_model v = to_verify_model(m);
  v.labels["goal"] = q.target;
  return {std::move(m), std::move(q), std::move(c), std::move(v)};
}

const prepared& mdp10k() {
  static const prepared p = [] {
    decision_model m = bench::random_mdp(100);
    decision_query q;
    q.objective = decision_objective::pmax;
    q.target = m.label("goal");
    return prepare(std::move(m), std::move(q), "mdp", "pmax");
  }();
  return p;
}

const prepared& mdp100k() {
  static const prepared p = [] {
    decision_model m = bench::random_mdp(1000, false);
    decision_query q;
    q.objective = decision_objective::pmax;
    q.target = m.label("goal");
    return prepare(std::move(m), std::move(q), "mdp", "pmax");
  }();
  return p;
}

const prepared& game10k() {
  static const prepared p = [] {
    decision_model m = bench::random_mdp(100, true, true);
    decision_query q;
    q.objective = decision_objective::reach_game;
    q.target = m.label("goal");
    return prepare(std::move(m), std::move(q), "game", "reach");
  }();
  return p;
}

const prepared* herman() {
  static const std::optional<prepared> p = []() -> std::optional<prepared> {
    const char* path = std::getenv("EXACTDP_HERMAN");
    if (!path) return std::nullopt;
    // The state budget stays raised for the solves of the benchmark.
    const big_budget budget;
    const lang::symbolic_model sm = lang::parse_prism_language(read_text(path, "the model"), path);
    const lang::state_space space = lang::build_state_space(sm, {});
    lang::expr stable{};
    for (const auto& [name, e] : sm.labels)
      if (name == "stable") stable = e;
    const std::vector<char> is_stable = lang::states_where(sm, space, stable);
    decision_model m = lang::to_decision_model(sm, space, -2, is_stable);
    decision_query q;
    q.objective = decision_objective::rmin;
    for (std::size_t s = 0; s < m.size(); ++s)
      if (is_stable[s]) q.target.push_back(s);
    return prepare(std::move(m), std::move(q), "mdp", "rmin");
  }();
  return p ? &*p : nullptr;
}

void solve(benchmark::State& state, const prepared& p) {
  const big_budget budget;
  for (auto _ : state) {
    const auto s = optimal_decision<Rational>(p.model, p.query);
    benchmark::DoNotOptimize(s.value[0]);
  }
  state.counters["states"] = static_cast<double>(p.model.size());
}

void check(benchmark::State& state, const prepared& p) {
  for (auto _ : state) {
    const verify_report r = check_certificate(p.view, p.cert);
    if (!r.verified) state.SkipWithError(r.reason.c_str());
    benchmark::DoNotOptimize(r.verified);
  }
}

// The checker as the tool runs it: the certificate's text read back, then checked.
void read_and_check(benchmark::State& state, const prepared& p) {
  const std::string text = certificate_text(p.cert);
  for (auto _ : state) {
    const certificate c = read_certificate(text, "certificate");
    const verify_report r = check_certificate(p.view, c);
    if (!r.verified) state.SkipWithError(r.reason.c_str());
    benchmark::DoNotOptimize(r.verified);
  }
}

void BM_pig_solve(benchmark::State& state) {
  const big_budget budget;
  for (auto _ : state) {
    const auto s = pig_game<Rational>(6, static_cast<int>(state.range(0)));
    benchmark::DoNotOptimize(s.turn_start(0, 0));
  }
}

void BM_pig_verify(benchmark::State& state) {
  const big_budget budget;
  const certificate c = pig_certificate(pig_game<Rational>(6, static_cast<int>(state.range(0))));
  for (auto _ : state) {
    const verify_report r = check_pig_certificate(c);
    if (!r.verified) state.SkipWithError(r.reason.c_str());
    benchmark::DoNotOptimize(r.verified);
  }
}

// Pig's certificate read back from its text first, as the tool does (the
// values' decimal conversions; read as written, without a gcd).
void BM_pig_read_verify(benchmark::State& state) {
  const big_budget budget;
  const std::string text = certificate_text(pig_certificate(pig_game<Rational>(6, static_cast<int>(state.range(0)))));
  for (auto _ : state) {
    const verify_report r = check_pig_certificate(read_certificate(text, "certificate"));
    if (!r.verified) state.SkipWithError(r.reason.c_str());
    benchmark::DoNotOptimize(r.verified);
  }
}

void BM_mdp10k_solve(benchmark::State& state) { solve(state, mdp10k()); }
void BM_mdp100k_solve(benchmark::State& state) { solve(state, mdp100k()); }
void BM_mdp100k_verify(benchmark::State& state) { check(state, mdp100k()); }
void BM_game10k_solve(benchmark::State& state) { solve(state, game10k()); }
void BM_game10k_verify(benchmark::State& state) { check(state, game10k()); }
void BM_mdp10k_verify(benchmark::State& state) { check(state, mdp10k()); }
void BM_mdp10k_read_verify(benchmark::State& state) { read_and_check(state, mdp10k()); }
void BM_herman_solve(benchmark::State& state) {
  if (herman())
    solve(state, *herman());
  else
    state.SkipWithError("EXACTDP_HERMAN is not set");
}
void BM_herman_verify(benchmark::State& state) {
  if (herman())
    check(state, *herman());
  else
    state.SkipWithError("EXACTDP_HERMAN is not set");
}
void BM_herman_read_verify(benchmark::State& state) {
  if (herman())
    read_and_check(state, *herman());
  else
    state.SkipWithError("EXACTDP_HERMAN is not set");
}

}  // namespace

BENCHMARK(BM_mdp10k_solve)->Name("mdp10k/solve")->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_mdp10k_verify)->Name("mdp10k/verify")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_mdp10k_read_verify)->Name("mdp10k/read+verify")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_mdp100k_solve)->Name("mdp100k/solve")->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_mdp100k_verify)->Name("mdp100k/verify")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_game10k_solve)->Name("game10k/solve")->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_game10k_verify)->Name("game10k/verify")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_pig_solve)->Name("pig/solve")->Arg(50)->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_pig_verify)->Name("pig/verify")->Arg(50)->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_pig_read_verify)->Name("pig/read+verify")->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_herman_solve)->Name("herman/solve")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_herman_verify)->Name("herman/verify")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_herman_read_verify)->Name("herman/read+verify")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
