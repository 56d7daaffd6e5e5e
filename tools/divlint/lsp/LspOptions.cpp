//===- LspOptions.cpp - the command line of `divlint lsp` -----------------===//

#include "LspOptions.h"

namespace divlint::lsp {

const char *const LspUsage =
    "USAGE: divlint lsp [--compile-commands-dir=DIR] [--debounce-ms=N] [divlint options] "
    "[-- <compile flags>]\n\n"
    "A Language Server Protocol 3.17 server on stdin/stdout: diagnostics, hover and quick fixes\n"
    "for CUDA files, beside clangd. Compile commands: compile_commands.json or compile_flags.txt\n"
    "found as clangd finds them (the file's directory and its parents, and their build/\n"
    "subdirectories), or in --compile-commands-dir; files without one get the flags after --.\n"
    "divlint options (see divlint --help), e.g. --block-dim=256 --checks=... --config-file=F,\n"
    "apply to every file on top of its .divlint.yaml. --debounce-ms: how long an edit waits for\n"
    "the next before it is analyzed (default 200).\n";

llvm::Expected<LspOptions> parseLspOptions(const std::vector<std::string> &Args) {
  LspOptions O;
  std::string Debounce;
  const std::pair<llvm::StringRef, std::string *> Valued[] = {
      {"--compile-commands-dir", &O.CompileCommandsDir}, {"--debounce-ms", &Debounce}};
  bool AfterDashDash = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (AfterDashDash || A == "--") {
      AfterDashDash = true;
      O.DivlintArguments.push_back(A.str());
      continue;
    }
    if (A == "--stdio")
      continue;
    if (A == "--lsp-worker") {
      O.Worker = true;
      continue;
    }
    if (A == "--help" || A == "-help" || A == "-h") {
      O.Help = true;
      continue;
    }
    const std::pair<llvm::StringRef, std::string *> *Option = nullptr;
    for (const auto &V : Valued)
      if (A == V.first || (A.starts_with(V.first) && A.drop_front(V.first.size()).starts_with("=")))
        Option = &V;
    if (!Option) {
      O.DivlintArguments.push_back(A.str());
      continue;
    }
    if (A.size() > Option->first.size())
      *Option->second = A.drop_front(Option->first.size() + 1).str();
    else if (I + 1 < Args.size())
      *Option->second = Args[++I];
    else
      return llvm::createStringError(std::errc::invalid_argument, "%s needs a value",
                                     Option->first.str().c_str());
  }
  if (!O.CompileCommandsDir.empty())
    O.ServerArguments.push_back("--compile-commands-dir=" + O.CompileCommandsDir);
  unsigned Ms = 0;
  if (!Debounce.empty() && llvm::StringRef(Debounce).getAsInteger(10, Ms))
    return llvm::createStringError(std::errc::invalid_argument,
                                   "--debounce-ms=%s: not a number of milliseconds",
                                   Debounce.c_str());
  if (!Debounce.empty())
    O.Debounce = std::chrono::milliseconds(Ms);
  return std::move(O);
}

} // namespace divlint::lsp
