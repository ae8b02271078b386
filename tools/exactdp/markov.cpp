// The chain command: a Markov chain from a model file (JSON, or PRISM's
// explicit .tra/.lab/.srew), solved exactly, as a double and as a residue
// (command.hpp).
#include <memory>
#include <optional>

#include "args.hpp"
#include "certify.hpp"
#include "exactdp/certify/writer.hpp"
#include "exactdp/decision/model_files.hpp"
#include "command.hpp"
#include "plot.hpp"
#include "exactdp/api/names.hpp"
#include "exactdp/api/solved.hpp"
#include "exactdp/io/json_input.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/markov/long_run.hpp"
#include "exactdp/markov/markov.hpp"
#include "exactdp/io/shown_text.hpp"
#include "progress.hpp"
#include "render.hpp"

namespace exactdp::tool {
namespace {

struct chain_options {
  std::string model;
  std::optional<std::string> format;
  std::optional<std::string> reward_model;
  std::optional<std::string> start;
  std::vector<std::string> query{"steps"};
  std::optional<std::string> target;
  bool dot = false;
  bool lump = false;
  std::optional<std::string> plot;
  std::optional<std::string> certificate;
  answer_options answer;
  chain_options() { answer.small_moduli = true; }
};

void setup_chain(CLI::App& cmd, chain_options& o) {
  cmd.add_option("MODEL", o.model,
                 "The model file: JSON, PRISM's explicit .tra (with .lab/.srew beside it), Storm's explicit .tra "
                 "(dtmc) or DRN, told apart by their content; - reads standard input")
      ->required();
  cmd.add_option("--format", o.format, "json, prism, storm or drn (default: from the content)");
  cmd.add_option("--reward-model", o.reward_model, "The reward model of a DRN file (default: the first declared)");
  cmd.add_option("--start", o.start, "The start state's name (default: the model's start, or the init label)");
  cmd.add_option("--query", o.query,
                 "steps (expected steps or reward until absorption; default), absorb (absorption probabilities), "
                 "after K (the distribution after exactly K steps), within K (absorbed within K steps), longrun "
                 "(the long-run distribution, closed classes, periods, average reward), stationary (the "
                 "stationary distribution of the closed class of the --start state, or of STATE in 'stationary "
                 "STATE'); 'after 5' as one word works too")
      ->expected(1, 2);
  cmd.add_option("--target", o.target,
                 "A label (or a state) to reach instead of the absorbing states: with steps, absorb and within its "
                 "states stop the walk; with after K the walk goes on through them, and the answer is the "
                 "probability of being in one of them after exactly K steps");
  cmd.add_flag("--dot", o.dot,
               "Print the model as a Graphviz DOT graph instead of an answer: states, transitions labelled with "
               "their exact probabilities, absorbing states drawn double, the start state bold");
  cmd.add_flag("--lump", o.lump,
               "Solve on the exact lumping of the chain: the states are grouped into the blocks of its coarsest "
               "probabilistic bisimulation that keeps apart the target, the absorbing states and the rewards (two "
               "states of a block have exactly the same probability into every block), the question is solved on "
               "the quotient with one state per block, and every state's answer is its block's. The answer is "
               "the same; it pays on symmetric models (Herman's ring of n processes shrinks by n or more). "
               "Reports the number of blocks. For steps, absorb, within K, and after K with --target");
  cmd.add_option("--plot", o.plot,
                 "Also draw the model's graph as an SVG file (at most 200 states and 1000 transitions; needs "
                 "Graphviz: Debian package graphviz)");
  cmd.add_option("--certificate", o.certificate,
                 "With --query steps, or absorb with --target: also write a certificate of the answer to this JSON "
                 "file (every state's exact value and the witnesses), which exactdp verify checks without solving "
                 "(docs/certificates.md)");
  add_answer_options(cmd, o.answer);
}

// The model as Graphviz DOT: one node per state (absorbing ones double,
// the start bold), one edge per transition labelled with its exact
// probability.
std::string model_dot(const markov_model& m, std::optional<std::size_t> start) {
  std::string d =
      "digraph chain {\n  rankdir=LR;\n  node [shape=circle, fontname=\"Sans\"];\n"
      "  edge [fontname=\"Sans\", fontsize=11];\n";
  for (std::size_t s = 0; s < m.size(); ++s) {
    d += "  s" + std::to_string(s) + " [label=" + dot_string(m.name(s));
    if (m.is_absorbing(s)) d += ", shape=doublecircle, style=filled, fillcolor=\"#e6e6e6\"";
    if (start && *start == s) d += ", penwidth=2.5";
    d += "];\n";
  }
  for (std::size_t s = 0; s < m.size(); ++s)
    for (const markov_transition& t : m.transitions(s))
      d += "  s" + std::to_string(s) + " -> s" + std::to_string(t.to) +
           " [label=" + dot_string(to_string(t.probability)) + "];\n";
  return d + "}\n";
}

markov_model load(const chain_options& o) {
  model_file_options options;
  if (o.format) options.format = one_of(*o.format, "--format", {"json", "prism", "storm", "drn"});
  if (o.reward_model) options.reward_model = *o.reward_model;
  return load_markov_model(o.model, options);
}

enum class question_kind { steps, absorb, after, within, longrun, stationary };

struct chain_question {
  question_kind kind = question_kind::steps;
  std::uint64_t k = 0;
  std::size_t state = 0;     // stationary: a state of the class
  markov_query query;        // start and target
  std::string target_words;  // "label goal", "state 10", or "" (the absorbing states)
  std::string state_word;    // stationary: the state as given, "" for the start
};

// The question's words, read before the model is loaded: a bad --query (or
// a K out of range) is refused before a large model is read.
chain_question parse_question(const chain_options& o) {
  // "after 5" as one word or as two.
  std::vector<std::string> words;
  for (const std::string_view w : split_list(o.query, "--query")) words.emplace_back(w);
  chain_question q;
  const std::string verb =
      one_of(words[0], "the --query", {"steps", "absorb", "after", "within", "longrun", "stationary"});
  q.kind = verb == "steps"     ? question_kind::steps
           : verb == "absorb"  ? question_kind::absorb
           : verb == "after"   ? question_kind::after
           : verb == "within"  ? question_kind::within
           : verb == "longrun" ? question_kind::longrun
                               : question_kind::stationary;
  const bool takes_k = q.kind == question_kind::after || q.kind == question_kind::within;
  if (takes_k && words.size() != 2)
    throw std::invalid_argument("--query " + verb + " needs the number of steps K, e.g. --query '" + verb + " 10'");
  if (!takes_k && q.kind != question_kind::stationary && words.size() != 1)
    throw std::invalid_argument("--query " + verb + " takes no number");
  if (q.kind == question_kind::stationary && words.size() > 2)
    throw std::invalid_argument("--query stationary takes at most one state");
  if (takes_k) q.k = parse_integer<std::uint64_t>(words[1], "K (the number of steps)", 0, markov_max_steps);
  if (q.kind == question_kind::stationary && words.size() == 2) q.state_word = words[1];
  if (o.target && (q.kind == question_kind::longrun || q.kind == question_kind::stationary))
    throw std::invalid_argument("--target does not apply to --query " + verb + ": the long run has no target");
  return q;
}

// The parsed question's states, resolved in the model.
chain_question read_question(const chain_options& o, const markov_model& model, chain_question q) {
  q.query.start = api::resolve_start(model, o.start, "--start", "--start");
  q.state = q.state_word.empty() ? q.query.start : api::resolve_state(model, q.state_word, "the state");
  if (o.target) {
    api::resolved_target target = api::resolve_target(model, *o.target, "--target");
    q.query.target = std::move(target.states);
    q.target_words = std::move(target.words);
  }
  q.query.progress = [](std::size_t done, std::size_t total) { progress_line::report(done, total); };
  return q;
}

template <class V>
using entries = std::vector<std::pair<std::size_t, V>>;

// What one number system computed for a question: the per-state entries of a
// many-valued question (index size(): "never absorbed"), the single value
// otherwise, and what else the question reports.
template <class T>
struct solved {
  entries<T> states;
  T value{};
  std::optional<markov_step_method> method;
  std::vector<markov_closed_class> classes;  // longrun, stationary
  std::vector<T> class_probability;          // longrun
  std::optional<T> average_reward;           // longrun
  detail::exact_solve_record solves;         // the exact linear solves (Rational)
};

// The chain's quotient by its exact lumping (--lump), and the question
// asked of it.
struct lumped_chain {
  markov_lumping lumping;
  markov_quotient quotient;
  chain_question question;
};

lumped_chain lump_chain(const markov_model& model, const chain_question& q) {
  if (q.kind == question_kind::longrun || q.kind == question_kind::stationary ||
      (q.kind == question_kind::after && !q.query.target))
    throw std::invalid_argument(
        "--lump answers steps, absorb, within K, and after K with --target: a lumped chain gives the "
        "probability of each block, not of each state, so it cannot answer a distribution over the states");
  lumped_chain l;
  const bool absorbing_apart = q.kind == question_kind::absorb && !q.query.target;
  const std::vector<std::size_t> classes = lumping_classes(model, q.query.target, absorbing_apart);
  l.lumping = coarsest_lumping(model, classes);
  l.quotient = lumped_model(model, l.lumping);
  l.question = q;
  l.question.query.start = l.lumping.block[q.query.start];
  if (q.query.target) l.question.query.target = lumped_states(l.quotient, l.lumping, *q.query.target);
  return l;
}

template <class T>
solved<T> solve(const markov_model& model, const chain_question& q) {
  const markov_chain<T> chain(model);
  solved<T> out;
  switch (q.kind) {
    case question_kind::steps:
      out.value = expected_steps(chain, q.query);
      break;
    case question_kind::absorb:
      if (q.query.target) {
        out.value = reach_probability(chain, q.query);
      } else {
        const markov_absorption<T> r = absorption_probabilities(chain, q.query);
        out.states = r.stopped;
        if (r.closed_state) out.states.emplace_back(model.size(), r.never);
      }
      break;
    case question_kind::after:
    case question_kind::within: {
      markov_steps<T> r =
          q.kind == question_kind::after ? after_steps(chain, q.query, q.k) : within_steps(chain, q.query, q.k);
      out.method = r.method;
      out.value = r.target_probability;
      if (q.kind == question_kind::after && !q.query.target) out.states = std::move(r.distribution);
      break;
    }
    case question_kind::longrun: {
      markov_long_run<T> r = long_run(chain, q.query);
      out.states = std::move(r.distribution);
      out.classes = std::move(r.classes);
      out.class_probability = std::move(r.class_probability);
      out.average_reward = std::move(r.average_reward);
      break;
    }
    case question_kind::stationary: {
      const std::optional<markov_closed_class> c = closed_class_of(chain, q.state);
      if (!c)
        throw std::invalid_argument("state " + name_text(model.name(q.state)) +
                                    " is transient (the walk leaves it for good with a positive probability), so "
                                    "it has no stationary distribution: name a state of a closed class, or ask "
                                    "--query longrun for where the walk from the start ends up");
      const std::vector<T> pi = stationary_distribution(chain, *c);
      for (std::size_t i = 0; i < c->states.size(); ++i) out.states.emplace_back(c->states[i], pi[i]);
      out.classes = {*c};
      break;
    }
  }
  return out;
}

// The exact run's linear solves of 24 states or more (linear.hpp), in the
// JSON only: how many went modular, the primes of their p-adic digits (so
// that a run can be repeated), the digits lifted and the candidates the
// exact check refused.
void add_exact_solve(result& r, const detail::exact_solve_record& log) {
  r.add("exact_solve", json{{"modular", log.modular},
                            {"fraction_free", log.fraction_free},
                            {"primes", log.primes},
                            {"digits", log.digits},
                            {"failed_checks", log.failed_checks}});
}

bool many_valued(const chain_question& q) {
  return q.kind == question_kind::longrun || q.kind == question_kind::stationary ||
         ((q.kind == question_kind::absorb || q.kind == question_kind::after) && !q.query.target);
}

std::string question_words(const markov_model& model, const chain_question& q) {
  const std::string from = " from state " + shown_text(model.name(q.query.start)) + " of " + shown_text(model.source());
  const std::string& goal = q.target_words;
  switch (q.kind) {
    case question_kind::steps: {
      bool unit = true;
      for (std::size_t s = 0; s < model.size() && unit; ++s) unit = model.reward(s) == 1;
      return std::string(unit ? "expected number of steps" : "expected total reward") +
             (goal.empty() ? " until absorption" : " until reaching " + goal) + from;
    }
    case question_kind::absorb:
      return goal.empty() ? "probability of being absorbed in each absorbing state" + from
                          : "probability of ever reaching " + goal + from;
    case question_kind::after:
      return goal.empty()
                 ? "distribution after exactly " + count_of(q.k, "step", "steps") + from
                 : "probability of being in " + goal + " after exactly " + count_of(q.k, "step", "steps") + from;
    case question_kind::within:
      return "probability of " + (goal.empty() ? std::string("absorption") : "reaching " + goal) + " within " +
             count_of(q.k, "step", "steps") + from;
    case question_kind::longrun:
      return "long-run (Cesaro average) distribution" + from;
    case question_kind::stationary:
      return "stationary distribution of the closed class of state " + shown_text(model.name(q.state)) + " of " +
             shown_text(model.source());
  }
  return {};
}

const char* method_words(markov_step_method m) {
  return m == markov_step_method::step_by_step ? "step by step" : "repeated squaring";
}

// The certificate of a chain's steps or reach query: the chain as an MDP
// with one choice per state, solved exactly for every state (chain_solution: rewards of any sign).
void chain_certificate(result& r, const certificate_request& request, const markov_model& model,
                       const chain_question& q, const answer& at_start) {
  const decision_model m = to_decision_model(to_explicit_model(model));
  decision_query dq;
  dq.objective = q.kind == question_kind::steps ? decision_objective::rmin : decision_objective::pmax;
  if (q.query.target) {
    dq.target = *q.query.target;
  } else {
    for (std::size_t s = 0; s < model.size(); ++s)
      if (model.is_absorbing(s)) dq.target.push_back(s);
  }
  const decision_solution<Rational> sol = chain_solution(m, dq);
  const bool infinite = sol.infinite[q.query.start] != 0;
  if (infinite != at_start.infinite || (at_start.exact && !infinite && sol.value[q.query.start] != *at_start.exact))
    throw std::domain_error("the certificate's value at the start differs from the chain's answer " +
                            (at_start.infinite ? std::string("Infinity")
                             : at_start.exact  ? to_string(*at_start.exact)
                                               : std::string("(a finite value)")) +
                            ": please report this");
  write_certificate(r, request, m, dq, sol);
}

result run_chain(const chain_options& o) {
  if (o.plot) check_plot_path(*o.plot);
  const chain_question parsed = parse_question(o);
  auto model = std::make_shared<const markov_model>(load(o));
  // The model stays for its names (and for each number system's chain):
  // every budget check of the solve counts it.
  const budget_hold held(
      "the model " + model->source(),
      markov_model_bytes(static_cast<long double>(model->size()), static_cast<long double>(model->transition_count())));
  if (o.dot) {
    if (o.lump) throw std::invalid_argument("--dot prints the model as it is: it does not go with --lump");
    result r;
    r.question = "the model " + model->source() + " as a Graphviz DOT graph";
    r.show_question = false;
    r.add("model", model->source());
    r.add("start", model->start() ? json(model->name(*model->start())) : json(nullptr));
    const std::string dot = model_dot(*model, model->start());
    r.add("dot", dot, "", dot.substr(0, dot.size() - 1));
    return r;
  }
  if (o.plot) {
    if (model->size() > plot_max_states || model->transition_count() > plot_max_transitions)
      throw std::invalid_argument("--plot draws small models only (at most " + std::to_string(plot_max_states) +
                                  " states and " + std::to_string(plot_max_transitions) +
                                  " transitions); this one has " + std::to_string(model->size()) + " states and " +
                                  std::to_string(model->transition_count()) +
                                  " transitions: --dot prints its graph for other tools");
  }
  const chain_question q = read_question(o, *model, parsed);
  std::optional<certificate_request> cert;
  if (o.certificate) {
    if (q.kind != question_kind::steps && !(q.kind == question_kind::absorb && q.query.target))
      throw std::invalid_argument(
          "--certificate covers --query steps and --query absorb with --target (one value per state); not this "
          "query");
    std::optional<std::string> target;
    if (o.target) target = model->labels().contains(*o.target) ? *o.target : model->name(q.query.target->front());
    cert = certificate_request{*o.certificate,
                               o.model,
                               o.format.value_or(""),
                               o.reward_model.value_or(""),
                               "chain",
                               q.kind == question_kind::steps ? "steps" : "reach",
                               target,
                               model->name(q.query.start),
                               "",
                               {}};
    check_certificate_request(*cert);
  }
  const bool many = many_valued(q);
  if (many && o.answer.check)
    throw std::invalid_argument(
        "--check compares one answer, and this question has one per state: ask for one "
        "state with --target");
  // Each number system solves once; the answers (one, or one per state)
  // are read from what it kept.
  std::optional<lumped_chain> lumped;
  if (o.lump) lumped = lump_chain(*model, q);
  auto solve_in = [&model, &q, &lumped]<class T>(std::type_identity<T>, auto&) {
    if constexpr (std::is_same_v<T, Rational>) detail::exact_solve_log() = {};
    solved<T> s = lumped ? solve<T>(lumped->quotient.model, lumped->question) : solve<T>(*model, q);
    if (lumped) {
      // Each quotient state's entry back to the state it stands for: the
      // absorbing states were blocks of their own (the only states with
      // entries: absorb without a target); "never absorbed" is the model's size.
      for (auto& e : s.states)
        e.first = e.first == lumped->quotient.model.size()
                      ? model->size()
                      : lumped->lumping.first.at(lumped->quotient.block_of.at(e.first));
    }
    if constexpr (std::is_same_v<T, Rational>) s.solves = detail::exact_solve_log();
    return s;
  };
  api::in_systems<solved, decltype(solve_in)> systems(solve_in);
  value_runs runs;
  runs.exact = [&systems] { return systems.get<Rational>().value; };
  runs.approx = [&systems] { return systems.get<double>().value; };
  runs.residue = [&systems](std::uint64_t p) {
    return systems.residue(p, [](const solved<DynModInt>& s) { return std::uint64_t{s.value.value()}; });
  };
  answer_options whole = o.answer;
  if (many) whole.digits.reset();
  const answer all = compute_answer(runs, whole);
  const solved<Rational>* exact = systems.find<Rational>();
  const solved<double>* approx = systems.find<double>();
  const solved<DynModInt>* residue = all.modulus ? systems.find_residue(all.modulus) : nullptr;

  result r;
  r.question = question_words(*model, q);
  r.as = o.answer.as;
  r.add("model", model->source());
  r.add("start", model->name(q.query.start));
  if (lumped)
    r.add("lumped",
          json{{"states", model->size()},
               {"blocks", lumped->lumping.block_count()},
               {"quotient_states", lumped->quotient.model.size()},
               {"rounds", lumped->lumping.rounds}},
          "lumped",
          std::to_string(model->size()) + " states into " + std::to_string(lumped->lumping.block_count()) +
              " blocks (" + count_of(lumped->lumping.rounds, "refinement round", "refinement rounds") + ")");
  if (o.plot) {
    plot_with_dot(model_dot(*model, q.query.start), *o.plot);
    r.add("plot", *o.plot, "plot", *o.plot);
  }
  if (!many) {
    r.main = all;
  } else {
    r.many = true;
    // The states are structural, the same in every system: take them from
    // the first system that succeeded.
    std::vector<std::size_t> states;
    if (exact)
      for (const auto& e : exact->states) states.push_back(e.first);
    else if (approx)
      for (const auto& e : approx->states) states.push_back(e.first);
    else if (residue)
      for (const auto& e : residue->states) states.push_back(e.first);
    for (const std::size_t s : states) {
      auto at = [s](const auto& list) {
        for (const auto& [state, v] : list)
          if (state == s) return v;
        throw std::domain_error("the number systems disagree on the states with a positive probability");
      };
      value_runs one;
      one.exact = [&systems, at] { return at(systems.get<Rational>().states); };
      one.approx = [&systems, at] { return at(systems.get<double>().states); };
      one.residue = [&systems, at](std::uint64_t p) {
        return systems.residue(p,
                               [&at](const solved<DynModInt>& sol) { return std::uint64_t{at(sol.states).value()}; });
      };
      const bool never = s == model->size();
      r.answers.push_back({never ? "(never absorbed)" : shown_text(model->name(s)),
                           never ? json(nullptr) : json(model->name(s)), compute_answer(one, o.answer), ""});
    }
  }
  // What else the question reports, from the first system that has it.
  const std::optional<markov_step_method> method = exact     ? exact->method
                                                   : approx  ? approx->method
                                                   : residue ? residue->method
                                                             : std::nullopt;
  if (method) r.add("method", method_words(*method), "method", method_words(*method));
  if (exact && exact->solves.modular > 0) add_exact_solve(r, exact->solves);
  const std::vector<markov_closed_class>* classes = exact     ? &exact->classes
                                                    : approx  ? &approx->classes
                                                    : residue ? &residue->classes
                                                              : nullptr;
  if (classes && (q.kind == question_kind::longrun || q.kind == question_kind::stationary)) {
    json list = json::array();
    std::string text;
    for (std::size_t i = 0; i < classes->size(); ++i) {
      const markov_closed_class& c = (*classes)[i];
      json names = json::array();
      std::string shown;
      for (const std::size_t s : c.states) {
        names.push_back(model->name(s));
        if (names.size() <= 8) shown += (shown.empty() ? "" : ", ") + shown_text(model->name(s));
      }
      if (c.states.size() > 8) shown += ", ... (" + std::to_string(c.states.size()) + " states)";
      json item{{"states", std::move(names)}, {"period", c.period}};
      std::string probability;
      if (q.kind == question_kind::longrun) {
        item["probability"] = exact ? json(to_string(exact->class_probability[i])) : json(nullptr);
        item["probability_double"] = approx ? json(format_shortest(approx->class_probability[i])) : json(nullptr);
        probability = exact    ? to_string(exact->class_probability[i])
                      : approx ? format_shortest(approx->class_probability[i])
                               : "";
      }
      list.push_back(std::move(item));
      text += (text.empty() ? "" : "\n") + std::string("{") + shown + "}, period " + std::to_string(c.period) +
              (c.period > 1 ? " (periodic: the distribution after k steps cycles, only its average settles)" : "") +
              (probability.empty() ? "" : ", entered with probability " + probability);
    }
    r.add("classes", std::move(list), q.kind == question_kind::longrun ? "classes" : "class", text);
  }
  if (cert) chain_certificate(r, *cert, *model, q, all);
  if (q.kind == question_kind::longrun) {
    value_runs reward;
    reward.exact = [&systems] { return *systems.get<Rational>().average_reward; };
    reward.approx = [&systems] { return *systems.get<double>().average_reward; };
    reward.residue = [&systems](std::uint64_t p) {
      return systems.residue(p, [](const solved<DynModInt>& s) { return std::uint64_t{s.average_reward->value()}; });
    };
    answer_options quiet = o.answer;
    quiet.check.reset();
    const answer a = compute_answer(reward, quiet);
    r.add("average_reward", answer_json(a), "average reward",
          a.exact    ? to_string(*a.exact) + " per step"
          : a.approx ? format_shortest(*a.approx) + " per step"
                     : "");
  }
  return r;
}

}  // namespace

void add_markov_commands(command_list& list) {
  add_command<chain_options>(list, "chain",
                             "A Markov chain from a model file (JSON, PRISM, Storm's explicit files or DRN), cycles "
                             "included: expected steps or reward, absorption probabilities, the distribution after K "
                             "steps, the long run (stationary distributions, periods)",
                             setup_chain, run_chain);
}

}  // namespace exactdp::tool
