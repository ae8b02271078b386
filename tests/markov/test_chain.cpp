// markov_chain<T>: the numeric image of a model, and from_rational.
#include "exactdp/markov/chain.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include "exactdp/numeric/numeric.hpp"

using namespace exactdp;

TEST_CASE("from_rational gives the same residues as to_residue", "[markov][chain]") {
  for (const char* text : {"1/6", "-3/7", "0", "1", "1000000007/3000000021", "123456789123456789/987654321"}) {
    const Rational q = parse_rational(text);
    CHECK(from_rational<Mod>(q).value() == to_residue(q, Mod::modulus()));
    CHECK(from_rational<double>(q) == to_double(q));
    CHECK(from_rational<Rational>(q) == q);
  }
  CHECK_THROWS_AS(from_rational<Mod>(parse_rational("1/1000000007")), std::domain_error);
  dyn_modulus_scope scope(7);
  CHECK(from_rational<DynModInt>(parse_rational("3/5")).value() == to_residue(parse_rational("3/5"), 7));
  CHECK_THROWS_WITH(from_rational<DynModInt>(parse_rational("1/14")), Catch::Contains("divisible by 7"));
}

TEST_CASE("a chain keeps the model's structure in compressed rows", "[markov][chain]") {
  markov_builder b("m");
  const auto a = b.state("a"), c = b.state("c"), z = b.state("z");
  b.transition(a, c, parse_rational("0.25"));
  b.transition(a, z, parse_rational("0.75"));
  b.transition(c, a, Rational(1));
  b.absorbing(z);
  b.reward(a, Rational(3));
  const markov_model m = b.build();
  const markov_chain<Mod> chain(m);
  CHECK(chain.size() == 3);
  CHECK(chain.name(1) == "c");
  CHECK(chain.source() == "m");
  CHECK(chain.is_absorbing(z));
  CHECK(!chain.is_absorbing(a));
  CHECK(chain.row_begin() == std::vector<std::size_t>{0, 2, 3, 3});
  CHECK(chain.targets() == std::vector<std::size_t>{c, z, a});
  CHECK(chain.probabilities()[0] == from_rational<Mod>(ratio<Rational>(1, 4)));
  CHECK(chain.reward(a) == Mod(3));
  CHECK(chain.reward(c) == Mod(0));  // rewards given: the others are 0
}
