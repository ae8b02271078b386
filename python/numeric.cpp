// python/numeric.cpp: the conversions between the number systems, and the
// check of a whole table of doubles against exact values in one call.
#include <pybind11/numpy.h>

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
    const BigInt modulus = moduli.is_none() ? BigInt(default_modulus) : to_bigint(moduli);
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

// Ulps from the correctly rounded double and the relative error of one
// double against one exact value (NaN ulps for a non-finite double; relative
// error inf when the exact value is 0 and the double is not).
void measure(double value, const Rational& exact, double& ulps, double& relative) {
  if (!std::isfinite(value)) {
    ulps = relative = std::numeric_limits<double>::quiet_NaN();
    return;
  }
  const std::optional<std::uint64_t> u = ulp_distance(value, to_double(exact));
  ulps = u ? static_cast<double>(*u) : std::numeric_limits<double>::quiet_NaN();
  if (exact == 0) {
    relative = value == 0 ? 0.0 : std::numeric_limits<double>::infinity();
    return;
  }
  // Exactly (a double would overflow for a tiny exact value), rounded once.
  const Rational diff = exactdp::to_rational(value) - exact;
  relative = to_double(Rational(abs(diff / exact)));
}

}  // namespace

void bind_numeric(py::module_& m) {
  m.def(
      "to_residue",
      [](py::handle q, const std::optional<std::uint64_t>& modulus) {
        const Rational exact = to_rational(q);
        const std::uint64_t p = modulus.value_or(default_modulus);
        return to_residue64(exact, p);
      },
      py::arg("value"), py::arg("modulus") = py::none(),
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
                                  to_string(reconstruction_bound(c.modulus)) +
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
        std::vector<Rational> exacts;
        exacts.reserve(n);
        for (py::handle e : exact) exacts.push_back(to_rational(e));
        py::array_t<double> ulps(static_cast<py::ssize_t>(n)), relative(static_cast<py::ssize_t>(n));
        const double* v = values.data();
        double* u = ulps.mutable_data();
        double* r = relative.mutable_data();
        released([&] {
          for (std::size_t i = 0; i < n; ++i) measure(v[i], exacts[i], u[i], r[i]);
        });
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
