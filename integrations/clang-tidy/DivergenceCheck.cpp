#include "DivergenceCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace divlint::tidy {

namespace {

/// clang-tidy's spellings of a boolean option.
std::optional<bool> parseBool(llvm::StringRef Text) {
  std::string Lower = Text.trim().lower();
  if (Lower == "true" || Lower == "1" || Lower == "on" || Lower == "yes")
    return true;
  if (Lower == "false" || Lower == "0" || Lower == "off" || Lower == "no")
    return false;
  return std::nullopt;
}

/// The FileID of a file the finding names (findings carry the presumed file name).
FileID fileNamed(const SourceManager &SM, llvm::StringRef Name) {
  if (auto File = SM.getFileManager().getOptionalFileRef(Name))
    return SM.translateFile(*File);
  return FileID();
}

/// Error findings are warnings here, as for every clang-tidy check: clang-tidy treats an
/// error-level diagnostic as a compiler error (NOLINT and --header-filter cannot silence it,
/// --fix refuses to apply fixes, "Found compiler error(s)"). Promote them with
/// --warnings-as-errors=cuda-divergence-barrier,cuda-divergence-warp-sync. Notes (uniform or
/// cheap branches) become remarks: a top-level note has no warning to attach to. A remark
/// carries no notes of its own (report()).
DiagnosticIDs::Level levelOf(Severity S) {
  return S == Severity::Note ? DiagnosticIDs::Remark : DiagnosticIDs::Warning;
}

} // namespace

// Options are read and stored as strings: clang-tidy's get<bool>/store<bool> specializations are
// mangled differently by GCC (which may build the plugin) and clang (which built clang-tidy), so
// a plugin that used them would die with an undefined symbol at their first call.
DivergenceCheck::DivergenceCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context,
                                 CheckKind Kind, std::shared_ptr<SharedAnalysis> Shared)
    : ClangTidyCheck(Name, Context), Kind(Kind), Shared(std::move(Shared)),
      BlockDim(Options.getLocalOrGlobal("BlockDim", "")),
      WarpSize(Options.getLocalOrGlobal("WarpSize", "32")),
      ReportAll(Options.getLocalOrGlobal("ReportAll", "false")),
      WarningSlowdown(Options.getLocalOrGlobal("WarningSlowdown", "1.25")),
      WarningWorstSlowdown(Options.getLocalOrGlobal("WarningWorstSlowdown", "2.0")) {
  // The same validation as the CLI's --block-dim and --warp-size; a bad option is an error (the
  // check then reports nothing rather than findings for a block shape nobody asked for).
  unsigned Lanes = 0;
  if (llvm::StringRef(WarpSize).trim().getAsInteger(10, Lanes) || Lanes == 0 || Lanes > 64) {
    configurationDiag("invalid WarpSize '%0' for %1: expected a number between 1 and 64",
                      DiagnosticIDs::Error)
        << WarpSize << Name;
    OptionsValid = false;
  }
  Analysis.WarpSize = Lanes;
  if (!BlockDim.empty()) {
    Analysis.BlockDimOption = parseBlockShape(BlockDim);
    if (!Analysis.BlockDimOption) {
      configurationDiag("invalid BlockDim '%0' for %1: expected X[,Y[,Z]], at most 1024 threads",
                        DiagnosticIDs::Error)
          << BlockDim << Name;
      OptionsValid = false;
    }
  }
  std::optional<bool> All = parseBool(ReportAll);
  if (!All) {
    configurationDiag("invalid ReportAll '%0' for %1: expected true or false",
                      DiagnosticIDs::Error)
        << ReportAll << Name;
    OptionsValid = false;
  }
  ReportUniform = All.value_or(false);
  // The CLI's --warning-slowdown and --warning-worst-slowdown (docs/severity.md).
  for (auto [Text, Slot, Option] :
       {std::make_tuple(&WarningSlowdown, &Analysis.WarningSureSlowdown, "WarningSlowdown"),
        std::make_tuple(&WarningWorstSlowdown, &Analysis.WarningWorstSlowdown,
                        "WarningWorstSlowdown")}) {
    double Value = 0;
    if (llvm::StringRef(*Text).trim().getAsDouble(Value) ||
        !AnalysisOptions::isWarningSlowdown(Value)) {
      configurationDiag("invalid %0 '%1' for %2: expected a kernel slowdown between 1.0 and 1000",
                        DiagnosticIDs::Error)
          << Option << *Text << Name;
      OptionsValid = false;
      continue;
    }
    *Slot = Value;
  }
}

void DivergenceCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "BlockDim", BlockDim);
  Options.store(Opts, "WarpSize", WarpSize);
  Options.store(Opts, "ReportAll", ReportAll);
  Options.store(Opts, "WarningSlowdown", WarningSlowdown);
  Options.store(Opts, "WarningWorstSlowdown", WarningWorstSlowdown);
}

bool DivergenceCheck::isLanguageVersionSupported(const LangOptions &LangOpts) const {
  return LangOpts.CUDA;
}

void DivergenceCheck::registerMatchers(MatchFinder *Finder) {
  // The analysis covers the whole translation unit (kernels are analyzed through their launches
  // and calls), so it runs once, on the translation unit itself.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void DivergenceCheck::onStartOfTranslationUnit() { Shared->startTranslationUnit(); }

bool DivergenceCheck::reports(const Finding &F) const {
  switch (Kind) {
  case CheckKind::Branch:
    return F.TheRule == Rule::DivergentBranch || F.TheRule == Rule::HiddenBranch ||
           (ReportUniform && F.TheRule == Rule::UniformBranch);
  case CheckKind::Barrier:
    return F.TheRule == Rule::BarrierDivergence;
  case CheckKind::WarpSync:
    return F.TheRule == Rule::WarpSyncDivergence;
  }
  return false;
}

void DivergenceCheck::report(const Finding &F, const SourceManager &SM) {
  FileID FID = fileNamed(SM, F.File);
  if (FID.isInvalid())
    return;
  SourceLocation Loc = SM.translateLineCol(FID, F.Line, F.Column);
  // Replacements of one suggestion: the first suggestion that has them goes on the warning itself
  // (so --fix applies it), any further one on its own note (applied with --fix-notes only, as
  // clang-tidy does with alternatives).
  auto AddFixIts = [&](DiagnosticBuilder &D, const FixSuggestion &Fix) {
    for (const Replacement &R : Fix.Replacements) {
      FileID RFID = R.File.empty() ? FID : fileNamed(SM, R.File);
      if (RFID.isInvalid())
        continue;
      SourceLocation Begin = SM.getComposedLoc(RFID, R.Offset);
      D << FixItHint::CreateReplacement(
          CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(R.Length)), R.Text);
    }
  };
  const FixSuggestion *Primary = nullptr;
  for (const FixSuggestion &Fix : F.Fixes)
    if (!Fix.Replacements.empty()) {
      Primary = &Fix;
      break;
    }
  {
    // Messages are source text (`tid % 2`): pass them as arguments, never as format strings.
    // The builder emits the diagnostic when it goes out of scope, before the notes below.
    auto D = diag(Loc, "%0", levelOf(F.Sev)) << F.Message;
    if (F.Length) {
      SourceLocation Begin = SM.getComposedLoc(FID, F.Offset);
      D << CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(F.Length));
    }
    if (Primary)
      AddFixIts(D, *Primary);
  }

  // The notes the CLI prints after the finding, in the same order and words; not after a
  // remark: editors that read clang-tidy's output (VS Code's and Emacs' clang-tidy front ends)
  // know no remark level, drop the line and hang its notes on the warning before it, which
  // then names lines that have nothing to do with it. The remark's message says what it is.
  if (F.Sev == Severity::Note)
    return;
  for (const SourcePoint &P : F.Why)
    diag(SM.translateLineCol(FID, P.Line, P.Column), "%0", DiagnosticIDs::Note) << P.Text;
  if (!F.LaneMap.empty())
    diag(Loc, "lanes 0-%0 of one diverging warp: %1", DiagnosticIDs::Note)
        << static_cast<unsigned>(F.LaneMap.size() - 1) << F.LaneMap;
  for (const std::string &A : F.Assumptions)
    diag(Loc, "assuming %0", DiagnosticIDs::Note) << A;
  for (const FixSuggestion &Fix : F.Fixes) {
    auto D = diag(Loc, "suggested rewrite: %0", DiagnosticIDs::Note) << Fix.Description;
    if (&Fix != Primary)
      AddFixIts(D, Fix);
  }
}

void DivergenceCheck::check(const MatchFinder::MatchResult &Result) {
  if (!OptionsValid)
    return; // already reported as a configuration error
  const SourceManager &SM = *Result.SourceManager;
  if (!Result.Context->getLangOpts().CUDAIsDevice) {
    diag(SM.getLocForStartOfFile(SM.getMainFileID()),
         "divlint analyzes the device side of CUDA: add --cuda-device-only to the compile "
         "command; nothing was checked");
    return;
  }
  for (const Finding &F : Shared->findings(*Result.Context, Analysis))
    if (reports(F))
      report(F, SM);
}

} // namespace divlint::tidy
