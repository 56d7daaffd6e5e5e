//===- divlint.cpp - the divlint command line -----------------------------===//
//
//   divlint [options] FILE.cu [FILE...] [-- <compiler args>]
//   divlint -p BUILD_DIR FILE.cu
//   divlint confirm ...            (see lib/Confirm)
//   divlint lsp ...                (a language server, see lsp/)
//
// Options.cpp parses the command line; Run.cpp analyzes the files it names (one
// TranslationUnitJob each) and writes the results. Exit codes: Run.h.
//
//===----------------------------------------------------------------------===//

#include "Options.h"
#include "Run.h"
#include "divlint/Confirm/Confirm.h"
#include "lsp/LspMain.h"
#include "llvm/ADT/StringRef.h"

int main(int argc, const char **argv) {
  if (argc > 1 && llvm::StringRef(argv[1]) == "confirm")
    return divlint::confirm::runConfirm(argc - 1, argv + 1);
  if (argc > 1 && llvm::StringRef(argv[1]) == "lsp")
    return divlint::lsp::runLsp(argc - 1, argv + 1);
  divlint::tool::CommandLine CL;
  if (std::optional<int> Exit = divlint::tool::parseCommandLine(argc, argv, CL))
    return *Exit;
  return divlint::tool::runAnalysis(CL);
}
