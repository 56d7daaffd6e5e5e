//===- HiddenBranches.cpp - operations nvcc compiles to branches ---------===//
//
// Some operations have no `if` in the source but branch in the compiled code: IEEE float and
// double division (not by a power of two), 64-bit integer division and remainder by a variable,
// square roots, pow, trigonometric and remainder functions (slow paths for some arguments),
// cuRAND (loops over the generator state) and the grid-wide sync (one thread per block spins).
// Each site is recorded with the class of the operands its branch tests; a pointer operand (a
// cuRAND state) counts by what it points at.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "CudaBuiltins.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"
#include <climits>

using namespace clang;

namespace divlint {

/// Library functions whose compiled code branches inside (slow paths for some arguments, loops
/// over the generator state), by name (`__nv_` prefixes stripped).
static std::optional<llvm::StringRef> branchingFunction(llvm::StringRef Name) {
  Name.consume_front("__nv_");
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Name)
      .Cases({"sqrt", "sqrtf", "__fsqrt_rn", "__dsqrt_rn"},
             llvm::StringRef("IEEE square root (a slow path for denormal and special operands)"))
      .Cases({"__fdiv_rn", "__ddiv_rn", "__frcp_rn", "__drcp_rn"},
             llvm::StringRef("IEEE division (a slow path for denormal and huge operands)"))
      .Cases({"pow", "powf"}, llvm::StringRef("pow (special-case paths for some arguments)"))
      .Cases({"sin", "cos", "tan", "sinf", "cosf", "tanf", "sincos", "sincosf"},
             llvm::StringRef("trigonometric function (a slow argument reduction for large "
                             "arguments)"))
      .Cases({"fmod", "fmodf", "remainder", "remainderf", "remquo", "remquof"},
             llvm::StringRef("floating-point remainder (a loop whose length depends on the "
                             "operands)"))
      .Cases({"curand_init", "curand_normal", "curand_normal2", "curand_normal_double",
              "curand_log_normal", "curand_log_normal2", "curand_poisson", "skipahead",
              "skipahead_sequence"},
             llvm::StringRef("cuRAND (branches and loops on the generator state, inlined here)"))
      .Default(std::nullopt);
}

void HiddenBranches::note(const Stmt *St, State &S) {
  const auto *E = dyn_cast<Expr>(St);
  if (!E || E->isValueDependent())
    return;
  std::string Operation;
  std::vector<const Expr *> Operands;
  bool Structural = false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = BO->getOpcode();
    bool Div = K == BO_Div || K == BO_DivAssign, Rem = K == BO_Rem || K == BO_RemAssign;
    if (!Div && !Rem)
      return;
    QualType T = BO->getType();
    if (const auto *CAO = dyn_cast<CompoundAssignOperator>(BO))
      T = CAO->getComputationResultType();
    if (T.isNull())
      return;
    const Expr *Divisor = BO->getRHS()->IgnoreParenImpCasts();
    if (Div && T->isRealFloatingType()) {
      // A constant power-of-two divisor is a multiply; -prec-div=false is not the default.
      llvm::APFloat V(0.0);
      if (Divisor->EvaluateAsFloat(V, F.Ctx) && V.getExactLog2Abs() != INT_MIN)
        return;
      Operation = std::string("IEEE ") +
                  (F.Ctx.getTypeSize(T) == 64 ? "double" : "float") +
                  " division (a slow path for denormal and huge operands)";
    } else if (T->isIntegerType() && F.Ctx.getTypeSize(T) == 64 &&
               !Divisor->isIntegerConstantExpr(F.Ctx)) {
      Operation = std::string("64-bit integer ") + (Div ? "division" : "remainder") +
                  " by a variable (a subroutine with a fast path for small operands)";
    } else {
      return;
    }
    Operands = {BO->getLHS(), BO->getRHS()};
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return;
    llvm::StringRef Name = Callee->getName();
    if (Name == "sync" && inCooperativeGroups(Callee)) {
      // The grid-wide barrier: one thread of each block arrives at a global counter and spins.
      const Expr *G = memberCallObject(CE);
      if (!G && CE->getNumArgs() > 0)
        G = CE->getArg(0);
      auto Kind = G ? groupTypeOf(G->getType()) : std::nullopt;
      if (!Kind || Kind->first != GroupKind::Grid)
        return;
      Operation = "grid-wide sync (one thread per block arrives at a global barrier and spins)";
      Structural = true;
    } else if (auto What = branchingFunction(Name)) {
      Operation = What->str();
      for (const Expr *A : CE->arguments())
        Operands.push_back(A);
    } else {
      return;
    }
  } else {
    return;
  }
  Uniformity C = Structural ? Uniformity::LaneVarying : Uniformity::BlockUniform;
  for (const Expr *Op : Operands) {
    if (!Op->getType()->isPointerType()) {
      C = join(C, Eval.eval(Op, S)->Class);
      continue;
    }
    // A pointer (a cuRAND state): what it points at decides. `&local`: that local's class;
    // any other pointer: its pointee is not tracked (sound: lane-varying).
    const auto *UO = dyn_cast<UnaryOperator>(Op->IgnoreParenImpCasts());
    const VarDecl *Root =
        UO && UO->getOpcode() == UO_AddrOf ? rootLocal(UO->getSubExpr()) : nullptr;
    C = join(C, Root && M.isEscaped(Root) ? M.escapedClass(Root) : Uniformity::LaneVarying);
  }
  auto [It, New] = BySite.try_emplace(E);
  HiddenBranchRecord &R = It->second;
  R.Site = E;
  R.Operation = Operation;
  R.Structural = Structural;
  R.Class = New ? C : join(R.Class, C);
}

std::vector<HiddenBranchRecord> HiddenBranches::records() const {
  std::vector<HiddenBranchRecord> Records;
  for (auto &KV : BySite)
    Records.push_back(KV.second);
  return Records;
}

} // namespace divlint
