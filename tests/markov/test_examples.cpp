// The shipped examples (examples/markov/) through the library (the tool's
// runs of them are in tests/tool/markov.cpp).
#include "exactdp/markov/markov.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "exactdp/numeric/numeric.hpp"
#include "exactdp/probability/run.hpp"
#include "oracle.hpp"
#include "support/paths.hpp"

using namespace exactdp;
using exactdp::test::source_path;

namespace {

std::string example(const std::string& name) { return source_path("examples/markov/" + name); }

Rational steps_of(const markov_model& m) {
  markov_query q;
  q.start = *m.start();
  return expected_steps(markov_chain<Rational>(m), q);
}

}  // namespace

TEST_CASE("examples: a run of K sixes matches expected_rolls_for_run and the seed values", "[markov][examples]") {
  const char* seed[] = {"6", "42", "258", "1554", "9330", "55986"};
  for (int k = 1; k <= 6; ++k) {
    INFO("K = " << k);
    const markov_model m = load_json_model(example("sixes_run_" + std::to_string(k) + ".json"));
    markov_query q;
    q.start = *m.start();
    const Rational exact = expected_steps(markov_chain<Rational>(m), q);
    CHECK(to_string(exact) == seed[k - 1]);
    CHECK(exact == expected_rolls_for_run<Rational>(k));
    CHECK(expected_steps(markov_chain<Mod>(m), q) == expected_rolls_for_run<Mod>(k));
    // The condition number of I - Q grows like 6^K: LU loses about K·log10(6)
    // digits, so the stated tolerance is 6^K · 1e-16 relative.
    const double d = expected_steps(markov_chain<double>(m), q);
    CHECK(std::fabs(d - to_double(exact)) <= std::pow(6.0, k) * 1e-16 * to_double(exact));
  }
  // The PRISM export of K = 2 loads unchanged and agrees.
  CHECK(steps_of(load_markov_model(example("sixes_run_2.tra"))) == 42);
}

TEST_CASE("examples: gambler's ruin p = 2/5 from 3 to 10 matches the closed form", "[markov][examples]") {
  const markov_model m = load_json_model(example("gamblers_ruin.json"));
  markov_query q;
  q.start = *m.start();
  q.target = m.labels().at("win");
  const Rational r = ratio<Rational>(3, 2);  // q/p
  Rational r3 = r * r * r, r10 = 1;
  for (int i = 0; i < 10; ++i) r10 *= r;
  const Rational closed = (r3 - 1) / (r10 - 1);
  CHECK(reach_probability(markov_chain<Rational>(m), q) == closed);
  CHECK(to_string(closed) == "2432/58025");
  CHECK(reach_probability(markov_chain<Mod>(m), q).value() == to_residue(closed, Mod::modulus()));
  CHECK(std::fabs(reach_probability(markov_chain<double>(m), q) - to_double(closed)) < 1e-15);
  // Expected duration of the game: i(N - i)-type closed form for p != q:
  // D_i = i/(q-p) - N/(q-p) * (1 - r^i)/(1 - r^N).
  const Rational p = ratio<Rational>(2, 5), qq = 1 - p;
  const Rational duration = Rational(3) / (qq - p) - Rational(10) / (qq - p) * (1 - r3) / (1 - r10);
  markov_query plain;
  plain.start = q.start;
  CHECK(expected_steps(markov_chain<Rational>(m), plain) == duration);
}

TEST_CASE("examples: Chutes and Ladders against a dense solve of the whole board", "[markov][examples]") {
  const markov_model m = load_json_model(example("chutes_and_ladders.json"));
  CHECK(m.size() == 82);  // squares 0..100 minus the 19 feet of ladders and heads of chutes
  const std::size_t start = *m.start();
  const std::vector<char> stop = test::stop_set(m, std::nullopt);
  const auto want = test::oracle_steps(m, start, stop, stop);
  REQUIRE(want);
  const Rational got = steps_of(m);
  CHECK(got == *want);
  CHECK(std::fabs(to_double(got) - 39.2251223082) < 1e-9);
  markov_query q;
  q.start = start;
  CHECK(std::fabs(expected_steps(markov_chain<double>(m), q) - to_double(got)) < 1e-12 * 40);
  CHECK(expected_steps(markov_chain<Mod>(m), q).value() == to_residue(got, Mod::modulus()));
}

TEST_CASE("examples: the generator scripts reproduce the shipped models", "[markov][examples]") {
  const std::string dir = source_path("examples/markov");
  const std::string tmp = "/tmp/exactdp-markov-gen-" + std::to_string(::getpid());
  const std::string cmd = "cd '" + dir + "' && python3 chutes_and_ladders.py > '" + tmp +
                          "1' && python3 gamblers_ruin.py > '" + tmp + "2' && python3 sixes_run.py 4 > '" + tmp + "3'";
  REQUIRE(std::system(cmd.c_str()) == 0);
  CHECK(test::read_all(tmp + "1") == test::read_all(dir + "/chutes_and_ladders.json"));
  CHECK(test::read_all(tmp + "2") == test::read_all(dir + "/gamblers_ruin.json"));
  CHECK(test::read_all(tmp + "3") == test::read_all(dir + "/sixes_run_4.json"));
  for (const char* i : {"1", "2", "3"}) std::remove((tmp + i).c_str());
}

TEST_CASE("examples: the Knuth-Yao die as Storm writes it, and the long run of the classroom", "[markov][examples]") {
  // docs/markov.md quotes these values.
  for (const char* file : {"knuth_yao_die.drn", "knuth_yao_die.tra"}) {
    INFO(file);
    const markov_model die = load_markov_model(example(file));
    markov_query q;
    q.start = *die.start();
    q.target = die.labels().at("one");
    CHECK(reach_probability(markov_chain<Rational>(die), q) == ratio<Rational>(1, 6));
    q.target = die.labels().at("done");
    CHECK(expected_steps(markov_chain<Rational>(die), q) == ratio<Rational>(11, 3));
    CHECK(expected_steps(markov_chain<Mod>(die), q).value() == 666666675u);
  }
  const markov_model m = load_markov_model(example("periodic_classroom.json"));
  markov_query q;
  q.start = *m.start();
  const auto lr = long_run(markov_chain<Rational>(m), q);
  REQUIRE(lr.classes.size() == 2);
  // The first closed class is {Writing.Notes, Listening} (states in the file's order).
  REQUIRE(lr.classes[0].states.size() == 2);
  CHECK(m.name(lr.classes[0].states[0]) == "Writing.Notes");
  CHECK(m.name(lr.classes[0].states[1]) == "Listening");
  CHECK(lr.classes[0].period == 2);
  CHECK(lr.class_probability[0] == ratio<Rational>(199, 208));
  CHECK(lr.class_probability[1] == ratio<Rational>(9, 208));
  CHECK(lr.stationary[0] == std::vector<Rational>{ratio<Rational>(1, 2), ratio<Rational>(1, 2)});
  CHECK(lr.average_reward == 1);
  const auto d = long_run(markov_chain<double>(m), q);
  CHECK(ulp_distance(d.distribution[0].second, to_double(ratio<Rational>(199, 416))).value() <= 4);
  // The ill-conditioned chain of the accuracy table.
  const markov_model ill = load_markov_model(example("ill_conditioned_chain.json"));
  markov_query t;
  t.start = *ill.start();
  const double steps = expected_steps(markov_chain<double>(ill), t);
  CHECK(ulp_distance(steps, to_double(expected_steps(markov_chain<Rational>(ill), t))).value() <= 4);
}
