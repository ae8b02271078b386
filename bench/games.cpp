// Benchmarks of the game solvers (Google Benchmark). Targets from issue 5:
//  - Can I Win, max_choosable = 20, every desired total 1..210: < 100 ns per solved mask;
//    totals 200..210: the default (memoised search) against the bottom-up table;
//  - subtraction game, N = 10^18, moves {1,3,4}: < 1 ms;
//  - best_lead on 5,000 values: < 100 ms (int64; Rational and double in the same run).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "exactdp/games/can_i_win.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/subtraction.hpp"
#include "exactdp/numeric/rational.hpp"

namespace {

using namespace exactdp;

// Every desired total 1..210 in one iteration; a solved mask is a position
// (a set of used numbers whose sum is below the target) solved by the table,
// or reached by the search. Arg: 0 the default (whichever solves fewer
// masks), 1 the bottom-up table, 2 the memoised search.
can_i_win_method method_of(std::int64_t arg) {
  return arg == 1   ? can_i_win_method::bottom_up
         : arg == 2 ? can_i_win_method::memoised_search
                    : can_i_win_method::fewer_masks;
}

void can_i_win_all_totals(benchmark::State& state) {
  const can_i_win_method method = method_of(state.range(0));
  std::uint64_t masks = 0;
  for (auto _ : state) {
    masks = 0;
    for (std::int64_t total = 1; total <= 210; ++total) {
      const auto a = can_i_win(20, total, method);
      masks += a.positions;
      benchmark::DoNotOptimize(a.first_player_wins);
    }
  }
  state.counters["masks"] = static_cast<double>(masks);
  // items_per_second = solved masks per CPU second: ns per mask = 1e9 / items_per_second.
  state.SetItemsProcessed(static_cast<std::int64_t>(masks) * static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(can_i_win_all_totals)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);

// Desired totals 200..210, where the table solves all 2^20 masks and the
// search about 30,000: Arg as above.
void can_i_win_totals_200_210(benchmark::State& state) {
  const can_i_win_method method = method_of(state.range(0));
  std::uint64_t masks = 0;
  for (auto _ : state) {
    masks = 0;
    for (std::int64_t total = 200; total <= 210; ++total) {
      const auto a = can_i_win(20, total, method);
      masks += a.positions;
      benchmark::DoNotOptimize(a.first_player_wins);
    }
  }
  state.counters["masks"] = static_cast<double>(masks);
  state.SetItemsProcessed(static_cast<std::int64_t>(masks) * static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(can_i_win_totals_200_210)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The slowest single totals.
void can_i_win_one_total(benchmark::State& state) {
  const auto total = static_cast<std::int64_t>(state.range(0));
  std::uint64_t masks = 0;
  for (auto _ : state) {
    const auto a = can_i_win(20, total);
    masks = a.positions;
    benchmark::DoNotOptimize(a.first_player_wins);
  }
  state.counters["masks"] = static_cast<double>(masks);
  // items_per_second = solved masks per CPU second: ns per mask = 1e9 / items_per_second.
  state.SetItemsProcessed(static_cast<std::int64_t>(masks) * static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(can_i_win_one_total)->Arg(150)->Arg(209)->Arg(210)->Unit(benchmark::kMillisecond);

void subtraction_huge_pile(benchmark::State& state) {
  const std::vector<std::int64_t> moves{1, 3, 4};
  for (auto _ : state) {
    const auto a = subtraction_game(1'000'000'000'000'000'000ULL, moves);
    benchmark::DoNotOptimize(a.result);
  }
}
BENCHMARK(subtraction_huge_pile)->Unit(benchmark::kMicrosecond);

void subtraction_long_preperiod(benchmark::State& state) {
  const std::vector<std::int64_t> moves{4, 7, 13};
  for (auto _ : state) {
    const auto a = subtraction_game(1'000'000'000'000'000'000ULL, moves);
    benchmark::DoNotOptimize(a.result);
  }
}
BENCHMARK(subtraction_long_preperiod)->Unit(benchmark::kMicrosecond);

template <class T>
void best_lead_5000(benchmark::State& state) {
  std::mt19937 rng(5000);
  std::vector<T> values;
  for (int i = 0; i < 5000; ++i) values.push_back(T(static_cast<std::int64_t>(rng() % 2001) - 1000));
  for (auto _ : state) {
    const auto a = best_lead<T>(values);
    benchmark::DoNotOptimize(a.lead);
  }
}
BENCHMARK(best_lead_5000<std::int64_t>)->Unit(benchmark::kMillisecond);
BENCHMARK(best_lead_5000<double>)->Unit(benchmark::kMillisecond);
BENCHMARK(best_lead_5000<BigInt>)->Unit(benchmark::kMillisecond);
BENCHMARK(best_lead_5000<Rational>)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
