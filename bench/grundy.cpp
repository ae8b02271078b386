// Benchmarks of the grundy family: the naive O(N^2) octal table (the
// baseline), the sparse-space method on 0.161 (no short period) for
// N = 10^4 .. 10^6 (the N-vs-time curve) and on 0.376 for N = 3·10^4 ..
// 10^6 (8% of its first 4096 heaps rare, then almost none: the cost model
// keeps the sparse method, and its witness searches by value class do the
// work), the stamped mex against a hash set, and Flip Game II on a million
// pluses. Run: build/bin/bench_grundy  (add EXACTDP_GRUNDY_1E7=1 for
// N = 10^7, ~1 min; EXACTDP_GRUNDY_376=1 to certify 0.376's period,
// preperiod 2268248 and period 4 from 4536507 values, ~15 s).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <unordered_set>
#include <vector>

#include "exactdp/grundy/flip.hpp"
#include "exactdp/grundy/octal.hpp"
#include "exactdp/grundy/period.hpp"

namespace {

using namespace exactdp;

void naive_07(benchmark::State& state) {
  const octal_game game = parse_octal("0.07");
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(octal_grundy_naive(game, n).back());
  state.counters["N"] = static_cast<double>(n);
}

void naive_161(benchmark::State& state) {
  const octal_game game = parse_octal("0.161");
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(octal_grundy_naive(game, n).back());
  state.counters["N"] = static_cast<double>(n);
}

// The sparse-space table (with the cost model's choice) of the game `code`.
void sparse_table(benchmark::State& state, const char* code) {
  const octal_game game = parse_octal(code);
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(octal_grundy_sparse(game, n).back());
  state.counters["N"] = static_cast<double>(n);
}

void sparse_161(benchmark::State& state) { sparse_table(state, "0.161"); }

// 0.376: 8% of its first 4096 heaps are rare, then almost none; a few
// values have witnesses only among rare values paired with frequent ones.
void sparse_376(benchmark::State& state) { sparse_table(state, "0.376"); }

// Flammenkamp's table: 0.376 has preperiod 2268248 and period 4.
void certify_376(benchmark::State& state) {
  const octal_game game = parse_octal("0.376");
  for (auto _ : state) {
    const octal_values v = certified_octal_values(game, 5'000'000);
    if (!v.certificate().certified || v.certificate().preperiod != 2'268'248 || v.certificate().period != 4)
      state.SkipWithError("0.376 not certified with preperiod 2268248 and period 4");
    state.counters["N"] = static_cast<double>(v.certificate().computed);
  }
}

// The same naive 0.07 table with the mex taken from a hash set, to show why
// the library uses a stamped array.
void naive_07_hash_set_mex(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    std::vector<grundy_value> g(n, 0);
    for (std::size_t len = 2; len < n; ++len) {
      std::unordered_set<grundy_value> reached;
      for (std::size_t left = 0; left + 2 <= len; ++left) reached.insert(g[left] ^ g[len - 2 - left]);
      grundy_value m = 0;
      while (reached.count(m)) ++m;
      g[len] = m;
    }
    benchmark::DoNotOptimize(g.back());
  }
  state.counters["N"] = static_cast<double>(n);
}

void flip_million_pluses(benchmark::State& state) {
  const std::string s(1'000'000, '+');
  for (auto _ : state) benchmark::DoNotOptimize(flip_grundy(s).value);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RegisterBenchmark("naive_07", naive_07)
      ->Arg(10'000)
      ->Arg(30'000)
      ->Arg(100'000)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  benchmark::RegisterBenchmark("naive_07_hash_set_mex", naive_07_hash_set_mex)
      ->Arg(10'000)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  benchmark::RegisterBenchmark("naive_161", naive_161)
      ->Arg(10'000)
      ->Arg(30'000)
      ->Arg(100'000)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  auto* sparse = benchmark::RegisterBenchmark("sparse_161", sparse_161);
  sparse->Arg(10'000)->Arg(30'000)->Arg(100'000)->Arg(300'000)->Arg(1'000'000);
  const char* large = std::getenv("EXACTDP_GRUNDY_1E7");
  if (large && std::string(large) == "1") sparse->Arg(3'000'000)->Arg(10'000'000);
  sparse->Unit(benchmark::kMillisecond)->Iterations(1);
  benchmark::RegisterBenchmark("sparse_376", sparse_376)
      ->Arg(30'000)
      ->Arg(100'000)
      ->Arg(1'000'000)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  const char* certify = std::getenv("EXACTDP_GRUNDY_376");
  if (certify && std::string(certify) == "1")
    benchmark::RegisterBenchmark("certify_376", certify_376)->Unit(benchmark::kMillisecond)->Iterations(1);
  benchmark::RegisterBenchmark("flip_million_pluses", flip_million_pluses)->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
