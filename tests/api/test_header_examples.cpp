// The one-line examples of the public headers' comments ("Example: ..."),
// each checked here as written, so that an example cannot go stale.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "exactdp/api/answer.hpp"
#include "exactdp/api/check.hpp"
#include "exactdp/api/systems.hpp"
#include "exactdp/certify/plain_values.hpp"
#include "exactdp/decision/bounded.hpp"
#include "exactdp/decision/certify.hpp"
#include "exactdp/decision/explore.hpp"
#include "exactdp/decision/json_model.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/decision/model_files.hpp"
#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/qualitative.hpp"
#include "exactdp/games/can_i_win.hpp"
#include "exactdp/games/expectiminimax.hpp"
#include "exactdp/games/value.hpp"
#include "exactdp/games/divisor.hpp"
#include "exactdp/games/flip.hpp"
#include "exactdp/games/guess_number.hpp"
#include "exactdp/games/negamax.hpp"
#include "exactdp/games/nim.hpp"
#include "exactdp/games/ostream.hpp"
#include "exactdp/games/outcome.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/games/stone.hpp"
#include "exactdp/games/subtraction.hpp"
#include "exactdp/games/win_lose.hpp"
#include "exactdp/grundy/flip.hpp"
#include "exactdp/grundy/mex.hpp"
#include "exactdp/grundy/misere.hpp"
#include "exactdp/grundy/moves.hpp"
#include "exactdp/grundy/nim_sum.hpp"
#include "exactdp/grundy/octal.hpp"
#include "exactdp/grundy/period.hpp"
#include "exactdp/io/json_input.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/io/prism_keywords.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/lang/build.hpp"
#include "exactdp/lang/certificate_model.hpp"
#include "exactdp/lang/jani.hpp"
#include "exactdp/lang/model.hpp"
#include "exactdp/lang/prism.hpp"
#include "exactdp/lang/properties.hpp"
#include "exactdp/lang/property_values.hpp"
#include "exactdp/markov/absorption.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/markov/long_run.hpp"
#include "exactdp/markov/model.hpp"
#include "exactdp/markov/scc.hpp"
#include "exactdp/markov/solve_threads.hpp"
#include "exactdp/markov/steps.hpp"
#include "exactdp/numeric/errors.hpp"
#include "exactdp/probability/chance.hpp"
#include "exactdp/retrograde/cat_mouse.hpp"
#include "exactdp/retrograde/cat_mouse2.hpp"
#include "exactdp/retrograde/game_graph.hpp"
#include "exactdp/retrograde/retrograde.hpp"
#include "exactdp/certify/writer.hpp"
#include "exactdp/verify/certificate.hpp"
#include "exactdp/verify/lang_model.hpp"
#include "exactdp/verify/verify.hpp"
#include "support/paths.hpp"
#include "support/streamed.hpp"
#include "exactdp/io/shown_text.hpp"
#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/cost.hpp"
#include "exactdp/numeric/format.hpp"
#include "exactdp/numeric/modint.hpp"
#include "exactdp/numeric/modint64.hpp"
#include "exactdp/numeric/ostream.hpp"
#include "exactdp/numeric/primes.hpp"
#include "exactdp/numeric/rational.hpp"
#include "exactdp/probability/boundary_paths.hpp"
#include "exactdp/probability/coupon.hpp"
#include "exactdp/probability/dice_sequences.hpp"
#include "exactdp/probability/fixed_points.hpp"
#include "exactdp/probability/knight.hpp"
#include "exactdp/probability/new21.hpp"
#include "exactdp/probability/rolls_to_reach.hpp"
#include "exactdp/probability/run.hpp"
#include "exactdp/probability/soup.hpp"

// The examples name only the fields they set ({.as = "exact"}), as a reader
// would write them.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

using namespace exactdp;
using u64s = std::vector<std::uint64_t>;
using i64s = std::vector<std::int64_t>;

TEST_CASE("probability/*.hpp examples") {
  CHECK(boundary_paths<BigInt>(2, 2, 2, 0, 0) == 6);
  CHECK(*boundary_paths_bound(2, 2, 2, 0, 0).denominator == 1);
  CHECK(to_string(expected_draws_to_collect<Rational>(3)) == "11/2");
  CHECK(*expected_draws_to_collect_bound(3).denominator == 6);
  CHECK(dice_sequences<BigInt>(2, {1, 1, 2, 2, 2, 3}) == 34);
  CHECK(*dice_sequences_bound(2, {1, 1, 2, 2, 2, 3}).denominator == 1);
  CHECK(expected_fixed_points<Rational>(3) == 1);
  CHECK(expected_fixed_points_bound(3).numerator_bits == 1);
  CHECK(knight_paths<BigInt>(3, 2, 0, 0) == 4);
  CHECK(to_string(knight_probability<Rational>(3, 2, 0, 0)) == "1/16");
  CHECK(*knight_probability_bound(3, 2, 0, 0).denominator == 64);
  CHECK(*knight_paths_bound(3, 2, 0, 0).denominator == 1);
  CHECK(to_string(new21_probability<Rational>(5, 3, 4)) == "59/64");
  CHECK(*new21_probability_bound(5, 3, 4).denominator == 64);
  CHECK(to_string(expected_rolls_to_reach<Rational>(3)) == "49/36");
  CHECK(*expected_rolls_to_reach_bound(3).denominator == 216);
  CHECK(expected_rolls_for_run<Rational>(2) == 42);
  CHECK(*expected_rolls_for_run_bound(2).denominator == 1);
  CHECK(to_string(soup_servings<Rational>(50)) == "5/8");
  CHECK(soup_servings_within(50, 1e-5).value == 0.625);
  CHECK(*soup_servings_bound(50).denominator == 8);
}

TEST_CASE("games/*.hpp examples") {
  CHECK(!can_i_win(10, 11).first_player_wins);
  CHECK(divisor_game(2).result == outcome::win);
  CHECK(flip_wins_by_search("++++").winning_flip == 1);
  CHECK(guess_number(10).cost == 16);
  CHECK(nim(u64s{3, 4, 5}).nim_sum == 2);
  CHECK(misere_nim(u64s{1, 1, 1}).result == outcome::lose);
  CHECK(opposite(outcome::win) == outcome::lose);
  CHECK(outcome_name(outcome::draw) == "draw");
  CHECK(best_lead(i64s{1, 5, 2}).lead == -2);
  CHECK(best_lead<std::int64_t>({1, 5, 2}).lead == -2);
  CHECK(stone_game_vii(i64s{5, 3, 1, 4, 2}).lead == 6);
  CHECK(stone_game_vii<std::int64_t>({5, 3, 1, 4, 2}).lead == 6);
  CHECK(!predict_the_winner(i64s{1, 5, 2}));
  CHECK(predict_the_winner<std::int64_t>({1, 5, 233, 7}));
  CHECK(stone_game(i64s{5, 3, 4, 5}).by_parity);
  CHECK(stone_game<std::int64_t>({5, 3, 4, 5}).first_player_wins);
  {
    const std::vector<Rational> row{parse_rational("1/2"), 5, 2};
    CHECK(to_string(best_lead_exact(row).lead) == "-5/2");
    CHECK(to_string(stone_game_ii_exact(row).first_score) == "11/2");
    CHECK(stone_game_iii_exact(row).winner == stone_winner::alice);
  }
  CHECK(stone_game_ii(i64s{2, 7, 9, 4, 4}).first_score == 10);
  CHECK(stone_game_ii<std::int64_t>({2, 7, 9, 4, 4}).first_score == 10);
  CHECK(stone_game_iii(i64s{1, 2, 3, 7}).winner == stone_winner::bob);
  CHECK(stone_game_iii<std::int64_t>({1, 2, 3, 7}).winner == stone_winner::bob);
  CHECK(std::string(to_string(stone_winner::tie)) == "Tie");
  CHECK(checked_subtraction_moves(i64s{3, 1}) == u64s{1, 3});
  CHECK(subtraction_table(i64s{1, 2, 3}, 4).back() == outcome::lose);
  CHECK(find_subtraction_period(i64s{1, 3, 4}).period == 7);
  CHECK(subtraction_game(4, i64s{1, 2, 3}).result == outcome::lose);
  CHECK(no_move_outcome_under(play_rule::misere) == outcome::win);
}

TEST_CASE("grundy/*.hpp examples") {
  CHECK(flip_run_grundy(4) == 2);
  CHECK(flip_run_winning_flip(4) == 1);
  CHECK(flip_grundy("++++").flip == 1);
  CHECK(mex(std::vector<grundy_value>{0, 1, 3}) == 2);
  CHECK(misere_octal_heap(parse_octal("0.77"), 2).result == outcome::win);
  CHECK(misere_octal(parse_octal("0.77"), u64s{1}).result == outcome::lose);
  CHECK(grundy_of(3, [](int n) { return n ? std::vector<int>{n - 1} : std::vector<int>{}; }) == 1);
  CHECK(nim_sum(u64s{3, 4}) == 7);
  CHECK(nim_reduction(std::span<const std::uint64_t>(u64s{3, 4, 5}))->component == 0);
  CHECK(nim_reduction(std::span<const std::uint64_t>(u64s{3, 4, 5}))->move == 1);
  CHECK(parse_octal(".07").code() == "0.07");
  CHECK(octal_subtraction_game(u64s{1, 2}).code() == "0.33");
  CHECK(parse_subtraction_set("1,2").code() == "0.33");
  CHECK(octal_grundy_naive(parse_octal("0.07"), 6) == std::vector<grundy_value>{0, 0, 1, 1, 2, 0});
  CHECK(octal_grundy_sparse(parse_octal("0.77"), 5) == std::vector<grundy_value>{0, 1, 2, 3, 1});
  CHECK(octal_grundy_table(parse_octal("0.77"), 5).values == std::vector<grundy_value>{0, 1, 2, 3, 1});
  CHECK(octal_grundy_values(parse_octal("0.77"), 5) == std::vector<grundy_value>{0, 1, 2, 3, 1});
  CHECK(certify_period(std::vector<grundy_value>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0}, 2).period == 3);
  CHECK(certified_octal_values(parse_octal("0.33"), 10000).certificate().period == 3);
  CHECK(grundy_table(certified_octal_values(parse_octal("0.33"), 10000), 4) == std::vector<grundy_value>{0, 1, 2, 0});
  CHECK(winning_move(certified_octal_values(parse_octal("0.33"), 10000), u64s{4})->move.take == 1);
  CHECK(describe(heap_move{2, 2, 3}, 7) == "take 2 from heap 7 leaving 2 and 3");
  CHECK_THROWS(check_grundy_table(0, "count"));
}

TEST_CASE("numeric/*.hpp examples") {
  CHECK(primes_needed(answer_bound{100, 1, BigInt(1)}) == 2);
  CHECK(to_string(ratio<Rational>(1, 8)) == "1/8");
  CHECK(from_rational<double>(parse_rational("1/10")) == 0.1);
  CHECK(power(BigInt(2), 10) == 1024);
  CHECK(approximate(parse_rational("1/4")) == 0.25);
  CHECK(to_residue(parse_rational("1/3"), 1000000007) == 333333336);
  CHECK(to_residue64(parse_rational("1/2"), 998244353) == 499122177);
  CHECK(to_modint<Mod>(parse_rational("1/3")).value() == 333333336);
  CHECK(to_double(parse_rational("1/10")) == 0.1);
  CHECK(to_double_checked(parse_rational("1/10")).value == 0.1);
  CHECK(to_string(to_rational(0.375)) == "3/8");
  CHECK(crt_combine(std::vector<residue_class>{{2, 3}, {3, 5}}).residue == 8);
  CHECK(parse_residues(std::vector<std::string>{"2@7"}, 1000000007)[0].modulus == 7);
  CHECK(reconstruction_bound(BigInt(100)) == 7);
  CHECK(to_string(combine_known_denominator(
            std::vector<residue_class>{{to_residue64(parse_rational("5/8"), 1000000007), 1000000007}}, 8)) == "5/8");
  CHECK(to_string(*reconstruct(333333336, 1000000007)) == "1/3");
  CHECK(ulp_distance(1.0, std::nextafter(1.0, 2.0)) == 1);
  CHECK(format_shortest(0.1) == "0.1");
  CHECK(format_17(0.1) == "0.10000000000000001");
  CHECK(format_decimal(parse_rational("1/3"), 5) == "0.33333");
  CHECK(brief(parse_rational("1/3")) == "1/3");
  CHECK(count_of(2, "time", "times") == "2 times");
  CHECK(to_string(make_rational(6, -4)) == "-3/2");
  CHECK(to_string(make_rational_over_power(4, 2, 3)) == "1/2");
  CHECK(to_string(make_rational_over_power(4, 2, 3, 8)) == "1/2");
  CHECK(to_string(parse_rational("0.1")) == "1/10");
  CHECK(exact_digits_in_text("1e-99999") >= 99999);
  CHECK(parse_bigint("-7") == -7);
  CHECK(to_string(BigInt(42)) == "42");
  CHECK(to_string(parse_rational("0.0625")) == "1/16");
  CHECK(message_text(parse_rational("1/3")) == "1/3");
  CHECK(primes_below(2, 5) == u64s{31, 29});
  CHECK(is_residue_modulus64(998244353));
  CHECK_THROWS_WITH(check_modulus64(4), "modulus 4 is not prime: residues of fractions need a prime modulus");
}

TEST_CASE("io/*.hpp examples") {
  CHECK(quote_input("a\nb") == "'a\\nb'");
  CHECK(name_text("s0") == "s0");
  CHECK(names_text(std::map<std::string, int>{{"a", 1}, {"b", 2}}) == "a, b");
  CHECK(describe_bound(BigInt(1000000)) == "10^6");
  CHECK(parse_integer("010", "K") == 10);
  CHECK(parse_integer<int>("7", "K", 1, 10) == 7);
  CHECK(split_list(std::vector<std::string>{"1,3 4"}, "MOVES").size() == 3);
  CHECK(to_string(parse_number(" 0.1 ", "P")) == "1/10");
  CHECK(shown_text("a\tb") == "a\\tb");
  CHECK(trim_space(" N = 3 \n") == "N = 3");
  CHECK((is_prism_model_start("module") && !is_prism_model_start("init")));
  CHECK((is_prism_model_type("ma") && !is_prism_model_type("module")));
  const json_document d("{\"a\": 1}", "f");
  CHECK(d.where(*d.root().find("a")) == "f:1:7");
}

namespace {
// The coin of the markov examples: tossed until heads (a -> a or b, 1/2 each; b absorbing).
const char* const coin = R"({"start": "a", "transitions": {"a": {"a": "1/2", "b": "1/2"}}, "absorbing": ["b"]})";
}  // namespace

TEST_CASE("markov/*.hpp examples") {
  const markov_model m = parse_json_model(coin);
  const markov_chain<Rational> chain(m);
  const markov_query q;  // from state 0, "a"
  CHECK(m.size() == 2);
  CHECK(expected_steps(chain, q) == 2);
  CHECK(reach_probability(chain, q) == 1);
  CHECK(absorption_probabilities(chain, q).stopped.at(0).first == 1);
  CHECK(to_string(after_steps(chain, q, 2).target_probability) == "3/4");
  CHECK(to_string(within_steps(chain, q, 2).target_probability) == "3/4");
  CHECK(distribution_after(chain, q, 1) ==
        std::vector<std::pair<std::size_t, Rational>>{{0, Rational(1) / 2}, {1, Rational(1) / 2}});
  CHECK(to_string(probability_after(chain, q, 2)) == "3/4");
  CHECK(to_string(reached_within(chain, q, 2)) == "3/4");
  CHECK(closed_classes(chain, 0).at(0).states == std::vector<std::size_t>{1});
  CHECK(!closed_class_of(chain, 0));
  CHECK(stationary_distribution(chain, *closed_class_of(chain, 1)) == std::vector<Rational>{1});
  CHECK(long_run(chain, q).distribution.at(0).first == 1);
  CHECK(parse_prism_model("2 3\n0 0 0.5\n0 1 0.5\n1 1 1\n", "coin.tra").size() == 2);
  CHECK(parse_storm_explicit("dtmc\n0 0 0.5\n0 1 0.5\n", "coin.tra").size() == 2);
  CHECK(to_markov_model(parse_storm_explicit("dtmc\n0 0 0.5\n0 1 0.5\n", "coin.tra")).size() == 2);
  CHECK(to_markov_model(parse_prism_explicit("2 2\n0 1 1\n1 1 1\n", "x.tra")).transition_count() == 1);
  {
    explicit_model_builder b("x.tra");
    b.indexed_states(2);
    b.reserve_transitions(2);
    b.transition(0, 0, 1, 1);
    b.transition(1, 0, 1, 1);
    CHECK(b.build().transition_count() == 2);
  }
  CHECK(to_explicit_model(m).size() == 2);
  CHECK(detect_model_format("dtmc\n0 1 1\n", "x.tra") == model_format::storm);
  CHECK(model_format_named("drn") == model_format::drn);
  CHECK(!model_format_named(""));
  {
    const solve_threads_scope two(2);
    CHECK(solve_threads() == 2);
  }
}

TEST_CASE("decision/*.hpp examples") {
  const decision_model d = parse_decision_json(
      R"({"start": "a", "labels": {"goal": ["b"]}, "nodes": [{"id": "a", "kind": "max", "choices": [{"action": "go", "to": {"a": "1/2", "b": "1/2"}}]}, {"id": "b", "kind": "terminal"}]})");
  decision_query dq;
  dq.target = d.label("goal");
  CHECK(optimal_decision<Rational>(d, dq).value.at(0) == 1);
  CHECK(optimal_decision<Rational>(d, {.target = d.label("goal")}).value[0] == 1);
  CHECK(d.size() == 2);
  CHECK(d.find("b") == 1);
  CHECK(d.name(1) == "b");
  CHECK(d.count(state_owner::terminal) == 1);
  CHECK(d.choice_count(0) == 1);
  CHECK(d.action_name(0) == "go");
  CHECK(d.label("goal") == std::vector<std::size_t>{1});
  const std::vector<char> to_b = state_set(d, d.label("goal"));
  CHECK(bounded_value_iteration<Rational>(d, bounded_kind::reach, 1, true, to_b).value[0] == Rational(1) / 2);
  decision_query pmax;
  pmax.target = d.label("goal");
  CHECK(choice_values(d, pmax, optimal_decision<Rational>(d, pmax), 0).at(0) == 1);
  CHECK(evaluate_strategy<Rational>(d, pmax, std::vector<std::uint32_t>{0, 0}).value[0] == 1);
  CHECK(positive_reach_region(d, to_b, owners_as(d, state_owner::max)).count == 2);
  CHECK(almost_sure_reach_region(d, to_b, owners_as(d, state_owner::max)).count == 2);
  CHECK(to_verify_model(d).names.size() == 2);
  CHECK(to_verify_model(parse_json_model(coin)).names.size() == 2);
  CHECK(std::string(to_string(decision_objective::rmax)) == "rmax");
  const std::vector<char> goal = state_set(d, d.label("goal"));
  CHECK(goal == std::vector<char>{0, 1});
  CHECK(prob0a(d, goal) == std::vector<char>{0, 0});
  CHECK(prob0e(d, goal) == std::vector<char>{0, 0});
  CHECK(prob1e(d, goal) == std::vector<char>{1, 1});
  CHECK(prob1a(d, goal) == std::vector<char>{1, 1});
  CHECK(game_prob0(d, goal) == std::vector<char>{0, 0});
  CHECK(game_prob1(d, goal) == std::vector<char>{1, 1});
  CHECK(owners_as(d, state_owner::min)[0] == state_owner::min);
  CHECK(std::string(to_string(state_owner::chance)) == "chance");
  CHECK(std::string(to_string(pig_action::hold)) == "hold");
  CHECK(to_decision_model(parse_storm_explicit("dtmc\n0 0 0.5\n0 1 0.5\n", "coin.tra")).size() == 2);
}

TEST_CASE("retrograde/*.hpp examples") {
  CHECK(cat_mouse({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}}) == 0);
  CHECK(cat_mouse({{1, 3}, {0}, {3}, {0, 2}}) == 1);
  CHECK(cat_mouse(cat_mouse_game({{1, 3}, {0}, {3}, {0, 2}})).result == 1);
  CHECK(can_mouse_win({"####F", "#C...", "M...."}, 1, 2));
  CHECK(cat_mouse2({"####F", "#C...", "M...."}, 1, 2).mouse_wins);
  CHECK(cat_mouse2_timed({"####F", "#C...", "M...."}, 1, 2).mouse_wins);
  CHECK(retrograde_analysis(make_game_graph({{1}, {}})).outcomes.at(0) == outcome::win);
  CHECK(make_game_graph({{1}, {}}).position_count() == 2);
  CHECK(parse_game_model(R"({"positions": 2, "moves": [[1], []]})").graph.position_count() == 2);
  CHECK(position_label(parse_game_model(R"({"positions": 2, "moves": [[1], []]})"), 1) == "1");
}

TEST_CASE("more examples: chance steps, budgets, systems, certificates") {
  CHECK(to_string(chance_step<Rational>{1, 3}.probability(1)) == "3/4");
  CHECK(chance_step<Rational>::uniform(6).outcomes() == 6);
  CHECK(chance_step<Rational>::uniform(2).expected({0, 1}) == Rational(1) / 2);
  CHECK(default_budgets().state_bytes == std::uint64_t{2} << 30);
  CHECK(chance_step<Rational>::uniform(2).expected({0, 1}) == Rational(1) / 2);
  CHECK(current_budgets().work_steps == 4e10L);
  CHECK_THROWS_AS(check_work_budget("a table", 1e30L), resource_error);
  CHECK_THROWS_AS(check_state_budget("a table", 1e30L, 8), resource_error);
  {
    const budget_hold h("the model", 1.5e9L);
    CHECK_THROWS_AS(check_state_budget("a table", 1e9L, 1, "bytes"), resource_error);
  }
  CHECK_NOTHROW(check_state_budget("a table", 1e9L, 1, "bytes"));
  CHECK(markov_chain_bytes<double>(0, 1000) == 1000 * (8 + 2 * sizeof(double)));
  CHECK(markov_model_bytes(0, 1000) == 1000 * (2 * sizeof(markov_transition) + 64));
  CHECK(api::modulus_limit(api::residue_width::narrow) == std::uint64_t{1} << 31);
  CHECK(api::double_nan_words("--as exact").ends_with("--as exact computes without that limit"));
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("lang/*.hpp and games/value.hpp examples") {
  const char* const die = "dtmc\nmodule m\n  x : [0..1] init 0;\n  [] x=0 -> 1/2:(x'=1) + 1/2:(x'=0);\nendmodule\n";
  CHECK(lang::looks_like_prism_model(die));
  CHECK(!lang::looks_like_jani(die));
  CHECK(lang::looks_like_jani(" {\"jani-version\": 1}"));
  CHECK(!lang::looks_like_jani("dtmc"));
  CHECK(lang::looks_like_prism_model("dtmc\nmodule m\n  x : [0..1] init 0;\nendmodule\n"));
  CHECK(
      lang::parse_prism_language("dtmc\nmodule m\n  x : [0..1] init 0;\nendmodule\n", "coin.prism").variables.size() ==
      1);
  CHECK(lang::parse_prism_language(die, "coin.prism").variables.size() == 1);
  CHECK(lang::undefined_constants("dtmc\nconst int N;\nmodule m\n  x : [0..N] init 0;\nendmodule\n", "m.prism") ==
        std::vector<std::string>{"N"});
  CHECK(lang::boolean_text("True") == true);
  CHECK(lang::read_constant_items("N=3,p=1/2", "--const") == lang::constant_values{{"N", "3"}, {"p", "1/2"}});
  CHECK(lang::where("m.prism", {3, 7}) == "m.prism:3:7");
  CHECK(std::string(lang::to_string(lang::value_type::rational)) == "double");
  CHECK(std::string(lang::to_string(lang::model_kind::mdp)) == "mdp");
  lang::symbolic_model model =
      lang::parse_prism_language("dtmc\nmodule m\n  x : [0..1] init 0;\nendmodule\n", "coin.prism");
  CHECK(lang::parse_properties("P=? [ F x=1 ]", "coin.props", model).at(0).letter == 'P');
  CHECK(lang::reward_index(model, "") == -1);
  lang::symbolic_model coin_model = lang::parse_prism_language(die, "coin.prism");
  const lang::state_space space = lang::build_state_space(coin_model);
  CHECK(space.size() == 2);
  CHECK_THROWS_AS(lang::build_state_space(coin_model, {true, {}, 1}), lang::state_limit_error);
  CHECK(lang::build_state_space(coin_model, {true, {}, 2}).size() == 2);
  CHECK(lang::describe_state(coin_model, space, 1) == "(x=1)");
  CHECK(lang::to_decision_model(coin_model, space, -1).size() == 2);
  CHECK(lang::to_explicit_model(coin_model, space).size() == 2);
  CHECK(lang::state_rewards(coin_model, space, -2) == std::vector<Rational>{1, 1});
  CHECK(lang::undefined_property_constants("const double p;\nP>=p [ F x=1 ]", "coin.props") ==
        std::vector<std::string>{"p"});
  CHECK(std::string(to_string(node_kind::chance)) == "chance");
  CHECK(lead_add<std::int64_t>(2, 3) == 5);
  CHECK_THROWS_AS(lead_add<std::int64_t>(INT64_MAX, 1), std::overflow_error);
  CHECK(lead_sub<std::int64_t>(2, 3) == -1);
  CHECK(split_total<std::int64_t>(8, -2).first == 3);
  CHECK(split_total<std::int64_t>(8, -2).second == 5);
  CHECK(scale_row(std::vector<Rational>{parse_rational("1/2"), parse_rational("1/3")}).denominator == 6);
  CHECK(to_string(over(3, BigInt(6))) == "1/2");
  CHECK(operation_cost<double>(1000) == 1);
  CHECK(operation_cost<BigInt>(640) == 11);
}

TEST_CASE("member function examples") {
  CHECK(parse_octal("0.07").max_take() == 2);
  CHECK(parse_octal("4.7").code() == "4.7");
  CHECK(parse_octal("0.137").splits());
  CHECK(!parse_octal("0.33").splits());
  const octal_values v = certified_octal_values(parse_octal("0.33"), 10000);
  CHECK(v.known(1000000));
  CHECK(v.grundy(1000000) == 1);
  CHECK(v.move_to_value(4, 0)->take == 1);
  mex_set set(8);
  set.insert(0);
  set.insert(2);
  CHECK(set.mex() == 1);
  CHECK(set.mex_from(2) == 3);
  CHECK(set.contains(2));
  CHECK(Mod(2).inv().value() == 500000004);
  CHECK(Mod::from_residue(5).value() == 5);
  CHECK(Mod(-1).value() == 1000000006);
  const markov_model m = parse_json_model(coin);
  CHECK(m.find("b") == 1);
  CHECK(m.name(1) == "b");
  CHECK(m.transitions(0).size() == 2);
  CHECK(m.labels().empty());
  CHECK(m.start() == 0);
  CHECK(find_subtraction_period(i64s{1, 3, 4}).at(7) == outcome::lose);
  CHECK(api::constants_text({{"N", "16"}, {"MAX", "2"}}) == "N=16,MAX=2");
  const api::value_runs runs = api::runs_of<Rational>([](auto t) { return ratio<typename decltype(t)::type>(1, 8); });
  CHECK(to_string(*api::compute_answer(runs, {.as = "exact"}).exact) == "1/8");
  CHECK(*api::compute_answer(runs, {.as = "double"}).approx == 0.125);
  CHECK(api::residue_of(7, [](auto t) { return ratio<typename decltype(t)::type>(1, 8); }) == 1);
  CHECK((api::reads_as_infinity("Infinity") && !api::reads_as_infinity("1e999")));
}

namespace {
const char* const gamble = R"({"root": "s", "nodes": [{"id": "s", "kind": "max", "children": ["a", "x"]},
  {"id": "a", "kind": "chance", "children": ["x", "y"], "probabilities": ["1/6", "5/6"]},
  {"id": "x", "kind": "terminal", "payoff": "3/2"}, {"id": "y", "kind": "terminal", "payoff": 3}]})";
}  // namespace

TEST_CASE("more free function examples") {
  CHECK(to_string(BigInt(-7)) == "-7");
  CHECK(message_text(BigInt(42)) == "42");
  CHECK(modulus_range_error("2").what() ==
        std::string("the modulus must be a prime P with 2 < P < 2^62 = 4611686018427387904, not '2'"));
  CHECK(state_budget_bytes() == current_budgets().state_bytes);
  CHECK(work_budget_steps() == current_budgets().work_steps);
  CHECK(parse_cat_mouse_graph("[[1, 3], [0], [3], [0, 2]]").size() == 4);
  CHECK_NOTHROW(validate_game_graph(make_game_graph({{1}, {}})));
  CHECK(principal_line(retrograde_analysis(make_game_graph({{1}, {}})), 0, 10) == std::vector<std::uint32_t>{0, 1});
  const expectiminimax_model g = parse_expectiminimax_model(gamble);
  CHECK(g.nodes.size() == 4);
  CHECK(to_string(expectiminimax(g.graph<Rational>()).values[g.root]) == "11/4");
  CHECK(expectiminimax(g.graph<Rational>()).best_child[g.root] == 1);
  CHECK(parse_drn_model("@type: DTMC\n@nr_states\n2\n@model\nstate 0 init\n\taction 0\n\t\t0 : 1/2\n\t\t1 : 1/2\n"
                        "state 1\n\taction 0\n\t\t1 : 1\n")
            .size() == 2);
  CHECK(parse_prism_explicit("2 3\n0 0 0.5\n0 1 0.5\n1 1 1\n", "coin.tra").size() == 2);
  CHECK(model_format_of("2 3\n0 0 0.5\n", "coin.tra", {}) == model_format::prism);
  CHECK(explicit_model_read_bytes("2 3\n0 0 0.5\n0 1 0.5\n1 1 1\n", model_format::prism) == 2 * 26 + 4 * 160 + 3 * 400);
  const markov_model run2 = load_json_model(std::string(EXACTDP_SOURCE_DIR) + "/examples/markov/sixes_run_2.json");
  CHECK(expected_steps(markov_chain<Rational>(run2), {*run2.start()}) == 42);
  const markov_model run2_tra = load_prism_model(std::string(EXACTDP_SOURCE_DIR) + "/examples/markov/sixes_run_2.tra");
  CHECK(expected_steps(markov_chain<Rational>(run2_tra), {*run2_tra.start()}) == 42);
  const markov_model any = load_markov_model(std::string(EXACTDP_SOURCE_DIR) + "/examples/markov/sixes_run_2.tra");
  CHECK(expected_steps(markov_chain<Rational>(any), {*any.start()}) == 42);
  CHECK(entry_bytes<double>(1000) == sizeof(double));
  CHECK(lang::undefined_jani_constants(R"({"jani-version": 1, "constants": [{"name": "N", "type": "int"}]})",
                                       "m.jani") == std::vector<std::string>{"N"});
}

namespace {
// The coin of lang::build_state_space's example, and its property.
const char* const coin_prism =
    "dtmc\nmodule m\n  x : [0..1] init 0;\n  [] x=0 -> 1/2:(x'=1) + 1/2:(x'=0);\nendmodule\n";

// negamax_search's example: the mover at n > 0 takes 1 or 2 points (gain k, next n - k).
struct take_points {
  using position = int;
  using value = std::int64_t;
  void moves(int n, std::vector<scored_move<int, std::int64_t>>& out) const {
    out.clear();
    for (int k = 1; k <= std::min(n, 2); ++k) out.push_back({k, n - k});
  }
  std::int64_t no_move_lead(int) const { return 0; }
};

// win_lose_search's example: the mover at n takes 1 or 2 counters (normal play).
struct take_counters {
  using position = int;
  void moves(int n, std::vector<int>& out) const {
    out.clear();
    for (int k = 1; k <= std::min(n, 2); ++k) out.push_back(n - k);
  }
  outcome no_move_outcome(int) const { return outcome::lose; }
};
}  // namespace

TEST_CASE("the last free function examples: api, lang and verify") {
  const api::check_input in{.model_text = coin_prism, .model_name = "coin.pm", .prop = "P=? [ F x=1 ]"};
  const api::check_plan plan = api::plan_check(in);
  CHECK(plan.combinations.size() == 1);
  api::checked_model m = api::read_checked_model(in, plan, plan.combinations[0]);
  CHECK(m.properties.size() == 1);
  api::build_checked_space(m, true);
  CHECK(m.size.states == 2);
  CHECK(api::report_rows(m, m.properties[0]).size() == 1);
  CHECK(api::holds_bound(Rational(1, 2), lang::parse_properties("P>=1/4 [ F x=1 ]", "p", m.model).at(0)));
  {
    const api::report_row row{.reduce = "max", .states = {0, 1}, .at = ""};
    const lang::property_values<Rational> v{
        .value = {Rational(1, 2), Rational(3, 4)}, .infinite = {0, 0}, .strategy = {}};
    CHECK(api::reported_state(row, v) == 1);
  }

  lang::symbolic_model model = lang::parse_prism_language(coin_prism, "coin.prism");
  const lang::state_space space = lang::build_state_space(model);
  const lang::property p = lang::parse_properties("P=? [ F x=1 ]", "coin.props", model).at(0);
  CHECK(lang::question_of(model, space, p).unbounded.has_value());
  CHECK(lang::unbounded_question_of(model, space, p).query.target == std::vector<std::size_t>{1});
  CHECK(lang::evaluate_property<Rational>(model, space, p, lang::question_of(model, space, p)).value[0] == 1);
  CHECK(lang::evaluate_property<Rational>(model, space, p).value[0] == 1);
  CHECK(lang::reported_states(model, space, p) == std::vector<std::size_t>{0});
  CHECK(lang::states_where(model, space, p.right) == std::vector<char>{0, 1});
  CHECK(lang::deadlock_variable(model) == model.variables.size());
  CHECK(lang::closest_name("dome", {"done", "d"}) == "done");
  CHECK(lang::closest_name("xyz", {"done"}).empty());
  CHECK(lang::parse_jani(read_text(test::source_path("tests/data/qvbs/models/dtmc/herman/herman.3.jani"), "m"),
                         "herman.3.jani")
            .properties.size() == 1);
  CHECK(lang::certificate_objective(lang::model_kind::dtmc, p) == "reach");
  CHECK(lang::state_names(model, space)[1] == "(x=1)");
  CHECK(lang::read_certificate_model(coin_prism, "coin.pm", "", "P=? [ F x=1 ]").property.path == 'F');
  CHECK(lang::same_constants("a=1,b=2", "b=2,a=1"));

  const certificate c =
      read_certificate(read_text(test::source_path("examples/decision/lottery.pmax.cert.json"), "c"), "c");
  CHECK(c.objective == "pmax");
  CHECK(read_certificate(certificate_text(c), "c").values == c.values);
  CHECK(model_digest(test::source_path("examples/decision/lottery.json")).starts_with("feea5e56"));
  CHECK(load_verify_model(test::source_path("examples/decision/lottery.json"), "mdp", "", "", false).names.size() == 9);
  CHECK(
      check_certificate(load_verify_model(test::source_path("examples/decision/lottery.json"), "mdp", "", "", false), c)
          .verified);
  CHECK(verify_certificate(test::source_path("examples/decision/lottery.json"), c).verified);
  const auto plain = read_plain_values("state,value\n0,1/2\n1,inf\n", "v");
  CHECK(plain ==
        std::vector<std::pair<std::string, std::optional<Rational>>>{{"0", Rational(1, 2)}, {"1", std::nullopt}});
  const certificate rolls =
      read_certificate(read_text(test::source_path("examples/prism/two_sixes.rolls.cert.json"), "c"), "c");
  CHECK(load_lang_verify_model(test::source_path("examples/prism/two_sixes.pm"), rolls).names.size() == 3);
  CHECK(certificate_objectives("game") == std::vector<std::string>{"reach", "payoff"});
  CHECK(objective_refused("chain", "pmax") == "'pmax' is not one of reach, steps for a chain");
  CHECK(verify_plain_values(test::source_path("examples/decision/lottery.json"),
                            read_text(test::source_path("examples/decision/lottery.values.csv"), "v"), "v",
                            {"pmax", "", "goal"})
            .second.verified);
  CHECK(pig_state_name(3, 0, 5) == "(3, 0, 5)");
  CHECK(pig_parameters_text(6, 100) == "faces=6,target=100");
  CHECK(pig_certificate(pig_game<Rational>(2, 4)).values.size() == 16);
  {
    // chain_solution's chain: a -> {b, g}, b -> g, rewards a: -1, b: 3.
    const decision_model d = to_decision_model(to_explicit_model(parse_json_model(
        R"({"start": "a", "transitions": {"a": {"b": "1/2", "g": "1/2"}, "b": {"g": 1}}, "absorbing": ["g"],
            "rewards": {"a": -1, "b": 3}})")));
    CHECK(chain_solution(d, {.objective = decision_objective::rmin, .target = {2}}).value[0] == Rational(1, 2));
  }
  CHECK(check_pig_certificate(
            read_certificate(read_text(test::source_path("examples/decision/pig_6_10.cert.json"), "c"), "c"))
            .verified);
}

TEST_CASE("the last free function examples: models, games, grundy, budgets") {
  CHECK(load_decision_json(test::source_path("examples/decision/lottery.json")).size() == 9);
  CHECK(load_decision_model(test::source_path("examples/decision/lottery.json")).size() == 9);
  CHECK(load_explicit_model(test::source_path("examples/markov/sixes_run_2.tra")).size() == 3);
  CHECK(load_markov_model(test::source_path("examples/markov/sixes_run_2.tra"), model_file_options{}).size() == 3);
  CHECK(parse_explicit_model("2 3\n0 0 0.5\n0 1 0.5\n1 1 1\n", "coin.tra", model_format::prism).size() == 2);
  CHECK(reachable_components(2, {0, 1, 2}, {1, 0}, 0, {0, 0}).count() == 1);
  const decision_model d = parse_decision_json(
      R"({"start": "a", "labels": {"goal": ["b"]}, "nodes": [{"id": "a", "kind": "max", "choices": [{"action": "go", "to": {"a": "1/2", "b": "1/2"}}]}, {"id": "b", "kind": "terminal"}]})");
  decision_query q;
  q.target = d.label("goal");
  CHECK(certify_decision(d, q, optimal_decision<Rational>(d, q)).rank == std::vector<std::int64_t>{1, 0});
  CHECK(without_byte_order_mark("\xEF\xBB\xBF{}") == "{}");
  CHECK(opens_json_object("\xEF\xBB\xBF {\"a\": 1}"));
  CHECK_FALSE(opens_json_object("0 1 1/2"));
  {
    decision_query pmin = q;
    pmin.objective = decision_objective::pmin;
    decision_solution<Rational> zero;
    zero.value = {Rational(0), Rational(1)};
    zero.infinite = {0, 0};
    zero.strategy = {0, 0};
    try {
      (void)certify_decision(d, pmin, zero);
      FAIL("no_witness_error expected");
    } catch (const no_witness_error& e) {
      CHECK(e.state == 0);
      CHECK(e.missing == no_witness_error::witness::closed);
    }
  }
  CHECK(explore_decision_model(0, [](const int& k, state_description<int>& s) {
          if (k < 2) {
            s.owner = state_owner::chance;
            s.actions.emplace_back().outcomes = {{k + 1, Rational(1)}};
          }
        }).model.size() == 3);
  CHECK(to_string(pig_game<Rational>(6, 10).turn_start(0, 0)) == "7776/10961");
  CHECK(pig_values_at(pig_game<Rational>(6, 10), 0, 0, 0).best == pig_action::roll);
  CHECK(pig_residue<Mod>(pig_game<Rational>(6, 10), 0, 0, 0) == to_modint<Mod>(parse_rational("7776/10961")));
  CHECK(negamax_search(take_points{}, 3).lead == 1);
  CHECK(win_lose_search(take_counters{}, 3).result == outcome::lose);
  CHECK(retrograde_analysis(make_game_graph({{1}, {}})).outcomes.at(0) == outcome::win);
  CHECK(to_string(solve_row_exact(
            std::vector<Rational>{parse_rational("1/2"), 5, 2}, [](auto row) { return best_lead(row).lead; },
            [](const auto& lead, const BigInt& den) { return over(lead, den); })) == "-5/2");
  const octal_game kayles = parse_octal("0.77");
  CHECK(choose_sparse_space(kayles, octal_grundy_naive(kayles, 100)).mask == 15);
  octal_table t = octal_grundy_table(kayles, 5);
  octal_grundy_extend(kayles, t, 6);
  CHECK(t.values.back() == 4);
  CHECK(octal_extension_estimate(kayles, octal_grundy_table(kayles, 5), 10).to == 10);
  CHECK(octal_work_estimate(kayles, 100, grundy_method::naive) == 5300);
  const auto move = winning_move(std::vector<grundy_value>{1, 2}, [](std::size_t i) {
    return i == 0 ? std::vector<grundy_value>{0} : std::vector<grundy_value>{0, 1};
  });
  CHECK(move->component == 1);
  CHECK(move->move == 1);
  CHECK_THROWS_AS(refuse_misere_sum("a nim-sum"), std::invalid_argument);
  CHECK_NOTHROW(check_numbers_budget("1/2", "the model"));
  CHECK(read_text("/dev/null", "the model").empty());
  CHECK_THROWS_WITH(read_nonblank_text("/dev/null", "the model"), "the model file '/dev/null' is empty");
  CHECK_NOTHROW(poll_interrupt());
  std::uint64_t counter = 0;
  poll_interrupt_every_4096(counter);
  CHECK(counter == 1);
  const budgets saved = default_budgets();
  set_default_budgets({.state_bytes = std::uint64_t{1} << 30});
  CHECK(default_budgets().state_bytes == std::uint64_t{1} << 30);
  set_default_budgets(saved);
}

TEST_CASE("operator<< examples") {
  CHECK(test::streamed(outcome::draw) == "draw");
  CHECK(test::streamed(row_end::left) == "left");
  CHECK(test::streamed(stone_winner::tie) == "Tie");
  CHECK(test::streamed(best_lead(i64s{1, 5, 2})) == "lead -2, first move left, scores 3 and 5 (total 8)");
  CHECK(test::streamed(stone_game_vii(i64s{5, 3, 1, 4, 2})) == "lead 6, first move right");
  CHECK(test::streamed(stone_game(i64s{5, 3, 4, 5})) == "first player wins by parity, even-indexed piles: 9 against 8");
  CHECK(test::streamed(stone_game_ii(i64s{2, 7, 9, 4, 4})) == "first 10, second 16, first take 1");
  CHECK(test::streamed(stone_game_iii(i64s{1, 2, 3, 7})) == "Bob; lead -1, first take 3");
  CHECK(test::streamed(nim_move{0, 2}) == "take 2 from heap 0");
  CHECK(test::streamed(nim(u64s{3, 4, 5})) == "win, nim-sum 2, take 2 from heap 0");
  CHECK(test::streamed(Mod(-1)) == "1000000006");
  CHECK(test::streamed(DynModInt(5)) == "5");
}
