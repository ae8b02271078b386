// Benchmarks of the exact linear solves of a component: the modular solver
// (p-adic lifting with early termination and an exact check, linear.hpp)
// against FLINT's fraction-free path it replaces from 24 states, against
// FLINT 2.9's other solvers on the same integer system, and against the
// double and residue runs of the whole chain.
//   herman/N/*     Herman's ring of N processes (2^N states, the benchmark
//                  set's dtmc/herman; probabilities 1/2^k), expected steps
//                  from state 0 to the label `stable`: the whole chain, its
//                  components solved in order (N = 13: 8,192 states, the
//                  largest component 3,432);
//   dense/N/*      one component of N states, every state to every state
//                  (weights 1..3, one exit), expected steps: the answers
//                  have about N·log2(6N) bits;
//   flint/N/*      FLINT alone on the integer system of dense/N (columns
//                  over their common denominators), built outside the
//                  timing: fmpz_mat_solve (fraction-free), fmpz_mat_solve_
//                  dixon_den (p-adic lifting to the Hadamard bound),
//                  fmpq_mat_solve_fmpz_mat_multi_mod (one elimination per
//                  prime, CRT), and nmod_mat_solve_vec (one prime only).
// Measured here (2 shared cores, loaded; ratios hold, times do not):
//   one system, seconds             n=200   400    800   | Herman 114  494  2026
//   fmpz_mat_solve (fraction-free)  0.040  0.289  3.55   |       0.022 0.38 14.9
//   fmpz_mat_solve_dixon_den        0.110  0.295  2.85   |       0.021 0.31 13.7
//   fmpq_mat_solve_..._multi_mod    0.330  4.55   81.4   |
//   nmod_mat_solve_vec, ONE prime   0.007  0.041  0.33   |       0.002 0.20 4.1
//   this solver (p-adic, early)     0.042  0.84   4.08   |       0.003 0.10 5.7
// (Herman's columns: the backward system of all non-stable states of
// N = 7, 9, 11.) Multimodular CRT pays one elimination per prime: 12
// primes for Herman 11's 600-bit answers, against one elimination and 15
// lifting steps here; FLINT's Dixon lifts to the Hadamard bound whatever
// the answer. LinBox (liblinbox-dev 1.7) was not measured: not installed,
// and the reference BLAS of this machine would not give it its speed.
// Whole chains through expected_steps, CPU time (build/bin/bench_modular
// --benchmark_min_time=0.01, the machine loaded by other builds):
//                       modular  fraction-free  double    mod
//   herman/7            1.04 ms     2.21 ms     0.150 ms  0.164 ms
//   herman/9            20.3 ms     56.4 ms     5.23 ms   4.21 ms
//   herman/11           601 ms      2190 ms     339 ms    179 ms
//   dense/200           34.7 ms     41.8 ms     2.52 ms   3.16 ms
//   dense/400           243 ms      284 ms      16.4 ms   21.6 ms
// and FLINT alone at 200/400: fraction-free 39.8/298 ms, Dixon 39.7/289
// ms, one prime 5.55/37.3 ms.
// Growth, CPU time (--benchmark_min_time=0.01, one run each, loaded; the
// main thread's CPU), 2026-12-03:
//                       200      400      800      1600     3200   exponent
//   dense/N/modular     20.5 ms  127 ms   1.11 s   12.4 s   (*)    3.08
//   flint/N/dixon_den   27.8 ms  172 ms   1.51 s   14.4 s          3.02
//   herman/N/modular    N=7 0.343 ms, 9 6.47 ms, 11 148 ms, 13 6.88 s:
//                       2.37 against the states (2^N), 2.77 from 11 to 13
// (*) dense/3200 passed the default work budget (now raised here); through the tool
// (`exactdp chain d3200.tra --as exact --max-work 1e12`) 107.7 s of CPU,
// reading its 167 MB file included: 3.13 over 200-3200. With the reader
// at 160 bytes a line (2026-12-03, /usr/bin/time -v, loaded): 800 states
// 1.87 s and 217 MB, 1,600 14.0 s and 834 MB, 3,200 94.4 s and 3.30 GB,
// 6,400 768 s and 13.2 GB (`--max-memory 20 --max-work 1e13`; 26,286
// digits): exponents 2.89 in time and 1.98 in peak memory over 800-6400
// (3.02 and 2.00 from 3,200 to 6,400).
// Run: build/bin/bench_modular [--benchmark_filter=...]
#include <benchmark/benchmark.h>
#include <flint/fmpq_mat.h>
#include <flint/fmpz_mat.h>
#include <flint/nmod_mat.h>
#include <flint/thread_support.h>
#include <flint/ulong_extras.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "exactdp/markov/markov.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "models.hpp"

namespace {

using namespace exactdp;

// Herman's ring (QVBS dtmc/herman, models.hpp) and its stable states.
struct herman {
  markov_model model;
  std::vector<std::size_t> stable;
};

herman herman_model(int n) {
  herman h{bench::herman_ring(n), {}};
  h.stable = h.model.labels().at("stable");
  return h;
}

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
  b.start(0);
  return b.build();
}

// Expected steps in T; exact runs with the modular threshold given.
template <class T>
void run_steps(benchmark::State& state, const markov_model& model, const markov_query& q, std::size_t threshold) {
  const markov_chain<T> chain(model);
  // dense/3200 lifts past the default work budget of 4e10 steps.
  const budget_scope unbounded({.work_steps = 1e13L});
  const std::size_t saved = detail::modular_threshold();
  detail::modular_threshold() = threshold;
  for (auto _ : state) {
    T value = expected_steps(chain, q);
    benchmark::DoNotOptimize(value);
  }
  detail::modular_threshold() = saved;
  state.SetLabel(field_traits<T>::name);
}

constexpr std::size_t modular = 24, fraction_free = std::numeric_limits<std::size_t>::max();

void herman_steps(benchmark::State& state, std::size_t threshold, int which) {
  const herman h = herman_model(static_cast<int>(state.range(0)));
  markov_query q;
  q.start = 0;
  q.target = h.stable;
  if (which == 0) run_steps<Rational>(state, h.model, q, threshold);
  if (which == 1) run_steps<double>(state, h.model, q, threshold);
  if (which == 2) run_steps<Mod>(state, h.model, q, threshold);
}

void BM_herman_modular(benchmark::State& s) { herman_steps(s, modular, 0); }
void BM_herman_fraction_free(benchmark::State& s) { herman_steps(s, fraction_free, 0); }
void BM_herman_double(benchmark::State& s) { herman_steps(s, modular, 1); }
void BM_herman_mod(benchmark::State& s) { herman_steps(s, modular, 2); }
BENCHMARK(BM_herman_modular)->Arg(7)->Arg(9)->Arg(11)->Arg(13)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_herman_fraction_free)->Arg(7)->Arg(9)->Arg(11)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_herman_double)->Arg(7)->Arg(9)->Arg(11)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_herman_mod)->Arg(7)->Arg(9)->Arg(11)->Arg(13)->Unit(benchmark::kMillisecond);

void dense_steps(benchmark::State& state, std::size_t threshold, int which) {
  const markov_model m = dense_model(static_cast<std::size_t>(state.range(0)));
  markov_query q;
  if (which == 0) run_steps<Rational>(state, m, q, threshold);
  if (which == 1) run_steps<double>(state, m, q, threshold);
  if (which == 2) run_steps<Mod>(state, m, q, threshold);
}

void BM_dense_modular(benchmark::State& s) { dense_steps(s, modular, 0); }
void BM_dense_fraction_free(benchmark::State& s) { dense_steps(s, fraction_free, 0); }
void BM_dense_double(benchmark::State& s) { dense_steps(s, modular, 1); }
void BM_dense_mod(benchmark::State& s) { dense_steps(s, modular, 2); }
BENCHMARK(BM_dense_modular)->Arg(200)->Arg(400)->Arg(800)->Arg(1600)->Arg(3200)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_dense_fraction_free)->Arg(200)->Arg(400)->Arg(800)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_dense_double)->Arg(200)->Arg(400)->Arg(800)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_dense_mod)->Arg(200)->Arg(400)->Arg(800)->Arg(1600)->Arg(3200)->Unit(benchmark::kMillisecond);

// The integer system of dense/N for FLINT alone: column j is state j's
// balance, D_j on the diagonal and -w(j -> i) below, right-hand side e_0.
struct integer_system {
  fmpz_mat_t a, b, x;
  fmpz_t den;
  explicit integer_system(slong n) {
    fmpz_mat_init(a, n, n);
    fmpz_mat_init(b, n, 1);
    fmpz_mat_init(x, n, 1);
    fmpz_init(den);
    std::mt19937 rng(42);
    std::uniform_int_distribution<int> weight(1, 3);
    for (slong j = 0; j < n; ++j) {
      std::vector<int> w(static_cast<std::size_t>(n) + 1);
      int total = 0;
      for (auto& v : w) total += v = weight(rng);
      fmpz_add_ui(fmpz_mat_entry(a, j, j), fmpz_mat_entry(a, j, j), static_cast<ulong>(total));
      for (slong i = 0; i < n; ++i)
        fmpz_sub_ui(fmpz_mat_entry(a, i, j), fmpz_mat_entry(a, i, j),
                    static_cast<ulong>(w[static_cast<std::size_t>(i)]));
    }
    fmpz_one(fmpz_mat_entry(b, 0, 0));
  }
  ~integer_system() {
    fmpz_mat_clear(a);
    fmpz_mat_clear(b);
    fmpz_mat_clear(x);
    fmpz_clear(den);
  }
  integer_system(const integer_system&) = delete;
  integer_system& operator=(const integer_system&) = delete;
};

void BM_flint_fraction_free(benchmark::State& state) {
  integer_system sys(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(fmpz_mat_solve(sys.x, sys.den, sys.a, sys.b));
}
void BM_flint_dixon(benchmark::State& state) {
  integer_system sys(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(fmpz_mat_solve_dixon_den(sys.x, sys.den, sys.a, sys.b));
}
void BM_flint_multi_mod(benchmark::State& state) {
  integer_system sys(state.range(0));
  fmpq_mat_t x;
  fmpq_mat_init(x, state.range(0), 1);
  for (auto _ : state) benchmark::DoNotOptimize(fmpq_mat_solve_fmpz_mat_multi_mod(x, sys.a, sys.b));
  fmpq_mat_clear(x);
}
void BM_flint_one_prime(benchmark::State& state) {
  integer_system sys(state.range(0));
  const slong n = state.range(0);
  const mp_limb_t p = n_nextprime(UWORD(1) << 49, 1);
  std::vector<mp_limb_t> x(static_cast<std::size_t>(n)), b(static_cast<std::size_t>(n));
  for (slong i = 0; i < n; ++i) b[static_cast<std::size_t>(i)] = fmpz_fdiv_ui(fmpz_mat_entry(sys.b, i, 0), p);
  for (auto _ : state) {
    nmod_mat_t a;
    nmod_mat_init(a, n, n, p);
    fmpz_mat_get_nmod_mat(a, sys.a);
    benchmark::DoNotOptimize(nmod_mat_solve_vec(x.data(), a, b.data()));
    nmod_mat_clear(a);
  }
}
BENCHMARK(BM_flint_fraction_free)->Arg(200)->Arg(400)->Arg(800)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_flint_dixon)->Arg(200)->Arg(400)->Arg(800)->Arg(1600)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_flint_multi_mod)->Arg(200)->Arg(400)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_flint_one_prime)->Arg(200)->Arg(400)->Arg(800)->Unit(benchmark::kMillisecond);

// The LU modulo a prime alone, on the matrices of dense/N (random residues
// stand for them: the elimination's cost does not depend on the values) and
// on Herman's structure: the backward system (I - P) of the non-stable
// states of herman/N, 2,026 of them for N = 11, 8,150 for N = 13.
std::vector<std::uint32_t> random_residues(std::size_t n, std::uint32_t p) {
  std::mt19937_64 rng(7);
  std::vector<std::uint32_t> a(n * n);
  for (auto& x : a) x = static_cast<std::uint32_t>(rng() % p);
  return a;
}

std::vector<std::uint32_t> herman_residues(int processes, std::uint32_t p, std::size_t& n) {
  const herman h = herman_model(processes);
  const markov_chain<DynModInt> chain = [&] {
    const dyn_modulus_scope scope(p);
    return markov_chain<DynModInt>(h.model);
  }();
  std::vector<std::size_t> index(h.model.size(), h.model.size());
  std::vector<char> stable(h.model.size(), 0);
  for (const std::size_t s : h.stable) stable[s] = 1;
  n = 0;
  for (std::size_t s = 0; s < h.model.size(); ++s)
    if (!stable[s]) index[s] = n++;
  std::vector<std::uint32_t> a(n * n, 0);
  const auto& rb = chain.row_begin();
  for (std::size_t s = 0; s < h.model.size(); ++s) {
    if (stable[s]) continue;
    std::uint32_t& diagonal = a[index[s] * n + index[s]];
    diagonal = (diagonal + 1) % p;
    for (std::size_t e = rb[s]; e < rb[s + 1]; ++e) {
      const std::size_t t = chain.targets()[e];
      if (stable[t]) continue;
      std::uint32_t& cell = a[index[s] * n + index[t]];
      cell = static_cast<std::uint32_t>((cell + p - chain.probabilities()[e].value()) % p);
    }
  }
  return a;
}

// solve_dense_residue on a: below residue_flint_threshold (ours) or above
// (FLINT), on solve_threads_scope(threads) threads.
void residue_solve(benchmark::State& state, const std::vector<std::uint32_t>& a, std::size_t n, bool flint,
                   std::size_t threads) {
  constexpr std::uint32_t p = 1'000'000'007;
  const std::size_t saved = detail::residue_flint_threshold();
  detail::residue_flint_threshold() = flint ? 1 : std::numeric_limits<std::size_t>::max();
  const solve_threads_scope scope(threads);
  std::vector<std::uint32_t> b(n);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint32_t>(i % p);
    benchmark::DoNotOptimize(detail::solve_dense_residue(n, a, b, p));
  }
  detail::residue_flint_threshold() = saved;
}

void BM_residue_ours(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  residue_solve(state, random_residues(n, 1'000'000'007), n, false, 1);
}
void BM_residue_flint(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  residue_solve(state, random_residues(n, 1'000'000'007), n, true, static_cast<std::size_t>(state.range(1)));
}
void BM_herman_residue_ours(benchmark::State& state) {
  std::size_t n = 0;
  const auto a = herman_residues(static_cast<int>(state.range(0)), 1'000'000'007, n);
  residue_solve(state, a, n, false, 1);
}
void BM_herman_residue_flint(benchmark::State& state) {
  std::size_t n = 0;
  const auto a = herman_residues(static_cast<int>(state.range(0)), 1'000'000'007, n);
  residue_solve(state, a, n, true, static_cast<std::size_t>(state.range(1)));
}
// Process CPU time (every thread's) and wall time, for the rows on threads.
BENCHMARK(BM_residue_ours)->Arg(800)->Arg(1600)->Arg(3200)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_residue_flint)
    ->ArgsProduct({{800, 1600, 3200}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK(BM_herman_residue_ours)->Arg(11)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_herman_residue_flint)
    ->ArgsProduct({{11}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();

// FLINT's nmod_mat_lu alone modulo primes of 27 bits (the lifting's,
// modular_prime(0)), 30 bits (10^9 + 7, the residue answers) and 50 bits
// (the lifting's prime before), on FLINT's threads.
void BM_flint_lu(benchmark::State& state) {
  const auto n = static_cast<slong>(state.range(0));
  const auto bits = state.range(1);
  const mp_limb_t p = bits == 27   ? detail::modular_prime(0)
                      : bits == 30 ? UWORD(1'000'000'007)
                                   : n_nextprime(UWORD(1) << (bits - 1), 1);
  const auto a = random_residues(static_cast<std::size_t>(n), 1'000'000'007);
  const int saved = flint_get_num_threads();
  flint_set_num_threads(static_cast<int>(state.range(2)));
  std::vector<slong> perm(static_cast<std::size_t>(n));
  for (auto _ : state) {
    nmod_mat_t m;
    nmod_mat_init(m, n, n, p);
    for (slong i = 0; i < n; ++i)
      for (slong j = 0; j < n; ++j) nmod_mat_entry(m, i, j) = a[static_cast<std::size_t>(i * n + j)] % p;
    benchmark::DoNotOptimize(nmod_mat_lu(perm.data(), m, 0));
    nmod_mat_clear(m);
  }
  flint_set_num_threads(saved);
}
BENCHMARK(BM_flint_lu)
    ->ArgsProduct({{800, 1600, 3200}, {27, 30, 50}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
