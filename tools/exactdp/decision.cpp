// The commands of choices under chance (command.hpp): mdp and game (Markov
// decision processes and turn-based stochastic games from a model file,
// solved exactly by strategy iteration), pig (the dice game, Neller and
// Presser's rules); and two minimax games of the two-player family:
// guess-number and stone7.
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>

#include "args.hpp"
#include "certify.hpp"
#include "command.hpp"
#include "exactdp/api/names.hpp"
#include "exactdp/api/solved.hpp"
#include "exactdp/decision/json_model.hpp"
#include "exactdp/decision/model_files.hpp"
#include "exactdp/decision/pig.hpp"
#include "exactdp/decision/solve.hpp"
#include "exactdp/games/guess_number.hpp"
#include "exactdp/games/row.hpp"
#include "exactdp/io/shown_text.hpp"
#include "plot.hpp"
#include "progress.hpp"
#include "row_game.hpp"

namespace exactdp::tool {
namespace {

void report_progress(std::size_t done, std::size_t total) { progress_line::report(done, total); }

// A value of the exact and of the double solution, as {"exact", "double"}
// (null when that system was not computed) and as text.
json both_json(const std::optional<Rational>& exact, const std::optional<double>& approx) {
  return json{{"exact", exact ? json(to_string(*exact)) : json(nullptr)},
              {"double", approx ? json(format_shortest(*approx)) : json(nullptr)}};
}

std::string both_text(const std::optional<Rational>& exact, const std::optional<double>& approx) {
  if (exact) {  // a short fraction with its decimal, or a long one's decimal alone
    const std::string text = brief(*exact);
    return denominator(*exact) == 1 || text.find('/') == std::string::npos
               ? text
               : text + " (" + format_decimal(*exact, 6) + ")";
  }
  if (approx) return format_shortest(*approx);
  return "?";
}

// ---- guess-number ----

struct guess_number_options {
  std::string n;
};

void setup_guess_number(CLI::App& cmd, guess_number_options& o) {
  cmd.add_option("N", o.n, "The number is in 1..N, 1 <= N <= 10^5 (the work budget binds from about 6000)")->required();
}

result run_guess_number(const guess_number_options& o) {
  const auto n = parse_integer<std::int64_t>(o.n, "N", 1, guess_number_max_n);
  const guess_number_result a = guess_number(n);
  result r;
  r.question = "Guess Number Higher or Lower II on 1.." + std::to_string(n) +
               ": the least money that guarantees a win (a wrong guess x costs x)";
  r.add("n", n);
  r.add("cost", a.cost, "least money", std::to_string(a.cost) + " guarantees finding the number");
  r.add("first_guess", a.first_guess, "first guess", std::to_string(a.first_guess) + " (the smallest optimal one)");
  return r;
}

// ---- stone7 ----

result run_stone7(const row_options& o) {
  return row_game<stone_game_vii_result>(
      o, "stone7",
      "Stone Game VII: the first player's best lead when each move removes an end stone and scores the sum of "
      "the stones left",
      [](auto row) { return stone_game_vii<Rational>(row); },
      [](auto row) { return stone_game_vii<std::remove_cv_t<typename decltype(row)::value_type>>(row); },
      [](const auto& a) { return a.lead; },
      [](result& r, const auto& a, const std::vector<Rational>& row) {
        const bool left = a.first_move == row_end::left;
        r.add("first_end", left ? "left" : "right", "first move",
              std::string("remove the ") + (left ? "left" : "right") + " end (" +
                  brief(row[left ? 0 : row.size() - 1]) + ")");
      });
}

// ---- pig ----

struct pig_options {
  std::string faces = "6";
  std::string target = "100";
  std::vector<std::string> at;
  std::optional<std::string> plot, certificate;
  answer_options answer;
  pig_options() { answer.small_moduli = true; }
};

void setup_pig(CLI::App& cmd, pig_options& o) {
  cmd.add_option("--faces", o.faces, "Faces of the die, 2 <= F <= 1000 (default 6)");
  cmd.add_option("--target", o.target,
                 "The score that wins, 1 <= T <= 10^4 (default 100; T^3/2 bytes of strategy, and exact values of "
                 "about 75,000 bits at T = 100: the budgets bind first)");
  cmd.add_option("--at", o.at,
                 "The state I J K: the mover's score 0 <= I < T, the opponent's 0 <= J < T, the turn total "
                 "0 <= K < T - I (default 0 0 0)")
      ->expected(1, 3);
  cmd.add_option("--plot", o.plot,
                 "Draw the optimal strategy as an SVG heat map (FILE.svg): for every pair of scores, the turn total "
                 "at which the player to move holds, as in Neller and Presser's figure (from the exact strategy "
                 "when it was computed, else from the double's)");
  cmd.add_option("--certificate", o.certificate,
                 "Also write a certificate of the answer to this JSON file (targets up to 100): every turn-start "
                 "value, every state's action, and the parameters as the game's identity, which exactdp verify pig "
                 "FILE.json --const faces=F,target=T checks without solving (docs/certificates.md)");
  add_answer_options(cmd, o.answer);
}

// pig --plot: the hold threshold of every pair of scores (i, j): the
// smallest turn total k >= 1 at which the strategy holds, or T - i when it
// rolls until it wins. The strategy of the solve is handed to gnuplot whole.
template <class T>
void plot_pig(const pig_solution<T>& sol, int faces, int target, const std::string& path) {
  std::ostringstream p;
  p << "$hold << EOD\n";
  for (int j = 0; j < target; ++j) {  // rows: the opponent's score
    for (int i = 0; i < target; ++i) {
      int k = 1;
      while (k < target - i && sol.action(i, j, k) == pig_action::roll) ++k;
      p << (i ? " " : "") << k;
    }
    p << '\n';
  }
  p << "EOD\nset title "
    << gnuplot_text("Pig with a " + std::to_string(faces) + "-faced die, target " + std::to_string(target) +
                    ": the turn total at which the optimal player holds")
    << "\nset size ratio -1\nset xlabel \"the player's score\"\nset ylabel \"the opponent's score\"\n"
    << "set cblabel 'hold at turn total'\nset xrange [-0.5:" << target - 0.5 << "]\nset yrange [-0.5:" << target - 0.5
    << "]\nset cbrange [0:*]\n"
    << "set palette defined (0 '#f7fbff', 0.5 '#6baed6', 1 '#08306b')\nset tics out\n"
    << "plot $hold matrix with image pixels notitle\n";
  plot_with_gnuplot(p.str(), path);
}

result run_pig(const pig_options& o) {
  const int faces = parse_integer<int>(o.faces, "--faces", 2, pig_max_faces);
  const int target = parse_integer<int>(o.target, "--target", 1, pig_max_target);
  if (o.plot) check_plot_path(*o.plot);
  if (o.certificate) check_pig_certificate_request(*o.certificate, target);
  int i = 0, j = 0, k = 0;
  if (!o.at.empty()) {
    const std::vector<std::string_view> at = split_list(o.at, "--at", 3);
    if (at.size() != 3)
      throw std::invalid_argument("--at needs three integers I J K (the scores and the turn total), not " +
                                  std::to_string(at.size()));
    const std::string t = std::to_string(target);
    i = parse_integer<int>(at[0], "I (the mover's score, below the target " + t + ")", 0, target - 1);
    j = parse_integer<int>(at[1], "J (the opponent's score, below the target " + t + ")", 0, target - 1);
    k = parse_integer<int>(at[2], "K (the turn total, with I + K below the target " + t + ")", 0, target - 1 - i);
  }
  // Each system solves once. The residue is that of the proven optimal
  // strategy at (i, j, k): it needs the exact solve.
  auto solve_in = [faces, target, i, j, k]<class T>(std::type_identity<T>, auto& systems) {
    if constexpr (field_traits<T>::is_residue)
      return pig_residue<T>(systems.template get<Rational>(), i, j, k);
    else
      return pig_game<T>(faces, target, true, report_progress);
  };
  api::in_systems<pig_solution, decltype(solve_in), Rational, api::itself> systems(solve_in);
  value_runs runs;
  runs.exact = [&systems, i, j, k] { return pig_values_at(systems.get<Rational>(), i, j, k).win; };
  runs.approx = [&systems, i, j, k] { return pig_values_at(systems.get<double>(), i, j, k).win; };
  runs.residue = [&systems](std::uint64_t p) {
    return systems.residue(p, [](const DynModInt& v) { return std::uint64_t{v.value()}; });
  };
  result r;
  r.question = "Pig with a " + std::to_string(faces) + "-faced die, target " + std::to_string(target) +
               ": the win probability of the player to move at score " + std::to_string(i) + " against " +
               std::to_string(j) + " with turn total " + std::to_string(k) + ", both playing optimally";
  r.main = compute_answer(runs, o.answer);
  r.as = o.answer.as;
  const pig_solution<Rational>* exact = systems.find<Rational>();
  const pig_solution<double>* approx = systems.find<double>();
  if (o.plot) {
    if (exact)
      plot_pig(*exact, faces, target, *o.plot);
    else
      plot_pig(systems.get<double>(), faces, target, *o.plot);
    r.add("plot", *o.plot, "plot", *o.plot);
  }
  if (o.certificate) write_pig_certificate(r, *o.certificate, systems.get<Rational>());
  r.add("faces", faces);
  r.add("target", target);
  r.add("state", json{{"score", i}, {"opponent", j}, {"turn_total", k}});
  // The action and both actions' values, from each solution computed.
  std::optional<pig_values<Rational>> ev;
  std::optional<pig_values<double>> dv;
  if (exact) ev = pig_values_at(*exact, i, j, k);
  if (approx) dv = pig_values_at(*approx, i, j, k);
  if (ev || dv) {
    const pig_action best = ev ? ev->best : dv->best;
    // A turn starts with a roll: at turn total 0 holding is not an action.
    const bool can_hold = k > 0;
    const bool tie = can_hold && (ev ? ev->tie : std::fabs(dv->roll - dv->hold) <= 1e-12);
    const auto roll = both_json(ev ? std::optional<Rational>(ev->roll) : std::nullopt,
                                dv ? std::optional<double>(dv->roll) : std::nullopt);
    const auto hold = both_json(ev && can_hold ? std::optional<Rational>(ev->hold) : std::nullopt,
                                dv && can_hold ? std::optional<double>(dv->hold) : std::nullopt);
    const std::string roll_text = both_text(ev ? std::optional<Rational>(ev->roll) : std::nullopt,
                                            dv ? std::optional<double>(dv->roll) : std::nullopt);
    r.add("action", to_string(best), "action",
          std::string(to_string(best)) + (tie ? " (a tie: both actions are worth the same)" : "") +
              "; rolling is worth " + roll_text +
              (can_hold ? ", holding " + both_text(ev ? std::optional<Rational>(ev->hold) : std::nullopt,
                                                   dv ? std::optional<double>(dv->hold) : std::nullopt)
                        : " (a turn starts with a roll: at turn total 0 there is nothing to hold)"));
    r.add("actions", json{{"roll", roll}, {"hold", hold}});
    r.add("tie", tie);
  }
  const std::size_t states =
      static_cast<std::size_t>(target) * static_cast<std::size_t>(target) * (static_cast<std::size_t>(target) + 1) / 2;
  r.add("states", states);
  if (exact) {
    const pig_stats& st = exact->stats();
    r.add("exact_rounds", st.rounds);
    r.add("guess_wrong", st.guess_wrong);
    r.add("pairs_proved", st.pairs_proved);
    r.add("value_bits", st.value_bits);
    r.add("", nullptr, "proof",
          count_of(st.pairs_proved, "score pair", "score pairs") + " of " + std::to_string(st.pairs) +
              " proved optimal from the double strategy (exact values, their comparisons under a proven error bound); "
              "it was wrong at " +
              count_of(st.guess_wrong, "state", "states") + " of " + std::to_string(states) + " (" +
              count_of(st.rounds, "exact improvement round", "exact improvement rounds") +
              "); the largest denominator has " + std::to_string(st.value_bits) + " bits");
  } else {
    r.add("exact_rounds", nullptr);
    r.add("guess_wrong", nullptr);
    r.add("pairs_proved", nullptr);
    r.add("value_bits", nullptr);
  }
  return r;
}

// ---- mdp and game ----

struct decision_options {
  std::string model;
  std::string query;
  std::optional<std::string> target, start, default_payoff, format, reward_model, certificate;
  bool strategy = false;
  answer_options answer;
  decision_options() { answer.small_moduli = true; }
};

// The one place where mdp and game read a model file, in any format
// (exactdp/decision/model_files.hpp).
decision_model load_decision(const decision_options& o) {
  model_file_options options;
  if (o.format) options.format = one_of(*o.format, "--format", {"json", "prism", "storm", "drn"});
  if (o.reward_model) options.reward_model = *o.reward_model;
  // An R query on a file without rewards is refused, as PRISM and Storm do
  // (the JSON decision format's rewards default to 0 per choice).
  options.rewards_required = o.query == "rmax" || o.query == "rmin";
  return load_decision_model(o.model, options);
}

void add_model_options(CLI::App& cmd, decision_options& o) {
  cmd.add_option("MODEL", o.model,
                 "The model: a JSON decision model (docs/decision.md), PRISM's or Storm's explicit MDP .tra (with "
                 ".lab and .srew beside it) or Storm's DRN, told apart by their content; - reads standard input")
      ->required();
  cmd.add_option("--format", o.format, "json, prism, storm or drn (default: from the content)");
  cmd.add_option("--reward-model", o.reward_model, "The reward model of a DRN file (default: the first declared)");
  cmd.add_option("--start", o.start, "The start state's id (default: the model's \"start\")");
  cmd.add_flag("--strategy", o.strategy,
               "Also print the optimal strategy: at each state with two or more choices, the chosen action and the "
               "value of every action (play it once, then optimally), so that ties are visible");
  add_answer_options(cmd, o.answer);
}

void setup_mdp(CLI::App& cmd, decision_options& o) {
  cmd.add_option("--query", o.query,
                 "pmax or pmin: the maximal or minimal probability of reaching the target (PRISM's Pmax=? [F "
                 "\"target\"]); rmax or rmin: the maximal or minimal expected total reward until the target "
                 "(Rmax=? [F \"target\"]; infinite where PRISM and Storm say Infinity)");
  cmd.add_option("--target", o.target, "The target: a label of the model, or a state's id");
  cmd.add_option("--certificate", o.certificate,
                 "Also write a certificate of the answer to this JSON file: every state's exact value, the "
                 "strategy and the witnesses, which exactdp verify checks without solving (docs/certificates.md)");
  add_model_options(cmd, o);
}

void setup_game(CLI::App& cmd, decision_options& o) {
  cmd.add_option("--query", o.query,
                 "reach: Max maximises the probability of reaching the target, Min minimises it; payoff: the "
                 "expected payoff of the terminal state reached (to Max), a play that never ends paying --default");
  cmd.add_option("--target", o.target, "With --query reach: a label of the model, or a state's id");
  cmd.add_option("--default", o.default_payoff,
                 "With --query payoff: what a play that never ends pays, an exact number (default 0)");
  cmd.add_option("--certificate", o.certificate,
                 "Also write a certificate of the answer to this JSON file: every state's exact value, both "
                 "players' strategies and the witnesses, which exactdp verify checks without solving "
                 "(docs/certificates.md)");
  add_model_options(cmd, o);
}

struct decision_question {
  decision_query query;
  std::size_t start = 0;
  std::string target_words;  // "label goal", "state 3", or "" (payoff)
  std::string target_name;   // the label or the state's id
  bool label = false;
};

decision_question read_question(const decision_options& o, const decision_model& m, bool game) {
  decision_question q;
  if (o.query.empty())
    throw std::invalid_argument(game ? "game needs --query: reach or payoff"
                                     : "mdp needs --query: pmax, pmin, rmax or rmin");
  const std::string query = game ? one_of(o.query, "--query", {"reach", "payoff"})
                                 : one_of(o.query, "--query", {"pmax", "pmin", "rmax", "rmin"});
  q.query.objective = query == "pmax"    ? decision_objective::pmax
                      : query == "pmin"  ? decision_objective::pmin
                      : query == "rmax"  ? decision_objective::rmax
                      : query == "rmin"  ? decision_objective::rmin
                      : query == "reach" ? decision_objective::reach_game
                                         : decision_objective::payoff_game;
  const bool payoff = q.query.objective == decision_objective::payoff_game;
  if (payoff && o.target)
    throw std::invalid_argument("--query payoff takes no --target: plays end in terminal states, whose payoffs count");
  if (!payoff && !o.target) throw std::invalid_argument("--query " + query + " needs --target LABEL");
  if (o.default_payoff && !payoff)
    throw std::invalid_argument("--default is for --query payoff (what a play that never ends pays)");
  if (o.default_payoff) q.query.default_payoff = parse_number(*o.default_payoff, "--default");
  if (o.target) {
    api::resolved_target target = api::resolve_target(m, *o.target, "--target");
    q.query.target = std::move(target.states);
    q.target_words = std::move(target.words);
    q.label = target.label;
    q.target_name = *o.target;
  }
  q.start = api::resolve_start(m, o.start, "--start", "--start");
  q.query.progress = report_progress;
  return q;
}

// The answer when the start's expected reward is infinite: compute_answer
// makes it the answer Infinity (api::infinite_value_error).
[[noreturn]] void infinite_reward(const decision_model& m, const decision_question& q) {
  const bool max = q.query.objective == decision_objective::rmax;
  throw api::infinite_value_error(
      std::string("the ") + (max ? "maximal" : "minimal") + " expected total reward until " + q.target_words +
      " from state " + name_text(m.name(q.start)) + " is infinite: " +
      (max ? "some strategy misses the target with positive probability (Pmin < 1)"
           : "every strategy misses the target with positive probability (Pmax < 1)") +
      ", and a play that never reaches it collects an infinite reward by the convention of PRISM and Storm, which "
      "print Infinity");
}

std::string question_words(const decision_model& m, const decision_question& q) {
  const std::string from = " from state " + shown_text(m.name(q.start)) + " of " + shown_text(m.source());
  const std::string& goal = q.target_words;
  const std::string property = "[ F \"" + q.target_name + "\" ]";
  switch (q.query.objective) {
    case decision_objective::pmax:
      return (q.label ? "Pmax=? " + property + ": the " : "the ") + "maximal probability of reaching " + goal + from;
    case decision_objective::pmin:
      return (q.label ? "Pmin=? " + property + ": the " : "the ") + "minimal probability of reaching " + goal + from;
    case decision_objective::rmax:
      return (q.label ? "Rmax=? " + property + ": the " : "the ") + "maximal expected total reward until " + goal +
             from;
    case decision_objective::rmin:
      return (q.label ? "Rmin=? " + property + ": the " : "the ") + "minimal expected total reward until " + goal +
             from;
    case decision_objective::reach_game:
      return "the value of the game for Max, who maximises the probability of reaching " + goal +
             " while Min minimises it," + from;
    default:
      return "the value of the game for Max: the expected payoff of the terminal state reached (a play that never "
             "ends pays " +
             brief(q.query.default_payoff) + "), Max maximising and Min minimising," + from;
  }
}

// The solutions a run found (api::in_systems::find): null where a system
// was not asked for or failed.
struct decision_solutions {
  const decision_solution<Rational>* exact = nullptr;
  const decision_solution<double>* approx = nullptr;
};

// The chosen action's name: its own, or "#i" for the i-th choice of s.
std::string action_of(const decision_model& m, std::size_t s, std::size_t i) {
  const std::string_view name = m.action_name(m.choice_begin()[s] + i);
  return name.empty() ? "#" + std::to_string(i) : std::string(name);
}

// --strategy: every state of a player with two or more choices (targets of
// the reach and reward queries excluded: the play has stopped there), its
// chosen action and the value of each action.
void add_strategy(result& r, const decision_model& m, const decision_question& q, const decision_solutions& s) {
  if (!s.exact && !s.approx) return;  // no system solved it: no strategy to show
  const bool mdp =
      q.query.objective != decision_objective::reach_game && q.query.objective != decision_objective::payoff_game;
  const bool maximise = q.query.objective == decision_objective::pmax || q.query.objective == decision_objective::rmax;
  const std::vector<char> is_target = state_set(m, q.query.target);
  json list = json::array();
  std::string text;
  std::size_t lines = 0;
  for (std::size_t st = 0; st < m.size(); ++st) {
    const state_owner owner = m.owner(st);
    if ((owner != state_owner::max && owner != state_owner::min) || m.choice_count(st) < 2 || is_target[st]) continue;
    std::vector<std::optional<Rational>> exact;
    std::vector<std::optional<double>> approx;
    if (s.exact) exact = choice_values(m, q.query, *s.exact, st);
    if (s.approx) approx = choice_values(m, q.query, *s.approx, st);
    const std::size_t chosen = s.exact ? s.exact->strategy[st] : s.approx->strategy[st];
    const bool infinite_chosen = s.exact ? !exact[chosen] : !approx[chosen];
    json actions = json::array();
    std::string values;
    bool tie = false;
    for (std::size_t i = 0; i < m.choice_count(st); ++i) {
      const bool infinite = s.exact ? !exact[i] : !approx[i];
      if (i != chosen && !infinite && !infinite_chosen)
        tie = tie ||
              (s.exact ? *exact[i] == *exact[chosen]
                       : std::fabs(*approx[i] - *approx[chosen]) <= 1e-12 * std::max(1.0, std::fabs(*approx[chosen])));
      const std::optional<Rational> e = s.exact && exact[i] ? exact[i] : std::nullopt;
      const std::optional<double> d =
          s.approx ? std::optional<double>(approx[i] ? *approx[i] : HUGE_VAL) : std::nullopt;
      json a{{"action", action_of(m, st, i)}};
      a.update(both_json(e, d));
      a["infinite"] = infinite;
      actions.push_back(std::move(a));
      values +=
          (i ? ", " : "") + shown_text(action_of(m, st, i)) + " " + (infinite ? std::string("inf") : both_text(e, d));
    }
    const std::string player = mdp ? (maximise ? "max" : "min") : to_string(owner);
    list.push_back(json{{"state", m.name(st)},
                        {"player", player},
                        {"action", action_of(m, st, chosen)},
                        {"tie", tie},
                        {"actions", std::move(actions)}});
    text += std::string(lines++ ? "\n" : "") + shown_text(m.name(st)) + " (" + player +
            "): " + shown_text(action_of(m, st, chosen)) + (tie ? " (a tie)" : "") + "; " + values;
  }
  r.add("strategy", std::move(list), "strategy", lines == 0 ? "no state of a player has two or more choices" : text);
}

result run_decision(const decision_options& o, bool game) {
  const auto m = std::make_shared<const decision_model>(load_decision(o));
  const decision_question q = read_question(o, *m, game);
  std::optional<certificate_request> cert;
  if (o.certificate) {
    const bool payoff = q.query.objective == decision_objective::payoff_game;
    cert = certificate_request{*o.certificate,
                               o.model,
                               o.format.value_or(""),
                               o.reward_model.value_or(""),
                               game ? "game" : "mdp",
                               to_string(q.query.objective),
                               payoff ? std::nullopt : std::optional<std::string>(q.target_name),
                               m->name(q.start),
                               "",
                               {},
                               payoff ? std::optional<Rational>(q.query.default_payoff) : std::nullopt};
    check_certificate_request(*cert);
  }
  // Each system solves once. The residues are those of the proven optimal
  // strategy (residues have no order to optimise over): the exact solve
  // finds the strategy.
  auto solve_in = [&m, &q]<class T>(std::type_identity<T>, auto& systems) {
    if constexpr (field_traits<T>::is_residue)
      return evaluate_strategy<T>(*m, q.query, systems.template get<Rational>().strategy);
    else
      return optimal_decision<T>(*m, q.query);
  };
  api::in_systems<decision_solution, decltype(solve_in), Rational, strategy_values> systems(solve_in);
  // The value at the start, or the error of an infinite expected reward.
  auto at_start = [&m, &q](const auto& v) {
    if (v.infinite[q.start]) infinite_reward(*m, q);
    return v.value[q.start];
  };
  value_runs runs;
  runs.exact = [&systems, at_start] { return at_start(systems.get<Rational>()); };
  runs.approx = [&systems, at_start] { return at_start(systems.get<double>()); };
  runs.residue = [&systems, at_start](std::uint64_t p) {
    return systems.residue(
        p, [&at_start](const strategy_values<DynModInt>& v) { return std::uint64_t{at_start(v).value()}; });
  };
  result r;
  r.question = question_words(*m, q);
  r.main = compute_answer(runs, o.answer);
  const decision_solutions s{systems.find<Rational>(), systems.find<double>()};
  r.as = o.answer.as;
  r.add("model", m->source());
  r.add("start", m->name(q.start));
  r.add("query", to_string(q.query.objective));
  r.add("target", q.target_name.empty() ? json(nullptr) : json(q.target_name));
  if (q.query.objective == decision_objective::payoff_game) r.add("default", to_string(q.query.default_payoff));
  std::string players;
  if (const std::size_t n = m->count(state_owner::max)) players += ", " + std::to_string(n) + " max";
  if (const std::size_t n = m->count(state_owner::min)) players += ", " + std::to_string(n) + " min";
  if (const std::size_t n = m->count(state_owner::chance)) players += ", " + std::to_string(n) + " chance";
  if (const std::size_t n = m->count(state_owner::terminal)) players += ", " + std::to_string(n) + " terminal";
  r.add("states", m->size(), "model",
        count_of(m->size(), "state", "states") + " (" + players.substr(2) + "), " +
            count_of(m->choice_total(), "choice", "choices"));
  r.add("choices", m->choice_total());
  // Improvement rounds: in double (the double run, or the exact solve's
  // guess), then in exact arithmetic after the guess.
  std::optional<std::size_t> double_rounds;
  if (s.approx)
    double_rounds = s.approx->stats.rounds;
  else if (s.exact && s.exact->stats.guess_used)
    double_rounds = s.exact->stats.guess_rounds;
  r.add("double_rounds", double_rounds ? json(*double_rounds) : json(nullptr));
  // Components the double iteration stopped on rounding noise.
  std::optional<std::size_t> unsettled;
  if (s.approx)
    unsettled = s.approx->stats.unsettled_components;
  else if (s.exact && s.exact->stats.guess_used)
    unsettled = s.exact->stats.unsettled_components;
  r.add("double_unsettled", unsettled ? json(*unsettled) : json(nullptr));
  if (unsettled && *unsettled > 0)
    r.add("", nullptr, "noise",
          count_of(*unsettled, "component", "components") +
              " stopped in double on rounding noise (a strategy came back): " +
              (s.exact ? "the exact phase proved or repaired their strategy"
                       : "their double values are within rounding of the optimum, and the double strategy may not "
                         "be optimal there (--as exact decides)"));
  if (s.exact) {
    const decision_stats& st = s.exact->stats;
    r.add("exact_rounds", st.rounds);
    r.add("guess_wrong", st.guess_used ? json(st.guess_wrong) : json(nullptr));
    const std::string components = count_of(st.components, "component", "components") + ", the largest of " +
                                   count_of(st.largest_component, "state", "states");
    r.add("", nullptr, "rounds",
          st.components == 0 ? "none: the graph analysis settled every state"
          : st.guess_used    ? count_of(st.guess_rounds, "improvement round", "improvement rounds") +
                                " in double; the exact phase started from the double strategy, which was wrong at " +
                                count_of(st.guess_wrong, "state", "states") + ", and took " +
                                count_of(st.rounds, "exact round", "exact rounds") + " (" + components + ")"
                          : count_of(st.rounds, "exact improvement round", "exact improvement rounds") + " (" +
                                components + "; the double run failed, so no double strategy was used)");
  } else {
    r.add("exact_rounds", nullptr);
    r.add("guess_wrong", nullptr);
    if (double_rounds)
      r.add("", nullptr, "rounds", count_of(*double_rounds, "improvement round", "improvement rounds") + " in double");
  }
  if (o.strategy && (s.exact || s.approx)) add_strategy(r, *m, q, s);
  if (cert) write_certificate(r, *cert, *m, q.query, systems.get<Rational>());
  return r;
}

result run_mdp(const decision_options& o) { return run_decision(o, false); }
result run_game(const decision_options& o) { return run_decision(o, true); }

}  // namespace

void add_minimax_commands(command_list& list) {
  add_command<guess_number_options>(list, "guess-number",
                                    "Guess Number Higher or Lower II: a number in 1..N, a wrong guess x costs x and "
                                    "tells higher or lower; the least money that guarantees a win, and the first "
                                    "guess",
                                    setup_guess_number, run_guess_number);
  add_command<row_options>(list, "stone7",
                           "Stone Game VII: remove the stone at either end and score the sum of the stones left; "
                           "the first player's best lead and the optimal first move",
                           setup_row, run_stone7);
}

void add_decision_commands(command_list& list) {
  add_command<decision_options>(list, "mdp",
                                "A Markov decision process from a model file, cycles included: Pmax, Pmin (reaching "
                                "a label) or Rmax, Rmin (expected total reward until it) as in PRISM and Storm, "
                                "exactly, with the optimal strategy",
                                setup_mdp, run_mdp);
  add_command<decision_options>(list, "game",
                                "A turn-based stochastic two-player game from a model file, cycles included: the "
                                "value for reaching a label, or of terminal payoffs, exactly, with both players' "
                                "optimal strategies",
                                setup_game, run_game);
  add_command<pig_options>(list, "pig",
                           "Pig, the dice game (Neller and Presser 2004): the win probability of the player to move "
                           "under optimal play by both, exactly, and the optimal action (roll or hold)",
                           setup_pig, run_pig);
}

}  // namespace exactdp::tool
