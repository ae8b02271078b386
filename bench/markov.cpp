// Benchmarks of the Markov chain solver, exact and residue against double in
// one run (ratios survive this noisy machine, absolute times do not):
//   dense/*   one cyclic component of 200 states, every state linked to every
//             other (probabilities w/D with weights 1..3, D <= 603);
//   sparse/*  100,000 states in components of 10 (each a random cycle with
//             chords), each component leaving to two later components and
//             to an absorbing state, the components forming a binary tree
//             (depth 14) or a line (depth 10,000);
//   chutes/*  Chutes and Ladders (examples/markov), loaded and solved in the
//             process, and end to end through the tool (a process per run).
// Run: build/bin/bench_markov [--benchmark_filter=...]
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>

#include "exactdp/markov/markov.hpp"
#include "exactdp/numeric/numeric.hpp"

extern char** environ;

namespace {

using namespace exactdp;

markov_model dense_model(std::size_t n) {
  std::mt19937 rng(42);
  std::uniform_int_distribution<int> weight(1, 3);
  markov_builder b("dense");
  for (std::size_t s = 0; s < n; ++s) b.state(std::string("d").append(std::to_string(s)));
  const std::size_t out = b.state("out");
  b.absorbing(out);
  for (std::size_t s = 0; s < n; ++s) {
    std::vector<int> w(n + 1);
    int total = 0;
    for (auto& x : w) total += x = weight(rng);
    for (std::size_t t = 0; t < n; ++t) b.transition(s, t, Rational(w[t]) / Rational(total));
    b.transition(s, out, Rational(w[n]) / Rational(total));
  }
  return b.build();
}

// 100,000 states: `blocks` components of 10 states. Inside a component, a
// cycle plus one random chord per state; every state also leaves to the
// absorbing state and to the first state of one of the component's two
// successors (tree: 2b+1, 2b+2; line: b+1, b+2). Weights 1..3.
markov_model sparse_model(bool tree) {
  const std::size_t block = 10, blocks = 10'000;
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> weight(1, 3);
  std::uniform_int_distribution<std::size_t> member(0, block - 1);
  markov_builder b("sparse");
  for (std::size_t s = 0; s < block * blocks; ++s) b.state(std::string("x").append(std::to_string(s)));
  const std::size_t out = b.state("out");
  b.absorbing(out);
  for (std::size_t k = 0; k < blocks; ++k) {
    const std::size_t next1 = tree ? 2 * k + 1 : k + 1, next2 = tree ? 2 * k + 2 : k + 2;
    for (std::size_t i = 0; i < block; ++i) {
      const std::size_t s = k * block + i;
      std::vector<std::pair<std::size_t, int>> edges;
      edges.emplace_back(k * block + (i + 1) % block, weight(rng));
      std::size_t chord = k * block + member(rng);
      if (chord != edges[0].first) edges.emplace_back(chord, weight(rng));
      edges.emplace_back(out, 1);
      const std::size_t next = i % 2 == 0 ? next1 : next2;
      if (next < blocks) edges.emplace_back(next * block, weight(rng));
      int total = 0;
      for (const auto& e : edges) total += e.second;
      for (const auto& e : edges) b.transition(s, e.first, Rational(e.second) / Rational(total));
    }
  }
  b.start(0);
  return b.build();
}

template <class T>
void run_steps(benchmark::State& state, const markov_model& model) {
  const markov_chain<T> chain(model);
  markov_query q;
  q.start = 0;
  for (auto _ : state) {
    T value = expected_steps(chain, q);
    benchmark::DoNotOptimize(value);
  }
  state.SetLabel(field_traits<T>::name);
}

const markov_model& dense200() {
  static const markov_model m = dense_model(200);
  return m;
}
const markov_model& sparse_tree() {
  static const markov_model m = sparse_model(true);
  return m;
}
const markov_model& sparse_line() {
  static const markov_model m = sparse_model(false);
  return m;
}

template <class T>
void BM_dense200(benchmark::State& state) {
  run_steps<T>(state, dense200());
}
template <class T>
void BM_sparse_tree(benchmark::State& state) {
  run_steps<T>(state, sparse_tree());
}
template <class T>
void BM_sparse_line(benchmark::State& state) {
  run_steps<T>(state, sparse_line());
}

void BM_dense200_dynmod(benchmark::State& state) {
  dyn_modulus_scope scope(998'244'353);
  run_steps<DynModInt>(state, dense200());
}

std::filesystem::path source_dir() { return std::filesystem::path(__FILE__).parent_path().parent_path(); }
std::string chutes_path() { return (source_dir() / "examples/markov/chutes_and_ladders.json").string(); }

void BM_chutes_in_process(benchmark::State& state) {
  for (auto _ : state) {
    const markov_model m = load_json_model(chutes_path());
    markov_query q;
    q.start = *m.start();
    Rational v = expected_steps(markov_chain<Rational>(m), q);
    benchmark::DoNotOptimize(v);
  }
}

// `exactdp chain chutes_and_ladders.json --as exact`, one process per run,
// output to /dev/null: the time a user waits.
void BM_chutes_tool(benchmark::State& state) {
  const std::string tool = (std::filesystem::read_symlink("/proc/self/exe").parent_path() / "exactdp").string();
  if (!std::filesystem::exists(tool)) {
    state.SkipWithError(("build the tool first: " + tool).c_str());
    return;
  }
  const std::string model = chutes_path();
  std::vector<std::string> args{tool, "chain", model, "--as", "exact"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  for (auto _ : state) {
    pid_t pid;
    if (posix_spawn(&pid, tool.c_str(), &actions, nullptr, argv.data(), environ) != 0) {
      state.SkipWithError("posix_spawn failed");
      break;
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      state.SkipWithError("the tool failed");
      break;
    }
  }
  posix_spawn_file_actions_destroy(&actions);
}

}  // namespace

BENCHMARK(BM_dense200<double>)->Name("dense200/double")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_dense200<Mod>)->Name("dense200/mod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_dense200_dynmod)->Name("dense200/dynmod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_dense200<Rational>)->Name("dense200/exact")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sparse_tree<double>)->Name("sparse100k_tree/double")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sparse_tree<Mod>)->Name("sparse100k_tree/mod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sparse_tree<Rational>)->Name("sparse100k_tree/exact")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_sparse_line<double>)->Name("sparse100k_line/double")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sparse_line<Mod>)->Name("sparse100k_line/mod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_chutes_in_process)->Name("chutes/exact_in_process")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_chutes_tool)->Name("chutes/exact_through_tool")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
