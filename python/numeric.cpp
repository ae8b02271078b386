// python/numeric.cpp: the conversions between the number systems, and the
// check of a whole table of doubles against exact values in one call.
#include <gmp.h>
#include <pybind11/numpy.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "exactdp/numeric/convert.hpp"

namespace exactdp::python {

namespace {

// The residue classes of reconstruct's arguments: one residue (with the
// default modulus or the given one), a list of (residue, modulus) pairs, or
// a list of residues with a list of moduli.
std::vector<residue_class> read_classes(py::handle residues, py::handle moduli) {
  std::vector<residue_class> classes;
  if (PyLong_Check(residues.ptr()) || py::hasattr(residues, "__index__")) {
    const BigInt modulus = moduli.is_none() ? BigInt(api::default_modulus) : to_bigint(moduli);
    classes.push_back({to_bigint(residues), modulus});
    return classes;
  }
  const auto items = py::reinterpret_borrow<py::sequence>(residues);
  if (moduli.is_none()) {
    for (py::handle item : items) {
      const auto pair = py::reinterpret_borrow<py::sequence>(item);
      if (pair.size() != 2) throw std::invalid_argument("reconstruct: each item must be a (residue, modulus) pair");
      classes.push_back({to_bigint(pair[0]), to_bigint(pair[1])});
    }
  } else {
    const auto mods = py::reinterpret_borrow<py::sequence>(moduli);
    if (mods.size() != items.size())
      throw std::invalid_argument("reconstruct: " + std::to_string(items.size()) + " residues but " +
                                  std::to_string(mods.size()) + " moduli");
    for (std::size_t i = 0; i < items.size(); ++i) classes.push_back({to_bigint(items[i]), to_bigint(mods[i])});
  }
  if (classes.empty()) throw std::invalid_argument("reconstruct: no residues");
  return classes;
}

// The quotient a/b of two positive integers rounded to the nearest double,
// ties to even, when it is a normal double; nullopt otherwise (subnormal or
// overflow: the caller asks the library's to_double, which handles those).
// One integer division with 55 or 56 quotient bits and the remainder as a
// sticky bit: the value is (Q + f)·2^-k with 0 <= f < 1, f > 0 iff the
// remainder is nonzero, so the bits dropped from Q plus f are above, at or
// below half an ulp exactly when the test below says so. The temporaries are
// the caller's, so a loop allocates nothing.
struct quotient_space {
  mpz_t q, r, t;
  quotient_space() { mpz_inits(q, r, t, nullptr); }
  ~quotient_space() { mpz_clears(q, r, t, nullptr); }
  quotient_space(const quotient_space&) = delete;
  quotient_space& operator=(const quotient_space&) = delete;
};

std::optional<double> rounded_quotient(mpz_srcptr a, mpz_srcptr b, quotient_space& w) {
  const auto la = static_cast<long>(mpz_sizeinbase(a, 2)), lb = static_cast<long>(mpz_sizeinbase(b, 2));
  const long k = 55 + lb - la;  // a·2^k/b is in [2^54, 2^56)
  if (k >= 0) {
    mpz_mul_2exp(w.t, a, static_cast<mp_bitcnt_t>(k));
    mpz_tdiv_qr(w.q, w.r, w.t, b);
  } else {
    mpz_mul_2exp(w.t, b, static_cast<mp_bitcnt_t>(-k));
    mpz_tdiv_qr(w.q, w.r, a, w.t);
  }
  const bool sticky = mpz_sgn(w.r) != 0;
  const std::uint64_t quotient = mpz_get_ui(w.q);                  // < 2^56
  const int drop = static_cast<int>(mpz_sizeinbase(w.q, 2)) - 53;  // 2 or 3
  std::uint64_t mantissa = quotient >> drop;
  const std::uint64_t rest = quotient & ((std::uint64_t{1} << drop) - 1), half = std::uint64_t{1} << (drop - 1);
  if (rest > half || (rest == half && (sticky || (mantissa & 1)))) ++mantissa;  // 2^53 is still exact
  const long exponent = drop - k;                                               // the value is mantissa·2^exponent
  if (exponent < -1074 || exponent > 1023 - 52) return std::nullopt;
  return std::ldexp(static_cast<double>(mantissa), static_cast<int>(exponent));
}

// What check() computes per value, with its temporaries kept between values.
class measurer {
 public:
  measurer() { mpz_inits(m_, a_, b_, u_, nullptr); }
  ~measurer() { mpz_clears(m_, a_, b_, u_, nullptr); }
  measurer(const measurer&) = delete;
  measurer& operator=(const measurer&) = delete;

  // The exact value rounded to the nearest double (as exactdp::to_double).
  double rounded(const Rational& exact) {
    mpq_srcptr q = exact.backend().data();
    if (mpz_sgn(mpq_numref(q)) == 0) return 0.0;
    mpz_abs(u_, mpq_numref(q));
    const std::optional<double> d = rounded_quotient(u_, mpq_denref(q), w_);
    if (!d) return exactdp::to_double(exact);
    return mpz_sgn(mpq_numref(q)) < 0 ? -*d : *d;
  }

  // Ulps from the correctly rounded double and the relative error of one
  // double against one exact value (NaN for a non-finite double; relative
  // error inf when the exact value is 0 and the double is not). The
  // relative error |v - N/D| / |N/D| = |v·D - N| / |N| is computed in
  // integers (v = m·2^e exactly) and rounded once.
  void measure(double value, const Rational& exact, double& ulps, double& relative) {
    if (!std::isfinite(value)) {
      ulps = relative = std::numeric_limits<double>::quiet_NaN();
      return;
    }
    const std::optional<std::uint64_t> u = ulp_distance(value, rounded(exact));
    ulps = u ? static_cast<double>(*u) : std::numeric_limits<double>::quiet_NaN();
    mpq_srcptr q = exact.backend().data();
    if (mpz_sgn(mpq_numref(q)) == 0) {
      relative = value == 0 ? 0.0 : std::numeric_limits<double>::infinity();
      return;
    }
    int e = 0;
    const double f = std::frexp(value, &e);  // value = f·2^e, |f| in [0.5, 1)
    mpz_set_si(m_, static_cast<long>(std::ldexp(f, 53)));
    e -= 53;  // value = m·2^e exactly
    mpz_mul(a_, m_, mpq_denref(q));
    mpz_set(u_, mpq_numref(q));
    if (e >= 0)
      mpz_mul_2exp(a_, a_, static_cast<mp_bitcnt_t>(e));
    else
      mpz_mul_2exp(u_, u_, static_cast<mp_bitcnt_t>(-e));
    mpz_sub(a_, a_, u_);
    mpz_abs(a_, a_);
    if (mpz_sgn(a_) == 0) {
      relative = 0.0;
      return;
    }
    mpz_abs(b_, u_);  // |N|·2^-e when e < 0, else |N|
    const std::optional<double> r = rounded_quotient(a_, b_, w_);
    if (r) {
      relative = *r;
    } else {
      Rational ratio;
      mpq_set_num(ratio.backend().data(), a_);
      mpq_set_den(ratio.backend().data(), b_);
      mpq_canonicalize(ratio.backend().data());
      relative = exactdp::to_double(ratio);
    }
  }

 private:
  mpz_t m_, a_, b_, u_;
  quotient_space w_;
};

}  // namespace

void bind_numeric(py::module_& m) {
  m.def(
      "to_residue",
      [](py::handle q, const modulus_arg& modulus) {
        const Rational exact = to_rational(q);
        const std::uint64_t p = modulus_value(modulus).value_or(api::default_modulus);
        return to_residue64(exact, p);
      },
      py::arg("value"), py::arg("modulus").noconvert() = py::none(),
      "The residue of a Fraction (or int) modulo the prime `modulus` (2 < modulus < 2^62, default 1000000007): "
      "numerator times the inverse of the denominator, in [0, modulus). Raises exactdp.DomainError when the "
      "modulus divides the denominator, ValueError for a modulus out of range or not prime.");
  m.def(
      "reconstruct",
      [](py::handle residues, py::handle moduli) {
        const std::vector<residue_class> classes = read_classes(residues, moduli);
        const residue_class c = classes.size() == 1 ? classes[0] : crt_combine(classes);
        const std::optional<Rational> q = exactdp::reconstruct(c.residue, c.modulus);
        if (!q)
          throw std::domain_error("no fraction with numerator and denominator at most " +
                                  message_text(reconstruction_bound(c.modulus)) +
                                  " has this residue: combine residues modulo more primes");
        return to_fraction(*q);
      },
      py::arg("residues"), py::arg("moduli") = py::none(),
      "The fraction n/d with |n|, d <= sqrt(M/2) whose residue modulo M is the given one (rational "
      "reconstruction, Wang 1981). reconstruct(r) uses M = 1000000007; reconstruct(r, p) the modulus p; "
      "reconstruct([(r1, p1), (r2, p2), ...]) or reconstruct([r1, r2, ...], [p1, p2, ...]) first combines "
      "residues modulo pairwise coprime moduli by the Chinese remainder theorem, so that M is their product. "
      "Raises exactdp.DomainError when no such fraction exists, ValueError for moduli below 2 or sharing a "
      "factor.");
  m.def(
      "to_double", [](py::handle q) { return exactdp::to_double(to_rational(q)); }, py::arg("value"),
      "A Fraction (or int) rounded to the nearest float, ties to even, with subnormals, underflow to 0 and "
      "overflow to inf (float(Fraction) agrees; this one is computed by MPFR in one rounding).");
  m.def(
      "to_fraction", [](double d) { return to_fraction(exactdp::to_rational(d)); }, py::arg("value"),
      "The exact value of a finite float as a Fraction (as Fraction(x)). Raises ValueError for inf and nan.");
  m.def(
      "ulp_distance",
      [](double value, py::handle exact) -> std::optional<std::uint64_t> {
        if (!std::isfinite(value)) return std::nullopt;
        return exactdp::ulp_distance(value, exactdp::to_double(to_rational(exact)));
      },
      py::arg("value"), py::arg("exact"),
      "Distance in units in the last place between the float `value` and the correctly rounded double of the "
      "exact value (a Fraction or int): 0 when `value` is correctly rounded. None when value is inf or nan, or "
      "the exact value overflows double.");
  m.def(
      "check",
      [](const py::array_t<double, py::array::c_style | py::array::forcecast>& values, const py::sequence& exact) {
        const auto n = static_cast<std::size_t>(values.size());
        if (values.ndim() != 1) throw std::invalid_argument("check: values must be a one-dimensional array");
        if (exact.size() != n)
          throw std::invalid_argument("check: " + std::to_string(n) + " values but " + std::to_string(exact.size()) +
                                      " exact values");
        py::array_t<double> ulps(static_cast<py::ssize_t>(n)), relative(static_cast<py::ssize_t>(n));
        const double* v = values.data();
        double* u = ulps.mutable_data();
        double* r = relative.mutable_data();
        // In blocks: the exact values of a block are read with the GIL (into
        // the same Rationals, reusing their limbs), then measured without it.
        constexpr std::size_t block = 4096;
        std::vector<Rational> exacts(std::min(n, block));
        measurer measure;
        const py::sequence items = exact;
        for (std::size_t start = 0; start < n; start += block) {
          const std::size_t end = std::min(n, start + block);
          for (std::size_t i = start; i < end; ++i) read_rational(items[i], exacts[i - start]);
          released([&] {
            for (std::size_t i = start; i < end; ++i) measure.measure(v[i], exacts[i - start], u[i], r[i]);
          });
        }
        return py::make_tuple(ulps, relative);
      },
      py::arg("values"), py::arg("exact"),
      "Checks a table of floats against exact values in one call: values is a one-dimensional array of float64 "
      "(anything numpy.asarray accepts), exact a sequence of the same length of Fractions or ints. Returns "
      "(ulps, relative): two float64 arrays, ulps from the correctly rounded double (0: correctly rounded; nan "
      "for a non-finite value) and the relative error |value - exact| / |exact| (rounded once; inf when exact "
      "is 0 and the value is not). Cost: a few GMP operations per value, with the GIL released.");
}

}  // namespace exactdp::python
