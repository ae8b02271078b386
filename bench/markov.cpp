// Benchmarks of the Markov chain solver, exact and residue against double in
// one run (ratios survive this noisy machine, absolute times do not):
//   dense/*   one cyclic component of 200 states, every state linked to every
//             other (probabilities w/D with weights 1..3, D <= 603);
//   sparse/*  100,000 states in components of 10 (each a random cycle with
//             chords), each component leaving to two later components and
//             to an absorbing state, the components forming a binary tree
//             (depth 14) or a line (depth 10,000);
//   dense200/flint_*  FLINT alone on the same exact system, prepared outside
//             the timing: fmpq_mat_solve on the rational (I - Q)^T (what a
//             caller of FLINT writes), fmpz_mat_solve on its integer form
//             (columns over their common denominators);
//   stationary200/*  the stationary distribution of one dense closed class of
//             200 states;
//   longrun200/*  the long-run distribution from a dense transient part of
//             200 states leaking into two dense closed classes of 50;
//   chutes_within_1e9/*  P(finished within 10^9 spins) of Chutes and Ladders
//             (repeated squaring, chosen automatically), and
//             chutes_within_1e5_steps/* the same for 10^5 spins pushed step
//             by step (the method forced), double against residues;
//   chutes/*  Chutes and Ladders (examples/markov), loaded and solved in the
//             process, and end to end through the tool (a process per run).
// Run: build/bin/bench_markov [--benchmark_filter=...]
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <flint/fmpq_mat.h>
#include <flint/fmpz_mat.h>

#include <filesystem>
#include <optional>
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

// The 200 dense states of dense_model without the absorbing state: one
// closed class (weights 1..3 over the 200 states only).
markov_model closed_model(std::size_t n) {
  std::mt19937 rng(43);
  std::uniform_int_distribution<int> weight(1, 3);
  markov_builder b("closed");
  for (std::size_t s = 0; s < n; ++s) b.state(std::string("c").append(std::to_string(s)));
  for (std::size_t s = 0; s < n; ++s) {
    std::vector<int> w(n);
    int total = 0;
    for (auto& x : w) total += x = weight(rng);
    for (std::size_t t = 0; t < n; ++t) b.transition(s, t, Rational(w[t]) / Rational(total));
  }
  return b.build();
}

// 200 dense transient states, each also leaking (weight 1 of about 400) to
// one of two dense closed classes of 50 states.
markov_model longrun_model() {
  std::mt19937 rng(44);
  std::uniform_int_distribution<int> weight(1, 3);
  const std::size_t n = 200, c = 50;
  markov_builder b("longrun");
  for (std::size_t s = 0; s < n + 2 * c; ++s) b.state(std::string("l").append(std::to_string(s)));
  for (std::size_t s = 0; s < n; ++s) {
    std::vector<int> w(n);
    int total = 1;
    for (auto& x : w) total += x = weight(rng);
    for (std::size_t t = 0; t < n; ++t) b.transition(s, t, Rational(w[t]) / Rational(total));
    b.transition(s, n + (s % 2) * c + s % c, Rational(1) / Rational(total));
  }
  for (std::size_t k = 0; k < 2; ++k)
    for (std::size_t s = n + k * c; s < n + (k + 1) * c; ++s) {
      std::vector<int> w(c);
      int total = 0;
      for (auto& x : w) total += x = weight(rng);
      for (std::size_t t = 0; t < c; ++t) b.transition(s, n + k * c + t, Rational(w[t]) / Rational(total));
    }
  b.start(0);
  return b.build();
}

const markov_model& closed200() {
  static const markov_model m = closed_model(200);
  return m;
}
const markov_model& longrun200() {
  static const markov_model m = longrun_model();
  return m;
}

template <class T>
void BM_stationary200(benchmark::State& state) {
  const markov_chain<T> chain(closed200());
  const auto classes = closed_classes(chain, 0);
  for (auto _ : state) {
    auto pi = stationary_distribution(chain, classes.at(0));
    benchmark::DoNotOptimize(pi);
  }
  state.SetLabel(field_traits<T>::name);
}

template <class T>
void BM_longrun200(benchmark::State& state) {
  const markov_chain<T> chain(longrun200());
  markov_query q;
  q.start = 0;
  for (auto _ : state) {
    auto lr = long_run(chain, q);
    benchmark::DoNotOptimize(lr);
  }
  state.SetLabel(field_traits<T>::name);
}

// FLINT alone on dense200's system (I - Q)^T v = e_0, built outside the
// timing from the chain's exact probabilities.
struct flint_system {
  fmpq_mat_t a, b, x;
  fmpz_mat_t m, mb, mx;
  fmpz_t den;
  flint_system() {
    const markov_model& model = dense200();
    const slong n = 200;
    fmpq_mat_init(a, n, n);
    fmpq_mat_init(b, n, 1);
    fmpq_mat_init(x, n, 1);
    fmpz_mat_init(m, n, n);
    fmpz_mat_init(mb, n, 1);
    fmpz_mat_init(mx, n, 1);
    fmpz_init(den);
    const markov_chain<Rational> chain(model);
    fmpq_t p;
    fmpq_init(p);
    for (slong j = 0; j < n; ++j) {
      fmpq_one(fmpq_mat_entry(a, j, j));
      fmpz_set_mpz(fmpz_mat_entry(m, j, j), chain.row_denominator(static_cast<std::size_t>(j)).backend().data());
      for (const markov_transition& t : model.transitions(static_cast<std::size_t>(j))) {
        if (t.to >= static_cast<std::size_t>(n)) continue;
        const auto i = static_cast<slong>(t.to);
        fmpq_set_mpq(p, t.probability.backend().data());
        fmpq_sub(fmpq_mat_entry(a, i, j), fmpq_mat_entry(a, i, j), p);
        // Column j over state j's common denominator.
        fmpz_t scaled;
        fmpz_init(scaled);
        fmpz_set_mpz(scaled, chain.row_denominator(static_cast<std::size_t>(j)).backend().data());
        fmpz_divexact(scaled, scaled, fmpq_denref(p));
        fmpz_mul(scaled, scaled, fmpq_numref(p));
        fmpz_sub(fmpz_mat_entry(m, i, j), fmpz_mat_entry(m, i, j), scaled);
        fmpz_clear(scaled);
      }
    }
    fmpq_clear(p);
    fmpq_one(fmpq_mat_entry(b, 0, 0));
    fmpz_one(fmpz_mat_entry(mb, 0, 0));
  }
  ~flint_system() {
    fmpq_mat_clear(a);
    fmpq_mat_clear(b);
    fmpq_mat_clear(x);
    fmpz_mat_clear(m);
    fmpz_mat_clear(mb);
    fmpz_mat_clear(mx);
    fmpz_clear(den);
  }
};

void BM_dense200_flint_fmpq(benchmark::State& state) {
  static flint_system sys;
  for (auto _ : state) benchmark::DoNotOptimize(fmpq_mat_solve(sys.x, sys.a, sys.b));
}

void BM_dense200_flint_fmpz(benchmark::State& state) {
  static flint_system sys;
  for (auto _ : state) benchmark::DoNotOptimize(fmpz_mat_solve(sys.mx, sys.den, sys.m, sys.mb));
}

std::filesystem::path source_dir() { return std::filesystem::path(__FILE__).parent_path().parent_path(); }
std::string chutes_path() { return (source_dir() / "examples/markov/chutes_and_ladders.json").string(); }

const markov_model& chutes() {
  static const markov_model m = load_json_model(chutes_path());
  return m;
}

// P(finished within k spins), the method chosen (repeated squaring for
// k = 10^9) or forced step by step.
template <class T>
void run_within(benchmark::State& state, std::uint64_t k, std::optional<markov_step_method> force) {
  const markov_chain<T> chain(chutes());
  markov_query q;
  q.start = *chutes().start();
  std::vector<char> stop(chutes().size(), 0);
  for (std::size_t s = 0; s < stop.size(); ++s) stop[s] = chutes().is_absorbing(s);
  markov_steps<T> out;
  for (auto _ : state) {
    if (force)
      detail::markov_k_steps(chain, q, k, stop, out, force);
    else
      out = within_steps(chain, q, k);
    benchmark::DoNotOptimize(out);
  }
  state.SetLabel(std::string(field_traits<T>::name) +
                 (out.method == markov_step_method::repeated_squaring ? ", repeated squaring" : ", step by step"));
}

template <class T>
void BM_chutes_within_1e9(benchmark::State& state) {
  run_within<T>(state, 1'000'000'000, std::nullopt);
}
template <class T>
void BM_chutes_within_1e5_steps(benchmark::State& state) {
  run_within<T>(state, 100'000, markov_step_method::step_by_step);
}

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
BENCHMARK(BM_dense200_flint_fmpz)->Name("dense200/flint_fmpz")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_dense200_flint_fmpq)->Name("dense200/flint_fmpq")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stationary200<double>)->Name("stationary200/double")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stationary200<Mod>)->Name("stationary200/mod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stationary200<Rational>)->Name("stationary200/exact")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_longrun200<double>)->Name("longrun200/double")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_longrun200<Mod>)->Name("longrun200/mod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_longrun200<Rational>)->Name("longrun200/exact")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_chutes_within_1e9<double>)->Name("chutes_within_1e9/double")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_chutes_within_1e9<Mod>)->Name("chutes_within_1e9/mod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_chutes_within_1e5_steps<double>)->Name("chutes_within_1e5_steps/double")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_chutes_within_1e5_steps<Mod>)->Name("chutes_within_1e5_steps/mod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sparse_tree<double>)->Name("sparse100k_tree/double")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sparse_tree<Mod>)->Name("sparse100k_tree/mod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sparse_tree<Rational>)->Name("sparse100k_tree/exact")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_sparse_line<double>)->Name("sparse100k_line/double")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sparse_line<Mod>)->Name("sparse100k_line/mod")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_chutes_in_process)->Name("chutes/exact_in_process")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_chutes_tool)->Name("chutes/exact_through_tool")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
