// Benchmarks of the PRISM-language front end on Herman's self-stabilising
// ring (the benchmark set's dtmc/herman: N processes, 2^N states, every
// state initial, a synchronised step in which each process holding a token
// tosses a coin), generated as PRISM text for N = 7, 9, 11, 13:
//   parse/N      parse_prism_language alone;
//   build/N      build_state_space: the reachable states breadth first,
//                guards and updates evaluated per state (the counters give
//                states and transitions per second);
//   floor/N      the floor for the same space: a hand-written enumeration
//                of the same 2^N states and their successors, straight into
//                the arrays a chain is built from (bit masks, no
//                expressions, no hash table), timed in the same run, so
//                that build/N ÷ floor/N is the front end's overhead;
//   check/N/*    the property R{"steps"}=? [F "stable"] at the initial
//                states, from the built space, exactly and in double.
// and on a random walk on an n×n torus (one module, two variables, one
// command with 10 updates of probability 1/10; n² states, 10·n²
// transitions), for the goal of 10^6 states and 10^7 transitions:
//   build_torus/n  build_state_space, with the process's peak resident
//                  memory (getrusage) as a counter: run it alone, e.g.
//                  --benchmark_filter=build_torus/1000, for the figure.
// Run: build/bin/bench_lang [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <cstdint>
#include <string>
#include <vector>

#include "exactdp/lang/build.hpp"
#include "exactdp/lang/prism.hpp"
#include "exactdp/lang/properties.hpp"
#include "exactdp/lang/property_values.hpp"

namespace {

using namespace exactdp;

// Herman's ring of n processes in the PRISM language, as the benchmark
// set's herman.N.prism writes it: process i compares itself with process
// i - 1 (process 1 with process n).
std::string herman_text(int n) {
  std::string t = "dtmc\nconst double p = 0.5;\nmodule process1\n  x1 : [0..1];\n";
  const std::string last = "x" + std::to_string(n);
  t += "  [step]  (x1=" + last + ") -> p : (x1'=0) + 1-p : (x1'=1);\n";
  t += "  [step] !(x1=" + last + ") -> (x1'=" + last + ");\nendmodule\n";
  for (int i = 2; i <= n; ++i)
    t += "module process" + std::to_string(i) + " = process1 [ x1=x" + std::to_string(i) + ", " + last + "=x" +
         std::to_string(i - 1) + " ] endmodule\n";
  t += "rewards \"steps\"\n  true : 1;\nendrewards\ninit\n  true\nendinit\nformula num_tokens = ";
  for (int i = 1; i <= n; ++i)
    t += (i > 1 ? "+" : "") + std::string("(x") + std::to_string(i) + "=x" + std::to_string(i == 1 ? n : i - 1) +
         "?1:0)";
  t += ";\nlabel \"stable\" = num_tokens=1;\n";
  return t;
}

void parse(benchmark::State& state) {
  const std::string text = herman_text(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(lang::parse_prism_language(text, "herman.prism"));
}

// Builds the space of `text` in a loop, with its states, transitions and
// the transitions built per second as counters.
void build_space(benchmark::State& state, const std::string& text) {
  const lang::symbolic_model model = lang::parse_prism_language(text, "bench");
  std::size_t states = 0, transitions = 0;
  for (auto _ : state) {
    const lang::state_space space = lang::build_state_space(model);
    states = space.size();
    transitions = space.transitions();
    benchmark::DoNotOptimize(space.targets.data());
  }
  state.counters["states"] = static_cast<double>(states);
  state.counters["transitions"] = static_cast<double>(transitions);
  state.counters["transitions/s"] =
      benchmark::Counter(static_cast<double>(transitions), benchmark::Counter::kIsIterationInvariantRate);
}

void build(benchmark::State& state) { build_space(state, herman_text(static_cast<int>(state.range(0)))); }

// The floor: every state s (bit i = process i + 1's value) and its
// successors. Process i holds a token when it equals process i - 1; it then
// takes either value, else it copies process i - 1. The successors are all
// the choices of the token holders' bits: 2^tokens of them, each of
// probability 2^-tokens (the index of that probability is the token count).
void floor_enumeration(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const std::uint32_t all = (std::uint32_t{1} << n) - 1;
  std::vector<std::size_t> begin;
  std::vector<std::uint32_t> targets, probability;
  for (auto _ : state) {
    begin.assign(1, 0);
    targets.clear();
    probability.clear();
    for (std::uint32_t s = 0; s <= all; ++s) {
      const std::uint32_t left = ((s << 1) | (s >> (n - 1))) & all;  // bit i: process i - 1's value
      const std::uint32_t tokens = ~(s ^ left) & all;
      const std::uint32_t copied = left & ~tokens;
      const auto k = static_cast<std::uint32_t>(__builtin_popcount(tokens));
      // Every subset of the token bits, by the standard subset walk.
      std::uint32_t sub = 0;
      do {
        targets.push_back(copied | sub);
        probability.push_back(k);
        sub = (sub - tokens) & tokens;
      } while (sub != 0);
      begin.push_back(targets.size());
    }
    benchmark::DoNotOptimize(targets.data());
  }
  state.counters["states"] = static_cast<double>(all) + 1;
  state.counters["transitions/s"] =
      benchmark::Counter(static_cast<double>(targets.size()), benchmark::Counter::kIsIterationInvariantRate);
}

// The walk on the n×n torus: from (x, y) to 10 neighbours, each with
// probability 1/10 (steps (±1,0), (0,±1), (±2,0), (0,±2), (1,1), (-1,-1)).
std::string torus_text(int n) {
  const std::string m = std::to_string(n), top = std::to_string(n - 1);
  const auto step = [&](const char* v, int d) {
    return std::string("(") + v + "'=mod(" + v + "+" + std::to_string(d < 0 ? n + d : d) + "," + m + "))";
  };
  std::string t = "dtmc\nmodule walk\n  x : [0.." + top + "] init 0;\n  y : [0.." + top + "] init 0;\n  [] true ->";
  const int moves[10][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {2, 0}, {-2, 0}, {0, 2}, {0, -2}, {1, 1}, {-1, -1}};
  for (int i = 0; i < 10; ++i) {
    t += std::string(i ? " + " : " ") + "0.1 : ";
    const int dx = moves[i][0], dy = moves[i][1];
    if (dx != 0) t += step("x", dx);
    if (dx != 0 && dy != 0) t += " & ";
    if (dy != 0) t += step("y", dy);
  }
  return t + ";\nendmodule\n";
}

void build_torus(benchmark::State& state) {
  build_space(state, torus_text(static_cast<int>(state.range(0))));
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_MiB"] = static_cast<double>(usage.ru_maxrss) / 1024;  // ru_maxrss is in KiB on Linux
}

template <class T>
void check(benchmark::State& state) {
  lang::symbolic_model model = lang::parse_prism_language(herman_text(static_cast<int>(state.range(0))), "h");
  const std::vector<lang::property> properties =
      lang::parse_properties("R{\"steps\"}=? [ F \"stable\" ]", "bench", model);
  const lang::state_space space = lang::build_state_space(model);
  for (auto _ : state) benchmark::DoNotOptimize(lang::evaluate_property<T>(model, space, properties.front()));
}

}  // namespace

BENCHMARK(parse)->Arg(7)->Arg(13)->Unit(benchmark::kMicrosecond);
BENCHMARK(build)->DenseRange(7, 13, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(floor_enumeration)->Name("floor")->DenseRange(7, 13, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(build_torus)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(check<Rational>)->Name("check/exact")->DenseRange(7, 11, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(check<double>)->Name("check/double")->DenseRange(7, 11, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
