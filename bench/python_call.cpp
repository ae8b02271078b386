// The C++ side of the Python module's call-overhead benchmark
// (python/bench/bench_python.py): the small recurrence the Python call
// times, knight_probability(3, 2, 0, 0) in residues, called from C++: with
// the default modulus (ModInt<1e9+7>; number="mod" runs DynModInt under the
// thread's default modulus 1e9+7, with no scope and no primality test since
// issue 26) and with a run-time modulus set for the call (DynModInt and its
// scope, what modulus=998244353 runs). The Python figure minus this one is
// the cost of the binding (issue 26: under 2 us; the GIL release and the
// Ctrl-C scope are about 0.1 us each of it). Run: build/bin/bench_python_call
#include <benchmark/benchmark.h>

#include "exactdp/numeric/modint.hpp"
#include "exactdp/probability/knight.hpp"

namespace {

using namespace exactdp;

void knight_3x3_2_mod(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(knight_probability<Mod>(3, 2, 0, 0).value());
}

void knight_3x3_2_dynamic_modulus(benchmark::State& state) {
  for (auto _ : state) {
    dyn_modulus_scope scope(998'244'353);
    benchmark::DoNotOptimize(knight_probability<DynModInt>(3, 2, 0, 0).value());
  }
}

void knight_3x3_2_double(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(knight_probability<double>(3, 2, 0, 0));
}

}  // namespace

BENCHMARK(knight_3x3_2_mod);
BENCHMARK(knight_3x3_2_dynamic_modulus);
BENCHMARK(knight_3x3_2_double);
BENCHMARK_MAIN();
