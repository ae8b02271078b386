// Number utilities: mod (fraction -> residue), inv (modular inverse), unmod
// (residues -> fraction by rational reconstruction).
#include <iostream>
#include <memory>

#include "command.hpp"

namespace exactdp::tool {
namespace {

struct mod_options {
  std::string fraction;
  std::uint64_t modulus = 1'000'000'007;
  bool json = false;
};

void setup_mod(CLI::App& app) {
  auto opts = std::make_shared<mod_options>();
  CLI::App* cmd = app.add_subcommand(
      "mod", "Residue p*q^-1 mod P of an exact fraction (mod 1/16 -> 562500004); '0.1' is read as exactly 1/10");
  cmd->add_option("FRACTION", opts->fraction, "An exact number: 42, -3/7, 0.1, 1e-3, 1000000007/3000000021")
      ->required();
  add_modulus_option(*cmd, opts->modulus);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts] {
    const Rational q = parse_rational(opts->fraction);
    const std::uint32_t r = to_residue(q, opts->modulus);
    if (opts->json)
      std::cout << "{\"fraction\":" << json_escape(to_string(q)) << ",\"mod\":" << r << ",\"modulus\":" << opts->modulus
                << "}\n";
    else
      std::cout << r << '\n';
  });
}

void setup_inv(CLI::App& app) {
  auto opts = std::make_shared<mod_options>();
  CLI::App* cmd = app.add_subcommand("inv", "Modular inverse of an integer A mod P (inv 16 -> 562500004)");
  cmd->add_option("A", opts->fraction, "An integer of any size and sign")->required();
  add_modulus_option(*cmd, opts->modulus);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts] {
    const BigInt a = parse_bigint(opts->fraction);
    if (to_residue(make_rational(a, BigInt(1)), opts->modulus) == 0)
      throw std::domain_error(to_string(a) + " is 0 modulo " + std::to_string(opts->modulus) + " and has no inverse");
    const std::uint32_t r = to_residue(make_rational(BigInt(1), a), opts->modulus);
    if (opts->json)
      std::cout << "{\"value\":" << json_escape(to_string(a)) << ",\"inverse\":" << r
                << ",\"modulus\":" << opts->modulus << "}\n";
    else
      std::cout << r << '\n';
  });
}

struct unmod_options {
  std::vector<std::string> residues;
  std::uint64_t modulus = 1'000'000'007;
  bool json = false;
};

void setup_unmod(CLI::App& app) {
  auto opts = std::make_shared<unmod_options>();
  CLI::App* cmd = app.add_subcommand(
      "unmod",
      "Rational reconstruction: the fraction with |numerator|, denominator <= floor(sqrt(M/2)) that has the given "
      "residue(s); several residues of one value for different primes are combined by CRT (M = their product)");
  cmd->add_option("RESIDUE", opts->residues,
                  "R or R@P: a residue R (any integer, reduced first) modulo the prime P (default --modulus)")
      ->required();
  add_modulus_option(*cmd, opts->modulus);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts] {
    const std::vector<residue_class> classes = parse_residues(opts->residues, opts->modulus);
    const residue_class combined = crt_combine(classes);
    const BigInt bound = reconstruction_bound(combined.modulus);
    const std::optional<Rational> q = reconstruct(combined.residue, combined.modulus);
    const std::string where = classes.size() == 1 ? "modulo " + to_string(combined.modulus)
                                                  : "modulo the product " + to_string(combined.modulus) + " of " +
                                                        std::to_string(classes.size()) + " moduli";
    if (opts->json) {
      std::cout << "{\"fraction\":" << (q ? json_escape(to_string(*q)) : "null")
                << ",\"residue\":" << json_escape(to_string(combined.residue))
                << ",\"modulus\":" << json_escape(to_string(combined.modulus))
                << ",\"bound\":" << json_escape(to_string(bound)) << "}\n";
    } else if (q) {
      std::cout << to_string(*q) << '\n'
                << "  the only fraction with |numerator| and denominator <= " << to_string(bound)
                << " that has residue " << to_string(combined.residue) << " " << where
                << "; a true value outside that bound would not be recovered (add residues for more primes)\n";
    }
    if (!q)
      throw std::domain_error("no fraction with |numerator| and denominator <= " + to_string(bound) + " has residue " +
                              to_string(combined.residue) + " " + where +
                              " (the value may be larger: add residues for more primes)");
  });
}

void setup(CLI::App& app) {
  setup_mod(app);
  setup_inv(app);
  setup_unmod(app);
}

}  // namespace

EXACTDP_REGISTER_COMMANDS(90, setup);

}  // namespace exactdp::tool
