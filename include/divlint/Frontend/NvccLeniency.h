//===- NvccLeniency.h - clang errors in code that nvcc accepts ---*- C++ -*-===//
//
// Real CUDA code is written for nvcc, which accepts what clang's device-side parse rejects in
// two ways:
//  - a few CUDA rules nvcc does not enforce: a `__shared__` variable whose type has a non-empty
//    constructor (`__shared__ cuda::barrier<...> bar;`), dynamic initialization of device
//    variables, PTX special registers written `%globaltimer` in inline assembly, a `__host__`
//    function called from a `__host__ __device__` one (nvcc's warning #20011-D);
//  - host code, which nvcc hands to the host compiler against the host headers: host-only
//    functions that use a CUDA 12 API removed in CUDA 13 (`prop.clockRate`), a GNU extension,
//    or a helper of another file. divlint analyzes device code only.
// clang still builds the rest of the AST (the offending declaration or statement is dropped), so
// these errors are reported as warnings and the file is analyzed instead of failing to parse.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_NVCCLENIENCY_H
#define DIVLINT_NVCCLENIENCY_H

#include "clang/Basic/Diagnostic.h"

namespace clang {
class Sema;
}

namespace divlint {

/// True for the CUDA rules above that clang enforces and nvcc does not.
bool isNvccAcceptedError(unsigned DiagID);

/// Decides the level divlint reports each clang diagnostic at. Give it the Sema of the parse
/// (from SemaConsumer::InitializeSema) so that it knows which function an error is in.
class NvccLeniency {
public:
  void setSema(clang::Sema *S) { TheSema = S; }
  /// Warning for an error nvcc accepts or one inside a host-only function body; else \p Level.
  clang::DiagnosticsEngine::Level levelFor(clang::DiagnosticsEngine::Level Level,
                                           const clang::Diagnostic &Info) const;

private:
  clang::Sema *TheSema = nullptr;
};

} // namespace divlint

#endif
