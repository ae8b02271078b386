// The probability commands of the tool: run, knight, knight-paths, coupon,
// fixed-points, rolls-to-reach, boundary-paths, dice-sequences, soup, new21.
// The values are the ones the problems quote (LeetCode 688, 576, 1223, 808,
// 837; the coupon collector N·H_N; a run of K sixes (6^(K+1) - 6)/5) and the
// library's, which tests/probability/ checks against oracles; here the tool
// must print them unchanged, in every number system.
#include <catch2/catch.hpp>

#include <cmath>

#include <nlohmann/json.hpp>

#include "exactdp/numeric/numeric.hpp"
#include "support/run_in_process.hpp"
#include "support/tool_checks.hpp"
#include "support/run_tool.hpp"

using Catch::Contains;
using Catch::Equals;
using exactdp::test::command_line;
using exactdp::test::expect_error_containing;
using exactdp::test::json_of;
using exactdp::test::out_of;
using exactdp::test::residue_text;
using exactdp::test::run_in_process;
using exactdp::test::run_tool;

TEST_CASE("run 2: the question, exact, double, residue and the double's error", "[tool][probability]") {
  // (6^3 - 6)/5 = 42; the double run (a 2x2 solve) is 21 ulps above 42.
  CHECK_THAT(out_of({"run", "2"}),
             Equals("expected rolls of a 6-faced die until one given face comes up 2 times in a row\n"
                    "  exact   42\n"
                    "  double  42.00000000000015\n"
                    "  mod     42  (mod 1000000007)\n"
                    "  error   absolute 1.4921397450962104e-13, relative 3.55e-15, 21 ulps from the correctly rounded "
                    "42\n"));
}

TEST_CASE("run: leading zeros are decimal, and K is read the one way", "[tool][probability]") {
  // K = 10: (6^11 - 6)/5 = 72559410, not K = 8.
  CHECK_THAT(out_of({"run", "010", "--as", "exact"}), Equals("72559410\n"));
  CHECK_THAT(out_of({"run", "10", "--as", "exact"}), Equals("72559410\n"));
  // K = 9: (6^10 - 6)/5 = 12093234.
  CHECK_THAT(out_of({"run", "09", "--as", "exact"}), Equals("12093234\n"));
  CHECK_THAT(out_of({"run", "+2", "--as", "exact"}), Equals("42\n"));
  expect_error_containing({"run", "0x2"}, 2, "K (the run length) must be an integer in 1..10^7, not '0x2'");
  expect_error_containing({"run", "9223372036854775807"}, 2,
                          "K (the run length) must be an integer in 1..10^7, not '9223372036854775807'");
}

TEST_CASE("run: one given face of a die with F faces", "[tool][probability]") {
  // (F^(K+1) - F)/(F - 1) for K = 2, F = 7: 56; mod 7 it is 0, taken from the
  // exact value since the recurrence divides by 7.
  CHECK_THAT(out_of({"run", "2", "--faces", "7", "--as", "exact"}), Equals("56\n"));
  CHECK_THAT(out_of({"run", "2", "--faces", "7", "--as", "mod", "--modulus", "7"}), Equals("0\n"));
  CHECK_THAT(out_of({"run", "2", "--faces", "7", "--modulus", "7"}),
             Contains("\n  exact   56\n") &&
                 Contains("\n  mod     0  (mod 7, from the exact value: the recurrence divides by a multiple of 7)\n"));
  // K = 21: the exact value 26324340768453426 fits a double's range, but the
  // double run overflows on the way; the other lines still print.
  const auto r = run_in_process({"run", "21"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("\n  exact   26324340768453426\n") &&
                        Contains("\n  double  inf  (a floating-point failure: the exact value is finite)\n") &&
                        Contains("\n  error   the double run returned inf (an overflow or a division by zero in "
                                 "floating point); the exact value 26324340768453426 is finite\n"));
}

TEST_CASE("one system with --as X: the answer alone, on one line", "[tool][probability]") {
  CHECK_THAT(out_of({"run", "2", "--as", "exact"}), Equals("42\n"));
  CHECK_THAT(out_of({"run", "2", "--as", "double"}), Equals("42.00000000000015\n"));
  CHECK_THAT(out_of({"run", "2", "--as", "mod"}), Equals("42\n"));
  CHECK_THAT(out_of({"run", "2", "--as", "decimal"}), Equals("42.000000000000000\n"));
  // --digits does not add a line to --as mod or --as exact.
  CHECK_THAT(out_of({"run", "2", "--digits", "5", "--as", "mod"}), Equals("42\n"));
  CHECK_THAT(out_of({"run", "2", "--digits", "5", "--as", "exact"}), Equals("42\n"));
  CHECK_THAT(out_of({"run", "2", "--digits", "5", "--as", "decimal"}), Equals("42.000\n"));
  CHECK_THAT(out_of({"knight", "3", "2", "0", "0", "--as", "mod"}), Equals(residue_text("1/16") + "\n"));
  CHECK_THAT(out_of({"knight", "3", "2", "0", "0", "--as", "mod", "--modulus", "998244353"}),
             Equals(residue_text("1/16", 998244353) + "\n"));
  CHECK(residue_text("1/16", 998244353) == "935854081");
  CHECK_THAT(out_of({"coupon", "3", "--as", "exact"}), Equals("11/2\n"));
  CHECK_THAT(out_of({"knight-paths", "3", "2", "0", "0", "--as", "exact"}), Equals("4\n"));
  expect_error_containing({"run", "2", "--as", "float"}, 2,
                          "--as must be all, exact, double, mod, decimal or primes, not 'float'");
}

TEST_CASE("knight: 1/16 on 3x3 after 2 moves; the JSON keys of an answer", "[tool][probability][json]") {
  CHECK_THAT(out_of({"knight", "3", "2", "0", "0"}),
             Equals("probability that a knight stays on a 3x3 board for 2 random moves from (0, 0)\n"
                    "  exact   1/16 = 0.0625\n"
                    "  double  0.0625\n"
                    "  mod     562500004  (mod 1000000007)\n"
                    "  error   none: the double is exactly the exact value\n"));
  const auto j = json_of({"knight", "3", "2", "0", "0"});
  CHECK(j.at("command") == "knight");
  CHECK(j.at("exact") == "1/16");
  CHECK(j.at("exact_double") == "0.0625");
  CHECK(j.at("exact_double_status") == "exact");
  CHECK(j.at("double") == "0.0625");
  CHECK(j.at("mod") == 562500004);
  CHECK(j.at("modulus") == 1000000007);
  CHECK(j.at("double_error").at("ulps") == 0);
  CHECK(j.at("double_error").at("finite") == true);
  CHECK(j.at("failures") == nlohmann::json::object());
}

TEST_CASE("knight: an exact value below the smallest double", "[tool][probability]") {
  // 1/(a 325-digit denominator) ~ 1.2351641146031164e-324, below the smallest
  // positive double (4.9e-324) by rounding: the double run underflows to 0.
  const auto r = run_in_process({"knight", "3", "538", "0", "0"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out,
             Contains(" ~ 1.2351641146031164e-324\n") &&
                 Contains("\n  double  0  (the exact value underflows double)\n") &&
                 Contains("\n  error   the exact value 1.23516e-324 is below the smallest positive double (it "
                          "underflows double); the double run returned 0: absolute error 1.24e-324, relative 1.00; "
                          "the double has no correct digit\n"));
  CHECK_THAT(out_of({"knight", "3", "538", "0", "0", "--digits", "5"}), Contains("\n  decimal  1.2352e-324\n"));
  CHECK(json_of({"knight", "3", "538", "0", "0"}).at("exact_double_status") == "underflow");
}

TEST_CASE("check: --check measures a user's floating answer", "[tool][probability]") {
  const auto r = out_of({"run", "2", "--check", "42.00000000000015"});
  CHECK_THAT(r, Contains("\n  check   42.00000000000015: absolute 1.4921397450962104e-13, relative 3.55e-15, 21 "
                         "ulps from the correctly rounded 42\n"));
  const auto j = json_of({"coupon", "3", "--check", "5.5"});
  CHECK(j.at("check").at("value") == "5.5");
  CHECK(j.at("check").at("ulps") == 0);
  expect_error_containing({"run", "2", "--check", "abc"}, 2,
                          "the --check value must be a number such as 42, -3/7, 0.1 or 1e-3, not 'abc'");
  // -inf is no value of any question: the message says what stands for infinity.
  expect_error_containing({"run", "2", "--check", "-inf"}, 2,
                          "not '-inf'; inf or Infinity stands for an infinite value");
}

TEST_CASE("check: --check 1e400, the user's value, overflows a double and is said to", "[tool][probability]") {
  const auto r = out_of({"run", "2", "--check", "1e400"});
  CHECK_THAT(r, Contains("\n  check   1e400: your value reads as the double inf, beyond the largest double (it "
                         "overflows double); the exact value 42 is finite\n"));
  CHECK_THAT(r, !Contains("failed"));
  const auto j = json_of({"run", "2", "--check", "1e400"});
  CHECK(j.at("check").at("finite") == false);
  CHECK(j.at("check").at("double") == "inf");
}

TEST_CASE("fixed-points: 1 exactly, and the double's rounding shown", "[tool][probability]") {
  // Linearity of expectation: 1 for any N; the double sum for N = 49 is 1 ulp low.
  const auto r = out_of({"fixed-points", "49"});
  CHECK_THAT(r, Contains("\n  exact   1\n") && Contains("\n  double  0.9999999999999999\n") &&
                    Contains("1 ulp from the correctly rounded 1\n"));
}

TEST_CASE("rolls-to-reach: 49/36 to reach 3", "[tool][probability]") {
  const auto r = out_of({"rolls-to-reach", "3"});
  CHECK_THAT(r, Contains("\n  exact   49/36 ~ 1.3611111111111111\n"));
  CHECK_THAT(r, Contains("\n  mod     " + residue_text("49/36") + "  (mod 1000000007)\n"));
  CHECK(residue_text("49/36") == "361111115");
  CHECK_THAT(out_of({"rolls-to-reach", "1", "--faces", "4", "--as", "exact"}), Equals("1\n"));
}

TEST_CASE("boundary-paths: LeetCode 576's examples", "[tool][probability]") {
  CHECK_THAT(out_of({"boundary-paths", "8", "50", "23", "5", "26", "--as", "mod"}), Equals("914783380\n"));
  CHECK_THAT(out_of({"boundary-paths", "2", "2", "2", "0", "0", "--as", "exact"}), Equals("6\n"));
}

TEST_CASE("dice-sequences: counts of LeetCode 1223, as JSON", "[tool][probability][json]") {
  // Limits all 1: no two equal rolls in a row, 6 * 5^19 sequences of 20.
  const auto j = json_of({"dice-sequences", "20", "1", "1", "1", "1", "1", "1"});
  CHECK(j.at("exact") == "114440917968750");
  CHECK(j.at("mod") == 917167670);
  CHECK_THAT(out_of({"dice-sequences", "0", "1", "1", "1", "1", "1", "1", "--as", "exact"}), Equals("1\n"));
  // Six values or one list: the same limits.
  CHECK_THAT(out_of({"dice-sequences", "2", "1", "1", "2", "2", "2", "3", "--as", "exact"}), Equals("34\n"));
  CHECK_THAT(out_of({"dice-sequences", "2", "1,1,2,2,2,3", "--as", "exact"}), Equals("34\n"));
}

TEST_CASE("soup: exact while the table fits, leading zeros decimal", "[tool][probability]") {
  CHECK_THAT(out_of({"soup", "50"}), Contains("\n  exact   5/8 = 0.625\n"));
  // 100 ml is 23/32 (LeetCode 808's second example); 0100 is 100 ml, not 64 ml
  // (which is 21/32).
  CHECK_THAT(out_of({"soup", "100", "--as", "exact"}), Equals("23/32\n"));
  CHECK_THAT(out_of({"soup", "0100", "--as", "exact"}), Equals("23/32\n"));
  CHECK_THAT(out_of({"soup", "64", "--as", "exact"}), Equals("21/32\n"));
}

TEST_CASE("soup: the double under a certified cutoff when the table is too large", "[tool][probability]") {
  const auto big = out_of({"soup", "1000000000", "--tolerance", "1e-6"});
  CHECK_THAT(big, Contains("\n  exact   unavailable: ") && Contains("\n  double  1\n"));
  // --tolerance is given: the exact line does not ask for it.
  CHECK_THAT(big, !Contains("pass --tolerance"));
  CHECK_THAT(big, Contains("\n  within  1  (at or above the cutoff "));
  CHECK_THAT(big, Contains("\n  cutoff  for tolerance 1e-06 the cutoff is "));
  const auto j = json_of({"soup", "1000000000", "--tolerance", "1e-5"});
  CHECK(j.at("used_cutoff") == true);
  CHECK(j.at("within") == "1");
  CHECK(j.at("double") == "1");
  CHECK(j.at("exact").is_null());
  CHECK(j.at("cutoff_ml").get<long long>() <= 4800);
  const auto refused = run_in_process({"soup", "1000000000"});
  CHECK(refused.status == 1);
  CHECK_THAT(refused.err,
             Catch::StartsWith("exactdp: error: ") && Contains("the soup table") && Contains("pass --tolerance"));
}

TEST_CASE("soup: a cutoff out of reach is not needed when the exact value is computed", "[tool][probability]") {
  // 50 ml is answered exactly at once; the certificate for 1e-300 would need
  // a table beyond the work budget, and it is not needed.
  const auto r = out_of({"soup", "50", "--tolerance", "1e-300"});
  CHECK_THAT(r, Contains("\n  exact   5/8 = 0.625\n") &&
                    Contains("\n  cutoff  not needed: the exact value was computed (a certified cutoff for this "
                             "tolerance is out of reach: "));
  const auto j = json_of({"soup", "50", "--tolerance", "1e-300"});
  CHECK(j.at("exact") == "5/8");
  CHECK(j.at("tolerance") == "1e-300");
  CHECK(j.at("cutoff").is_null());
}

TEST_CASE("soup 5000 --tolerance 1e-300: answered exactly at once, or refused at once", "[tool][probability]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const auto r = run_tool({"soup", "5000", "--tolerance", "1e-300"}, "", {10, 1024});
  INFO(r.err);
  REQUIRE(r.status != 124);  // not the time limit
  if (r.status == 0) {
    // 5000 ml, 200 units of 25 ml: the fraction of a naive DP over fractions
    // (the 201x201 table of LeetCode 808's recurrence, run in Python).
    CHECK_THAT(r.out, Contains("\n  exact   50216650108989471163144638000726719394381144943793540710857/"
                               "50216813883093446110686315385661331328818843555712276103168 ~ 0.99999673865999631\n"));
    CHECK_THAT(r.out, Contains("\n  cutoff  not needed"));
  } else {
    CHECK(r.status == 1);
  }
}

TEST_CASE("new21: 59/64 with ten digits", "[tool][probability]") {
  CHECK_THAT(out_of({"new21", "5", "3", "4", "--digits", "10"}),
             Equals("probability that the New 21 Game total is at most 5 (draw 1..4 while below 3)\n"
                    "  exact    59/64 = 0.921875\n"
                    "  decimal  0.9218750000\n"
                    "  double   0.921875\n"
                    "  mod      " +
                    residue_text("59/64") +
                    "  (mod 1000000007)\n"
                    "  error    none: the double is exactly the exact value\n"));
  CHECK_THAT(out_of({"new21", "305", "303", "2", "--as", "exact"}), Equals("1\n"));
}

TEST_CASE("new21 at n = k = max_pts = 10^9: the double and the residue answer, the exact value is too large",
          "[tool][probability]") {
  // With n = k = max_pts = W the answer is (1/W)(1 + 1/W)^(W-1) (she stops
  // at W exactly; checked against the recurrence for W = 4 and 7 below).
  CHECK_THAT(out_of({"new21", "4", "4", "4", "--as", "exact"}), Equals("125/256\n"));
  CHECK_THAT(out_of({"new21", "7", "7", "7", "--as", "exact"}), Equals("262144/823543\n"));
  const std::vector<std::string> big = {"new21", "1000000000", "1000000000", "1000000000"};
  const auto r = run_in_process(big);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("\n  exact   unavailable: ") && Contains("--max-memory"));
  const double w = 1e9;
  const double expected = std::exp((w - 1) * std::log1p(1 / w)) / w;
  const auto j = json_of({"new21", "1000000000", "1000000000", "1000000000", "--as", "double"});
  // Relative tolerance 1e-12: the window sums 10^9 terms in double.
  CHECK(std::fabs(std::stod(j.at("double").get<std::string>()) / expected - 1) < 1e-12);
  // The residue: (1/W)(1 + 1/W)^(W-1) modulo 1000000007.
  using Mod = exactdp::ModInt<1'000'000'007>;
  const Mod inv_w = Mod(1) / Mod(1'000'000'000);
  const auto residue_expected = (inv_w * (Mod(1) + inv_w).pow(999'999'999)).value();
  CHECK(json_of({"new21", "1000000000", "1000000000", "1000000000", "--as", "mod"}).at("mod") == residue_expected);
}

TEST_CASE("an exact value of 0: a --check that is not 0 has an absolute error and no relative one",
          "[tool][probability]") {
  // From the centre of a 3x3 board every knight move leaves it: 0 exactly.
  CHECK_THAT(out_of({"knight", "3", "1", "1", "1", "--check", "1e-9"}),
             Contains("\n  exact   0\n") &&
                 Contains("\n  check   1e-9: absolute 1e-09, relative undefined (the exact value is 0), "));
  const auto j = json_of({"knight", "3", "1", "1", "1", "--check", "1e-9"});
  CHECK(j.at("check").at("absolute") == "1e-09");
  CHECK(j.at("check").at("relative").is_null());
  // A tiny exact value and a check far from it: the relative error is
  // beyond any double, and is still written.
  CHECK_THAT(out_of({"knight", "3", "536", "0", "0", "--as", "exact", "--check", "1"}),
             Contains("relative 5.06e+322, ") && Contains("the double has no correct digit"));
  CHECK(
      json_of({"knight", "3", "536", "0", "0", "--as", "exact", "--check", "1"}).at("check").at("relative").is_null());
}

TEST_CASE("coupon: N·H_N, and a residue that does not exist", "[tool][probability]") {
  CHECK_THAT(out_of({"coupon", "3", "--as", "exact"}), Equals("11/2\n"));
  // 5·H_5 = 137/12: no residue modulo 3 (said on its line), 1 modulo 5 (from
  // the exact value: the recurrence divides by 5).
  CHECK_THAT(out_of({"coupon", "5", "--modulus", "3"}),
             Contains("\n  exact   137/12 ~ 11.416666666666667\n") &&
                 Contains("\n  mod     none: the fraction 137/12 has no residue modulo 3: its reduced denominator is "
                          "divisible by 3\n"));
  CHECK_THAT(out_of({"coupon", "5", "--as", "mod", "--modulus", "5"}), Equals("1\n"));
  expect_error_containing({"coupon", "5", "--as", "mod", "--modulus", "3"}, 1,
                          "the fraction 137/12 has no residue modulo 3");
  // In the default report a vanishing denominator is a line, not a failure.
  CHECK_THAT(out_of({"new21", "5", "4", "3", "--modulus", "3"}),
             Contains("\n  mod     none: the fraction 65/81 has no residue modulo 3"));
}

TEST_CASE("plurals: 1 time, 1 random move, 1 kind, 1 item", "[tool][probability]") {
  CHECK_THAT(out_of({"run", "1"}), Catch::StartsWith("expected rolls of a 6-faced die until one given face comes up 1 "
                                                     "time in a row\n"));
  CHECK_THAT(out_of({"knight", "3", "1", "0", "0"}),
             Catch::StartsWith("probability that a knight stays on a 3x3 board for 1 random move from (0, 0)\n"));
  CHECK_THAT(out_of({"coupon", "1"}), Catch::StartsWith("expected draws to collect all 1 kind of coupon\n"));
  CHECK_THAT(out_of({"fixed-points", "1"}),
             Catch::StartsWith("expected fixed points of a uniformly random permutation of 1 item\n"));
  CHECK_THAT(out_of({"boundary-paths", "1", "1", "1", "0", "0"}), Contains("paths of at most 1 move from (0, 0)"));
}

TEST_CASE("probability commands: errors", "[tool][probability][errors]") {
  expect_error_containing({"run", "0"}, 2, "K (the run length) must be an integer in 1..10^7, not '0'");
  expect_error_containing({"run", "2", "--faces", "-1"}, 2, "--faces must be an integer in 1..10^6, not '-1'");
  expect_error_containing({"knight", "0", "1", "0", "0"}, 2,
                          "N (the board size) must be an integer in 1..10^5, not '0'");
  expect_error_containing({"knight", "3", "1", "5", "0"}, 2, "ROW must be an integer in 0..2, not '5'");
  expect_error_containing({"knight", "100000", "1", "0", "0"}, 1, "above the state budget");
  expect_error_containing({"knight", "30", "5", "0", "0", "--max-memory", "0.000001"}, 1, "above the state budget");
  expect_error_containing({"coupon", "-1"}, 2, "N (the kinds of coupon) must be an integer in 0..10^7, not '-1'");
  expect_error_containing({"coupon", "1000000", "--as", "exact", "--max-work", "1e6"}, 1, "above the work budget");
  expect_error_containing({"fixed-points", "-1"}, 2,
                          "N (the number of items) must be an integer in 0..2^31-1, not '-1'");
  expect_error_containing({"rolls-to-reach", "5", "--faces", "0"}, 2, "--faces must be an integer in 1..10^6, not '0'");
  expect_error_containing({"boundary-paths", "-2", "2", "2", "0", "0"}, 2,
                          "M (the rows) must be an integer in 1..10^5, not '-2'");
  expect_error_containing({"boundary-paths", "2", "2", "2", "2", "0"}, 2, "ROW must be an integer in 0..1, not '2'");
  expect_error_containing({"dice-sequences", "2", "1", "1", "1", "16", "1", "1"}, 2,
                          "each item of LIMITS must be an integer in 1..15, not '16'");
  expect_error_containing({"dice-sequences", "2", "1", "1"}, 2, "LIMITS must be six run limits, one per face, not 2");
  expect_error_containing({"new21", "5", "-4", "3"}, 2, "K must be an integer in 0..10^9, not '-4'");
  expect_error_containing({"new21", "5", "4", "3", "--modulus", "3", "--as", "mod"}, 1,
                          "the fraction 65/81 has no residue modulo 3");
  expect_error_containing({"soup", "50", "--tolerance", "0"}, 2,
                          "--tolerance must be a number EPS with 0 < EPS < 1, not '0'");
  expect_error_containing({"soup", "-5"}, 2, "N (millilitres) must be an integer in 0..10^15, not '-5'");
  expect_error_containing({"soup", "3505", "--as", "exact", "--max-memory", "0.000001"}, 1, "above the state budget");
}

TEST_CASE("probability commands as processes: the same output", "[tool][probability][process]") {
  EXACTDP_SKIP_WITHOUT_TOOL();
  const std::vector<std::vector<std::string>> lines = {{"run", "2"},
                                                       {"knight", "3", "2", "0", "0"},
                                                       {"knight-paths", "3", "2", "0", "0"},
                                                       {"coupon", "3"},
                                                       {"fixed-points", "49"},
                                                       {"rolls-to-reach", "3"},
                                                       {"soup", "0100"},
                                                       {"boundary-paths", "2", "2", "2", "0", "0"},
                                                       {"new21", "5", "3", "4"},
                                                       {"dice-sequences", "2", "1", "1", "2", "2", "2", "3"}};
  for (const auto& args : lines) {
    INFO(command_line(args));
    const auto process = run_tool(args, "", {20, 1024});
    CHECK(process.status == 0);
    CHECK(process.err.empty());
    CHECK_THAT(process.out, Equals(run_in_process(args).out));
  }
  CHECK_THAT(run_tool({"soup", "0100", "--as", "exact"}, "", {20, 1024}).out, Equals("23/32\n"));
  CHECK_THAT(run_tool({"run", "010", "--as", "exact"}, "", {20, 1024}).out, Equals("72559410\n"));
  const auto hex = run_tool({"run", "0x2"}, "", {20, 1024});
  CHECK(hex.status == 2);
  CHECK_THAT(hex.err, Equals("exactdp: error: K (the run length) must be an integer in 1..10^7, not '0x2'\n"));
}
