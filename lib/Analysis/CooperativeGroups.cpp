//===- CooperativeGroups.cpp - calls into cooperative_groups -------------===//
//
// The group a handle stands for comes from its static type (thread_block, thread_block_tile<N>,
// grid_group, coalesced_group; CudaBuiltins.cpp) or, for `tiled_partition(g, n)`, from the
// handle's value. Ranks and sizes become symbolic expressions of the thread index; votes,
// shuffles and reductions are as uniform as the group is wide.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "CudaBuiltins.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace divlint {

SymRef CooperativeGroupCalls::eval(const CallExpr *CE, const FunctionDecl *Callee,
                                  State &S, unsigned D) {
  llvm::StringRef Name = Callee->getName();
  IntType U{32, false};
  SymRef Ltid = sym::linearThreadId();
  // Free functions: handles and collectives.
  if (!isa<CXXMethodDecl>(Callee)) {
    if (Name == "this_thread_block")
      return sym::group(GroupKind::Block, 0);
    if (Name == "this_grid")
      return sym::group(GroupKind::Grid, 0);
    if (Name == "coalesced_threads")
      return sym::group(GroupKind::Coalesced, 0);
    if (Name == "tiled_partition") {
      if (auto G = groupTypeOf(CE->getType()))
        if (G->second)
          return sym::group(GroupKind::Tile, G->second);
      if (const TemplateArgumentList *TA = Callee->getTemplateSpecializationArgs())
        if (TA->size() > 0 && TA->get(0).getKind() == TemplateArgument::Integral)
          return sym::group(GroupKind::Tile, TA->get(0).getAsIntegral().getExtValue());
      int64_t N = 0;
      if (CE->getNumArgs() > 1 && isConst(Eval.eval(CE->getArg(1), S, D + 1), &N))
        return sym::group(GroupKind::Tile, N);
      return sym::group(GroupKind::Tile, 0);
    }
    if (Name == "sync")
      return sym::constant(0, U);
    if (Name == "reduce" && CE->getNumArgs() >= 2) {
      auto G = groupTypeOf(CE->getArg(0)->getType());
      SymRef V = Eval.eval(CE->getArg(1), S, D + 1);
      bool WholeWarp = G && G->first == GroupKind::Tile && G->second == int64_t(F.Opts.WarpSize);
      return F.leafFor(CE, WholeWarp ? join(Uniformity::WarpUniform, Uniformity::BlockUniform)
                                   : join(V->Class, Uniformity::WarpUniform),
                     V->DataDependent, F.textOf(CE));
    }
    return nullptr; // analyze its body
  }
  // Member functions of a group object: the object's static type says which group it is.
  // Static members called through an object (`grid.thread_rank()`) are plain calls whose callee
  // is a member expression.
  const Expr *Object = memberCallObject(CE);
  if (!Object)
    return nullptr;
  auto G = groupTypeOf(Object->getType());
  if (!G)
    return nullptr;
  GroupKind Kind = G->first;
  int64_t Tile = G->second;
  if (Kind == GroupKind::Tile && Tile == 0) {
    SymRef Obj = Eval.eval(Object, S, D + 1);
    if (Obj->Kind == SymKind::Group)
      Tile = Obj->Value;
  }
  auto TileConst = [&] { return sym::constant(Tile, U); };
  auto BlockThreads = [&] {
    return sym::binary(SymOp::Mul, sym::binary(SymOp::Mul, sym::blockDim(0), sym::blockDim(1), U),
                       sym::blockDim(2), U);
  };
  if (Name == "thread_rank") {
    if (Kind == GroupKind::Block)
      return Ltid;
    if (Kind == GroupKind::Tile && Tile > 0)
      return sym::binary(SymOp::Rem, Ltid, TileConst(), U);
    if (Kind == GroupKind::Grid)
      return sym::binary(SymOp::Add,
                         sym::binary(SymOp::Mul, builtinVar(1, 0), BlockThreads(), U), Ltid, U);
    return F.leafFor(CE, Uniformity::LaneVarying, false, F.textOf(CE));
  }
  if (Name == "meta_group_rank" && Kind == GroupKind::Tile && Tile > 0)
    return sym::binary(SymOp::Div, Ltid, TileConst(), U);
  if (Name == "meta_group_size" && Kind == GroupKind::Tile && Tile > 0)
    return sym::binary(SymOp::Div, sym::binary(SymOp::Add, BlockThreads(),
                                               sym::constant(Tile - 1, U), U),
                       TileConst(), U);
  if (Name == "size" || Name == "num_threads") {
    if (Kind == GroupKind::Block)
      return BlockThreads();
    if (Kind == GroupKind::Tile && Tile > 0)
      return TileConst();
    if (Kind == GroupKind::Coalesced)
      return F.leafFor(CE, Uniformity::WarpUniform, false, F.textOf(CE));
    return F.leafFor(CE, Uniformity::BlockUniform, false, F.textOf(CE));
  }
  if (Name == "group_index" || Name == "block_index")
    return sym::dim3(builtinVar(1, 0), builtinVar(1, 1), builtinVar(1, 2));
  if (Name == "thread_index")
    return sym::dim3(builtinVar(0, 0), builtinVar(0, 1), builtinVar(0, 2));
  if (Name == "group_dim" || Name == "dim_threads")
    return sym::dim3(builtinVar(2, 0), builtinVar(2, 1), builtinVar(2, 2));
  if (Name == "block_rank")
    return sym::contextFreeOpaque(0xb10c, Uniformity::BlockUniform, false, "block_rank");
  if (Name == "is_valid")
    return sym::constant(1, {1, false});
  if (Name == "sync")
    return sym::constant(0, U);
  bool WarpWide = Kind == GroupKind::Coalesced ||
                  (Kind == GroupKind::Tile && Tile == int64_t(F.Opts.WarpSize));
  std::vector<SymRef> Args;
  for (const Expr *A : CE->arguments())
    Args.push_back(Eval.eval(A, S, D + 1));
  Uniformity ArgClass = Uniformity::BlockUniform;
  bool ArgData = false;
  for (const SymRef &A : Args) {
    ArgClass = join(ArgClass, A->Class);
    ArgData |= A->DataDependent;
  }
  if (Name == "any" || Name == "all" || Name == "ballot" || Name == "match_all") {
    Uniformity C = ArgClass == Uniformity::BlockUniform ? ArgClass
                   : WarpWide                           ? Uniformity::WarpUniform
                                                        : Uniformity::LaneVarying;
    if (Kind == GroupKind::Block)
      C = ArgClass == Uniformity::BlockUniform ? ArgClass : Uniformity::BlockUniform;
    return F.leafFor(CE, C, ArgData, F.textOf(CE));
  }
  if (Name == "shfl" && Args.size() >= 2) {
    // Every lane of a warp-wide group reads one lane's value when the source lane is the same
    // in all of them: one value per warp, whatever the value's class in the lanes (as
    // `__shfl_sync(full, v, 0)`); block-uniform when the value and the lane already are.
    if (!WarpWide || Args[1]->Class == Uniformity::LaneVarying)
      return F.leafFor(CE, Uniformity::LaneVarying, true, F.textOf(CE));
    return F.leafFor(CE, join(Args[0]->Class, Args[1]->Class) == Uniformity::BlockUniform
                           ? Uniformity::BlockUniform
                           : Uniformity::WarpUniform,
                   ArgData, F.textOf(CE));
  }
  if ((Name == "shfl_down" || Name == "shfl_up" || Name == "shfl_xor") && !Args.empty())
    return F.leafFor(CE, Args[0]->Class, true, F.textOf(CE));
  // Unknown group member: sound.
  return F.leafFor(CE, Uniformity::LaneVarying, true, F.textOf(CE));
}
} // namespace divlint
