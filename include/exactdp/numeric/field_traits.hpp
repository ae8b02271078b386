// exactdp/numeric/field_traits.hpp: the declaration of field_traits<T>, the
// one place where a number type says what the recurrences and solvers need
// to know about it, and the vocabulary of its answers.
//
// A type takes part in the library only through a specialisation of
// field_traits (like Eigen's NumTraits or std::allocator_traits). Adding a
// number type means writing that one specialisation; no recurrence asks
// which type it runs on. The specialisations of the library's own types sit
// next to them: double in concepts.hpp, Rational and BigInt in rational.hpp,
// ModInt and DynModInt in modint.hpp, the 64-bit residues in modint64.hpp,
// the fixed-width counts in probability/count_first.hpp.
#pragma once

namespace exactdp {

/// How a recurrence that counts outcomes (a probability N/D with a known
/// denominator D = 8^moves, max_pts^k, 2·4^L, ...) runs over T.
enum class count_form {
  /// Count the outcomes with integers that grow (BigInt, on fixed-width
  /// limbs while they fit), build the fraction once at the end and convert
  /// it with from_rational: no gcd per step (Rational, BigInt).
  big_integers,
  /// Count in T itself and divide once at the end: exact values of one size,
  /// whose arithmetic never rounds (residues wrap modulo P, which is what a
  /// residue answer is; a checked integer throws on overflow).
  in_type,
  /// Counts would round or overflow: every step weighs its probability and
  /// the values stay in [0, 1] (double).
  weights,
};

/// The method a dense linear solve (markov/linear.hpp solve_dense) uses in T.
enum class linear_solver {
  none,         ///< T is not a field: no linear solve
  pivoting,     ///< Gaussian elimination with partial pivoting (double)
  residues32,   ///< elimination with delayed reduction on the 32-bit residues value() of a
                ///< modulus() below 2^31 (ModInt<P>, DynModInt)
  elimination,  ///< elimination in T on any nonzero pivot (exact fields: the 64-bit residues)
  flint,        ///< FLINT on integer systems (Rational)
};

/// Opt-in description of a number type T. A specialisation provides
///   static constexpr const char* name;         // "double", "rational", "mod", ...
///   static constexpr bool is_exact;            // arithmetic never rounds
///   static constexpr bool is_residue;          // values are residues modulo the prime
///                                              // T::modulus() (ModInt, DynModInt, the 64-bit ones)
///   static constexpr bool is_field;            // a / b is the field division
///   static constexpr bool fixed_size;          // every value has the same size (no heap)
///   static constexpr count_form counting;      // how counting recurrences run over T
///   static constexpr linear_solver solver;     // how a dense linear system is solved in T
/// and, for fields,
///   static T from_rational(const Rational& q); // q in T: exact, rounded or its residue;
///                                              // std::domain_error when q has no value in T
/// and may provide (otherwise the default in concepts.hpp applies)
///   static T power(const T& x, std::uint64_t e);  // x^e (default: repeated squaring)
///   static double approximate(const T& x);        // a double within relative error 2^-52 of x
///                                                 // (ordered types only; no default)
/// Types without a specialisation satisfy none of the concepts of
/// concepts.hpp.
template <class T>
struct field_traits;

}  // namespace exactdp
