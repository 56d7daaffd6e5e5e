//===- HeaderPrecompile.h - the CUDA headers, parsed once -*- C++ -*-===//
//
// Most of a typical CUDA file's parse is the headers clang includes implicitly in CUDA mode
// (__clang_cuda_runtime_wrapper.h and what it pulls in: the CUDA runtime, math, device
// functions) and divlint's compat header. They are the same for every file parsed with the same
// command line, so they are parsed once into a precompiled header (clang's PCH), kept in a
// directory and loaded with `-include-pch` by every later parse with that command line. It is
// built the second time a command line is seen (in this run or a later one): a command line
// used for a single file once would only pay for building it.
//
// A PCH is keyed by the whole command line except the source file (CUDA installation, GPU
// arch, resource directory, -D/-I flags...), the clang version and the divlint build. Before
// each use, every file it was built from is checked against the size and modification time
// recorded when it was built; a changed file (or a corrupt, missing or foreign manifest) means
// it is built again. A PCH that cannot be built (the headers do not parse with these flags, the
// directory is not writable) is simply not used: the parse then reads the headers as before.
// The findings are the same either way.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_FRONTEND_HEADERPRECOMPILE_H
#define DIVLINT_FRONTEND_HEADERPRECOMPILE_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include <string>

namespace divlint {

/// An arguments adjuster, to be applied last, that adds `-include-pch` for the precompiled
/// implicit headers of the command line (building them into \p Directory first when there is
/// no valid one there). Thread-safe; processes that share the directory are safe too.
clang::tooling::ArgumentsAdjuster precompiledHeaderAdjuster(std::string Directory);

} // namespace divlint

#endif
