// The numeric policy layer: one multiply-add in each number system, and the
// conversions. Run: ./build/bin/bench_numeric
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "exactdp/numeric/numeric.hpp"

using namespace exactdp;

namespace {

// acc = acc·x + y over 1024 pairs; x = 1/(i+1) and y = i/(i+1) keep a
// Rational accumulator's size bounded, so every policy does the same work.
template <class T>
void multiply_add(benchmark::State& state) {
  std::vector<T> xs, ys;
  for (std::int64_t i = 1; i <= 1024; ++i) {
    xs.push_back(ratio<T>(1, i + 1));
    ys.push_back(ratio<T>(i, i + 1));
  }
  for (auto _ : state) {
    T acc(1);
    for (std::size_t i = 0; i < xs.size(); ++i) acc = acc * xs[i] + ys[i];
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations() * 1024);
}

void dyn_multiply_add(benchmark::State& state) {
  dyn_modulus_scope scope(998'244'353);
  multiply_add<DynModInt>(state);
}

void dyn64_multiply_add(benchmark::State& state) {
  dyn_modulus64_scope scope(4'611'686'018'427'387'847ull);
  multiply_add<DynModInt64>(state);
}

void primes_below_62_bits(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(primes_below(static_cast<std::size_t>(state.range(0))));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void rational_to_double(benchmark::State& state) {
  const Rational q = make_rational(
      BigInt("59148164451225544179736566816056680555655047363269142193693457357913224615761"), BigInt(1) << 300);
  for (auto _ : state) benchmark::DoNotOptimize(to_double(q));
}

void rational_to_residue(benchmark::State& state) {
  const Rational q = make_rational(
      BigInt("59148164451225544179736566816056680555655047363269142193693457357913224615761"), BigInt(1) << 300);
  for (auto _ : state) benchmark::DoNotOptimize(to_residue(q, 1'000'000'007));
}

void reconstruct_one_prime(benchmark::State& state) {
  const BigInt p = 1'000'000'007, r = 629'629'634;
  for (auto _ : state) benchmark::DoNotOptimize(reconstruct(r, p));
}

}  // namespace

BENCHMARK(multiply_add<double>);
BENCHMARK(multiply_add<Mod>);
BENCHMARK(dyn_multiply_add);
BENCHMARK(multiply_add<ModInt64<(std::uint64_t{1} << 61) - 1>>);
BENCHMARK(dyn64_multiply_add);
BENCHMARK(primes_below_62_bits)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(multiply_add<Rational>);
BENCHMARK(rational_to_double);
BENCHMARK(rational_to_residue);
BENCHMARK(reconstruct_one_prime);
BENCHMARK_MAIN();
