// Threads: the budgets, the run-time moduli of DynModInt and DynModInt64, and
// the interrupt checker belong to the calling thread. Threads computing at
// once with different moduli each get the exact value mapped to their own
// modulus; threads with different budgets are refused or not on their own
// limits; a checker stops the computations of its own thread only. This
// program is also built alone with -fsanitize=thread by scripts/ci-extra.sh,
// so that a data race on any of these settings fails the CI.
// Catch2 v2 is not thread-safe: the threads only record what they found,
// and the checks run on the main thread after join().
#include "exactdp/numeric/errors.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <latch>
#include <limits>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "exactdp/games/win_lose.hpp"
#include "exactdp/grundy/octal.hpp"
#include "exactdp/markov/chain.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/markov/queries.hpp"
#include "exactdp/numeric/numeric.hpp"
#include "exactdp/numeric/primes.hpp"
#include "exactdp/probability/knight.hpp"

using namespace exactdp;

namespace {

// The gambler's ruin on 0..n: from 0 < i < n one step up with probability
// 1/3 and down with 2/3; 0 and n are absorbing. The probability of reaching
// n from i is (r^i - 1)/(r^n - 1) with r = (2/3)/(1/3) = 2 (Feller 1968,
// XIV.2): the independent value the chain solves are checked against.
markov_model ruin_model(int n) {
  markov_builder b("ruin");
  for (int s = 0; s <= n; ++s) b.state(std::string("s").append(std::to_string(s)));
  for (int s = 1; s < n; ++s) {
    b.transition(static_cast<std::size_t>(s), static_cast<std::size_t>(s + 1), ratio<Rational>(1, 3));
    b.transition(static_cast<std::size_t>(s), static_cast<std::size_t>(s - 1), ratio<Rational>(2, 3));
  }
  b.absorbing(0);
  b.absorbing(static_cast<std::size_t>(n));
  return b.build();
}

Rational ruin_exact(int n, int i) {
  const BigInt one = 1;
  return make_rational((one << static_cast<unsigned>(i)) - 1, (one << static_cast<unsigned>(n)) - 1);
}

markov_query reach_top(int n, int start) {
  markov_query q;
  q.start = static_cast<std::size_t>(start);
  q.target = std::vector<std::size_t>{static_cast<std::size_t>(n)};
  return q;
}

constexpr int ruin_n = 60, ruin_start = 17;
constexpr int knight_n = 8, knight_moves = 30;

// A checker that counts its calls and throws interrupted_error on the
// `stop_at`-th and every later one (never when stop_at is 0).
struct stop_after {
  int stop_at;
  int* calls;
  void operator()() const {
    if (++*calls >= stop_at && stop_at != 0)
      throw interrupted_error("stopped after " + std::to_string(stop_at) + " polls");
  }
};

// Take 1, 2 or 3 counters; who cannot move loses: heap n is lost for the
// mover exactly when n % 4 == 0.
struct take_123 {
  using position = std::uint64_t;
  void moves(position n, std::vector<position>& out) const {
    out.clear();
    for (position k = 1; k <= 3 && k <= n; ++k) out.push_back(n - k);
  }
  outcome no_move_outcome(position) const { return outcome::lose; }
};

}  // namespace

TEST_CASE("threads with different moduli compute at once, each in its own", "[threads][modulus]") {
  const Rational knight = knight_probability<Rational>(knight_n, knight_moves, 0, 0);
  const Rational ruin = ruin_exact(ruin_n, ruin_start);
  const markov_model model = ruin_model(ruin_n);
  // Sanity of the oracle: the exact chain solve agrees with the closed form.
  REQUIRE(reach_probability(markov_chain<Rational>(model), reach_top(ruin_n, ruin_start)) == ruin);

  const std::vector<std::uint64_t> small = {998'244'353, 1'000'000'009, 167'772'161, 2'147'483'647};
  const std::vector<std::uint64_t> large = primes_below(4, 62);
  constexpr int rounds = 4;
  struct record {
    std::uint64_t p = 0;
    std::uint64_t knight = 0, ruin = 0;  // the last residues computed
    int wrong = 0;                       // rounds whose residues differed from the exact values mapped
    std::uint64_t modulus_after = 0;     // the thread's modulus once its scope has ended
  };
  std::vector<record> small_runs(small.size()), large_runs(large.size());
  std::latch start(static_cast<std::ptrdiff_t>(small.size() + large.size()));
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < small.size(); ++t)
    threads.emplace_back([&, t] {
      record& r = small_runs[t];
      r.p = small[t];
      start.arrive_and_wait();
      {
        const dyn_modulus_scope scope(r.p);
        const markov_chain<DynModInt> chain(model);
        for (int i = 0; i < rounds; ++i) {
          r.knight = knight_probability<DynModInt>(knight_n, knight_moves, 0, 0).value();
          r.ruin = reach_probability(chain, reach_top(ruin_n, ruin_start)).value();
          if (r.knight != to_residue(knight, r.p) || r.ruin != to_residue(ruin, r.p)) ++r.wrong;
        }
      }
      r.modulus_after = DynModInt::modulus();
    });
  for (std::size_t t = 0; t < large.size(); ++t)
    threads.emplace_back([&, t] {
      record& r = large_runs[t];
      r.p = large[t];
      start.arrive_and_wait();
      {
        const dyn_modulus64_scope scope(r.p);
        const markov_chain<DynModInt64> chain(model);
        for (int i = 0; i < rounds; ++i) {
          r.knight = knight_probability<DynModInt64>(knight_n, knight_moves, 0, 0).value();
          r.ruin = reach_probability(chain, reach_top(ruin_n, ruin_start)).value();
          if (r.knight != to_residue64(knight, r.p) || r.ruin != to_residue64(ruin, r.p)) ++r.wrong;
        }
      }
      r.modulus_after = DynModInt64::modulus();
    });
  // Meanwhile the main thread runs under yet another modulus.
  const dyn_modulus_scope main_scope(7);
  for (std::thread& t : threads) t.join();
  CHECK(DynModInt::modulus() == 7);
  CHECK(DynModInt64::modulus() == 4'611'686'018'427'387'847ull);  // this thread never set it
  for (const record& r : small_runs) {
    INFO("modulus " << r.p);
    CHECK(r.wrong == 0);
    CHECK(r.knight == to_residue(knight, r.p));
    CHECK(r.ruin == to_residue(ruin, r.p));
    CHECK(r.modulus_after == 1'000'000'007);  // each thread starts from, and returns to, the default
  }
  for (const record& r : large_runs) {
    INFO("modulus " << r.p);
    CHECK(r.wrong == 0);
    CHECK(r.knight == to_residue64(knight, r.p));
    CHECK(r.ruin == to_residue64(ruin, r.p));
    CHECK(r.modulus_after == 4'611'686'018'427'387'847ull);
  }
}

TEST_CASE("a new thread starts with the default modulus, whatever its parent set", "[threads][modulus]") {
  const dyn_modulus_scope scope(7);
  const dyn_modulus64_scope scope64(2'305'843'009'213'693'951ull);  // 2^61 - 1
  std::uint64_t seen = 0, seen64 = 0, value = 0;
  std::thread([&] {
    seen = DynModInt::modulus();
    seen64 = DynModInt64::modulus();
    value = (DynModInt(1) / DynModInt(7)).value();  // 7 is invertible modulo the default 10^9 + 7
  }).join();
  CHECK(seen == 1'000'000'007);
  CHECK(seen64 == 4'611'686'018'427'387'847ull);
  CHECK(value == 142'857'144);  // 7 · 142857144 = 10^9 + 8
  CHECK(DynModInt::modulus() == 7);
}

TEST_CASE("budgets belong to the calling thread", "[threads][budget]") {
  const budgets mine = current_budgets(), start_with = default_budgets();
  // A 20x20 knight walk keeps two layers of 400 residues: 3200 bytes, and
  // about 20·400·8·3 = 192,000 steps of work.
  const Mod expected = knight_probability<Mod>(20, 20, 0, 0);
  constexpr int threads_each = 2;
  std::latch start(2 * threads_each);
  std::vector<int> refused(2 * threads_each, 0), right(2 * threads_each, 0);
  std::vector<std::uint64_t> bytes_inside(2 * threads_each, 0), bytes_after(2 * threads_each, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2 * threads_each; ++t)
    threads.emplace_back([&, t] {
      const bool tiny = t % 2 == 0;
      start.arrive_and_wait();
      {
        const budget_scope scope(tiny ? budget_limits{.state_bytes = 1024} : budget_limits{.work_steps = 1e9L});
        bytes_inside[static_cast<std::size_t>(t)] = state_budget_bytes();
        for (int i = 0; i < 3; ++i) {
          try {
            if (knight_probability<Mod>(20, 20, 0, 0) == expected) ++right[static_cast<std::size_t>(t)];
          } catch (const resource_error&) {
            ++refused[static_cast<std::size_t>(t)];
          }
        }
      }
      bytes_after[static_cast<std::size_t>(t)] = state_budget_bytes();
    });
  for (std::thread& t : threads) t.join();
  for (std::size_t t = 0; t < threads.size(); ++t) {
    INFO("thread " << t);
    const bool tiny = t % 2 == 0;
    CHECK(refused[t] == (tiny ? 3 : 0));
    CHECK(right[t] == (tiny ? 0 : 3));
    CHECK(bytes_inside[t] == (tiny ? 1024u : start_with.state_bytes));  // a limit left out is kept
    CHECK(bytes_after[t] == start_with.state_bytes);                    // restored when the scope ends
  }
  CHECK(current_budgets().state_bytes == mine.state_bytes);  // this thread's budgets never moved
  CHECK(current_budgets().work_steps == mine.work_steps);
}

TEST_CASE("new threads start from the default budgets", "[threads][budget]") {
  const budgets saved = default_budgets();
  const budgets mine = current_budgets();
  set_default_budgets({.state_bytes = 1024, .work_steps = 5e5L});
  int refused = 0;
  std::uint64_t bytes = 0;
  long double steps = 0;
  std::thread([&] {
    bytes = state_budget_bytes();
    steps = work_budget_steps();
    try {
      (void)knight_probability<Mod>(20, 20, 0, 0);
    } catch (const resource_error&) {
      ++refused;
    }
  }).join();
  set_default_budgets(saved);
  CHECK(bytes == 1024);
  CHECK(steps == 5e5L);
  CHECK(refused == 1);
  CHECK(current_budgets().state_bytes == mine.state_bytes);  // a thread that has computed keeps its own
  CHECK_NOTHROW(knight_probability<Mod>(20, 20, 0, 0));
  std::thread([&] { bytes = state_budget_bytes(); }).join();
  CHECK(bytes == saved.state_bytes);
}

TEST_CASE("budget_scope sets, nests and restores the calling thread's limits", "[threads][budget]") {
  const budgets mine = current_budgets();
  {
    const budget_scope outer({.state_bytes = 4096, .work_steps = 1e6L});
    CHECK(state_budget_bytes() == 4096);
    CHECK(work_budget_steps() == 1e6L);
    CHECK_THROWS_AS(knight_probability<Mod>(40, 5, 0, 0), resource_error);  // 2 · 1600 · 4 bytes
    {
      const budget_scope inner({.work_steps = 10});
      CHECK(state_budget_bytes() == 4096);
      CHECK_THROWS_WITH(knight_probability<Mod>(8, 5, 0, 0), Catch::Contains("above the work budget of 10"));
    }
    CHECK(work_budget_steps() == 1e6L);
    try {  // restored on an exception too
      const budget_scope thrown({.state_bytes = 1});
      throw std::runtime_error("leave");
    } catch (const std::runtime_error&) {
    }
    CHECK(state_budget_bytes() == 4096);
  }
  CHECK(state_budget_bytes() == mine.state_bytes);
  CHECK(work_budget_steps() == mine.work_steps);
  // The old interface still works, for this thread.
  state_budget_bytes() = 1000;
  CHECK(current_budgets().state_bytes == 1000);
  state_budget_bytes() = mine.state_bytes;
}

TEST_CASE("budgets reject a work limit that is not a number of steps", "[threads][budget]") {
  const budgets mine = current_budgets();
  for (const long double bad :
       {-1.0L, std::numeric_limits<long double>::infinity(), std::numeric_limits<long double>::quiet_NaN()}) {
    CHECK_THROWS_AS(budget_scope({.work_steps = bad}), std::invalid_argument);
    CHECK_THROWS_WITH(set_default_budgets({.state_bytes = 1, .work_steps = bad}),
                      Catch::Contains("finite number of steps"));
  }
  CHECK(current_budgets().work_steps == mine.work_steps);
  CHECK(default_budgets().state_bytes == budgets{}.state_bytes);  // the refused defaults did not land
  CHECK_THROWS_AS(interrupt_scope(std::function<void()>{}), std::invalid_argument);
}

TEST_CASE("an interrupt checker stops long computations with its exception", "[threads][interrupt]") {
  SECTION("the knight walk: one poll per move") {
    const Mod plain = knight_probability<Mod>(8, 1000, 0, 0);
    int calls = 0;
    {
      const interrupt_scope scope(stop_after{0, &calls});
      CHECK(knight_probability<Mod>(8, 1000, 0, 0) == plain);  // a checker that returns changes nothing
    }
    CHECK(calls == 1000);
    calls = 0;
    {
      const interrupt_scope scope(stop_after{10, &calls});
      CHECK_THROWS_AS(knight_probability<Mod>(8, 1000, 0, 0), interrupted_error);
      CHECK_THROWS_WITH(knight_probability<Rational>(8, 1000, 0, 0), "stopped after 10 polls");
    }
    CHECK(calls == 11);  // the Rational run stops at its first poll, the checker's 11th call
  }
  SECTION("a Markov chain: the component and elimination loops, and the k-step loop") {
    // One component of 199 states: the double solve polls once per state
    // eliminated, the exact-field elimination (DynModInt64) once per pivot;
    // the residue solve of ModInt is one FLINT call, polled per component.
    const markov_model model = ruin_model(200);
    const markov_query q = reach_top(200, 100);
    const Rational exact = ruin_exact(200, 100);
    const markov_chain<double> approximate(model);
    const markov_chain<DynModInt64> residues(model);
    const markov_chain<Mod> mod(model);
    int calls = 0;
    {
      const interrupt_scope scope(stop_after{0, &calls});
      CHECK(std::fabs(reach_probability(approximate, q) - to_double(exact)) <= 1e-12 * to_double(exact));
      CHECK(calls >= 199);
      calls = 0;
      CHECK(reach_probability(residues, q).value() == to_residue64(exact, DynModInt64::modulus()));
      CHECK(calls >= 199);
      CHECK(reach_probability(mod, q).value() == to_residue(exact, Mod::modulus()));
    }
    const interrupt_scope scope(stop_after{5, &calls});
    calls = 0;
    CHECK_THROWS_AS(reach_probability(approximate, q), interrupted_error);
    calls = 0;
    CHECK_THROWS_AS(reach_probability(residues, q), interrupted_error);
    calls = 0;
    CHECK_THROWS_AS(probability_after(mod, q, 100'000), interrupted_error);
    CHECK(calls == 5);
  }
  SECTION("a win/lose game search: one poll per 4096 positions") {
    int calls = 0;
    {
      const interrupt_scope scope(stop_after{0, &calls});
      CHECK(win_lose_search(take_123{}, 100'000).result == outcome::lose);  // 100000 % 4 == 0
    }
    CHECK(calls == 100'001 / 4096);
    calls = 0;
    const interrupt_scope scope(stop_after{3, &calls});
    CHECK_THROWS_AS(win_lose_search(take_123{}, 100'000), interrupted_error);
  }
  SECTION("an octal Grundy table: one poll per 4096 values") {
    const std::uint64_t takes[] = {1, 2, 3};
    const octal_game game = octal_subtraction_game(takes);
    for (const grundy_method method : {grundy_method::naive, grundy_method::sparse}) {
      int calls = 0;
      std::vector<grundy_value> values;
      {
        const interrupt_scope scope(stop_after{0, &calls});
        values = octal_grundy_values(game, 1'000'000, method);
      }
      CHECK(calls >= 1'000'000 / 4096);
      bool all_right = values.size() == 1'000'000;
      for (std::size_t n = 0; n < values.size(); ++n) all_right = all_right && values[n] == n % 4;
      CHECK(all_right);
      calls = 0;
      const interrupt_scope scope(stop_after{2, &calls});
      CHECK_THROWS_AS(octal_grundy_values(game, 1'000'000, method), interrupted_error);
    }
  }
}

TEST_CASE("interrupt scopes nest, and the innermost checker is the one called", "[threads][interrupt]") {
  int outer_calls = 0, inner_calls = 0;
  const interrupt_scope outer(stop_after{0, &outer_calls});
  {
    const interrupt_scope inner(stop_after{0, &inner_calls});
    (void)knight_probability<Mod>(8, 20, 0, 0);
  }
  (void)knight_probability<Mod>(8, 5, 0, 0);
  CHECK(inner_calls == 20);
  CHECK(outer_calls == 5);
}

TEST_CASE("a checker stops the computations of its own thread only", "[threads][interrupt]") {
  const Mod plain = knight_probability<Mod>(8, 300, 0, 0);
  std::latch start(4);
  std::vector<int> stopped(4, 0), right(4, 0), calls(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      const auto i = static_cast<std::size_t>(t);
      std::optional<interrupt_scope> scope;
      if (t % 2 == 0) scope.emplace(stop_after{50, &calls[i]});
      start.arrive_and_wait();
      try {
        if (knight_probability<Mod>(8, 300, 0, 0) == plain) ++right[i];
      } catch (const interrupted_error&) {
        ++stopped[i];
      }
    });
  for (std::thread& t : threads) t.join();
  CHECK(stopped == std::vector<int>{1, 0, 1, 0});
  CHECK(right == std::vector<int>{0, 1, 0, 1});
  CHECK(calls == std::vector<int>{50, 0, 50, 0});
}

TEST_CASE("poll_interrupt_every_4096 calls the checker on every 4096th call", "[threads][interrupt]") {
  std::uint64_t counter = 0;
  for (int i = 0; i < 10'000; ++i) poll_interrupt_every_4096(counter);  // no checker: nothing to call
  int calls = 0;
  const interrupt_scope scope(stop_after{0, &calls});
  counter = 0;
  for (int i = 0; i < 3 * 4096 - 1; ++i) poll_interrupt_every_4096(counter);
  CHECK(calls == 2);
  poll_interrupt_every_4096(counter);
  CHECK(calls == 3);
}
