// exactdp/markov/lump.hpp: exact lumping of a Markov chain, the quotient by
// its coarsest probabilistic bisimulation (ordinary lumpability) that
// refines a given partition of the states.
//
// A partition of the states is an ordinary lumping when every two states of
// a block have the same total probability into every block. The quotient
// chain then has one state per block, its probability from block B into
// block C being that of any state of B into C, and the walk on the quotient
// is the image of the walk on the chain. When the initial partition keeps
// apart what a question tells apart (its target, the absorbing states, the
// rewards), every state's answer equals its block's on the quotient: the
// question is solved on the quotient and the value mapped back.
//
// The refinement is by signatures: a round gives each state the list of
// (block, summed exact probability) of its transitions, sorted by block, and
// splits every block by it; the partition is stable when a round splits
// nothing. Each round costs O(m log m) exact comparisons and additions (n
// states, m transitions); the rounds are at most n, and few in practice
// (the longest chain of distinctions; 6 on Herman's ring of 13 processes).
// This is the iteration of Derisavi, Hermanns and Sanders's splitter
// refinement without their splay trees, whose bound is O(m log n).
// Source: Derisavi, Hermanns, Sanders, "Optimal state-space lumping in
// Markov chains", Information Processing Letters 87(6), 2003; Kemeny and
// Snell, "Finite Markov Chains" (lumpability). Status: tested on random
// chains (every state's value against its block's, in expected steps with
// rewards, reach and absorption probabilities, k-step questions) and on
// Herman's ring (tests/markov/test_lump.cpp), and through the tool's --lump.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "exactdp/markov/model.hpp"

namespace exactdp {

/// A partition of a chain's states into blocks.
struct markov_lumping {
  /// block[s] in [0, block_count()): the block of state s. Blocks are
  /// numbered in the order of their smallest state (state 0 is in block 0).
  std::vector<std::size_t> block;
  /// first[b]: the smallest state of block b (increasing in b).
  std::vector<std::size_t> first;
  /// The refinement rounds run, the last one splitting nothing.
  std::size_t rounds = 0;
  std::size_t block_count() const { return first.size(); }
};

/// The initial partition of a question: two states share a class when they
/// are both in `target` or both out of it (no target: not used), both
/// absorbing or both not, and have equal rewards; with `absorbing_apart`
/// every absorbing state is a class of its own (for a question whose answer
/// names each absorbing state). Returns the class of each state, numbered
/// from 0 in the order of their smallest state.
/// Errors: std::invalid_argument for a target state >= model.size().
/// Cost: O(n log n) comparisons of rewards, O(n) memory.
/// Example: for a chain where a and b step to c with probability 1 and c is
/// absorbing, lumping_classes(m, std::nullopt, false) == {0, 0, 1}.
std::vector<std::size_t> lumping_classes(const markov_model& model,
                                         const std::optional<std::vector<std::size_t>>& target, bool absorbing_apart);

/// The coarsest ordinary lumping (probabilistic bisimulation) of `model`
/// that refines the partition `initial` (initial[s]: any class number of
/// state s; states with equal numbers start in one block). Every two states
/// of a returned block have exactly equal total probability into every
/// block, and no coarser partition inside `initial` has that property.
/// Errors: std::invalid_argument when initial.size() != model.size();
/// resource_error (before the first round) when one round's signatures pass
/// the state budget or its estimated work the work budget, and between
/// rounds when the rounds done and the next pass the work budget.
/// Polls poll_interrupt() every 4096 states and once a round.
/// Cost: O(rounds · m log m) exact comparisons and additions, rounds <= n;
/// memory O(n + m) values.
/// Source: Derisavi, Hermanns and Sanders, IPL 87(6) 2003 (the file comment).
/// Example: in the chain of lumping_classes's example with a also stepping
/// to b with 1/2 and to c with 1/2, a is split from b (2 rounds, 3 blocks).
markov_lumping coarsest_lumping(const markov_model& model, std::span<const std::size_t> initial);

/// The quotient of a chain by a lumping.
struct markov_quotient {
  /// One state per block, block b being state b, named after the block's
  /// first state, with its reward, absorbing when its states are, and the
  /// summed probabilities of its first state's transitions by block. A
  /// block that is closed but not absorbing (its states only move among
  /// themselves) would be a self-loop of probability 1, which a chain reads
  /// as absorbing: it is written instead as a cycle of two states, the
  /// block and a twin after the blocks (named with a '~' added, the same
  /// reward), so that the walk stays there without being absorbed. Labels
  /// that are unions of blocks are kept (others dropped); the start is the
  /// start's block.
  markov_model model;
  /// block_of[q]: the block that quotient state q stands for (q itself for
  /// q < block_count(), the closed block for a twin).
  std::vector<std::size_t> block_of;
};

/// The quotient of `model` by `lumping` (which must be an ordinary lumping
/// of it, as coarsest_lumping returns; the sums of each block's first state
/// are taken without checking the others). Errors: std::invalid_argument
/// when lumping.block does not have model.size() entries or names a block
/// out of range; resource_error past the state budget.
/// Cost: O(n + m log m) exact additions.
/// Example: the quotient of the chain of lumping_classes's example by its
/// coarsest lumping has 2 states, "a" stepping to "c" with probability 1.
markov_quotient lumped_model(const markov_model& model, const markov_lumping& lumping);

/// The quotient states that stand for the blocks of the given states (of
/// `model`), sorted: the image of a target or of a set of states the
/// initial partition kept apart. Errors: std::invalid_argument for a state
/// >= lumping.block.size(). Cost: O(k + q log q) for k states and q quotient states.
std::vector<std::size_t> lumped_states(const markov_quotient& quotient, const markov_lumping& lumping,
                                       std::span<const std::size_t> states);

}  // namespace exactdp
