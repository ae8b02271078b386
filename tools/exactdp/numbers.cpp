// The number utilities: mod (fraction -> residue), inv (modular inverse),
// unmod (residues -> fraction by rational reconstruction) (command.hpp).
#include "args.hpp"
#include "command.hpp"

namespace exactdp::tool {
namespace {

struct mod_options {
  std::string value;
  std::string modulus = "1000000007";
};

void setup_mod(CLI::App& cmd, mod_options& o) {
  cmd.add_option("FRACTION", o.value, "An exact number: 42, -3/7, 0.1, 1e-3, 1000000007/3000000021")->required();
  cmd.add_option("--modulus", o.modulus, "The prime P, 2 < P < 2^31 (default 1000000007)");
}

result run_mod(const mod_options& o) {
  const Rational q = parse_number(o.value, "FRACTION");
  const std::uint64_t p = read_modulus(o.modulus);
  const std::uint64_t r = to_residue(q, p);
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
  cmd.add_option("--modulus", o.modulus, "The prime P, 2 < P < 2^31 (default 1000000007)");
}

result run_inv(const mod_options& o) {
  const BigInt a = parse_integer(o.value, "A");
  const std::uint64_t p = read_modulus(o.modulus);
  if (to_residue(make_rational(a, BigInt(1)), p) == 0)
    throw std::domain_error(to_string(a) + " has no inverse modulo " + std::to_string(p) + ": it is a multiple of " +
                            std::to_string(p) + " (0 modulo " + std::to_string(p) + ")");
  const std::uint64_t r = to_residue(make_rational(BigInt(1), a), p);
  result res;
  res.question = "the inverse of " + to_string(a) + " modulo " + std::to_string(p);
  res.show_question = false;
  res.add("integer", to_string(a));
  res.add("inverse", r, "", std::to_string(r));
  res.add("modulus", p);
  return res;
}

struct unmod_options {
  std::vector<std::string> residues;
  std::string modulus = "1000000007";
};

void setup_unmod(CLI::App& cmd, unmod_options& o) {
  cmd.add_option("RESIDUE", o.residues,
                 "R or R@P: a residue R (any integer, reduced first) modulo the prime P (default --modulus); "
                 "several for different primes are combined")
      ->required();
  cmd.add_option("--modulus", o.modulus, "The prime for a bare R, 2 < P < 2^31 (default 1000000007)");
}

result run_unmod(const unmod_options& o) {
  const std::uint64_t p = read_modulus(o.modulus);
  std::vector<std::string> items;
  for (const std::string_view item : split_list(o.residues, "RESIDUE", 10000)) items.emplace_back(item);
  const std::vector<residue_class> classes = parse_residues(items, p);
  const residue_class combined = crt_combine(classes);
  const BigInt bound = reconstruction_bound(combined.modulus);
  const std::optional<Rational> q = reconstruct(combined.residue, combined.modulus);
  const std::string where = classes.size() == 1 ? "modulo " + to_string(combined.modulus)
                                                : "modulo the product " + to_string(combined.modulus) + " of " +
                                                      std::to_string(classes.size()) + " primes";
  if (!q)
    throw std::domain_error("no fraction with |numerator| and denominator <= " + to_string(bound) + " has residue " +
                            to_string(combined.residue) + " " + where +
                            " (the value may be larger: add residues for more primes)");
  result res;
  res.question = "the fraction with residue " + to_string(combined.residue) + " " + where;
  res.show_question = false;
  res.add("fraction", to_string(*q), "", to_string(*q));
  json moduli = json::array();
  for (const residue_class& c : classes) moduli.push_back(static_cast<std::uint64_t>(c.modulus));
  res.add("moduli", std::move(moduli));
  res.add("residue", to_string(combined.residue));
  res.add("combined_modulus", to_string(combined.modulus));
  res.add("bound", to_string(bound), "",
          "  the only fraction with |numerator| and denominator <= " + to_string(bound) + " that has residue " +
              to_string(combined.residue) + " " + where +
              "; a true value outside that bound would not be recovered (add residues for more primes)");
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
}

}  // namespace exactdp::tool
