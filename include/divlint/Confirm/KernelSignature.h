//===- KernelSignature.h - the parameters of the kernel `confirm` launches -*- C++ -*-===//
//
// Kernel mode generates a driver for one __global__ function. Supported parameters: arithmetic
// and enumeration scalars, and pointers to arithmetic types (each gets a device buffer). Anything
// else (structs, references, pointers to structs, template kernels) is reported as unsupported.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_KERNELSIGNATURE_H
#define DIVLINT_CONFIRM_KERNELSIGNATURE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace divlint::confirm {

/// An arithmetic type as the driver needs it.
struct ScalarType {
  std::string Name;      ///< spelled for the generated C++ ("unsigned int", "float", "ns::Mode")
  unsigned Size = 0;     ///< bytes
  bool Floating = false;
  bool Signed = false;
  bool Bool = false;
  bool Enum = false;
};

struct KernelParam {
  std::string Name; ///< "arg<N>" for unnamed parameters
  bool IsPointer = false;
  ScalarType Type;  ///< the scalar, or the pointee of a pointer
  std::string Written; ///< the parameter's type as written ("const float *__restrict__")
};

struct KernelSignature {
  std::string Name;          ///< as found (qualified when in a namespace)
  std::vector<KernelParam> Params;
  unsigned Line = 0;
};

/// Finds the kernel \p Name (plain or qualified) with a body in the main file or its headers.
/// Errors: not found (the message lists the kernels there are), a template, an unsupported
/// parameter type.
llvm::Expected<KernelSignature> findKernel(clang::ASTContext &Ctx, llvm::StringRef Name);

/// Whether \p Written (from --arg name=TYPE[...]) names \p T: its own spelling or a common
/// alias of the same size and kind (int32_t, unsigned, uint64_t, size_t, ...).
bool typeNameMatches(llvm::StringRef Written, const ScalarType &T);

} // namespace divlint::confirm

#endif
