// exactdp/verify/certificate.hpp: a certificate — an answer that carries
// what it takes to re-check it without solving anything — and its file
// format (docs/certificates.md, version 1): the model's identity (its file
// and a SHA-256 of its text and of the constants; Pig's: its parameters),
// the query, every state's exact value, for an MDP or a game every state's
// choice (a game's: its owner's), and one rank per state that witnesses the
// qualitative facts (verify.hpp). This header holds and reads it; the
// solvers' side writes it (exactdp/certify/writer.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exactdp/numeric/rational.hpp"

namespace exactdp {

/// The certificate format's version, written as "version" and required by
/// the reader.
inline constexpr int certificate_version = 1;

/// Where a certificate's model comes from and how it was read.
struct certificate_model {
  std::string file;          ///< the model file as given (for messages; the digest identifies it)
  std::string format;        ///< "json", "prism", "storm", "drn", or "" (from the content); "pig": no file
  std::string reward_model;  ///< a DRN file's reward model, or "" (the first)
  std::string sha256;     ///< model_digest of the file (markov/explicit_model.hpp), 64 lowercase hex digits; "" for Pig
  std::string constants;  ///< the constants the model was built with ("" for none); Pig: "faces=F,target=T"
  std::string constants_sha256;  ///< sha256_hex(constants)
};

/// A certificate (see the file comment). Vectors are indexed by the model's
/// states in the order the reader numbers them.
struct certificate {
  certificate_model model;
  std::string kind;  ///< "chain", "mdp", "game" or "pig"
  /// chain: "reach" or "steps"; mdp: "pmax", "pmin", "rmax", "rmin"; game: "reach" or "payoff"; pig: "win"
  std::string objective;
  std::optional<std::string> target;       ///< a label or a state's name; nullopt: the absorbing states (chain), none
  std::optional<Rational> default_payoff;  ///< game payoff: what a play that never ends pays; else nullopt
  std::string start;                       ///< the start state's name
  std::vector<std::string> states;         ///< every state's name (Pig: the turn-start states (i, j, 0))
  /// every state's value; nullopt: +infinity. read_certificate keeps a "p/q" as written, not reduced (a gcd
  /// per value costs more than the whole check: two 75,000-bit numbers per value in Pig, and 60% of reading
  /// and checking a 10^4-state MDP's): the checkers need no lowest terms; anything else reduces such a value
  /// (mpq_canonicalize) before using it
  std::vector<std::optional<Rational>> values;
  /// mdp, game: a choice index per state (0 without choices; a game's: the owner's); chain, pig: empty
  std::vector<std::uint32_t> strategy;
  /// pig: per turn-start state (i, j, 0), the action at every turn total k = 0 .. T-i-1, 'r' (roll) or 'h'
  /// (hold); else empty
  std::vector<std::string> actions;
  std::vector<std::int64_t> rank;  ///< the witness rank per state, -1 for none; pig: empty
};

/// The name of Pig's state (i, j, k) in a certificate: "(i, j, k)" (the
/// mover's score, the opponent's, the turn total). Cost: O(1).
/// Example: pig_state_name(3, 0, 5) == "(3, 0, 5)".
std::string pig_state_name(int i, int j, int k);

/// The parameters of Pig as a certificate's model.constants, its identity:
/// "faces=F,target=T". Cost: O(1).
/// Example: pig_parameters_text(6, 100) == "faces=6,target=100".
std::string pig_parameters_text(int faces, int target);

/// The objectives of a kind of certificate: chain: reach, steps; mdp: pmax,
/// pmin, rmax, rmin; game: reach, payoff; pig: win; another kind: none.
/// Cost: O(1). Example: certificate_objectives("game") == {"reach", "payoff"}.
std::vector<std::string> certificate_objectives(std::string_view kind);

/// "" when `objective` is one of `kind`'s, else why not: the objective
/// quoted, and those of the kind. Cost: O(1).
/// Example: objective_refused("chain", "pmax") == "'pmax' is not one of reach, steps for a chain".
std::string objective_refused(std::string_view kind, std::string_view objective);

/// Reads a certificate written by certificate_text (or by hand). Strict:
/// every key documented and typed, "version" equal to certificate_version,
/// one value, rank and (mdp, game) choice per state (Pig: one string of
/// actions per state, no rank). Throws std::invalid_argument
/// "SOURCE:LINE:COLUMN: ..." naming what is wrong (malformed JSON, wrong version,
/// a missing or unknown key, a bad number); resource_error past the state
/// budget. Cost: linear in the text.
/// Example: from the source tree, read_certificate(read_text("examples/decision/lottery.pmax.cert.json", "c"),
/// "c").objective == "pmax".
certificate read_certificate(std::string_view text, const std::string& source);

/// Bytes of memory per byte of a certificate's text as it is read (the
/// read_text budget): the text and one copy. The JSON tree and the exact
/// values are charged by read_certificate itself (json_document's budget
/// checks), so a certificate of long values is not charged 64 times its size.
inline constexpr std::size_t certificate_text_bytes_per_byte = 2;

}  // namespace exactdp
