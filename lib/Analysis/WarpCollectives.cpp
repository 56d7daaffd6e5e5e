//===- WarpCollectives.cpp - all-reductions that leave every lane equal ---===//
//
// The xor butterfly `for (off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(full, v, off);`
// leaves every lane of the warp with the same value, although each step reads a lane-varying
// one. Proved from the shuffle pattern, not from names: if before a step lane i's value depends
// only on the coset of i modulo the xor-span H of the offsets so far, then after
// `v = v op shfl_xor(v, o)` it is g(i + H) op g(i ^ o + H), and with a commutative `op` that is
// the same for every lane of the coset of span(H, o). Once the offsets span every lane index
// below the shuffle's width, every lane of a width-segment holds the same value: warp-uniform
// when the width is the warp. Commutativity is all it needs (float `+` qualifies; a
// `__shfl_down_sync` tree does not: only lane 0 holds the total).
//
// Recognized: a loop whose body is only such steps (one or several variables) over an offset
// the loop computes from constants, and runs of such steps in straight-line code. Steps:
// `v op= S`, `v = v op S`, `v = S op v` (op one of + * & | ^), `v = max/min/fmaxf/fminf(v, S)`
// (either order), S a full-mask `__shfl_xor_sync(mask, v, offset[, width])` of the warp's width.
// (`tile.shfl_xor(v, off)` binds v to a forwarding reference: v is memory, not a tracked
// value, and cg::reduce is CooperativeGroups.cpp's.)
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "CudaBuiltins.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace divlint {

namespace {

constexpr unsigned MaxSimulatedTrips = 64;

const Expr *bare(const Expr *E) { return E ? E->IgnoreParenImpCasts() : nullptr; }

/// A small integer evaluator for offsets: literals, template arguments and other constants,
/// `warpSize`, and one variable bound to a value (the loop's offset).
struct OffsetEval {
  const ASTContext &Ctx;
  unsigned WarpSize;
  const VarDecl *Var = nullptr;
  int64_t Value = 0;

  std::optional<int64_t> eval(const Expr *E) const {
    E = bare(E);
    if (!E)
      return std::nullopt;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (DRE->getDecl() == Var)
        return Value;
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && VD->getName() == "warpSize" && VD->getDeclContext()->isTranslationUnit())
        return WarpSize;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      auto L = eval(BO->getLHS()), R = eval(BO->getRHS());
      if (!L || !R)
        return std::nullopt;
      switch (BO->getOpcode()) {
      case BO_Add: return *L + *R;
      case BO_Sub: return *L - *R;
      case BO_Mul: return *L * *R;
      case BO_Div: return *R ? std::optional<int64_t>(*L / *R) : std::nullopt;
      case BO_Rem: return *R ? std::optional<int64_t>(*L % *R) : std::nullopt;
      case BO_Shl: return *R >= 0 && *R < 32 ? std::optional<int64_t>(*L << *R) : std::nullopt;
      case BO_Shr: return *R >= 0 && *R < 63 ? std::optional<int64_t>(*L >> *R) : std::nullopt;
      case BO_And: return *L & *R;
      case BO_Or: return *L | *R;
      case BO_Xor: return *L ^ *R;
      case BO_LT: return *L < *R;
      case BO_LE: return *L <= *R;
      case BO_GT: return *L > *R;
      case BO_GE: return *L >= *R;
      case BO_EQ: return *L == *R;
      case BO_NE: return *L != *R;
      default: return std::nullopt;
      }
    }
    if (E->isValueDependent() || E->getType().isNull() || !E->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  }
};

/// The rank over GF(2) of \p Offsets, each below \p Width: whether their xor-span is every
/// lane index below \p Width (a power of two).
bool spansWidth(const std::vector<int64_t> &Offsets, int64_t Width) {
  if (Width <= 1 || (Width & (Width - 1)))
    return false;
  std::vector<int64_t> Basis; // reduced row echelon by highest bit
  for (int64_t O : Offsets) {
    if (O <= 0 || O >= Width)
      return false; // outside the segment: lanes read their own value, or another segment's
    for (int64_t B : Basis)
      O = std::min(O, O ^ B);
    if (O) {
      Basis.push_back(O);
      std::sort(Basis.rbegin(), Basis.rend());
    }
  }
  return int64_t(1) << Basis.size() == Width;
}

/// `op` of `v = v op s` is commutative (max and min included).
bool commutativeOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_Mul: case BO_And: case BO_Or: case BO_Xor:
  case BO_AddAssign: case BO_MulAssign: case BO_AndAssign: case BO_OrAssign: case BO_XorAssign:
    return true;
  default:
    return false;
  }
}

bool commutativeCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier() || CE->getNumArgs() != 2)
    return false;
  return llvm::StringSwitch<bool>(FD->getName())
      .Cases({"max", "min", "fmaxf", "fminf", "fmax", "fmin", "umax", "umin"}, true)
      .Cases({"__nv_max", "__nv_min", "__nv_fmaxf", "__nv_fminf", "__hmax", "__hmin"}, true)
      .Default(false);
}

} // namespace

/// One butterfly step: the variable it updates and the offset expression of its shuffle.
struct WarpCollectives::Step {
  AccessPath Var;
  const Expr *Offset = nullptr;
  const Stmt *Site = nullptr;
};

std::optional<WarpCollectives::Step> WarpCollectives::matchStep(const Stmt *S) const {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(S);
  if (!BO || !BO->isAssignmentOp())
    return std::nullopt;
  auto Target = M.pathOf(BO->getLHS());
  if (!Target)
    return std::nullopt;
  // The shuffle of \p E, if it shuffles the target itself.
  auto Shuffle = [&](const Expr *E) -> const Expr * {
    const auto *CE = dyn_cast_or_null<CallExpr>(bare(E));
    const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
    if (!Callee || !Callee->getIdentifier())
      return nullptr;
    const Expr *Value = nullptr, *Offset = nullptr;
    OffsetEval Const{F.Ctx, F.Opts.WarpSize};
    if (Callee->getName() == "__shfl_xor_sync" && CE->getNumArgs() >= 3) {
      auto Mask = Const.eval(CE->getArg(0));
      if (!Mask || uint32_t(*Mask) != 0xffffffffu)
        return nullptr;
      if (CE->getNumArgs() > 3 && !isa<CXXDefaultArgExpr>(CE->getArg(3))) {
        auto Width = Const.eval(CE->getArg(3));
        if (!Width || *Width != int64_t(F.Opts.WarpSize))
          return nullptr;
      }
      Value = CE->getArg(1);
      Offset = CE->getArg(2);
    } else {
      return nullptr;
    }
    auto Shuffled = M.pathOf(bare(Value));
    return Shuffled && *Shuffled == *Target ? Offset : nullptr;
  };
  auto IsTarget = [&](const Expr *E) {
    auto P = M.pathOf(bare(E));
    return P && *P == *Target;
  };
  const Expr *Offset = nullptr;
  if (BO->getOpcode() != BO_Assign) {
    if (commutativeOp(BO->getOpcode()))
      Offset = Shuffle(BO->getRHS());
  } else if (const auto *Op = dyn_cast<BinaryOperator>(bare(BO->getRHS()));
             Op && commutativeOp(Op->getOpcode())) {
    if (IsTarget(Op->getLHS()))
      Offset = Shuffle(Op->getRHS());
    else if (IsTarget(Op->getRHS()))
      Offset = Shuffle(Op->getLHS());
  } else if (const auto *CE = dyn_cast<CallExpr>(bare(BO->getRHS())); commutativeCall(CE)) {
    if (IsTarget(CE->getArg(0)))
      Offset = Shuffle(CE->getArg(1));
    else if (IsTarget(CE->getArg(1)))
      Offset = Shuffle(CE->getArg(0));
  }
  if (!Offset)
    return std::nullopt;
  return Step{*Target, Offset, S};
}

/// The variable the for-statement's offset lives in, with its start value.
static const VarDecl *loopVariable(const ForStmt *For, const OffsetEval &Const, int64_t &Start) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!DS || !DS->isSingleDecl())
    return nullptr;
  const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!VD || !VD->getInit() || !VD->getType()->isIntegerType())
    return nullptr;
  auto V = Const.eval(VD->getInit());
  if (!V)
    return nullptr;
  Start = *V;
  return VD;
}

/// One trip of the increment \p Inc of \p Var (`off >>= 1`, `off /= 2`, `off *= 2`, `off = off
/// / 2`, ...): the next value.
static std::optional<int64_t> advance(const Expr *Inc, OffsetEval &Eval) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(bare(Inc));
  const auto *Ref = BO ? dyn_cast<DeclRefExpr>(bare(BO->getLHS())) : nullptr;
  if (!Ref || Ref->getDecl() != Eval.Var)
    return std::nullopt;
  auto R = Eval.eval(BO->getRHS());
  if (!R)
    return std::nullopt;
  int64_t V = Eval.Value;
  switch (BO->getOpcode()) {
  case BO_Assign: return R;
  case BO_ShrAssign: return *R >= 0 && *R < 63 ? std::optional<int64_t>(V >> *R) : std::nullopt;
  case BO_ShlAssign: return *R >= 0 && *R < 32 ? std::optional<int64_t>(V << *R) : std::nullopt;
  case BO_DivAssign: return *R ? std::optional<int64_t>(V / *R) : std::nullopt;
  case BO_MulAssign: return V * *R;
  case BO_AddAssign: return V + *R;
  case BO_SubAssign: return V - *R;
  default: return std::nullopt;
  }
}

void WarpCollectives::prepare() {
  AtEntry.clear();
  After.clear();
  if (!F.Cfg)
    return;
  for (const CFGBlock *B : *F.Cfg) {
    // Loops: the block that tests the loop's condition, whose false edge leaves it.
    if (const auto *For = dyn_cast_or_null<ForStmt>(B->getTerminatorStmt()))
      if (B->succ_size() == 2)
        if (const CFGBlock *Exit = *(B->succ_begin() + 1)) {
          bool OnlyFromLoop = llvm::all_of(
              Exit->preds(), [&](const CFGBlock *P) { return !P || P == B; });
          if (OnlyFromLoop)
            for (AccessPath &V : butterflyLoop(For))
              AtEntry[Exit].push_back({std::move(V), For});
        }
    // Straight-line runs of steps inside the block.
    std::vector<Step> Run;
    OffsetEval Const{F.Ctx, F.Opts.WarpSize};
    auto Finish = [&] {
      std::map<AccessPath, std::pair<std::vector<int64_t>, const Stmt *>> PerVar;
      for (const Step &S : Run)
        if (auto O = Const.eval(S.Offset)) {
          PerVar[S.Var].first.push_back(*O);
          PerVar[S.Var].second = S.Site;
        }
      for (auto &[Var, Offsets] : PerVar)
        if (spansWidth(Offsets.first, F.Opts.WarpSize))
          After[Offsets.second].push_back({Var, Offsets.second});
      Run.clear();
    };
    for (const CFGElement &El : *B) {
      auto CS = El.getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *St = CS->getStmt();
      if (auto Step = matchStep(St)) {
        Run.push_back(*Step);
        continue;
      }
      // Subexpressions of a step are elements of their own; a write or a call other than the
      // shuffle ends the run (it may write the variable between two steps).
      const auto *CE = dyn_cast<CallExpr>(St);
      const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
      bool Shuffle = Callee && Callee->getIdentifier() &&
                     (Callee->getName() == "__shfl_xor_sync" || Callee->getName() == "shfl_xor");
      const auto *UO = dyn_cast<UnaryOperator>(St);
      if ((CE && !Shuffle && !commutativeCall(CE)) || (UO && UO->isIncrementDecrementOp()) ||
          (isa<BinaryOperator>(St) && cast<BinaryOperator>(St)->isAssignmentOp()))
        Finish();
    }
    Finish();
  }
}

std::vector<AccessPath> WarpCollectives::butterflyLoop(const ForStmt *For) const {
  OffsetEval Eval{F.Ctx, F.Opts.WarpSize};
  int64_t Start = 0;
  Eval.Var = loopVariable(For, Eval, Start);
  if (!Eval.Var || !For->getCond() || !For->getInc())
    return {};
  // The body: only steps, each shuffling by an offset computed from the loop variable.
  const Stmt *Body = For->getBody();
  if (const auto *AS = dyn_cast_or_null<AttributedStmt>(Body))
    Body = AS->getSubStmt();
  std::vector<const Stmt *> Stmts;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Stmts.assign(CS->body_begin(), CS->body_end());
  else if (Body)
    Stmts.push_back(Body);
  std::vector<Step> Steps;
  for (const Stmt *S : Stmts) {
    auto St = matchStep(dyn_cast<Expr>(S) ? bare(cast<Expr>(S)) : S);
    if (!St)
      return {};
    Steps.push_back(*St);
  }
  if (Steps.empty())
    return {};
  // Run the loop on its constants: the offsets of every trip.
  std::map<AccessPath, std::vector<int64_t>> Offsets;
  Eval.Value = Start;
  for (unsigned Trip = 0;; ++Trip) {
    auto Go = Eval.eval(For->getCond());
    if (!Go || Trip > MaxSimulatedTrips)
      return {};
    if (!*Go)
      break;
    for (const Step &S : Steps) {
      auto O = Eval.eval(S.Offset);
      if (!O)
        return {};
      Offsets[S.Var].push_back(*O);
    }
    auto Next = advance(For->getInc(), Eval);
    if (!Next)
      return {};
    Eval.Value = *Next;
  }
  std::vector<AccessPath> Uniform;
  for (auto &[Var, Os] : Offsets)
    if (spansWidth(Os, F.Opts.WarpSize))
      Uniform.push_back(Var);
  return Uniform;
}

void WarpCollectives::reduced(const AccessPath &Var, const Stmt *Site, State &S) const {
  auto It = S.find(Var);
  if (It == S.end() || !It->second || It->second->Class == Uniformity::BlockUniform)
    return;
  const SymRef &Old = It->second;
  It->second = sym::opaque(F.idFor(Site, F.pathHash(Var) ^ 0xb7f1), Uniformity::WarpUniform,
                           Old->DataDependent,
                           F.pathName(Var) + " (xor-butterfly all-reduce: equal in every lane)",
                           Old->Ty);
}

void WarpCollectives::atBlockEntry(const CFGBlock *B, State &S) const {
  if (auto It = AtEntry.find(B); It != AtEntry.end())
    for (const auto &[Var, Site] : It->second)
      reduced(Var, Site, S);
}

void WarpCollectives::afterStatement(const Stmt *St, State &S) const {
  if (auto It = After.find(St); It != After.end())
    for (const auto &[Var, Site] : It->second)
      reduced(Var, Site, S);
}

} // namespace divlint
