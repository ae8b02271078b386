// The verify command (exactdp/verify/verify.hpp): a certificate, or values
// from elsewhere, checked against a model; and the writing of the
// certificates of the chain, mdp and check commands (certify.hpp).
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <tuple>

#include "args.hpp"
#include "certify.hpp"
#include "command.hpp"
#include "exactdp/certify/plain_values.hpp"
#include "exactdp/decision/certify.hpp"
#include "exactdp/io/parse.hpp"
#include "exactdp/io/read_text.hpp"
#include "exactdp/io/shown_text.hpp"
#include "exactdp/markov/explicit_model.hpp"
#include "exactdp/certify/writer.hpp"
#include "exactdp/verify/certificate.hpp"
#include "exactdp/verify/verify.hpp"

namespace exactdp::tool {

void check_certificate_request(const certificate_request& c) {
  if (c.model == "-")
    throw std::invalid_argument(
        "--certificate needs the model in a file (its digest is part of the certificate), "
        "not on standard input");
  if (c.path.empty() || std::filesystem::is_directory(c.path))
    throw std::invalid_argument("--certificate needs a file name, not " + quote_input(c.path, 80));
  // The certificate is a new JSON document: a name that ends in .json keeps
  // it from replacing the model, a properties file or standard input's "-".
  if (std::filesystem::path(c.path).extension() != ".json")
    throw std::invalid_argument("--certificate " + quote_input(c.path, 80) +
                                ": the certificate is JSON, so the file's name must end in .json");
  std::error_code ec;
  if (std::filesystem::equivalent(c.path, c.model, ec))
    throw std::invalid_argument("--certificate " + quote_input(c.path, 80) +
                                " is the model file itself: write the certificate to another file");
}

namespace {

// Writes certificate `cert` to `path` and names the file in `r`.
void save_certificate(result& r, const std::string& path, const certificate& cert) {
  const std::string text = certificate_text(cert);
  errno = 0;
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out)  // the system's reason: a missing folder, no permission, a full disk
    throw std::runtime_error("cannot write the certificate " + quote_input(path, 80) +
                             (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()));
  r.add("", nullptr, "certificate",
        "written to " + shown_text(path) + " (" + count_of(cert.states.size(), "state", "states") +
            "; exactdp verify checks it)");
}

}  // namespace

void write_certificate(result& r, const certificate_request& c, const decision_model& m, const decision_query& q,
                       const decision_solution<Rational>& sol) {
  certificate cert;
  cert.model = {c.model, c.format, c.reward_model, model_digest(c.model), c.constants, sha256_hex(c.constants)};
  cert.kind = c.kind;
  cert.objective = c.objective;
  cert.target = c.target;
  cert.default_payoff = c.default_payoff;
  cert.start = c.start;
  if (!c.names.empty() && c.names.size() != m.size())
    throw std::invalid_argument("write_certificate: a name per state is needed");
  for (std::size_t s = 0; s < m.size(); ++s) cert.states.push_back(c.names.empty() ? m.name(s) : c.names[s]);
  decision_witness w = certify_decision(m, q, sol);
  cert.values = std::move(w.values);
  cert.rank = std::move(w.rank);
  if (c.kind != "chain") cert.strategy = std::move(w.strategy);
  save_certificate(r, c.path, cert);
}

void check_pig_certificate_request(const std::string& path, int target) {
  if (target > pig_certificate_max_target)
    throw std::invalid_argument("--certificate is written up to target " + std::to_string(pig_certificate_max_target) +
                                ", not " + std::to_string(target) +
                                ": the turn-start values grow to tens of thousands of digits");
  check_certificate_request({path, "pig", "", "", "pig", "win", std::nullopt, "", "", {}, std::nullopt});
}

void write_pig_certificate(result& r, const std::string& path, const pig_solution<Rational>& sol) {
  const certificate cert = pig_certificate(sol);
  save_certificate(r, path, cert);
}

namespace {

struct verify_options {
  std::string model;
  std::string certificate;
  std::optional<std::string> query, kind, target, start, default_payoff, format, reward_model, constants, prop;
};

void setup_verify(CLI::App& cmd, verify_options& o) {
  cmd.add_option("MODEL", o.model,
                 "The model file the certificate was written for; pig for a certificate of Pig (give its "
                 "parameters with --const faces=F,target=T)")
      ->required();
  cmd.add_option("CERTIFICATE", o.certificate,
                 "A certificate written by --certificate (docs/certificates.md), or values from elsewhere: CSV "
                 "lines state,value or a JSON object {\"state\": value}, values as fractions, decimals or inf")
      ->required();
  cmd.add_option("--query", o.query,
                 "For values from elsewhere: reach or steps (a Markov chain), pmax, pmin, rmax or rmin (an MDP), "
                 "payoff (a game); with --kind game, reach (a game: Max maximises reaching --target)");
  cmd.add_option("--kind", o.kind,
                 "For values from elsewhere: chain, mdp or game (default: chain for reach and steps, mdp for pmax, "
                 "pmin, rmax and rmin, game for payoff)");
  cmd.add_option("--target", o.target, "For values from elsewhere: the target label or state");
  cmd.add_option("--default", o.default_payoff,
                 "For values from elsewhere of a payoff game: what a play that never ends pays (default 0)");
  cmd.add_option("--start", o.start, "For values from elsewhere: the state whose value to print");
  cmd.add_option("--format", o.format, "For values from elsewhere: json, prism, storm or drn");
  cmd.add_option("--reward-model", o.reward_model, "For values from elsewhere: a DRN file's reward model");
  cmd.add_option("--prop", o.prop,
                 "For values from elsewhere of a model in the PRISM language or JANI: the property whose values "
                 "they are (its text, 'Pmax=? [ F \"goal\" ]'; a JANI property's name), which sets the query and "
                 "target; the states are named as check names them, (x=1, y=0)");
  cmd.add_option("--const", o.constants,
                 "The constants the model is meant with: refused when the certificate was written with others; "
                 "for Pig its parameters, faces=F,target=T (required)");
}

result run_verify(const verify_options& o) {
  const std::string text = read_nonblank_text(o.certificate, "the certificate", certificate_text_bytes_per_byte);
  verify_report rep;
  certificate c;
  const bool full = is_certificate(text);
  if (full) {
    for (const auto* opt :
         {&o.query, &o.kind, &o.target, &o.start, &o.default_payoff, &o.format, &o.reward_model, &o.prop})
      if (*opt)
        throw std::invalid_argument(
            "--query, --kind, --target, --start, --default, --format, --reward-model and --prop are for values "
            "from elsewhere; a certificate says them itself");
    c = read_certificate(text, o.certificate);
    rep = verify_certificate(o.model, c, o.constants);
  } else if (o.prop) {
    for (const auto* opt : {&o.query, &o.kind, &o.target, &o.default_payoff, &o.format, &o.reward_model})
      if (*opt)
        throw std::invalid_argument(
            "--prop names the question of a model in the PRISM language or JANI: give no --query, --kind, "
            "--target, --default, --format or --reward-model with it");
    plain_query q{"", "", std::nullopt, o.start, std::nullopt, "", "", o.prop, o.constants.value_or("")};
    std::tie(c, rep) = verify_plain_values(o.model, text, o.certificate, q);
  } else {
    if (!o.query)
      throw std::invalid_argument(
          o.certificate +
          " is not a certificate (no \"certificate\" key first); for values from elsewhere "
          "give --query (reach, steps, pmax, pmin, rmax, rmin or payoff) and --target, or --prop for a model "
          "in the PRISM language or JANI");
    one_of(*o.query, "--query", {"reach", "steps", "pmax", "pmin", "rmax", "rmin", "payoff"});
    if (o.kind) one_of(*o.kind, "--kind", {"chain", "mdp", "game"});
    plain_query q{*o.query,
                  o.kind.value_or(""),
                  o.target,
                  o.start,
                  std::nullopt,
                  o.format.value_or(""),
                  o.reward_model.value_or(""),
                  std::nullopt,
                  ""};
    if (o.default_payoff) q.default_payoff = parse_number(*o.default_payoff, "--default");
    std::tie(c, rep) = verify_plain_values(o.model, text, o.certificate, q);
  }
  result r;
  const bool pig = c.kind == "pig";
  // What the verdict is about, the certificate's words quoted and cut (they are its writer's).
  r.question =
      "verify " + shown_text(o.certificate) + " against " + shown_text(o.model) + " (" + c.kind + ", " + c.objective +
      (c.target ? ", target " + name_text(*c.target) : std::string()) +
      (c.default_payoff ? ", default " + to_string(*c.default_payoff) : std::string()) +
      (c.model.constants.empty() ? std::string() : ", constants " + quote_input(c.model.constants, 80)) +
      (c.model.reward_model.empty() ? std::string() : ", reward model " + quote_input(c.model.reward_model, 40)) + ")";
  r.add("model", o.model);
  r.add("certificate", o.certificate);
  r.add("objective", c.objective);
  r.add("constants", c.model.constants);
  r.add("reward_model", c.model.reward_model);
  r.add("witnesses", full);
  r.add("start", rep.start);
  r.add("value",
        rep.verified ? json(rep.start_value ? to_string(*rep.start_value) : std::string("inf")) : json(nullptr));
  r.add("verified", rep.verified, "result",
        rep.verified ? std::string(full                    ? "verified"
                                   : rep.unchecked.empty() ? "verified (with the witnesses derived from the values)"
                                                           : "the equations hold (the witnesses are not checked)") +
                           ": the value at state " + shown_text(rep.start) + " is " +
                           (rep.start_value ? to_string(*rep.start_value) : std::string("inf")) + " (" +
                           count_of(c.states.size(), pig ? "turn-start state" : "state",
                                    pig ? "turn-start states and every turn total" : "states") +
                           " checked)"
                     : "not verified: " + rep.reason);
  r.add("state", rep.state ? json(c.states[*rep.state]) : json(nullptr));
  r.add("reason", rep.verified ? json(nullptr) : json(rep.reason));
  json unchecked = json::array();
  std::string words;
  for (const std::string& u : rep.unchecked) {
    unchecked.push_back(u);
    words += (words.empty() ? "" : "; ") + u;
  }
  r.add("unchecked", unchecked, words.empty() ? "" : "not checked", words);
  const bool why = rep.verified && !rep.theorem.empty();
  r.add("theorem", rep.theorem, why ? "why" : "", why ? rep.theorem : "");
  if (!rep.verified) r.status = 1;
  return r;
}

}  // namespace

void add_verify_command(command_list& list) {
  add_command<verify_options>(
      list, "verify",
      "Checks a certificate (written by chain, mdp, game, pig or check with --certificate) against its model "
      "in exact arithmetic, without solving: every state's equation, the strategy's "
      "optimality, the witnesses; or values from elsewhere (CSV or JSON)",
      setup_verify, run_verify);
}

}  // namespace exactdp::tool
