//===- ControlDependences.cpp - every block's control dependences, in linear time ---===//

#include "divlint/Analysis/ControlDependences.h"

#include "llvm/ADT/BitVector.h"
#include <climits>
#include <queue>
#include <utility>

using namespace clang;

namespace divlint {

ControlDependences::ControlDependences(CFG &Cfg, CFGPostDomTree &PostDom) {
  // The query orders its queue by DFS numbers, as LLVM's IDFCalculator does.
  PostDom.getBase().updateDFSNumbers();
  unsigned N = Cfg.getNumBlockIDs();
  Blocks.assign(N, nullptr);
  Level.assign(N, UINT_MAX);
  DfsIn.assign(N, 0);
  for (CFGBlock *B : Cfg) {
    Blocks[B->getBlockID()] = B;
    if (const DomTreeNode *Node = PostDom.getBase().getNode(B)) {
      Level[B->getBlockID()] = Node->getLevel();
      DfsIn[B->getBlockID()] = Node->getDFSNumIn();
    }
  }
  Frontier.resize(N);
  Answers.resize(N);
  buildFrontiers(PostDom);
}

void ControlDependences::buildFrontiers(CFGPostDomTree &PostDom) {
  // Children before parents (an explicit stack: post-dominator chains are as long as a
  // kernel's straight-line code).
  std::vector<Node *> Order;
  std::vector<std::pair<Node *, bool>> Stack{{PostDom.getBase().getRootNode(), false}};
  while (!Stack.empty()) {
    auto [N, Expanded] = Stack.back();
    Stack.pop_back();
    if (!N)
      continue;
    if (Expanded) {
      Order.push_back(N);
      continue;
    }
    Stack.push_back({N, true});
    for (Node *Child : *N)
      Stack.push_back({Child, false});
  }
  llvm::BitVector Seen(Blocks.size());
  for (Node *N : Order) {
    const CFGBlock *B = N->getBlock();
    if (!B) // the virtual root of a post-dominator tree
      continue;
    unsigned Mine = N->getLevel();
    llvm::SmallVector<unsigned, 2> &Out = Frontier[B->getBlockID()];
    // A fresh walk of B's subtree keeps the first sighting of each block no deeper than B.
    auto Add = [&](unsigned Id) {
      if (Level[Id] <= Mine && !Seen.test(Id)) {
        Seen.set(Id);
        Out.push_back(Id);
      }
    };
    // The walk looks at B's own CFG predecessors first (the reverse graph's successors;
    // pruned edges are null), then pops B's children from its stack, last pushed first.
    for (const CFGBlock::AdjacentBlock &P : B->preds())
      if (const CFGBlock *Pred = P.getReachableBlock())
        Add(Pred->getBlockID());
    for (auto It = N->end(); It != N->begin();) {
      const Node *Child = *--It;
      if (const CFGBlock *C = Child->getBlock())
        for (unsigned Id : Frontier[C->getBlockID()])
          Add(Id);
    }
    for (unsigned Id : Out)
      Seen.reset(Id);
  }
}

llvm::ArrayRef<CFGBlock *> ControlDependences::getControlDependencies(const CFGBlock *B) {
  std::optional<llvm::SmallVector<CFGBlock *, 4>> &Answer = Answers[B->getBlockID()];
  if (Answer)
    return *Answer;
  Answer.emplace();
  if (Level[B->getBlockID()] == UINT_MAX)
    return *Answer;
  // IDFCalculator's queue: the deepest root first, ties to the higher DFS number. Each root's
  // walk finds its frontier less what earlier (deeper) walks already found.
  using Entry = std::pair<std::pair<unsigned, unsigned>, unsigned>; // (level, DFS in), ID
  std::priority_queue<Entry> Queue;
  unsigned Def = B->getBlockID();
  Queue.push({{Level[Def], DfsIn[Def]}, Def});
  llvm::BitVector Found(Blocks.size());
  while (!Queue.empty()) {
    unsigned Root = Queue.top().second;
    Queue.pop();
    for (unsigned Id : Frontier[Root]) {
      if (Found.test(Id))
        continue;
      Found.set(Id);
      Answer->push_back(Blocks[Id]);
      if (Id != Def)
        Queue.push({{Level[Id], DfsIn[Id]}, Id});
    }
  }
  return *Answer;
}

} // namespace divlint
