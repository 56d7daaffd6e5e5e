#include "divlint/Report/ClangDiagnostics.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/ScopeExit.h"

using namespace clang;

namespace divlint {

namespace {

DiagnosticsEngine::Level levelOf(Severity S) {
  switch (S) {
  case Severity::Error: return DiagnosticsEngine::Error;
  case Severity::Warning: return DiagnosticsEngine::Warning;
  case Severity::Note: return DiagnosticsEngine::Note;
  }
  return DiagnosticsEngine::Warning;
}

/// The file a finding names, as the SourceManager knows it.
FileID fileOf(SourceManager &SM, const std::string &Name) {
  if (auto Ref = SM.getFileManager().getOptionalFileRef(Name))
    return SM.translateFile(*Ref);
  return FileID();
}

SourceLocation locationOf(SourceManager &SM, FileID FID, unsigned Line, unsigned Column) {
  if (FID.isInvalid() || Line == 0)
    return SourceLocation();
  return SM.translateLineCol(FID, Line, Column ? Column : 1);
}

} // namespace

DiagnosticCounts emitClangDiagnostics(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                                      SourceManager &SM, const LangOptions &LO, bool Colors,
                                      const ReportOptions &Opts, std::vector<uint64_t> *Ends) {
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = Colors;
  TextDiagnosticPrinter Printer(OS, DiagOpts);
  DiagnosticsEngine Diags(DiagnosticIDs::create(), DiagOpts, &Printer, /*ShouldOwnClient=*/false);
  Diags.setSourceManager(&SM);
  Printer.BeginSourceFile(LO, nullptr);
  unsigned ErrorID = Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  unsigned WarningID = Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
  unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  // Every diagnostic is force-emitted: clang drops a note that follows nothing (or an ignored
  // diagnostic), and findings of severity note have no warning before them.
  auto Report = [&](SourceLocation Loc, unsigned ID) {
    DiagnosticBuilder D = Diags.Report(Loc, ID);
    D.setForceEmit();
    return D;
  };
  DiagnosticCounts Counts;
  for (const Finding &F : Findings) {
    llvm::scope_exit End([&] {
      if (Ends)
        Ends->push_back(OS.tell());
    });
    if (!isReported(F, Opts))
      continue;
    FileID FID = fileOf(SM, F.File);
    SourceLocation Loc = locationOf(SM, FID, F.Line, F.Column);
    unsigned ID = F.Sev == Severity::Error ? ErrorID : F.Sev == Severity::Warning ? WarningID
                                                                                   : NoteID;
    (F.Sev == Severity::Error ? Counts.Errors
                              : F.Sev == Severity::Warning ? Counts.Warnings : Counts.Notes)++;
    {
      DiagnosticBuilder D = Report(Loc, ID);
      D << (F.Message + " [divlint-" + ruleName(F.TheRule).str() + "]");
      if (F.Length && FID.isValid()) {
        SourceLocation Begin = SM.getComposedLoc(FID, F.Offset);
        D << CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(F.Length));
      }
    }
    for (const SourcePoint &P : F.Why)
      Report(locationOf(SM, FID, P.Line, P.Column), NoteID) << P.Text;
    if (!F.LaneMap.empty())
      Report(Loc, NoteID) << ("lanes 0-" + std::to_string(F.LaneMap.size() - 1) +
                                    " of one diverging warp: " + F.LaneMap);
    for (const std::string &A : F.Assumptions)
      Report(Loc, NoteID) << ("assuming " + A);
    for (const FixSuggestion &Fix : F.Fixes) {
      DiagnosticBuilder D = Report(Loc, NoteID);
      D << ("suggested rewrite: " + Fix.Description);
      for (const Replacement &R : Fix.Replacements) {
        FileID RFID = fileOf(SM, R.File);
        if (RFID.isInvalid())
          continue;
        SourceLocation Begin = SM.getComposedLoc(RFID, R.Offset);
        D << FixItHint::CreateReplacement(
            CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(R.Length)), R.Text);
      }
    }
  }
  Printer.EndSourceFile();
  return Counts;
}

} // namespace divlint
