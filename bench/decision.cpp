// Benchmarks of the decision family, exact and residue against double in
// one run (ratios survive this noisy machine, absolute times do not):
//   pig/*            Pig with a 6-faced die (Neller and Presser 2004), by
//                    target: the whole game (T·T·(T+1)/2 states) in double,
//                    exactly (double first strategy, then the exact proof),
//                    and the residue of the proven strategy at (0, 0, 0).
//                    pig/exact/100, /150 and /200 take seconds to minutes
//                    (about 5 s, 50 s, 3 min of CPU): run them alone with
//                    --benchmark_filter='pig/exact/(100|150|200)'.
//   random_mdp/*     Pmax on a random MDP of 10,000 states with 3 actions per
//                    state, in 100 components of 100 states (each action:
//                    two successors in its own component, one in one of the
//                    next three, weights 1..3, and a 1-in-10 chance of the
//                    goal); the residue is the proven strategy evaluated mod P.
//                    The argument is the number of blocks (10 to 1000:
//                    10^3 to 10^5 states). Exact values grow along the
//                    blocks: answer_MB and den_bits give the answer's size.
//   random_mdp_independent/exact  the same blocks, each leaving only to
//                    `fail`: the exact cost per block without that growth.
//   random_game/exact  the chained blocks as a reachability game (the odd
//                    states the minimiser's).
// Run: build/bin/bench_decision [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <map>
#include <random>
#include <utility>
#include <string>
#include <tuple>
#include <type_traits>

#include "exactdp/decision/decision.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "models.hpp"

namespace {

using namespace exactdp;

struct big_budget {
  big_budget() {
    work_budget_steps() = 1e16L;
    state_budget_bytes() = std::uint64_t{8} << 30;
  }
};

void BM_pig_double(benchmark::State& state) {
  const int target = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const auto s = pig_game<double>(6, target);
    double v = s.turn_start(0, 0);
    benchmark::DoNotOptimize(v);
  }
  state.counters["states"] = static_cast<double>(target) * target * (target + 1) / 2;
}

void BM_pig_exact(benchmark::State& state) {
  const big_budget budget;
  const int target = static_cast<int>(state.range(0));
  std::size_t digits = 0, wrong = 0, bits = 0, near = 0;
  for (auto _ : state) {
    const auto s = pig_game<Rational>(6, target);
    near = s.stats().pairs_near_tie;
    digits = to_string(denominator(s.turn_start(0, 0))).size();
    wrong = s.stats().guess_wrong;
    bits = s.stats().value_bits;
    benchmark::DoNotOptimize(digits);
  }
  state.counters["den_digits"] = static_cast<double>(digits);
  state.counters["max_den_bits"] = static_cast<double>(bits);
  state.counters["guess_wrong"] = static_cast<double>(wrong);
  state.counters["near_tie_pairs"] = static_cast<double>(near);
}

void BM_pig_residue(benchmark::State& state) {
  const big_budget budget;
  const int target = static_cast<int>(state.range(0));
  const auto s = pig_game<Rational>(6, target);
  for (auto _ : state) {
    const Mod r = pig_residue<Mod>(s, 0, 0, 0);
    benchmark::DoNotOptimize(r);
  }
}

// The random MDP (or game) of `blocks` blocks of 100 states, built once per size.
const decision_model& random_mdp(std::int64_t blocks, bool chained = true, bool game = false) {
  static std::map<std::tuple<std::int64_t, bool, bool>, decision_model> built;
  auto it = built.find({blocks, chained, game});
  if (it == built.end())
    it = built
             .emplace(std::tuple{blocks, chained, game},
                      bench::random_mdp(static_cast<std::size_t>(blocks), chained, game))
             .first;
  return it->second;
}

decision_query pmax_goal(const decision_model& m, bool game = false) {
  decision_query q;
  q.objective = game ? decision_objective::reach_game : decision_objective::pmax;
  q.target = m.label("goal");
  return q;
}

template <class T, bool chained = true, bool game = false>
void BM_random_mdp(benchmark::State& state) {
  const big_budget budget;
  const decision_model& m = random_mdp(state.range(0), chained, game);
  const decision_query q = pmax_goal(m, game);
  std::size_t wrong = 0, rounds = 0, unsettled = 0;
  double answer_bits = 0;
  std::size_t den_bits = 0;
  for (auto _ : state) {
    const auto s = optimal_decision<T>(m, q);
    wrong = s.stats.guess_wrong;
    rounds = s.stats.rounds;
    unsettled = s.stats.unsettled_components;
    benchmark::DoNotOptimize(s.value[0]);
    if constexpr (std::is_same_v<T, Rational>) {
      // The answer's own size: the bits of every value's numerator and
      // denominator, and the widest denominator. No exact solve can cost
      // less than writing them.
      answer_bits = 0;
      for (const Rational& v : s.value) {
        const std::size_t d = mpz_sizeinbase(mpq_denref(v.backend().data()), 2);
        answer_bits += static_cast<double>(d + mpz_sizeinbase(mpq_numref(v.backend().data()), 2));
        den_bits = std::max(den_bits, d);
      }
    }
  }
  state.counters["guess_wrong"] = static_cast<double>(wrong);
  state.counters["rounds"] = static_cast<double>(rounds);
  state.counters["unsettled"] = static_cast<double>(unsettled);
  if constexpr (std::is_same_v<T, Rational>) {
    state.counters["answer_MB"] = answer_bits / 8e6;
    state.counters["den_bits"] = static_cast<double>(den_bits);
  }
}

void BM_random_mdp_residue(benchmark::State& state) {
  const big_budget budget;
  const decision_model& m = random_mdp(state.range(0));
  const decision_query q = pmax_goal(m);
  const auto s = optimal_decision<double>(m, q);  // any strategy: the cost of one evaluation mod P
  for (auto _ : state) {
    const auto r = evaluate_strategy<Mod>(m, q, s.strategy);
    benchmark::DoNotOptimize(r.value[0]);
  }
}

}  // namespace

BENCHMARK(BM_pig_double)
    ->Name("pig/double")
    ->Arg(20)
    ->Arg(30)
    ->Arg(50)
    ->Arg(70)
    ->Arg(100)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_pig_exact)
    ->Name("pig/exact")
    ->Arg(20)
    ->Arg(30)
    ->Arg(50)
    ->Arg(70)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_pig_exact)->Name("pig/exact")->Arg(100)->Arg(150)->Arg(200)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_pig_residue)->Name("pig/mod")->Arg(50)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_random_mdp<double>)
    ->Name("random_mdp/double")
    ->Arg(10)
    ->Arg(100)
    ->Arg(300)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_random_mdp<Rational>)
    ->Name("random_mdp/exact")
    ->Arg(10)
    ->Arg(100)
    ->Arg(300)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_random_mdp<Rational, false>)
    ->Name("random_mdp_independent/exact")
    ->Arg(10)
    ->Arg(100)
    ->Arg(300)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_random_mdp<Rational, true, true>)
    ->Name("random_game/exact")
    ->Arg(10)
    ->Arg(100)
    ->Arg(300)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_random_mdp_residue)->Name("random_mdp/mod")->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
