//===- CompileDatabase.h - compile commands of CUDA files -*- C++ -*-===//
//
// A compile_commands.json (`-p BUILD_DIR`) names how each file is built, often by nvcc. divlint
// takes its CUDA files, and from each nvcc command only what changes the meaning of the source
// (include paths, macros, the language standard), parsed the way CudaFrontend.h describes.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_FRONTEND_COMPILEDATABASE_H
#define DIVLINT_FRONTEND_COMPILEDATABASE_H

#include "divlint/Frontend/CudaFrontend.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <string>
#include <vector>

namespace divlint {

/// Adjusts one compile command: drops nvcc-only flags (from an nvcc command, all but what changes
/// the source's meaning; from any other, nvcc's own flags, which clang rejects), forces CUDA
/// device-only parsing.
clang::tooling::ArgumentsAdjuster cudaArgumentsAdjuster(const CudaSetup &Setup);

/// The flags of a compile command that change what its source means: -I, -D, -U, -isystem,
/// -include (joined or separate) and -std (nvcc's --std= spelled -std=). `divlint confirm` gives
/// them to clang, `--compiled` to nvcc.
std::vector<std::string> sourceMeaningFlags(const std::vector<std::string> &Args);

/// Every CUDA file of a compile database (by extension, or compiled as CUDA or by nvcc), sorted.
std::vector<std::string> cudaFilesOf(const clang::tooling::CompilationDatabase &DB);

} // namespace divlint

#endif
