//===- ControlDependences.h - every block's control dependences, in linear time -*- C++ -*-===//
//
// What clang::ControlDependencyCalculator answers (the iterated post-dominance frontier of one
// block, in the same order), without its cost: clang runs LLVM's IDFCalculator once per block
// asked, and each run walks the block's whole post-dominator subtree. On straight-line code the
// post-dominator tree is a chain, so asking every block of a kernel is quadratic: 12% of the
// analysis of a 2,000-block attention kernel (bench/README.md, Speed, session 21).
//
// Here each block's post-dominance frontier is built once, bottom-up over the post-dominator
// tree, in the order a fresh walk of its subtree would discover it (the block's own CFG
// predecessors, then its children's frontiers in the order the walk's stack visits them). A
// query then replays the IDFCalculator's priority queue over those frontiers instead of walking
// subtrees: same blocks, same order (ControlDependencesTest compares the two).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_ANALYSIS_CONTROLDEPENDENCES_H
#define DIVLINT_ANALYSIS_CONTROLDEPENDENCES_H

#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <vector>

namespace divlint {

class ControlDependences {
public:
  /// \p PostDom must be \p Cfg's post-dominator tree and outlive this object.
  ControlDependences(clang::CFG &Cfg, clang::CFGPostDomTree &PostDom);

  /// The blocks \p B is control dependent on, transitively (its iterated post-dominance
  /// frontier), as clang::ControlDependencyCalculator::getControlDependencies lists them.
  llvm::ArrayRef<clang::CFGBlock *> getControlDependencies(const clang::CFGBlock *B);

private:
  using Node = clang::DomTreeNode;
  /// Per block ID: the block, its post-dominator tree node's level and DFS number (no node:
  /// null, and a level no root reaches).
  std::vector<clang::CFGBlock *> Blocks;
  std::vector<unsigned> Level, DfsIn;
  /// Per block ID: its post-dominance frontier in discovery order (block IDs).
  std::vector<llvm::SmallVector<unsigned, 2>> Frontier;
  /// Per block ID: the answer, computed on first use.
  std::vector<std::optional<llvm::SmallVector<clang::CFGBlock *, 4>>> Answers;

  void buildFrontiers(clang::CFGPostDomTree &PostDom);
};

} // namespace divlint

#endif
