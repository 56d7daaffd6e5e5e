//===- DriverGenerator.h - a host program that launches one kernel -*- C++ -*-===//
//
// Kernel mode: every parameter of the kernel gets a value (--arg), pointers a device buffer that
// is filled on the host from a seeded generator and restored before every launch. The generated
// driver.cu includes the probe runtime, the rewritten source (its own main renamed away) and the
// driver runtime (divlint_driver.cuh), which does the timing and writes the result JSON.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_DRIVERGENERATOR_H
#define DIVLINT_CONFIRM_DRIVERGENERATOR_H

#include "divlint/Confirm/KernelSignature.h"
#include "divlint/Confirm/LaunchSpec.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace divlint::confirm {

/// A parameter with the value it gets.
struct ResolvedArg {
  KernelParam Param;
  std::string ScalarLiteral; ///< C++ expression of the parameter's type (scalars)
  std::string ScalarText;    ///< the value as the user wrote it
  uint64_t Count = 0;        ///< elements (buffers)
  FillKind Fill = FillKind::Random;
  double Lo = 0, Hi = 1;
  uint64_t Seed = 0;
  bool Defaulted = false; ///< no --arg: TYPE[threads]:random
  std::string describe() const; ///< "x=float[1048576]:random=-1..1"
};

struct KernelLaunch {
  std::string Kernel;
  Dim3 Grid, Block;
  unsigned SharedMemBytes = 0;
  uint64_t Seed = 1;
  std::vector<ResolvedArg> Args;
};

/// Pairs every kernel parameter with its --arg. Pointers without one get one element per launched
/// thread, random. Errors: unknown or repeated names, a missing scalar, a buffer for a scalar (or
/// the reverse), an element type that is not the pointee type.
llvm::Expected<std::vector<ResolvedArg>> resolveArgs(const KernelSignature &K,
                                                      const std::vector<ArgSpec> &Specs,
                                                      uint64_t Threads, uint64_t Seed);

/// driver.cu for \p L; \p SourceInclude is the rewritten source's path relative to driver.cu.
std::string generateDriver(const KernelLaunch &L, const std::string &SourceInclude,
                           const std::string &OriginalSource);

} // namespace divlint::confirm

#endif
