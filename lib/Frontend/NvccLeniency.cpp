#include "divlint/Frontend/NvccLeniency.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallString.h"

namespace divlint {

bool isNvccAcceptedError(unsigned DiagID) {
  switch (DiagID) {
  case clang::diag::err_shared_var_init:    // nvcc: a warning, the constructor is not run
  case clang::diag::err_dynamic_var_init:   // nvcc: accepted for __shared__, diagnosed at use
  case clang::diag::err_asm_invalid_escape: // `%globaltimer`: ptxas reads it as a register
    return true;
  default:
    return false;
  }
}

namespace {

/// A function nvcc compiles for the host only (no __device__ or __global__, not constexpr,
/// which clang also compiles for the device).
bool isHostOnly(const clang::FunctionDecl *FD) {
  return FD && !FD->hasAttr<clang::CUDADeviceAttr>() && !FD->hasAttr<clang::CUDAGlobalAttr>() &&
         !FD->isConstexpr();
}

} // namespace

clang::DiagnosticsEngine::Level
NvccLeniency::levelFor(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic &Info) const {
  if (Level != clang::DiagnosticsEngine::Error) // notes, warnings, and fatal errors stay
    return Level;
  if (isNvccAcceptedError(Info.getID()))
    return clang::DiagnosticsEngine::Warning;
  // A __host__ function called from a __host__ __device__ one: nvcc warns (#20011-D) and
  // compiles (Thrust and CUB do it on paths their dispatch never takes on the device); a
  // __device__ caller stays an error, as in nvcc. The call is an unknown call to the analysis.
  if (Info.getID() == clang::diag::err_ref_bad_target) {
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    if (llvm::StringRef(Message).ends_with("in __host__ __device__ function"))
      return clang::DiagnosticsEngine::Warning;
  }
  if (TheSema && isHostOnly(TheSema->getCurFunctionDecl(/*AllowLambda=*/true)))
    return clang::DiagnosticsEngine::Warning;
  return Level;
}

} // namespace divlint
