//===- CudaBuiltins.cpp - the CUDA facts the data flow relies on ---------===//
//
// clang's __clang_cuda_builtin_vars.h (which the built-in prelude includes too) declares
// threadIdx and friends as variables of types __cuda_builtin_threadIdx_t (and so on) whose
// members x/y/z are MS properties over __fetch_builtin_x(), which read the PTX special
// registers (__nvvm_read_ptx_sreg_tid_x).
//
//===----------------------------------------------------------------------===//

#include "CudaBuiltins.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace divlint {

std::optional<unsigned> builtinVarIndex(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<unsigned>>(Name)
      .Cases({"threadIdx", "__cuda_builtin_threadIdx_t"}, 0u)
      .Cases({"blockIdx", "__cuda_builtin_blockIdx_t"}, 1u)
      .Cases({"blockDim", "__cuda_builtin_blockDim_t"}, 2u)
      .Cases({"gridDim", "__cuda_builtin_gridDim_t"}, 3u)
      .Default(std::nullopt);
}

std::optional<unsigned> componentIndex(llvm::StringRef Name) {
  Name.consume_front("__fetch_builtin_");
  return llvm::StringSwitch<std::optional<unsigned>>(Name)
      .Case("x", 0u)
      .Case("y", 1u)
      .Case("z", 2u)
      .Default(std::nullopt);
}

std::optional<std::pair<unsigned, unsigned>> specialRegister(llvm::StringRef Name) {
  if (!Name.consume_front("__nvvm_read_ptx_sreg_"))
    return std::nullopt;
  auto Var = llvm::StringSwitch<std::optional<unsigned>>(Name.drop_back(2))
                 .Case("tid", 0u)
                 .Case("ctaid", 1u)
                 .Case("ntid", 2u)
                 .Case("nctaid", 3u)
                 .Default(std::nullopt);
  auto Comp = Name.size() > 2 ? componentIndex(Name.take_back(1)) : std::nullopt;
  if (!Var || !Comp || Name[Name.size() - 2] != '_')
    return std::nullopt;
  return std::make_pair(*Var, *Comp);
}

std::optional<std::pair<unsigned, unsigned>> builtinVarRead(const Expr *E) {
  const auto *POE = dyn_cast<PseudoObjectExpr>(E->IgnoreParenImpCasts());
  if (!POE)
    return std::nullopt;
  const auto *Prop = dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens());
  if (!Prop)
    return std::nullopt;
  const Expr *BaseExpr = Prop->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(BaseExpr)) // how clang's CUDA headers spell it
    BaseExpr = OVE->getSourceExpr()->IgnoreParenImpCasts();
  const auto *Base = dyn_cast<DeclRefExpr>(BaseExpr);
  if (!Base)
    return std::nullopt;
  auto Var = builtinVarIndex(Base->getDecl()->getName());
  auto Comp = componentIndex(Prop->getPropertyDecl()->getName());
  if (!Var || !Comp)
    return std::nullopt;
  return std::make_pair(*Var, *Comp);
}

bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}

std::optional<std::pair<GroupKind, int64_t>> groupTypeOf(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !inCooperativeGroups(RD))
    return std::nullopt;
  llvm::StringRef Name = RD->getName();
  if (Name == "thread_block")
    return std::make_pair(GroupKind::Block, int64_t(0));
  if (Name == "grid_group" || Name == "multi_grid_group")
    return std::make_pair(GroupKind::Grid, int64_t(0));
  if (Name == "coalesced_group")
    return std::make_pair(GroupKind::Coalesced, int64_t(0));
  if (Name.contains("tile")) {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
      const TemplateArgumentList &Args = Spec->getTemplateArgs();
      if (Args.size() > 0 && Args[0].getKind() == TemplateArgument::Integral)
        return std::make_pair(GroupKind::Tile, Args[0].getAsIntegral().getExtValue());
    }
    return std::make_pair(GroupKind::Tile, int64_t(0)); // thread_group from tiled_partition(g, n)
  }
  if (Name == "thread_group")
    return std::make_pair(GroupKind::Tile, int64_t(0));
  return std::nullopt;
}

const Expr *memberCallObject(const CallExpr *CE) {
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
    return MCE->getImplicitObjectArgument();
  if (const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
    return ME->getBase();
  return nullptr;
}

SymRef builtinVar(unsigned Var, unsigned Comp) {
  static const char *Names[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};
  switch (Var) {
  case 0: return sym::threadIdx(Comp);
  case 2: return sym::blockDim(Comp);
  default:
    return sym::timeInvariantOpaque(llvm::hash_combine(Var, Comp, 0xb1d), Uniformity::BlockUniform,
                                    std::string(Names[Var]) + "." + "xyz"[Comp], {32, false});
  }
}

std::optional<MemoryBuiltin> memoryBuiltinOf(const FunctionDecl *Callee) {
  switch (Callee ? Callee->getBuiltinID() : 0) {
  case Builtin::BImemcpy:
  case Builtin::BI__builtin_memcpy:
  case Builtin::BI__builtin_memcpy_inline:
  case Builtin::BI__builtin___memcpy_chk:
  case Builtin::BImemmove:
  case Builtin::BI__builtin_memmove:
  case Builtin::BI__builtin___memmove_chk:
  case Builtin::BImempcpy:
  case Builtin::BI__builtin_mempcpy:
    return MemoryBuiltin::Copy;
  case Builtin::BIbcopy:
  case Builtin::BI__builtin_bcopy:
    return MemoryBuiltin::CopyFromSecond;
  case Builtin::BImemset:
  case Builtin::BI__builtin_memset:
  case Builtin::BI__builtin_memset_inline:
  case Builtin::BI__builtin___memset_chk:
  case Builtin::BIbzero:
  case Builtin::BI__builtin_bzero:
    return MemoryBuiltin::Set;
  default:
    return std::nullopt;
  }
}

} // namespace divlint
