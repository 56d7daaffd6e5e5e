#include "divlint/Fix/Suppression.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/GlobPattern.h"

namespace divlint {

std::vector<std::string> checkNamesFor(Rule R) {
  std::string Rule = ruleName(R).str();
  std::string Tidy = R == Rule::BarrierDivergence    ? "cuda-divergence-barrier"
                     : R == Rule::WarpSyncDivergence ? "cuda-divergence-warp-sync"
                                                     : "cuda-divergence-branch";
  return {"divlint-" + Rule, Tidy};
}

namespace {

/// Parses the `(a, b*)` after a directive; an absent list means every check.
std::vector<std::string> parseGlobs(llvm::StringRef Rest) {
  std::vector<std::string> Globs;
  if (!Rest.consume_front("("))
    return Globs;
  Rest = Rest.take_until([](char C) { return C == ')'; });
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Rest.split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Globs.push_back(P.trim().str());
  if (Globs.empty())
    Globs.push_back("*");
  return Globs;
}

bool matches(const std::vector<std::string> &Globs, Rule R) {
  if (Globs.empty())
    return true;
  for (const std::string &Name : checkNamesFor(R))
    for (const std::string &G : Globs) {
      auto Pattern = llvm::GlobPattern::create(G);
      if (Pattern && Pattern->match(Name))
        return true;
    }
  return false;
}

} // namespace

NoLintDirectives::NoLintDirectives(llvm::StringRef Text) {
  std::vector<Block> Open;
  unsigned Line = 1;
  for (size_t Pos = 0; Pos <= Text.size(); ++Line) {
    size_t EOL = Text.find('\n', Pos);
    llvm::StringRef L = Text.slice(Pos, EOL == llvm::StringRef::npos ? Text.size() : EOL);
    Pos = EOL == llvm::StringRef::npos ? Text.size() + 1 : EOL + 1;
    for (size_t At = L.find("NOLINT"); At != llvm::StringRef::npos;
         At = L.find("NOLINT", At + 6)) {
      llvm::StringRef Rest = L.drop_front(At + 6);
      if (Rest.consume_front("NEXTLINE")) {
        NextLine.push_back({Line, parseGlobs(Rest)});
      } else if (Rest.consume_front("BEGIN")) {
        Open.push_back({Line, 0, parseGlobs(Rest)});
      } else if (Rest.consume_front("END")) {
        std::vector<std::string> Globs = parseGlobs(Rest);
        // Close the innermost BEGIN with the same list.
        auto It = std::find_if(Open.rbegin(), Open.rend(),
                               [&](const Block &B) { return B.Globs == Globs; });
        if (It == Open.rend()) {
          Problems.push_back("line " + std::to_string(Line) + ": NOLINTEND without NOLINTBEGIN");
          continue;
        }
        Block B = *It;
        B.End = Line;
        Blocks.push_back(B);
        Open.erase(std::next(It).base());
      } else {
        SameLine.push_back({Line, parseGlobs(Rest)});
      }
    }
  }
  for (const Block &B : Open)
    Problems.push_back("line " + std::to_string(B.Begin) + ": NOLINTBEGIN without NOLINTEND");
}

bool NoLintDirectives::suppresses(const Finding &F) const {
  for (const Directive &D : SameLine)
    if (D.Line == F.Line && matches(D.Globs, F.TheRule))
      return true;
  for (const Directive &D : NextLine)
    if (D.Line + 1 == F.Line && matches(D.Globs, F.TheRule))
      return true;
  for (const Block &B : Blocks)
    if (B.Begin <= F.Line && F.Line <= B.End && matches(B.Globs, F.TheRule))
      return true;
  return false;
}

} // namespace divlint
