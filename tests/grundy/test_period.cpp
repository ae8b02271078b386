// Certified periods, values of any heap size, winning moves in sums, and user
// move functions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "exactdp/grundy/moves.hpp"
#include "exactdp/grundy/period.hpp"
#include "exactdp/numeric/errors.hpp"

using namespace exactdp;

TEST_CASE("certified periods of games with published periods", "[grundy][period]") {
  struct known {
    const char* code;
    std::uint64_t preperiod, period;
  };
  // Sources: OEIS A002187 (0.137: exceptions up to 51, period 34; 0.07 is the
  // same sequence shifted by one, so its last exception is at 52), A002186
  // (Kayles 0.77: last exception 70, period 12), A071434 (.1377: last exception
  // 140, period 24), A125920 (.176: 23, 8), A071435 (.177: 496, 20), A071464
  // (.127: last exception 46577, period 4, Gangolli and Plambeck 1989).
  const known games[] = {{"0.07", 53, 34},    {"0.137", 52, 34}, {"0.4", 54, 34},    {"0.77", 71, 12},
                         {"0.1377", 141, 24}, {"0.176", 24, 8},  {"0.177", 497, 20}, {"0.127", 46578, 4},
                         {"0.333", 0, 4},     {"0.3", 0, 2}};
  for (const known& k : games) {
    INFO("game " << k.code);
    const octal_values v = certified_octal_values(parse_octal(k.code), 1 << 17);
    const period_certificate& c = v.certificate();
    REQUIRE(c.certified);
    CHECK(c.preperiod == k.preperiod);
    CHECK(c.period == k.period);
    CHECK(c.checked_from == k.preperiod);
    CHECK(c.checked_to == 2 * std::max<std::uint64_t>(k.preperiod, 1) + k.period + v.game().max_take());
    CHECK(c.checked_to + c.period <= c.computed);
  }
}

TEST_CASE("0.07 switches to the period at 53, not at 52", "[grundy][period][flip]") {
  const octal_values v = certified_octal_values(parse_octal("0.07"), 4096);
  const auto naive = octal_grundy_naive(parse_octal("0.07"), 400);
  CHECK(v.grundy(52) != naive[52 + 34]);  // the last exception
  CHECK(v.grundy(52) == naive[52]);
  for (std::uint64_t n = 53; n + 34 < 400; ++n) CHECK(naive[n] == naive[n + 34]);
  // A table that used the periodic formula from 52 would answer G(52 + 34·j) there.
  const octal_values shortened(parse_octal("0.07"), std::vector<grundy_value>(naive.begin(), naive.begin() + 200));
  REQUIRE(shortened.certificate().certified);
  for (std::uint64_t n = 0; n < 400; ++n) CHECK(shortened.grundy(n) == naive[n]);
}

TEST_CASE("a long preperiod and a long period", "[grundy][period]") {
  // 0.165 has period 1550 from 5181 (found by this library: we know no
  // published value). The sparse run certifies it from 16384 values, equal to
  // the naive oracle's; the naive table certifies the same period.
  const octal_values v = certified_octal_values(parse_octal("0.165"), 1 << 15);
  REQUIRE(v.certificate().certified);
  const auto naive = octal_grundy_naive(parse_octal("0.165"), v.table().size());
  CHECK(std::equal(naive.begin(), naive.end(), v.table().begin()));
  const octal_values by_naive(parse_octal("0.165"), naive);
  CHECK(by_naive.certificate().period == 1550);
  CHECK(by_naive.certificate().preperiod == 5181);
  CHECK(v.certificate().period == 1550);
  CHECK(v.certificate().preperiod == 5181);
  const auto& t = v.table();
  CHECK(t[5180] != t[5180 + 1550]);
  // Far values follow the certificate.
  CHECK(v.grundy(5181 + 1550ull * 1'000'000'000'000ull + 17) == t[5181 + 17]);
}

TEST_CASE("not certified: honest answer and errors beyond the table", "[grundy][period][errors]") {
  const octal_values v = certified_octal_values(parse_octal("0.161"), 4096);
  CHECK_FALSE(v.certificate().certified);
  CHECK(v.certificate().computed == 4096);
  CHECK(v.known(4095));
  CHECK_FALSE(v.known(4096));
  CHECK_THROWS_WITH(v.grundy(4096), Catch::Contains("no period is certified up to 4096"));
  CHECK_THROWS_AS(v.move_to_value(5000, 0), std::domain_error);
  // Too few values to certify even a known period.
  const octal_values few(parse_octal("0.07"), octal_grundy_naive(parse_octal("0.07"), 150));
  CHECK_FALSE(few.certificate().certified);
  CHECK_THROWS_AS(certified_octal_values(parse_octal("0.07"), 0), std::invalid_argument);
}

TEST_CASE("certified_octal_values estimates the doubled tables before computing them", "[grundy][period][errors]") {
  // 0.6 shows no period, and a fixed share of its heaps stays rare: 2·10^6
  // values would take about 6.6·10^11 steps by the sparse-space method (10^12
  // by listing every split); refused after the first table only.
  const auto saved = work_budget_steps();
  try {
    certified_octal_values(parse_octal("0.6"), 2'000'000);
    FAIL("no resource_error");
  } catch (const resource_error& e) {
    const std::string message = e.what();
    CHECK(message.find("by the sparse-space method") != std::string::npos);
    CHECK(message.find("by listing every split") != std::string::npos);
    CHECK(message.find("2000000") != std::string::npos);
  }
  // Within the budget the same call runs, and says which method ran.
  work_budget_steps() = 1e12L;
  const octal_values v = certified_octal_values(parse_octal("0.6"), 20'000);
  CHECK_FALSE(v.certificate().certified);
  CHECK(v.report().method == v.report().estimate.method);
  CHECK(v.table().size() == 20'000);
  work_budget_steps() = saved;
  // A game that certifies its period on the first table is never refused.
  work_budget_steps() = 1e8L;
  CHECK(certified_octal_values(parse_octal("0.07"), 1'000'000).certificate().certified);
  work_budget_steps() = saved;
  CHECK(certified_octal_values(parse_octal("0.161"), 1 << 15).report().method == grundy_method::sparse);
}

TEST_CASE("values of any heap size up to 10^18 follow the period", "[grundy][period]") {
  const octal_values v = certified_octal_values(parse_octal("0.07"), 4096);
  const auto& t = v.table();
  std::mt19937_64 rng(18);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t n = rng() % 1'000'000'000'000'000'001ull;
    CHECK(v.grundy(n) == t[53 + (n - 53) % 34]);
  }
  CHECK(v.grundy(1'000'000'000'000'000'000ull) == t[53 + (1'000'000'000'000'000'000ull - 53) % 34]);
}

TEST_CASE("winning moves in sums of heaps, checked by the values and by search", "[grundy][sum]") {
  for (const char* code : {"0.07", "0.77", "0.6", "4.7", "0.3033"}) {
    INFO("game " << code);
    const octal_values v = certified_octal_values(parse_octal(code), 1 << 14);
    std::mt19937 rng(77);
    for (int round = 0; round < 300; ++round) {
      std::vector<std::uint64_t> heaps(1 + rng() % 4);
      for (auto& h : heaps) h = rng() % 60;
      grundy_value sum = 0;
      for (const auto h : heaps) sum ^= v.grundy(h);
      const auto m = winning_move(v, heaps);
      REQUIRE(m.has_value() == (sum != 0));
      if (!m) continue;
      const std::uint64_t h = heaps[m->component];
      const heap_move& mv = m->move;
      // The move is legal under the code and leaves a sum of value 0.
      const unsigned d = v.game().digits.at(mv.take);
      if (mv.left == 0 && mv.right == 0)
        CHECK(((d & 1u) && h == mv.take));
      else if (mv.left == 0)
        CHECK(((d & 2u) && mv.right + mv.take == h));
      else
        CHECK(((d & 4u) && mv.left + mv.right + mv.take == h && mv.left >= 1));
      grundy_value after = sum ^ v.grundy(h) ^ v.grundy(mv.left) ^ v.grundy(mv.right);
      CHECK(after == 0);
    }
  }
  // Huge certified heaps: the move found for a heap of 10^18 is legal and exact.
  const octal_values dk = certified_octal_values(parse_octal("0.07"), 4096);
  const std::vector<std::uint64_t> heaps{1'000'000'000'000'000'000ull, 7};
  const auto m = winning_move(dk, heaps);
  REQUIRE(m.has_value());
  const std::uint64_t h = heaps[m->component];
  CHECK(m->move.left + m->move.right + m->move.take == h);
  CHECK((dk.grundy(heaps[1 - m->component]) ^ dk.grundy(m->move.left) ^ dk.grundy(m->move.right)) == 0);
  CHECK(describe(heap_move{2, 3, 4}, 9) == "take 2 from heap 9 leaving 3 and 4");
  CHECK(describe(heap_move{2, 0, 0}, 2) == "take 2 from heap 2 leaving nothing");
  CHECK(describe(heap_move{1, 0, 4}, 5) == "take 1 from heap 5 leaving 4");
  CHECK(describe(heap_move{0, 1, 4}, 5) == "split heap 5 into 1 and 4");
}

TEST_CASE("user move functions: Kayles and a sum searched as one product game", "[grundy][moves]") {
  // Kayles: knock down one pin or two adjacent pins of a row.
  auto kayles = [](std::size_t n) {
    std::vector<std::vector<std::size_t>> options;
    for (std::size_t a = 0; a + 1 <= n; ++a) options.push_back({a, n - 1 - a});
    for (std::size_t a = 0; a + 2 <= n; ++a) options.push_back({a, n - 2 - a});
    return options;
  };
  CHECK(grundy_table(300, kayles) == octal_grundy_naive(parse_octal("0.77"), 300));
  // The sum rule: a position of several Kayles rows searched as one game
  // (positions = sorted rows) has the XOR of the rows' values.
  const auto g = grundy_table(12, kayles);
  auto product_moves = [&](const std::vector<std::size_t>& rows) {
    std::vector<std::vector<std::size_t>> next;
    for (std::size_t i = 0; i < rows.size(); ++i)
      for (const auto& option : kayles(rows[i])) {
        std::vector<std::size_t> p = rows;
        p.erase(p.begin() + static_cast<std::ptrdiff_t>(i));
        for (const std::size_t r : option)
          if (r > 0) p.push_back(r);
        std::sort(p.begin(), p.end());
        next.push_back(p);
      }
    return next;
  };
  for (std::size_t a = 0; a < 9; ++a)
    for (std::size_t b = a; b < 9; ++b)
      for (std::size_t c = b; c < 6; ++c) {
        std::vector<std::size_t> start;
        for (const std::size_t r : {a, b, c})
          if (r > 0) start.push_back(r);
        CHECK(grundy_of(start, product_moves) == (g[a] ^ g[b] ^ g[c]));
      }
  // The generic winning move agrees: components 3 and 5 rows of Kayles.
  const std::vector<grundy_value> values{g[3], g[5]};
  const auto move = winning_move(values, [&](std::size_t i) {
    std::vector<grundy_value> vals;
    for (const auto& option : kayles(i == 0 ? 3 : 5)) {
      grundy_value x = 0;
      for (const std::size_t r : option) x ^= g[r];
      vals.push_back(x);
    }
    return vals;
  });
  REQUIRE(move.has_value() == ((g[3] ^ g[5]) != 0));
}

TEST_CASE("user move functions: errors", "[grundy][moves][errors]") {
  auto bad = [](std::size_t n) { return std::vector<std::vector<std::size_t>>{{n}}; };
  CHECK_THROWS_WITH(grundy_table(5, bad), Catch::Contains("option heaps must be smaller"));
  auto negative = [](std::size_t n) { return std::vector<std::vector<int>>{{-static_cast<int>(n) - 1}}; };
  CHECK_THROWS_AS(grundy_table(3, negative), std::invalid_argument);
  CHECK_THROWS_WITH(grundy_table((std::size_t{1} << 31) + 1, bad), Catch::Contains("too long"));
  auto cycle = [](int p) { return std::vector<int>{(p + 1) % 3}; };
  CHECK_THROWS_WITH(grundy_of(0, cycle), Catch::Contains("cycle"));
  auto endless = [](int p) { return std::vector<int>{p + 1}; };
  CHECK_THROWS_AS(grundy_of(0, endless, 1000), resource_error);
  // Values that are not Grundy values: the generic winning move says so.
  const std::vector<grundy_value> wrong{3};
  CHECK_THROWS_WITH(winning_move(wrong,
                                 [](std::size_t) {
                                   return std::vector<grundy_value>{1, 2};
                                 }),
                    Catch::Contains("not its Grundy values"));
}

// The certifier against its definition on every short table (issue 25: a
// Z-function without its cap "certified" 0,1,0,1,0,0,0 as period 2). For
// each period p from 1 up, the least preperiod e is one past the last n with
// G(n + p) != G(n); p is certified when the check's end 2·max(e, 1) + p + t
// plus p fits in the table, and the first such p is the answer.
TEST_CASE("certify_period agrees with brute force on every table of up to 10 values over 0..2",
          "[grundy][period][brute]") {
  std::size_t tables = 0, certified = 0;
  for (std::size_t length = 1; length <= 10; ++length) {
    std::size_t count = 1;
    for (std::size_t i = 0; i < length; ++i) count *= 3;
    std::vector<grundy_value> values(length);
    for (std::size_t code = 0; code < count; ++code) {
      std::size_t c = code;
      for (std::size_t i = 0; i < length; ++i, c /= 3) values[i] = static_cast<grundy_value>(c % 3);
      for (std::size_t t = 0; t <= 3; ++t) {
        period_certificate want;
        want.computed = length;
        for (std::size_t p = 1; 2 + 2 * p + t <= length; ++p) {
          std::size_t e = 0;
          for (std::size_t n = 0; n + p < length; ++n)
            if (values[n + p] != values[n]) e = n + 1;
          const std::size_t end = 2 * std::max<std::size_t>(e, 1) + p + t;
          if (end + p <= length) {
            want = {true, e, p, e, end, length};
            break;
          }
        }
        const period_certificate got = certify_period(values, t);
        INFO("table of " << length << " values, code " << code << ", t = " << t);
        CHECK(got.certified == want.certified);
        CHECK(got.preperiod == want.preperiod);
        CHECK(got.period == want.period);
        CHECK(got.checked_from == want.checked_from);
        CHECK(got.checked_to == want.checked_to);
        CHECK(got.computed == want.computed);
        ++tables;
        certified += want.certified ? 1 : 0;
      }
    }
  }
  CHECK(tables > 100000);
  CHECK(certified > 1000);
  // The case the mutant got wrong: 0,1,0,1,0,0,0 has no period 2.
  const std::vector<grundy_value> v{0, 1, 0, 1, 0, 0, 0};
  const period_certificate c = certify_period(v, 0);
  CHECK((!c.certified || c.period != 2));
}
