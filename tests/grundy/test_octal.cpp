// Octal and subtraction games: the notation, the naive and sparse-space
// tables, published sequences, and the definition itself.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "exactdp/grundy/mex.hpp"
#include "exactdp/grundy/octal.hpp"
#include "exactdp/numeric/errors.hpp"

using namespace exactdp;

namespace {

// Every game the issue lists, plus textbook games with published sequences.
const std::vector<std::string> listed_games = {"0.07",  "0.137",  "4.7",   "0.6",   "0.51",  "0.77",
                                               "0.4",   "0.1377", "0.117", "0.176", "0.177", "0.161",
                                               "0.165", "0.56",   "4.",    "0.3",   "0.333", "0.3033"};

// Oracle 1, written from the notation alone: G(n) is the smallest value that
// is not the XOR of the heaps some legal move leaves (all orders of the two
// parts, a std::set, no stamped array).
std::vector<grundy_value> grundy_by_definition(const std::string& code, std::size_t count) {
  std::vector<int> d;  // d[k]
  const auto point = code.find('.');
  d.push_back(point == 0 ? 0 : code[0] - '0');
  for (std::size_t i = point + 1; i < code.size(); ++i) d.push_back(code[i] - '0');
  std::vector<grundy_value> g(count, 0);
  for (std::size_t n = 0; n < count; ++n) {
    std::set<grundy_value> options;
    for (std::size_t k = 0; k < d.size(); ++k) {
      if ((d[k] & 1) && n == k && k > 0) options.insert(0);        // the whole heap goes
      if ((d[k] & 2) && n > k && k > 0) options.insert(g[n - k]);  // one heap stays
      if ((d[k] & 4) && n >= k + 2)                                // two non-empty heaps stay
        for (std::size_t a = 1; a + 1 <= n - k; ++a) options.insert(g[a] ^ g[n - k - a]);
    }
    grundy_value m = 0;
    while (options.count(m)) ++m;
    g[n] = m;
  }
  return g;
}

// Oracle 2, without Grundy values or XOR: the win/lose status of a multiset
// of heaps, by exhaustive search of the game the code describes.
struct heap_game_search {
  std::vector<int> d;
  std::map<std::vector<int>, bool> memo;  // sorted heaps -> the player to move wins

  explicit heap_game_search(const std::string& code) {
    const auto point = code.find('.');
    d.push_back(point == 0 ? 0 : code[0] - '0');
    for (std::size_t i = point + 1; i < code.size(); ++i) d.push_back(code[i] - '0');
  }

  bool wins(std::vector<int> heaps) {
    std::sort(heaps.begin(), heaps.end());
    heaps.erase(std::remove(heaps.begin(), heaps.end(), 0), heaps.end());
    if (auto it = memo.find(heaps); it != memo.end()) return it->second;
    bool win = false;
    for (std::size_t i = 0; i < heaps.size() && !win; ++i) {
      const int n = heaps[i];
      for (int k = 0; k < static_cast<int>(d.size()) && !win; ++k) {
        std::vector<std::vector<int>> results;
        if ((d[k] & 1) && n == k && k > 0) results.push_back({});
        if ((d[k] & 2) && n > k && k > 0) results.push_back({n - k});
        if ((d[k] & 4) && n >= k + 2)
          for (int a = 1; a < n - k; ++a) results.push_back({a, n - k - a});
        for (const auto& r : results) {
          std::vector<int> next = heaps;
          next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
          next.insert(next.end(), r.begin(), r.end());
          if (!wins(next)) {
            win = true;
            break;
          }
        }
      }
    }
    memo[heaps] = win;
    return win;
  }
};

}  // namespace

TEST_CASE("mex of a list and the stamped mex_set", "[grundy][mex]") {
  CHECK(mex(std::vector<grundy_value>{}) == 0);
  CHECK(mex(std::vector<grundy_value>{1, 2, 3}) == 0);
  CHECK(mex(std::vector<grundy_value>{0, 1, 1, 3, 7}) == 2);
  CHECK(mex(std::vector<grundy_value>{4, 3, 2, 1, 0}) == 5);
  std::mt19937 rng(6);
  mex_set s(8);
  for (int round = 0; round < 500; ++round) {
    std::vector<grundy_value> values(rng() % 20);
    for (auto& v : values) v = static_cast<grundy_value>(rng() % 12);
    std::set<grundy_value> ref(values.begin(), values.end());
    grundy_value expected = 0;
    while (ref.count(expected)) ++expected;
    s.reserve_values(16);
    s.clear();
    for (const auto v : values) s.insert(v);
    CHECK(mex(values) == expected);
    CHECK(s.mex() == expected);
    for (grundy_value v = 0; v < 12; ++v) CHECK(s.contains(v) == (ref.count(v) == 1));
  }
}

TEST_CASE("octal codes are read digit by digit", "[grundy][octal]") {
  CHECK(parse_octal("0.07").digits == std::vector<std::uint8_t>{0, 0, 7});
  CHECK(parse_octal(".07").digits == std::vector<std::uint8_t>{0, 0, 7});
  CHECK(parse_octal("0.137").digits == std::vector<std::uint8_t>{0, 1, 3, 7});
  CHECK(parse_octal("4.7").digits == std::vector<std::uint8_t>{4, 7});
  CHECK(parse_octal("0.510").digits == std::vector<std::uint8_t>{0, 5, 1});  // trailing zeros dropped
  CHECK(parse_octal("4.").digits == std::vector<std::uint8_t>{4});
  CHECK(parse_octal("0.0").digits == std::vector<std::uint8_t>{0});
  CHECK(parse_octal("0.07").max_take() == 2);
  CHECK(parse_octal("0.137").code() == "0.137");
  CHECK(parse_octal("4.").code() == "4.");
  CHECK(parse_octal("0.6").splits());
  CHECK_FALSE(parse_octal("0.333").splits());
  const std::vector<std::uint64_t> takes{1, 3, 4};
  CHECK(octal_subtraction_game(takes).code() == "0.3033");
  CHECK(parse_subtraction_set("4, 1,3").code() == "0.3033");
}

TEST_CASE("malformed octal codes and subtraction sets are rejected", "[grundy][octal][errors]") {
  CHECK_THROWS_WITH(parse_octal(""), Catch::Contains("empty octal code"));
  CHECK_THROWS_WITH(parse_octal("0.08"), Catch::Contains("'8' is not an octal digit"));
  CHECK_THROWS_WITH(parse_octal("1.7"), Catch::Contains("must be 0 or 4"));
  CHECK_THROWS_WITH(parse_octal("2.7"), Catch::Contains("must be 0 or 4"));
  CHECK_THROWS_WITH(parse_octal("04.7"), Catch::Contains("only one digit"));
  CHECK_THROWS_WITH(parse_octal("0.0x"), Catch::Contains("'x'"));
  CHECK_THROWS_WITH(parse_octal("."), Catch::Contains("no digits"));
  CHECK_THROWS_WITH(parse_octal("0." + std::string(5000, '7')), Catch::Contains("more than 4096 digits"));
  CHECK_THROWS_WITH(parse_subtraction_set(""), Catch::Contains("empty subtraction set"));
  CHECK_THROWS_WITH(parse_subtraction_set("1,-3"), Catch::Contains("'-' is not a digit"));
  CHECK_THROWS_WITH(parse_subtraction_set("0,3"), Catch::Contains("subtraction 0 is out of range"));
  CHECK_THROWS_WITH(parse_subtraction_set("99999999"), Catch::Contains("too large"));
  const std::vector<std::uint64_t> none;
  CHECK_THROWS_AS(octal_subtraction_game(none), std::invalid_argument);
}

TEST_CASE("Grundy tables equal the definition for every listed game, n <= 300", "[grundy][octal]") {
  for (const std::string& code : listed_games) {
    INFO("game " << code);
    const auto expected = grundy_by_definition(code, 301);
    CHECK(octal_grundy_naive(parse_octal(code), 301) == expected);
    CHECK(octal_grundy_sparse(parse_octal(code), 301) == expected);
  }
}

TEST_CASE("single heaps and sums of two heaps: G says who wins, as an exhaustive search does", "[grundy][octal][sum]") {
  for (const char* code : {"0.07", "0.137", "4.7", "0.6", "0.51", "0.77", "0.4", "4.", "0.161"}) {
    INFO("game " << code);
    heap_game_search search(code);
    const auto g = octal_grundy_naive(parse_octal(code), 16);
    for (int n = 0; n < 16; ++n) CHECK(search.wins({n}) == (g[static_cast<std::size_t>(n)] != 0));
    for (int a = 0; a < 10; ++a)
      for (int b = a; b < 10; ++b) {
        INFO("heaps " << a << " + " << b);
        CHECK(search.wins({a, b}) == ((g[static_cast<std::size_t>(a)] ^ g[static_cast<std::size_t>(b)]) != 0));
      }
    for (int a = 1; a < 6; ++a)
      for (int b = a; b < 6; ++b)
        for (int c = b; c < 6; ++c)
          CHECK(search.wins({a, b, c}) == ((g[static_cast<std::size_t>(a)] ^ g[static_cast<std::size_t>(b)] ^
                                            g[static_cast<std::size_t>(c)]) != 0));
  }
}

TEST_CASE("published sequences (OEIS, Winning Ways ch. 4)", "[grundy][octal]") {
  // OEIS A002187, Dawson's chess 0.137, n = 0..131 (Guy and Smith 1956; WW p. 89).
  const std::vector<grundy_value> a002187 = {
      0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7,
      4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3,
      7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5,
      3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4};
  REQUIRE(a002187.size() == 132);
  const auto chess = octal_grundy_naive(parse_octal("0.137"), 132);
  CHECK(chess == a002187);
  // A002187's comments: 0.07 (Dawson's Kayles) has values a(n-1), 0.4 has a(n-2).
  const auto kayles07 = octal_grundy_naive(parse_octal("0.07"), 133);
  const auto game04 = octal_grundy_naive(parse_octal("0.4"), 134);
  for (std::size_t n = 0; n < 132; ++n) {
    CHECK(kayles07[n + 1] == a002187[n]);
    CHECK(game04[n + 2] == a002187[n]);
  }
  // The seed's Flip Game II table and the issue: runs of 0..20 pluses.
  const std::vector<grundy_value> seed = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3};
  CHECK(std::vector<grundy_value>(kayles07.begin(), kayles07.begin() + 21) == seed);
  // OEIS A002186, Kayles 0.77, n = 0..104 (WW p. 91).
  const std::vector<grundy_value> a002186 = {
      0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6,
      7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8,
      6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1};
  REQUIRE(a002186.size() == 105);
  CHECK(octal_grundy_naive(parse_octal("0.77"), 105) == a002186);
  // OEIS A071434, .1377, offset 1 (n = 1..102; WW p. 102).
  const std::vector<grundy_value> a071434 = {
      1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2, 6, 6, 4, 4, 1, 1, 2, 2, 7, 7, 1, 1, 4, 4,
      3, 3, 2, 2, 1, 1, 4, 4, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8, 5, 5, 4, 4, 7, 7, 2, 2, 1, 1, 8, 8, 6, 6,
      7, 7, 4, 4, 1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 7, 7, 2, 2, 1, 1, 8, 8, 2, 2, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8};
  const auto g1377 = octal_grundy_sparse(parse_octal("0.1377"), 103);
  CHECK(std::vector<grundy_value>(g1377.begin() + 1, g1377.end()) == a071434);
  // OEIS A071453, .117, offset 1 (WW p. 104).
  const std::vector<grundy_value> a071453 = {
      1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4, 0, 1, 5, 4, 3, 2, 2, 2, 3, 1, 0, 1, 0, 4, 3, 2,
      2, 2, 0, 1, 0, 1, 0, 4, 3, 2, 5, 4, 0, 1, 0, 1, 0, 2, 3, 2, 3, 4, 0, 1, 0, 1, 3, 2, 3, 2, 3, 4, 0, 1, 0,
      4, 3, 2, 3, 2, 3, 1, 0, 1, 0, 4, 3, 2, 3, 2, 0, 1, 0, 1, 0, 4, 3, 2, 3, 4, 0, 1, 0, 1, 0, 2, 3, 2, 3, 4};
  const auto g117 = octal_grundy_naive(parse_octal("0.117"), a071453.size() + 1);
  CHECK(std::vector<grundy_value>(g117.begin() + 1, g117.end()) == a071453);
  // OEIS A125920, .176, offset 1 (WW p. 104).
  const std::vector<grundy_value> a125920 = {1, 1, 0, 2, 2, 3, 4, 4, 1, 1, 6, 2, 2, 3, 4, 4, 1, 1, 6, 6,
                                             3, 3, 2, 4, 1, 1, 6, 6, 3, 3, 4, 4, 1, 1, 6, 6, 3, 3, 4, 4};
  const auto g176 = octal_grundy_naive(parse_octal("0.176"), a125920.size() + 1);
  CHECK(std::vector<grundy_value>(g176.begin() + 1, g176.end()) == a125920);
  // OEIS A071435, .177, offset 1 (WW p. 102).
  const std::vector<grundy_value> a071435 = {1, 1, 2, 2, 3, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 2, 2, 6, 4, 4,
                                             1, 1, 2, 2, 7, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 8, 2, 7, 4, 4};
  const auto g177 = octal_grundy_naive(parse_octal("0.177"), a071435.size() + 1);
  CHECK(std::vector<grundy_value>(g177.begin() + 1, g177.end()) == a071435);
  // OEIS A071436, .56 (.560-.563), offset 1 (WW p. 102).
  const std::vector<grundy_value> a071436 = {1, 0, 2, 2, 4, 1, 1, 3, 2,  4, 4, 6, 6, 2, 1, 1,  7, 6, 8, 4,
                                             1, 1, 6, 5, 4, 8, 1, 1, 12, 4, 5, 6, 1, 1, 3, 12, 6, 6, 8, 9};
  const auto g56 = octal_grundy_naive(parse_octal("0.56"), a071436.size() + 1);
  CHECK(std::vector<grundy_value>(g56.begin() + 1, g56.end()) == a071436);
  // 4. alone: every move splits one heap, so a heap of n >= 1 lasts n - 1 moves.
  const auto split_only = octal_grundy_naive(parse_octal("4."), 200);
  for (std::size_t n = 1; n < 200; ++n) CHECK(split_only[n] == (n - 1) % 2);
  // Subtraction game S(1,3,4): 0 1 0 1 2 3 2, period 7 (a standard textbook example).
  const auto s134 = octal_grundy_naive(parse_subtraction_set("1,3,4"), 70);
  const std::vector<grundy_value> cycle = {0, 1, 0, 1, 2, 3, 2};
  for (std::size_t n = 0; n < 70; ++n) CHECK(s134[n] == cycle[n % 7]);
  // 0.3 is Nim with one counter per move: G(n) = n mod 2; 0.333 = S(1,2,3): n mod 4.
  const auto g333 = octal_grundy_naive(parse_octal("0.333"), 50);
  for (std::size_t n = 0; n < 50; ++n) CHECK(g333[n] == n % 4);
}

TEST_CASE("the sparse-space method equals the naive method", "[grundy][octal][sparse]") {
  for (const char* code : {"0.07", "0.137", "0.77", "0.6", "0.161", "0.165", "0.56", "4.7", "0.1377"}) {
    INFO("game " << code);
    const octal_game game = parse_octal(code);
    const auto naive = octal_grundy_naive(game, 12000);
    CHECK(octal_grundy_sparse(game, 12000) == naive);
    CHECK(octal_grundy_sparse(game, 12000, std::nullopt, 300) == naive);
    // Forced spaces: the default (every heap rare) and a poor mask of each type.
    CHECK(octal_grundy_sparse(game, 9000, sparse_space{}) ==
          std::vector<grundy_value>(naive.begin(), naive.begin() + 9000));
    CHECK(octal_grundy_sparse(game, 9000, sparse_space{1, true, 0}) ==
          std::vector<grundy_value>(naive.begin(), naive.begin() + 9000));
  }
  std::mt19937 rng(606);
  for (int round = 0; round < 200; ++round) {
    std::string code = (rng() % 3 == 0) ? "4." : "0.";
    const int digits = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < digits; ++i) code += static_cast<char>('0' + rng() % 8);
    INFO("game " << code);
    const octal_game game = parse_octal(code);
    const auto naive = octal_grundy_naive(game, 3000);
    // Short naive prefixes, so that the sparse part computes almost everything.
    CHECK(octal_grundy_sparse(game, 3000, std::nullopt, 1) == naive);
    CHECK(octal_grundy_sparse(game, 3000, std::nullopt, 200) == naive);
  }
  CHECK_THROWS_AS(octal_grundy_sparse(parse_octal("0.07"), 10, std::nullopt, 0), std::invalid_argument);
}

TEST_CASE("the witness searches of 0.376 agree with the naive method", "[grundy][octal][sparse]") {
  // 0.376 (Flammenkamp: preperiod 2268248, period 4) is certified from
  // 4536507 values by the sparse method (docs/grundy.md; too long for the
  // tests). Its values follow the heap mod 4, and a few values of the
  // abundant parity have witnesses only among rare values paired with
  // frequent ones: the searches by value class find them, give up on the
  // rare heaps (whose value has no witness) and list those splits in order.
  // Every heap of the first 30000 is checked against the naive method, with
  // the sparse part starting at heap 64 and at the default 8192.
  const octal_game game = parse_octal("0.376");
  const auto naive = octal_grundy_naive(game, 30000);
  CHECK(octal_grundy_sparse(game, 30000, std::nullopt, 64) == naive);
  const octal_table t = octal_grundy_table(game, 30000);
  CHECK(t.report.method == grundy_method::sparse);
  CHECK(t.values == naive);
  // Extended piece by piece (the class lists are rebuilt each time).
  octal_table pieces = octal_grundy_table(game, 9000);
  for (const std::size_t count : std::vector<std::size_t>{9001, 12345, 20000, 30000})
    octal_grundy_extend(game, pieces, count);
  CHECK(pieces.values == naive);
}

TEST_CASE("the sparse space found for 0.161 is sparse", "[grundy][octal][sparse]") {
  const octal_game game = parse_octal("0.161");
  const auto g = octal_grundy_naive(game, 8192);
  const sparse_space sp = choose_sparse_space(game, g);
  std::size_t rare = 0;
  for (std::size_t n = 1; n < g.size(); ++n) rare += sp.is_rare(n, g[n]);
  CHECK(sp.mask != 0);
  CHECK(rare * 10 < g.size());  // fewer than 10% of the first heaps are rare
}

TEST_CASE("table sizes are checked against the budgets before allocating", "[grundy][octal][errors]") {
  const octal_game game = parse_octal("0.07");
  CHECK_THROWS_WITH(octal_grundy_naive(game, (std::size_t{1} << 31) + 1), Catch::Contains("too long"));
  const auto saved = state_budget_bytes();
  state_budget_bytes() = 1000;
  CHECK_THROWS_AS(octal_grundy_naive(game, 1000), resource_error);
  CHECK_THROWS_WITH(octal_grundy_sparse(game, 1000), Catch::Contains("state budget"));
  state_budget_bytes() = saved;
  const auto saved_work = work_budget_steps();
  work_budget_steps() = 1e6L;
  CHECK_THROWS_WITH(octal_grundy_naive(game, 100000), Catch::Contains("work budget"));
  // 0.6 keeps a tenth of its heaps rare: the estimate before starting
  // assumes a sparse space and passes; on the prefix the cost model projects
  // the rare heaps growing with the table (still cheaper than listing every
  // split) and refuses the estimate before the work.
  work_budget_steps() = 1e8L;
  CHECK_THROWS_WITH(octal_grundy_sparse(parse_octal("0.6"), 60000), Catch::Contains("growing as n^"));
  CHECK_THROWS_WITH(octal_grundy_table(parse_octal("0.07"), 50000), Catch::Contains("does not apply"));
  // A space under which no heap of the prefix is rare (mask 0, every heap
  // common) but every value needs a witness search: the steps counted while
  // computing stop it.
  CHECK_THROWS_WITH(octal_grundy_sparse(parse_octal("0.6"), 60000, sparse_space{0, false, 0}, 2),
                    Catch::Contains("shows no sparse space"));
  work_budget_steps() = saved_work;
}

TEST_CASE("the method that ran is reported", "[grundy][octal]") {
  const octal_table dawson = octal_grundy_table(parse_octal("0.07"), 20000);
  CHECK(dawson.report.method == grundy_method::naive);  // about a third of the heaps are rare
  CHECK(dawson.report.prefix == 8192);
  CHECK(dawson.report.rare_in_prefix * 16 > dawson.report.prefix);
  CHECK(dawson.values == octal_grundy_naive(parse_octal("0.07"), 20000));
  const octal_table t161 = octal_grundy_table(parse_octal("0.161"), 20000);
  CHECK(t161.report.method == grundy_method::sparse);
  CHECK(t161.report.rare_in_prefix * 16 <= t161.report.prefix);
  CHECK(t161.report.space.mask != 0);
  CHECK(octal_grundy_table(parse_octal("0.161"), 100, grundy_method::naive).report.method == grundy_method::naive);
  CHECK(octal_work_estimate(parse_octal("0.07"), 100000, grundy_method::naive) > 2e9L);
}

TEST_CASE("the method follows the cost estimate, not a share of rare heaps", "[grundy][octal]") {
  // 0.376 (preperiod 2268248, period 4): 327 of its first 4096 heaps are
  // rare, above the old limit of 1/16, but the rare heaps stop appearing
  // (509 in the first 4.6·10^6): the sparse method is estimated far below
  // listing every split, and within the default work budget.
  const octal_game g376 = parse_octal("0.376");
  const octal_table first = octal_grundy_table(g376, 4096);
  CHECK(first.report.rare_in_prefix * 16 > first.report.prefix);
  const octal_cost_estimate e = octal_extension_estimate(g376, first, 5'000'000);
  CHECK(e.method == grundy_method::sparse);
  CHECK(e.growth < 0.25);
  CHECK(e.sparse * 100 < e.plain);
  CHECK(e.sparse < 4e10L);
  // The table the cost model chose equals the naive one, also when it is
  // extended piece by piece.
  const std::vector<grundy_value> naive = octal_grundy_naive(g376, 20000);
  CHECK(octal_grundy_sparse(g376, 20000, std::nullopt, 4096) == naive);
  octal_table t = first;
  octal_grundy_extend(g376, t, 12000);
  octal_grundy_extend(g376, t, 20000);
  CHECK(t.report.method == grundy_method::sparse);
  CHECK(t.report.estimate.sparse <= t.report.estimate.plain);
  CHECK(t.report.rare_heaps >= t.report.rare_in_prefix);
  CHECK(t.values == naive);
  CHECK(octal_grundy_table(g376, 20000).values == naive);
  // 0.07 keeps a third of its heaps rare: the estimate of the sparse method,
  // with its rare heaps growing as fast as the table, is above listing every
  // split, and that runs.
  const octal_table dawson = octal_grundy_table(parse_octal("0.07"), 20000);
  CHECK(dawson.report.estimate.growth > 0.9);
  CHECK(dawson.report.estimate.sparse > dawson.report.estimate.plain);
  CHECK(dawson.report.method == grundy_method::naive);
}

TEST_CASE("a sparse table switches to listing every split when the measured cost says so", "[grundy][octal]") {
  // 0.016: about a quarter of the heaps are rare. On the prefix the sparse
  // method looks slightly cheaper; the steps measured on the way say
  // otherwise (from heap 24576, as its rare heaps grow), and the table lists
  // every split from there on.
  const octal_game game = parse_octal("0.016");
  const std::vector<grundy_value> naive = octal_grundy_naive(game, 36000);
  const octal_table t = octal_grundy_table(game, 32768);
  CHECK(t.report.switched_at > t.report.prefix);
  CHECK(t.report.method == grundy_method::naive);
  CHECK(t.report.estimate.from == t.report.switched_at);
  CHECK(t.report.estimate.sparse > t.report.estimate.plain);
  CHECK(t.values == std::vector<grundy_value>(naive.begin(), naive.begin() + 32768));
  // An extension keeps listing every split.
  octal_table longer = t;
  octal_grundy_extend(game, longer, 36000);
  CHECK(longer.report.switched_at == t.report.switched_at);
  CHECK(longer.values == naive);
  // With a work budget above the estimate on the prefix but below the steps
  // taken plus listing every split for the rest, the switch is refused at
  // once, naming both estimates.
  const auto saved = work_budget_steps();
  work_budget_steps() = 2.25e8L;
  CHECK_THROWS_WITH(octal_grundy_table(game, 32768), Catch::Contains("stopped paying at heap"));
  work_budget_steps() = saved;
}
