#include "divlint/Confirm/KernelSignature.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace divlint::confirm {

namespace {

class KernelCollector : public RecursiveASTVisitor<KernelCollector> {
public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && FD->doesThisDeclarationHaveABody())
      Kernels.push_back(FD);
    return true;
  }
  std::vector<FunctionDecl *> Kernels;
};

std::optional<ScalarType> scalarType(QualType T, ASTContext &Ctx) {
  QualType C = T.getCanonicalType().getUnqualifiedType();
  if (!C->isArithmeticType() && !C->isEnumeralType())
    return std::nullopt;
  if (C->isAnyComplexType() || C->isHalfType() || C->isFloat16Type() || C->isBFloat16Type())
    return std::nullopt;
  ScalarType S;
  PrintingPolicy P(Ctx.getLangOpts());
  P.SuppressTagKeyword = true;
  P.FullyQualifiedName = true;
  S.Name = C.getAsString(P);
  S.Size = unsigned(Ctx.getTypeSize(C) / 8);
  S.Floating = C->isRealFloatingType();
  S.Bool = C->isBooleanType();
  S.Enum = C->isEnumeralType();
  S.Signed = C->isSignedIntegerOrEnumerationType() || S.Floating;
  return S;
}

} // namespace

llvm::Expected<KernelSignature> findKernel(ASTContext &Ctx, llvm::StringRef Name) {
  KernelCollector Collector;
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::string> Known;
  FunctionDecl *Found = nullptr;
  for (FunctionDecl *FD : Collector.Kernels) {
    if (SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      continue;
    std::string Plain = FD->getNameAsString(), Qualified = FD->getQualifiedNameAsString();
    Known.push_back(Qualified);
    if (Plain == Name || Qualified == Name)
      Found = FD;
  }
  if (!Found) {
    std::string List;
    for (const std::string &K : Known)
      List += (List.empty() ? "" : ", ") + K;
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "kernel '" + Name + "' not found" +
                                       (List.empty() ? std::string(" (no __global__ functions)")
                                                     : " (kernels: " + List + ")"));
  }
  if (Found->getDescribedFunctionTemplate() || Found->isTemplated())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "kernel '" + Name +
            "' is a template; kernel mode launches non-template kernels only (wrap one "
            "instantiation in a plain __global__ function, or use program mode)");
  KernelSignature Sig;
  Sig.Name = Found->getQualifiedNameAsString();
  Sig.Line = SM.getPresumedLineNumber(SM.getExpansionLoc(Found->getLocation()));
  unsigned Index = 0;
  for (const ParmVarDecl *P : Found->parameters()) {
    KernelParam KP;
    KP.Name = P->getName().empty() ? "arg" + std::to_string(Index) : P->getNameAsString();
    KP.Written = P->getType().getAsString(PrintingPolicy(Ctx.getLangOpts()));
    QualType T = P->getType();
    std::optional<ScalarType> S;
    if (T->isPointerType()) {
      KP.IsPointer = true;
      S = scalarType(T->getPointeeType(), Ctx);
      if (S && S->Enum)
        S.reset(); // buffers of enums: no fill makes sense
    } else {
      S = scalarType(T, Ctx);
    }
    if (!S)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "kernel '" + Sig.Name + "': parameter '" + KP.Name + "' has unsupported type '" +
              KP.Written +
              "' (kernel mode supports arithmetic/enum scalars and pointers to arithmetic "
              "types; use program mode for other kernels)");
    KP.Type = *S;
    Sig.Params.push_back(KP);
    ++Index;
  }
  return Sig;
}

bool typeNameMatches(llvm::StringRef Written, const ScalarType &T) {
  Written = Written.trim();
  if (Written == T.Name)
    return true;
  struct Kind {
    unsigned Size;
    bool Floating, Signed, Bool;
  };
  static const llvm::StringMap<Kind> Aliases = {
      {"float", {4, true, true, false}},          {"double", {8, true, true, false}},
      {"bool", {1, false, false, true}},          {"char", {1, false, true, false}},
      {"signed char", {1, false, true, false}},   {"unsigned char", {1, false, false, false}},
      {"int8_t", {1, false, true, false}},        {"uint8_t", {1, false, false, false}},
      {"short", {2, false, true, false}},         {"unsigned short", {2, false, false, false}},
      {"int16_t", {2, false, true, false}},       {"uint16_t", {2, false, false, false}},
      {"int", {4, false, true, false}},           {"unsigned", {4, false, false, false}},
      {"unsigned int", {4, false, false, false}}, {"uint", {4, false, false, false}},
      {"int32_t", {4, false, true, false}},       {"uint32_t", {4, false, false, false}},
      {"long", {8, false, true, false}},          {"unsigned long", {8, false, false, false}},
      {"long long", {8, false, true, false}},     {"unsigned long long", {8, false, false, false}},
      {"int64_t", {8, false, true, false}},       {"uint64_t", {8, false, false, false}},
      {"size_t", {8, false, false, false}}};
  auto It = Aliases.find(Written);
  if (It == Aliases.end() || T.Enum)
    return false;
  const Kind &K = It->second;
  return K.Size == T.Size && K.Floating == T.Floating && K.Bool == T.Bool &&
         (K.Floating || K.Bool || K.Signed == T.Signed);
}

} // namespace divlint::confirm
