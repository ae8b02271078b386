// api::compute_answer and api::measure_double: which runs run, what a
// failure keeps, the residue taken from the exact value, nan refused, and
// the hooks (words, progress, option names) that each front end passes.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactdp/api/answer.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/numeric/modint.hpp"

using namespace exactdp;

namespace {
// The runs of 137/12 (the coupon collector for 5 kinds), whose residue run
// divides by 5 on the way: it fails mod 5.
api::value_runs coupon_runs(std::vector<std::string>& ran) {
  api::value_runs r;
  r.exact = [&ran] {
    ran.push_back("exact");
    return Rational(137, 12);
  };
  r.approx = [&ran] {
    ran.push_back("double");
    return 11.416666666666668;
  };
  r.residue = [&ran](std::uint64_t p) -> std::uint64_t {
    ran.push_back("mod");
    if (p == 5) throw no_residue_error("no inverse: 5 is 0 modulo 5");
    return to_residue64(Rational(137, 12), p);
  };
  r.residues = api::residue_width::wide;
  return r;
}
}  // namespace

TEST_CASE("answer: all runs by default, one alone when asked, the double measured", "[api][answer]") {
  std::vector<std::string> ran;
  api::answer_request all;
  all.modulus = 1000000007;
  const api::answer a = api::compute_answer(coupon_runs(ran), all);
  CHECK(ran == std::vector<std::string>{"exact", "double", "mod"});
  CHECK(*a.exact == Rational(137, 12));
  CHECK(*a.residue == to_residue64(Rational(137, 12), 1000000007));
  REQUIRE(a.error);
  CHECK(*a.error->ulps == 1);
  CHECK(a.error->words ==
        "absolute 1.1842378929335002e-15, relative 1.04e-16, 1 ulp from the correctly rounded "
        "11.416666666666666");
  ran.clear();
  api::answer_request one;
  one.as = "double";
  const api::answer d = api::compute_answer(coupon_runs(ran), one);
  CHECK(ran == std::vector<std::string>{"double"});
  CHECK(!d.exact);
  CHECK(!d.error);
}

TEST_CASE("answer: a residue run that divides by P takes the exact value's residue", "[api][answer]") {
  std::vector<std::string> ran;
  api::answer_request mod;
  mod.as = "mod";
  mod.modulus = 5;
  const api::answer a = api::compute_answer(coupon_runs(ran), mod);
  CHECK(ran == std::vector<std::string>{"mod", "exact"});
  CHECK(*a.residue == 1);  // 137/12 = 1 mod 5
  CHECK(a.residue_note == "from the exact value: the recurrence divides by a multiple of 5");
  CHECK(a.mod_failure.empty());
}

TEST_CASE("answer: the residue note's wording follows the kind of the residue run's error, not its text",
          "[api][answer]") {
  api::value_runs r;
  r.exact = [] { return Rational(137, 12); };
  api::answer_request mod;
  mod.as = "mod";
  mod.modulus = 5;
  r.residue = [](std::uint64_t) -> std::uint64_t { throw no_residue_error("the step 4 of 5"); };
  CHECK(api::compute_answer(r, mod).residue_note == "from the exact value: the recurrence divides by a multiple of 5");
  r.residue = [](std::uint64_t) -> std::uint64_t { throw std::domain_error("no order modulo 5"); };
  CHECK(api::compute_answer(r, mod).residue_note ==
        "from the exact value, as the residue run has none: no order modulo 5");
  // The kind survives a context added on the way (throw_domain_error_in).
  r.residue = [](std::uint64_t) -> std::uint64_t {
    try {
      (void)(DynModInt(1) / DynModInt(0));
    } catch (const std::domain_error& e) {
      throw_domain_error_in("the payoff of state s: ", e);
    }
    return 0;
  };
  CHECK(api::compute_answer(r, mod).residue_note == "from the exact value: the recurrence divides by a multiple of 5");
}

TEST_CASE("answer: failures are kept with all, rethrown alone, bad input always", "[api][answer]") {
  api::value_runs r;
  r.exact = [] { return Rational(1, 3); };
  r.approx = []() -> double { throw std::overflow_error("too big for exactdp::state_budget_bytes()"); };
  api::answer_hooks hooks;
  hooks.words = [](std::string s) {
    const std::size_t at = s.find("exactdp::state_budget_bytes()");
    return at == std::string::npos ? s : s.replace(at, 29, "--max-memory");
  };
  const api::answer a = api::compute_answer(r, {}, hooks);
  CHECK(a.double_failure == "too big for --max-memory");
  CHECK(!a.approx);
  CHECK(*a.exact == Rational(1, 3));
  api::answer_request alone;
  alone.as = "double";
  CHECK_THROWS_AS(api::compute_answer(r, alone, hooks), std::overflow_error);
  r.exact = []() -> Rational { throw std::invalid_argument("bad input"); };
  CHECK_THROWS_AS(api::compute_answer(r, {}, hooks), std::invalid_argument);
  api::answer_request check;
  check.check = Rational(1);
  r.exact = []() -> Rational { throw std::domain_error("no exact value"); };
  r.approx = [] { return 0.5; };
  hooks.check_option = "check=";
  CHECK_THROWS_WITH(api::compute_answer(r, check, hooks), "check= needs the exact value, which failed: no exact value");
}

TEST_CASE("answer: nan is no value, and the words name the front end's exact option", "[api][answer]") {
  api::value_runs r;
  r.exact = [] { return Rational(0); };
  r.approx = [] { return std::numeric_limits<double>::quiet_NaN(); };
  api::answer_hooks hooks;
  hooks.exact_option = "number=\"exact\"";
  const api::answer a = api::compute_answer(r, {}, hooks);
  CHECK(!a.approx);
  CHECK(a.double_failure == api::double_nan_words("number=\"exact\""));
  api::answer_request alone;
  alone.as = "double";
  CHECK_THROWS_AS(api::compute_answer(r, alone, hooks), std::domain_error);
}

TEST_CASE("answer: the progress hook is held while each run runs", "[api][answer]") {
  std::vector<std::string> shown;
  int live = 0;
  api::answer_hooks hooks;
  hooks.progress = [&](const std::string& what) {
    shown.push_back(what);
    ++live;
    return std::shared_ptr<void>(nullptr, [&live](void*) { --live; });
  };
  api::value_runs r;
  r.exact = [&live] {
    CHECK(live == 1);
    return Rational(2);
  };
  r.approx = [&live] {
    CHECK(live == 1);
    return 2.0;
  };
  api::compute_answer(r, {}, hooks);
  CHECK(shown == std::vector<std::string>{"computing the exact value", "computing the double"});
  CHECK(live == 0);
}

TEST_CASE("measure_double: every regime of the double against the exact value", "[api][answer]") {
  CHECK(api::measure_double(Rational(1, 10), 0.1, false).ulps == 0u);
  const api::double_error zero = api::measure_double(Rational(0), 1e-300, true);
  CHECK(zero.relative == HUGE_VAL);
  CHECK(zero.words.find("relative undefined (the exact value is 0)") != std::string::npos);
  const api::double_error inf = api::measure_double(Rational(1), HUGE_VAL, true);
  CHECK(!inf.finite);
  CHECK(inf.words ==
        "your value reads as the double inf, beyond the largest double (it overflows double); the exact "
        "value 1 is finite");
  const Rational huge = Rational(BigInt(10)) * Rational(pow(BigInt(10), 400));
  const api::double_error over = api::measure_double(huge, HUGE_VAL, false);
  CHECK(over.words.find("is beyond the largest double (it overflows double)") != std::string::npos);
  const api::double_error off = api::measure_double(Rational(1, 3), 0.5, false);
  CHECK(off.relative == 0.5);
  CHECK(off.words.find("the double has no correct digit") == std::string::npos);
  CHECK(api::measure_double(Rational(1, 3), 1.0, false).words.find("the double has no correct digit") !=
        std::string::npos);
}

TEST_CASE("answer: an infinite value is the answer in every system, decided by the first run", "[api][answer]") {
  std::vector<std::string> ran;
  api::value_runs r;
  r.exact = [&ran]() -> Rational {
    ran.push_back("exact");
    throw api::infinite_value_error("the expected reward is infinite");
  };
  r.approx = [&ran] {
    ran.push_back("double");
    return 1.0;  // never asked once the exact run found infinity
  };
  r.residue = [&ran](std::uint64_t) -> std::uint64_t {
    ran.push_back("mod");
    throw api::infinite_value_error("the expected reward is infinite");
  };
  const api::answer all = api::compute_answer(r, {.modulus = 7});
  CHECK(ran == std::vector<std::string>{"exact"});
  CHECK(all.infinite);
  CHECK(!all.exact);
  CHECK(!all.exact_double);
  CHECK(all.approx == HUGE_VAL);
  CHECK(!all.residue);
  CHECK(!all.error);
  CHECK(all.exact_failure.empty());
  CHECK(all.double_failure.empty());
  CHECK(all.mod_failure == "the value is infinite, which has no residue");
  // One system alone: the answer, not a failure (no exception).
  ran.clear();
  CHECK(api::compute_answer(r, {.as = "exact"}).infinite);
  const api::answer mod = api::compute_answer(r, {.as = "mod", .modulus = 7});
  CHECK(mod.infinite);
  CHECK(!mod.residue);
  CHECK(ran == std::vector<std::string>{"exact", "mod"});
  // --as double alone: the double run decides, and it says infinite by throwing too.
  r.approx = []() -> double { throw api::infinite_value_error("infinite"); };
  const api::answer dbl = api::compute_answer(r, {.as = "double"});
  CHECK(dbl.infinite);
  CHECK(dbl.approx == HUGE_VAL);
  // A check: infinity against infinity is right, a finite value is wrong.
  api::answer_request inf_check{.modulus = 7, .check_infinite = true, .check_text = "inf"};
  const api::answer right = api::compute_answer(r, inf_check);
  REQUIRE(right.check);
  CHECK(right.check->value == HUGE_VAL);
  CHECK(right.check->words == "none: the value is infinite, and so is yours");
  const api::answer wrong = api::compute_answer(r, {.check = Rational(3), .check_text = "3"});
  REQUIRE(wrong.check);
  CHECK(wrong.check->absolute == HUGE_VAL);
  CHECK(wrong.check->words.starts_with("wrong: the value is infinite"));
  // A finite value beyond the double range is finite all the same: wrong, though its double is inf.
  const api::answer huge = api::compute_answer(r, {.check = parse_number("1e400", "--check"), .check_text = "1e400"});
  REQUIRE(huge.check);
  CHECK(huge.check->words ==
        "wrong: the value is infinite (PRISM and Storm print Infinity); your value is a finite number beyond the "
        "largest double, which is not");
  CHECK(right.infinite_reason == "the expected reward is infinite");
  // Infinity checked against a finite value is wrong too, in words that say so.
  const api::answer finite = api::compute_answer(
      api::runs_of<Rational>([](auto t) { return ratio<typename decltype(t)::type>(1, 8); }), inf_check);
  CHECK(!finite.infinite);
  REQUIRE(finite.check);
  CHECK(finite.check->words == "wrong: your value is infinite; the exact value 1/8 is finite");
}

TEST_CASE("reads_as_infinity: inf and infinity in any case, with an optional +", "[api][answer]") {
  for (const char* yes : {"inf", "Inf", "INF", "Infinity", "infinity", "+inf", "+Infinity"})
    CHECK(api::reads_as_infinity(yes));
  for (const char* no : {"", "-inf", "-Infinity", "1e999", "infinit", "nan", "in f", "++inf"})
    CHECK(!api::reads_as_infinity(no));
}
