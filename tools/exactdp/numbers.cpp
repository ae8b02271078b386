// The number utilities: mod (fraction -> residue), inv (modular inverse),
// unmod (residues -> fraction by rational reconstruction, or by CRT on the
// numerator when the denominator is known), primes (the primes of residue
// runs) (command.hpp).
#include <cmath>

#include "args.hpp"
#include "command.hpp"
#include "exactdp/numeric/answer_bound.hpp"
#include "exactdp/numeric/primes.hpp"

namespace exactdp::tool {
namespace {

struct mod_options {
  std::string value;
  std::string modulus = "1000000007";
};

void setup_mod(CLI::App& cmd, mod_options& o) {
  cmd.add_option("FRACTION", o.value, "An exact number: 42, -3/7, 0.1, 1e-3, 1000000007/3000000021")->required();
  cmd.add_option("--modulus", o.modulus, "The prime P, 2 < P < 2^62 (default 1000000007)");
}

result run_mod(const mod_options& o) {
  const Rational q = parse_number(o.value, "FRACTION");
  const std::uint64_t p = read_modulus(o.modulus);
  const std::uint64_t r = to_residue64(q, p);
  result res;
  res.question = "the residue of " + to_string(q) + " modulo " + std::to_string(p);
  res.show_question = false;
  res.add("fraction", to_string(q));
  res.add("mod", r, "", std::to_string(r));
  res.add("modulus", p);
  return res;
}

void setup_inv(CLI::App& cmd, mod_options& o) {
  cmd.add_option("A", o.value, "An integer of any size and sign")->required();
  cmd.add_option("--modulus", o.modulus, "The prime P, 2 < P < 2^62 (default 1000000007)");
}

result run_inv(const mod_options& o) {
  const BigInt a = parse_integer(o.value, "A");
  const std::uint64_t p = read_modulus(o.modulus);
  if (to_residue64(make_rational(a, BigInt(1)), p) == 0)
    throw std::domain_error(message_text(a) + " has no inverse modulo " + std::to_string(p) + ": it is a multiple of " +
                            std::to_string(p) + " (0 modulo " + std::to_string(p) + ")");
  const std::uint64_t r = to_residue64(make_rational(BigInt(1), a), p);
  result res;
  res.question = "the inverse of " + message_text(a) + " modulo " + std::to_string(p);
  res.show_question = false;
  res.add("integer", to_string(a));
  res.add("inverse", r, "", std::to_string(r));
  res.add("modulus", p);
  return res;
}

struct unmod_options {
  std::vector<std::string> residues;
  std::string modulus = "1000000007";
  std::optional<std::string> denominator;
};

void setup_unmod(CLI::App& cmd, unmod_options& o) {
  cmd.add_option("RESIDUE", o.residues,
                 "R or R@P: a residue R (any integer, reduced first) modulo the prime P, 2 < P < 2^62 (default "
                 "--modulus); several for different primes are combined")
      ->required();
  cmd.add_option("--modulus", o.modulus, "The prime for a bare R, 2 < P < 2^62 (default 1000000007)");
  cmd.add_option("--denominator", o.denominator,
                 "The known denominator D of the value, a positive integer or a power B^E (8^100; 2 <= B < 2^32, "
                 "at most 10^7 bits): the numerator alone is "
                 "recovered by CRT, with half the primes rational reconstruction needs (the recurrences' bounds "
                 "say when D is known: --as primes --json)");
}

// The residue classes of the RESIDUE arguments; a bad one is named.
std::vector<residue_class> read_residues(const unmod_options& o, std::uint64_t p) {
  std::vector<residue_class> classes;
  for (const std::string_view view : split_list(o.residues, "RESIDUE", 10000)) {
    const std::string item(view);
    try {
      classes.push_back(parse_residues(std::span<const std::string>(&item, 1), p).front());
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("RESIDUE " + quote_input(item, 80) +
                                  " must be R or R@P, an integer R and a prime 2 < P < 2^62: " + e.what());
    }
  }
  return classes;
}

// --denominator: a positive integer, or B^E with B >= 2 and E >= 0 (its size
// checked against the state budget before it is computed).
BigInt read_denominator(const std::string& text) {
  const std::string words =
      "--denominator must be a positive integer or a power B^E (8^100; 2 <= B < 2^32, at most 10^7 bits), not " +
      quote_input(text);
  const auto caret = text.find('^');
  try {
    if (caret == std::string::npos) {
      BigInt d = parse_integer(text, "--denominator");
      if (d < 1) throw std::invalid_argument(words);
      return d;
    }
    const auto base = parse_integer<std::uint64_t>(std::string_view(text).substr(0, caret), "B", 2,
                                                   std::numeric_limits<std::uint32_t>::max());
    const auto e = parse_integer<std::uint64_t>(std::string_view(text).substr(caret + 1), "E", 0, 10'000'000);
    if (static_cast<long double>(e) * std::log2(static_cast<long double>(base)) > 1e7L)
      throw std::invalid_argument(words);
    return detail::known_power(static_cast<unsigned long>(base), static_cast<unsigned long>(e),
                               "--denominator " + text);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument(words);
  }
}

result run_unmod(const unmod_options& o) {
  const std::uint64_t p = read_modulus(o.modulus);
  const std::vector<residue_class> classes = read_residues(o, p);
  std::optional<BigInt> known;
  if (o.denominator) known = read_denominator(*o.denominator);
  const residue_class combined = crt_combine(classes);
  const std::string where = classes.size() == 1 ? "modulo " + message_text(combined.modulus)
                                                : "modulo the product " + message_text(combined.modulus) + " of " +
                                                      std::to_string(classes.size()) + " primes";
  std::optional<Rational> q;
  BigInt bound;
  std::string why;
  if (known) {
    q = combine_known_denominator(classes, *known);
    bound = (combined.modulus - 1) / 2;
    why = "  the only value N/D with D = " + brief(make_rational(*known, BigInt(1))) +
          " and |N| <= " + brief(make_rational(bound, BigInt(1))) + " (half " +
          (classes.size() == 1 ? std::string("the prime")
                               : "the product of the " + std::to_string(classes.size()) + " primes") +
          ") that has these residues; a true numerator outside that bound would not be recovered (add residues "
          "for more primes)";
  } else {
    bound = reconstruction_bound(combined.modulus);
    q = reconstruct(combined.residue, combined.modulus);
    if (!q)
      throw std::domain_error("no fraction with |numerator| and denominator <= " + message_text(bound) +
                              " has residue " + message_text(combined.residue) + " " + where +
                              " (the value may be larger: add residues for more primes)");
    why = "  the only fraction with |numerator| and denominator <= " + message_text(bound) + " that has residue " +
          message_text(combined.residue) + " " + where +
          "; a true value outside that bound would not be recovered (add residues for more primes)";
  }
  result res;
  res.question = "the fraction with residue " + message_text(combined.residue) + " " + where;
  res.show_question = false;
  res.add("fraction", to_string(*q), "", to_string(*q));
  json moduli = json::array();
  for (const residue_class& c : classes) moduli.push_back(static_cast<std::uint64_t>(c.modulus));
  res.add("moduli", std::move(moduli));
  res.add("residue", to_string(combined.residue));
  res.add("combined_modulus", to_string(combined.modulus));
  if (known) res.add("denominator", to_string(*known));
  res.add("bound", to_string(bound), "", why);
  return res;
}

struct primes_options {
  std::string count;
  std::string bits = "62";
};

void setup_primes(CLI::App& cmd, primes_options& o) {
  cmd.add_option("--count", o.count, "How many primes, 1 <= N <= 100000")->required();
  cmd.add_option("--bits", o.bits, "Primes below 2^B, 3 <= B <= 62 (default 62: moduli of the 64-bit residues)");
}

result run_primes(const primes_options& o) {
  const auto count = parse_integer<std::size_t>(o.count, "--count", 1, 100'000);
  const int bits = parse_integer<int>(o.bits, "--bits", 3, 62);
  const std::vector<std::uint64_t> primes = primes_below(count, bits);
  result res;
  res.question = "the " + count_of(count, "largest prime", "largest primes") + " below 2^" + std::to_string(bits);
  res.show_question = false;
  res.add("bits", bits);
  res.add("count", count);
  std::string text;
  for (const std::uint64_t q : primes) text += (text.empty() ? "" : "\n") + std::to_string(q);
  res.add("primes", primes, "", text);
  return res;
}

}  // namespace

void add_number_commands(command_list& list) {
  add_command<mod_options>(
      list, "mod", "Residue p*q^-1 mod P of an exact fraction (mod 1/16 -> 562500004); '0.1' is read as exactly 1/10",
      setup_mod, run_mod);
  add_command<mod_options>(list, "inv", "Modular inverse of an integer A mod P (inv 16 -> 562500004)", setup_inv,
                           run_inv);
  add_command<unmod_options>(list, "unmod",
                             "Rational reconstruction: the fraction with |numerator|, denominator <= "
                             "floor(sqrt(M/2)) that has the given residue(s); residues of one value for different "
                             "primes are combined by CRT (M = their product)",
                             setup_unmod, run_unmod);
  add_command<primes_options>(list, "primes",
                              "The N largest primes below 2^B, largest first, one a line: the moduli of residue runs "
                              "to combine with unmod (docs/scale.md)",
                              setup_primes, run_primes);
}

}  // namespace exactdp::tool
