//===- DivlintTidyModule.cpp - registers the cuda-divergence-* checks ---------===//
//
// Loaded with `clang-tidy --load=DivlintTidyModule.so`. Registration happens when the library is
// loaded, and only after the version guard agrees: in a clang-tidy of another version the plugin
// prints an error and registers nothing (clang-tidy then says no check is enabled).
//
//===----------------------------------------------------------------------===//

#include "DivergenceCheck.h"
#include "SharedAnalysis.h"
#include "VersionGuard.h"

#include "ClangTidyModule.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang::tidy;

namespace divlint::tidy {

class DivlintTidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    // One analysis per translation unit, shared by the three checks.
    auto Shared = std::make_shared<SharedAnalysis>();
    auto Add = [&](llvm::StringRef Name, CheckKind Kind) {
      Factories.registerCheckFactory(
          Name, [Kind, Shared](llvm::StringRef CheckName, ClangTidyContext *Context) {
            return std::make_unique<DivergenceCheck>(CheckName, Context, Kind, Shared);
          });
    };
    Add("cuda-divergence-branch", CheckKind::Branch);
    Add("cuda-divergence-barrier", CheckKind::Barrier);
    Add("cuda-divergence-warp-sync", CheckKind::WarpSync);
  }
};

namespace {

struct Registration {
  Registration() {
    if (std::optional<std::string> Problem = versionMismatch()) {
      llvm::errs() << "error: " << *Problem << "\n";
      return;
    }
    static ClangTidyModuleRegistry::Add<DivlintTidyModule> Module(
        "divlint-module", "divlint: warp divergence in CUDA device code (cuda-divergence-*)");
  }
} TheRegistration;

} // namespace

} // namespace divlint::tidy
