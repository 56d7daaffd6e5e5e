//===- LaunchSpec.h - how `divlint confirm` launches one kernel -*- C++ -*-===//
//
// Kernel mode needs a launch: grid and block (`--grid 4096 --block 256,1,1`) and a value for every
// kernel parameter:
//   --arg n=1048576                 a scalar (integer, floating point, true/false)
//   --arg x=float[1048576]:random   a device buffer of 1048576 floats
// Buffer fills: random[=LO..HI], alternating[=A,B], sorted[=START], constant[=V]. Defaults: random
// in [-1, 1) for floating types, [-1000, 1000) for signed and [0, 1000) for unsigned integers;
// alternating 0,1; sorted from 0; constant 1.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_LAUNCHSPEC_H
#define DIVLINT_CONFIRM_LAUNCHSPEC_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>

namespace divlint::confirm {

struct Dim3 {
  unsigned X = 1, Y = 1, Z = 1;
  uint64_t count() const { return uint64_t(X) * Y * Z; }
  std::string str() const; ///< "256x1x1"
  bool operator==(const Dim3 &O) const { return X == O.X && Y == O.Y && Z == O.Z; }
};

/// "X", "X,Y", "X,Y,Z" (or with 'x' separators); std::nullopt when malformed or zero.
std::optional<Dim3> parseDim3(llvm::StringRef Text);

enum class FillKind { Random, Alternating, Sorted, Constant };
llvm::StringRef fillName(FillKind K);

struct BufferSpec {
  std::string ElementType; ///< as the user wrote it ("float", "unsigned int", "int32_t")
  uint64_t Count = 0;
  FillKind Fill = FillKind::Random;
  std::optional<double> Lo, Hi; ///< the fill's numbers, when given
};

struct ArgSpec {
  std::string Name;
  bool IsBuffer = false;
  std::string Scalar; ///< the value as written (scalars)
  BufferSpec Buffer;  ///< (buffers)
  std::string str() const; ///< back to the command-line form
};

/// Parses one --arg value; the error names what is wrong and shows the accepted forms.
llvm::Expected<ArgSpec> parseArgSpec(llvm::StringRef Text);

/// Parses a scalar literal: integers (decimal, 0x hex, optional sign), floating point, true/false.
std::optional<double> parseScalar(llvm::StringRef Text);

} // namespace divlint::confirm

#endif
