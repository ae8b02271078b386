// api/question.hpp: the catalogue's records are whole (names, bounds,
// defaults, example, runs with a bound), and the one reader refuses an
// argument out of range with the same words in both front ends.
#include "exactdp/api/question.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/seat.hpp"
#include "exactdp/probability/soup.hpp"

using namespace exactdp;
using api::front_end;
using Catch::Equals;

TEST_CASE("catalogue: every record is whole and answers its example", "[api][question]") {
  std::set<std::string> names;
  for (const api::question& q : api::catalogue()) {
    INFO(q.name);
    CHECK(names.insert(q.name).second);
    CHECK(names.insert(q.python).second);
    CHECK(api::find_question(q.name) == &q);
    CHECK(api::find_question(q.python) == &q);
    CHECK(!q.summary.empty());
    CHECK(!q.source.empty());
    for (const front_end f : {front_end::tool, front_end::python})
      CHECK(api::words_in(q, q.summary, f).find('{') == std::string::npos);
    REQUIRE(q.example.size() == q.parameters.size());
    bool defaults = false;
    for (std::size_t i = 0; i < q.parameters.size(); ++i) {
      const api::parameter& p = q.parameters[i];
      CHECK(p.low <= p.high);
      CHECK((q.example[i] >= p.low && q.example[i] <= p.high));
      if (p.fallback) CHECK((*p.fallback >= p.low && *p.fallback <= p.high));
      CHECK((!defaults || p.fallback));  // required parameters first
      if (p.below) CHECK((*p.below < i && !q.parameters[*p.below].fallback && p.low >= 0));
      defaults = defaults || p.fallback.has_value();
    }
    CHECK(!q.sentence(q.example).empty());
    const api::value_runs runs = q.runs(q.example);
    REQUIRE(runs.bound);
    api::answer_request request;
    request.modulus = api::default_modulus;
    const api::answer a = api::compute_answer(runs, request);
    REQUIRE(a.exact);
    REQUIRE(a.approx);
    REQUIRE(a.residue);
    CHECK(primes_needed(runs.bound()) >= 1);
  }
  CHECK(api::find_question("nothing") == nullptr);
}

TEST_CASE("catalogue: a start square is read below the board size", "[api][question]") {
  const api::question& q = *api::find_question("knight-paths");
  using texts = std::vector<std::optional<std::string>>;
  CHECK(api::read_arguments(q, texts{"3", "2", "2", "0"}, front_end::tool) == api::arguments{3, 2, 2, 0});
  CHECK_THROWS_WITH(api::read_arguments(q, texts{"3", "1", "5", "0"}, front_end::tool),
                    "ROW must be an integer in 0..2, not '5'");
  CHECK_THROWS_WITH(api::read_arguments(q, texts{"3", "1", "0", "3"}, front_end::python),
                    "column must be an integer in 0..2, not '3'");
  CHECK_THAT(api::range_words(q, 2, front_end::tool), Equals("0 <= ROW < N"));
  CHECK_THAT(api::range_words(q, 3, front_end::python), Equals("0 <= column < n"));
  CHECK_THAT(api::range_words(q, 0, front_end::tool), Equals("1 <= N <= 10^5"));
}

TEST_CASE("catalogue: the seat question is the recurrence", "[api][question]") {
  const api::question& q = *api::find_question("seat");
  CHECK(q.python == "seat_probability");
  CHECK(Rational(q.runs({5}).exact()) == seat_probability<Rational>(5));
  CHECK(q.runs({1}).exact() == 1);
  CHECK_THAT(q.sentence({1}), Equals("probability that the last of 1 passenger gets their own seat when the first sits "
                                     "at random"));
}

TEST_CASE("catalogue: knight and soup are their recurrences, soup's bound its named constant", "[api][question]") {
  const api::question& knight = *api::find_question("knight_probability");
  CHECK(knight.name == "knight");
  CHECK(Rational(knight.runs({3, 2, 0, 0}).exact()) == Rational(1, 16));
  CHECK(Rational(knight.runs({8, 3, 4, 2}).exact()) == knight_probability<Rational>(8, 3, 4, 2));
  CHECK_THAT(knight.sentence({3, 1, 0, 2}),
             Equals("probability that a knight stays on a 3x3 board for 1 random move from (0, 2)"));
  using texts = std::vector<std::optional<std::string>>;
  CHECK_THROWS_WITH(api::read_arguments(knight, texts{"3", "1", "0", "3"}, front_end::tool),
                    "COL must be an integer in 0..2, not '3'");
  // Profile's varying value left unread: the others are read, a bound by
  // a fixed value holds, and one by the unread value waits for it.
  CHECK_THROWS_WITH(api::read_arguments(knight, texts{"3", "{}", "5", "0"}, front_end::tool, 1),
                    "ROW must be an integer in 0..2, not '5'");
  CHECK(api::read_arguments(knight, texts{"3", "{}", "2", "0"}, front_end::tool, 1) == api::arguments{3, 0, 2, 0});
  CHECK(api::read_arguments(knight, texts{"{}", "1", "7", "0"}, front_end::tool, 0) == api::arguments{0, 1, 7, 0});
  CHECK_THROWS_WITH(api::read_arguments(knight, texts{"0", "{}", "0", "0"}, front_end::tool, 1),
                    "N (the board size) must be an integer in 1..10^5, not '0'");
  const api::question& soup = *api::find_question("soup");
  CHECK(soup.python == "soup_servings");
  CHECK(Rational(soup.runs({50}).exact()) == Rational(5, 8));
  CHECK(soup.runs({100}).approx() == soup_servings<double>(100));
  CHECK(soup.parameters.at(0).high == soup_max_ml);
  CHECK_THROWS_WITH(api::read_arguments(soup, texts{"1000000000000001"}, front_end::python),
                    "n (millilitres) must be an integer in 0..10^15, not '1000000000000001'");
}

TEST_CASE("read_argument: one reader, one message, each front end's name", "[api][question]") {
  const api::question& run = *api::find_question("run");
  const api::parameter& k = run.parameters[0];
  const api::parameter& faces = run.parameters[1];
  CHECK(api::read_argument(k, "010", front_end::tool) == 10);
  CHECK(api::read_argument(k, "+2", front_end::python) == 2);
  CHECK_THROWS_WITH(api::read_argument(k, "0", front_end::tool),
                    "K (the run length) must be an integer in 1..10^7, not '0'");
  CHECK_THROWS_WITH(api::read_argument(k, "0", front_end::python),
                    "k (the run length) must be an integer in 1..10^7, not '0'");
  CHECK_THROWS_WITH(api::read_argument(faces, "1000001", front_end::tool),
                    "--faces must be an integer in 1..10^6, not '1000001'");
  CHECK_THROWS_WITH(api::read_argument(faces, "1000001", front_end::python),
                    "faces must be an integer in 1..10^6, not '1000001'");
  CHECK_THAT(api::range_words(faces, front_end::tool), Equals("1 <= F <= 10^6"));
  CHECK_THAT(api::words_in(run, "{k} and {faces}, {k}", front_end::tool), Equals("K and F, K"));

  const std::vector<std::optional<std::string>> only_k{"3", std::nullopt};
  CHECK(api::read_arguments(run, only_k, front_end::tool) == api::arguments{3, 6});
  const std::vector<std::optional<std::string>> no_k{std::nullopt, "5"};
  CHECK_THROWS_WITH(api::read_arguments(run, no_k, front_end::python), "run needs k");
  const std::vector<std::optional<std::string>> one{"3"};
  CHECK_THROWS_AS(api::read_arguments(run, one, front_end::tool), std::invalid_argument);
}
