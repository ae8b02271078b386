// api/systems.hpp: run_in and run_residue pick the type of each number
// system (exact, double, residues of both widths, int64), set the modulus for
// the run only, check it before any work, and give the residue of the exact
// value; field_traits<T>::is_residue tells the residue types apart.
#include "exactdp/api/systems.hpp"  // first: the header stands alone

#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "exactdp/numeric/convert.hpp"
#include "exactdp/numeric/format.hpp"
#include "exactdp/numeric/modint64.hpp"
#include "exactdp/probability/knight.hpp"

using namespace exactdp;
using Catch::Contains;
using Catch::Equals;

namespace {

constexpr std::uint64_t mersenne61 = (std::uint64_t{1} << 61) - 1;  // a prime above 2^31

// The name of the type run_in chose, and the modulus in force during the run.
struct ran_in {
  std::string type;
  std::uint64_t modulus = 0;
};

template <api::residue_width Width = api::residue_width::wide, bool Int64 = false>
ran_in which(const api::number_system& s) {
  return api::run_in<Rational, Width, Int64>(s, []<class T>(std::type_identity<T>) -> ran_in {
    if constexpr (std::is_same_v<T, Rational>) return {"rational", 0};
    if constexpr (std::is_same_v<T, double>) return {"double", 0};
    if constexpr (std::is_same_v<T, DynModInt>) return {"DynModInt", DynModInt::modulus()};
    if constexpr (std::is_same_v<T, DynModInt64>) return {"DynModInt64", DynModInt64::modulus()};
    if constexpr (std::is_same_v<T, std::int64_t>) return {"int64", 0};
    return {"?", 0};
  });
}

}  // namespace

static_assert(field_traits<Mod>::is_residue && field_traits<DynModInt>::is_residue);
static_assert(field_traits<DynModInt64>::is_residue && field_traits<ModInt64<mersenne61>>::is_residue);
static_assert(!field_traits<double>::is_residue && !field_traits<Rational>::is_residue &&
              !field_traits<BigInt>::is_residue);
static_assert(api::number_system::residue(7) == api::number_system{api::system_kind::residue, 7});
static_assert(api::modulus_limit(api::residue_width::narrow) == std::uint64_t{1} << 31);
static_assert(api::modulus_limit(api::residue_width::wide) == modulus64_limit);

TEST_CASE("run_in: each number system runs in its type, a residue with its modulus set", "[api][systems]") {
  CHECK(which(api::number_system::exact()).type == "rational");
  CHECK(which(api::number_system::approx()).type == "double");
  const ran_in small = which(api::number_system::residue(998'244'353));
  CHECK(small.type == "DynModInt");
  CHECK(small.modulus == 998'244'353);
  const ran_in wide = which(api::number_system::residue(mersenne61));
  CHECK(wide.type == "DynModInt64");
  CHECK(wide.modulus == mersenne61);
  CHECK(which(api::number_system::residue(api::default_modulus)).modulus == 1'000'000'007);
  CHECK(which<api::residue_width::wide, true>(api::number_system::int64()).type == "int64");
  // The thread's moduli are the defaults again after each run.
  CHECK(DynModInt::modulus() == 1'000'000'007);
  CHECK(DynModInt64::modulus() == 4'611'686'018'427'387'847);
}

TEST_CASE("run_in: the modulus is checked before the solver runs", "[api][systems][errors]") {
  int runs = 0;
  auto count = [&runs](auto) {
    ++runs;
    return 0;
  };
  CHECK_THROWS_WITH((api::run_in<Rational, api::residue_width::narrow>(api::number_system::residue(mersenne61), count)),
                    Equals("the modulus must be a prime P with 2 < P < 2^31 = 2147483648 (this solver computes in "
                           "32-bit residues), not '2305843009213693951'"));
  CHECK_THROWS_WITH(api::run_in(api::number_system::residue(15), count), Contains("modulus 15 is not prime"));
  CHECK_THROWS_WITH(api::run_in(api::number_system::residue(2), count),
                    Equals("the modulus must be a prime P with 2 < P < 2^62 = 4611686018427387904, not '2'"));
  CHECK_THROWS_WITH(api::run_in(api::number_system::residue(std::uint64_t{1} << 62), count),
                    Contains("2 < P < 2^62 = 4611686018427387904, not '4611686018427387904'"));
  CHECK_THROWS_WITH(api::run_in(api::number_system::int64(), count),
                    Equals("this question has no 64-bit integer answer"));
  CHECK(runs == 0);
  CHECK_NOTHROW(api::check_residue_modulus(2'147'483'647, api::residue_width::narrow));  // 2^31 - 1
}

TEST_CASE("run_in: a remembered modulus is checked as a new one is", "[api][systems][errors]") {
  // check_residue_modulus remembers the last prime it passed (and knows the
  // default): the next check of another value, or of that prime at another
  // width, still refuses what it must.
  auto modulus = [](auto t) { return static_cast<std::uint64_t>(decltype(t)::type::modulus()); };
  CHECK(api::run_residue(mersenne61, modulus) == mersenne61);
  CHECK(api::run_residue(mersenne61, modulus) == mersenne61);
  CHECK_THROWS_WITH((api::run_residue<api::residue_width::narrow>(mersenne61, modulus)),
                    Equals("the modulus must be a prime P with 2 < P < 2^31 = 2147483648 (this solver computes in "
                           "32-bit residues), not '2305843009213693951'"));
  CHECK_THROWS_WITH(api::run_residue(mersenne61 + 2, modulus), Contains("is not prime"));
  CHECK_THROWS_WITH(api::run_residue(15, modulus), Contains("modulus 15 is not prime"));
  for (const std::uint64_t p : {std::uint64_t{998'244'353}, api::default_modulus, std::uint64_t{998'244'353},
                                std::uint64_t{4'611'686'018'427'387'847}, mersenne61, api::default_modulus}) {
    INFO("modulus " << p);
    CHECK(api::run_residue(p, modulus) == p);
    CHECK_THROWS_AS(api::run_residue(p * 3, modulus), std::invalid_argument);  // not prime, or above 2^62
  }
  // The default moduli run without a scope of their own; a scope set by
  // the caller is the one in force, and is kept.
  {
    dyn_modulus_scope scope(7);
    CHECK(api::run_residue(7, modulus) == 7);
    CHECK(api::run_residue(api::default_modulus, modulus) == api::default_modulus);
    CHECK(DynModInt::modulus() == 7);
  }
  CHECK(DynModInt::modulus() == 1'000'000'007);
  CHECK(DynModInt64::modulus() == 4'611'686'018'427'387'847);
}

TEST_CASE("run_in: the residue run of a recurrence is the exact value's residue, for both widths", "[api][systems]") {
  auto knight = []<class T>(std::type_identity<T>) { return knight_probability<T>(5, 4, 1, 2); };
  const Rational exact = knight(std::type_identity<Rational>{});
  for (const std::uint64_t p : {std::uint64_t{7}, std::uint64_t{1'000'000'007}, std::uint64_t{2'147'483'647},
                                mersenne61, std::uint64_t{4'611'686'018'427'387'847}}) {
    INFO("modulus " << p);
    const std::uint64_t residue =
        api::run_residue(p, [&](auto t) { return static_cast<std::uint64_t>(knight(t).value()); });
    CHECK(residue == to_residue64(exact, p));
  }
}

TEST_CASE("run_in: what the solver throws passes through, and the modulus is restored", "[api][systems][errors]") {
  auto divide_by_seven = [](auto t) {
    using T = typename decltype(t)::type;
    return static_cast<std::uint64_t>((T(1) / T(7)).value());
  };
  CHECK_THROWS_AS(api::run_residue(7, divide_by_seven), std::domain_error);
  CHECK(DynModInt::modulus() == 1'000'000'007);
  CHECK(api::run_residue(11, divide_by_seven) == 8);  // 7 * 8 = 56 = 1 mod 11
}

TEST_CASE("run_in: docs/library.md's example gives the three answers as text", "[api][systems]") {
  auto knight_in = [](const api::number_system& system) {
    return api::run_in(system, []<class T>(std::type_identity<T>) {
      const T v = knight_probability<T>(8, 30, 0, 0);
      if constexpr (field_traits<T>::is_residue)
        return std::to_string(v.value());
      else if constexpr (std::is_same_v<T, double>)
        return format_shortest(v);
      else
        return to_string(v);
    });
  };
  const Rational exact = knight_probability<Rational>(8, 30, 0, 0);
  CHECK(knight_in(api::number_system::exact()) == to_string(exact));
  CHECK(knight_in(api::number_system::residue(998'244'353)) == std::to_string(to_residue(exact, 998'244'353)));
  CHECK(std::stod(knight_in(api::number_system::approx())) == Approx(to_double(exact)).epsilon(1e-12));
}
