// Benchmarks of the retrograde family (Google Benchmark):
//  - Cat and Mouse on a random graph of 500 nodes and 5,000 edges (499,000
//    positions): target under 1 s;
//  - a generic game graph of 10^7 positions and 5·10^7 moves: target under
//    20 s and 2 GB (peak_MiB is the process's peak resident memory so far,
//    VmHWM, graph included; run this benchmark alone for its own peak);
//  - Cat and Mouse II on an 8×8 grid: the cyclic form against the timed
//    acyclic form with the LC 1728 limit of 1000 turns (the same answer).
// There is no numeric policy here (outcomes are exact by nature), so no
// exact/mod/double comparison applies.
#include <benchmark/benchmark.h>

#include <fstream>
#include <random>
#include <set>
#include <string>

#include "exactdp/retrograde/cat_mouse.hpp"
#include "exactdp/retrograde/cat_mouse2.hpp"
#include "exactdp/retrograde/game_graph.hpp"

namespace {

double peak_mib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;  // kB -> MiB
  return 0;
}

std::vector<std::vector<int>> random_cat_mouse_graph(int n, int edges, unsigned seed) {
  std::mt19937 rng(seed);
  std::set<std::pair<int, int>> chosen;
  chosen.insert({1, 3});  // the starts can move
  chosen.insert({2, 3});
  while (static_cast<int>(chosen.size()) < edges) {
    int a = static_cast<int>(rng() % static_cast<unsigned>(n)), b = static_cast<int>(rng() % static_cast<unsigned>(n));
    if (a == b) continue;
    if (a > b) std::swap(a, b);
    chosen.insert({a, b});
  }
  std::vector<std::vector<int>> graph(static_cast<std::size_t>(n));
  for (const auto& [a, b] : chosen) {
    graph[std::size_t(a)].push_back(b);
    graph[std::size_t(b)].push_back(a);
  }
  return graph;
}

void cat_mouse_500_nodes(benchmark::State& state) {
  const auto graph = random_cat_mouse_graph(500, 5000, 913);
  int result = -1;
  std::uint32_t remoteness = 0;
  for (auto _ : state) {
    const exactdp::cat_mouse_game game(graph);
    const auto a = exactdp::cat_mouse(game);
    result = a.result;
    remoteness = a.remoteness;
    benchmark::DoNotOptimize(a);
  }
  state.counters["positions"] = 2.0 * 500 * 499;
  state.counters["result"] = result;
  state.counters["remoteness"] = remoteness;
  state.counters["peak_MiB"] = peak_mib();
}
BENCHMARK(cat_mouse_500_nodes)->Unit(benchmark::kMillisecond);

/// n positions, `percent`% of them terminal (a third each win, lose, draw),
/// the rest sharing 5n moves as evenly as possible (5 or 6 each), to uniform
/// random positions (self-loops and repeats allowed); every move passes the
/// turn. With 1% terminal most positions are draws (few moves reach an end);
/// with 20% most are decided, so the propagation does most of the work.
exactdp::game_graph random_game_graph(std::uint32_t n, unsigned percent, unsigned seed) {
  std::mt19937 rng(seed);
  exactdp::game_graph g;
  g.terminal.assign(n, exactdp::outcome::undecided);
  std::uint32_t going_on = 0;
  for (auto& t : g.terminal)
    if (rng() % 100 < percent)
      t = static_cast<exactdp::outcome>(1 + rng() % 3);
    else
      ++going_on;
  const std::uint64_t total = std::uint64_t{n} * 5;
  g.move_begin.assign(std::size_t{n} + 1, 0);
  g.moves.reserve(total);
  std::uint64_t k = 0;
  for (std::uint32_t p = 0; p < n; ++p) {
    if (g.terminal[p] == exactdp::outcome::undecided) {
      const std::uint64_t moves = total * (k + 1) / going_on - total * k / going_on;
      for (std::uint64_t j = 0; j < moves; ++j) g.moves.push_back(static_cast<std::uint32_t>(rng() % n));
      ++k;
    }
    g.move_begin[p + 1] = g.moves.size();
  }
  return g;
}

void generic_graph(benchmark::State& state) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  const exactdp::game_graph g = random_game_graph(n, static_cast<unsigned>(state.range(1)), 7);
  std::size_t counts[4] = {0, 0, 0, 0};
  for (auto _ : state) {
    const exactdp::retrograde_result r = exactdp::retrograde_analysis(g);
    for (auto& c : counts) c = 0;
    for (const auto v : r.outcomes) ++counts[static_cast<int>(v)];
    benchmark::DoNotOptimize(r.outcomes.data());
  }
  state.counters["positions"] = static_cast<double>(n);
  state.counters["moves"] = static_cast<double>(g.moves.size());
  state.counters["wins"] = static_cast<double>(counts[3]);
  state.counters["losses"] = static_cast<double>(counts[1]);
  state.counters["draws"] = static_cast<double>(counts[2]);
  state.counters["peak_MiB"] = peak_mib();
}
BENCHMARK(generic_graph)
    ->Args({1'000'000, 1})
    ->Args({10'000'000, 1})
    ->Args({10'000'000, 20})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

const std::vector<std::string> open_grid = {"M.......", "........", "..#..#..", "........",
                                            "...##...", "........", "..#..#..", "C......F"};

void cat_mouse2_cyclic(benchmark::State& state) {
  bool wins = false;
  for (auto _ : state) {
    wins = exactdp::cat_mouse2(open_grid, 2, 1, 1000).mouse_wins;
    benchmark::DoNotOptimize(wins);
  }
  state.counters["mouse_wins"] = wins;
}
BENCHMARK(cat_mouse2_cyclic)->Unit(benchmark::kMillisecond);

void cat_mouse2_timed(benchmark::State& state) {
  bool wins = false;
  for (auto _ : state) {
    wins = exactdp::cat_mouse2_timed(open_grid, 2, 1, 1000).mouse_wins;
    benchmark::DoNotOptimize(wins);
  }
  state.counters["mouse_wins"] = wins;
}
BENCHMARK(cat_mouse2_timed)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
