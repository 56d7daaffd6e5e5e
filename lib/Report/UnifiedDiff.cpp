//===- UnifiedDiff.cpp - the lines a unified diff adds -------------------===//
//
// A small state machine over the diff's lines. Between hunks everything but `+++ FILE` and
// `@@ ... @@` is a header (diff --git, index, ---, mode and rename lines, a commit message) and
// is skipped; inside a hunk the header's line counts say how many ` `, `-` and `+` lines follow,
// so a removed line that reads `--- x` is still a removed line.
//
//===----------------------------------------------------------------------===//

#include "divlint/Report/UnifiedDiff.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"
#include <algorithm>
#include <map>

namespace divlint {

namespace {

llvm::Error malformed(size_t LineNo, const llvm::Twine &Why) {
  return llvm::createStringError("malformed diff, line " + llvm::Twine(LineNo) + ": " + Why);
}

/// A `+++` path that git quoted ("b/t\303\251st.cu"): C escapes, octal bytes.
std::string unquote(llvm::StringRef Quoted) {
  std::string Out;
  for (size_t I = 1; I + 1 < Quoted.size(); ++I) {
    char C = Quoted[I];
    if (C != '\\' || I + 2 >= Quoted.size()) {
      Out += C;
      continue;
    }
    char E = Quoted[++I];
    if (E >= '0' && E <= '7') {
      unsigned Byte = 0;
      for (int K = 0; K < 3 && I + 1 < Quoted.size() && Quoted[I] >= '0' && Quoted[I] <= '7';
           ++K, ++I)
        Byte = Byte * 8 + (Quoted[I] - '0');
      --I;
      Out += static_cast<char>(Byte);
      continue;
    }
    Out += E == 'n' ? '\n' : E == 't' ? '\t' : E == 'r' ? '\r' : E;
  }
  return Out;
}

/// The new file's path from `+++ PATH[\tTIMESTAMP]`, with \p Strip leading directories removed
/// as `patch -pN` does; nullopt for /dev/null (a deleted file).
llvm::Expected<std::optional<std::string>> newPath(llvm::StringRef Header, unsigned Strip,
                                                   size_t LineNo) {
  llvm::StringRef Rest = Header.drop_front(4);
  std::string Path = Rest.starts_with("\"") && Rest.size() > 1
                         ? unquote(Rest.take_front(Rest.rfind('"') + 1))
                         : Rest.split('\t').first.rtrim().str();
  if (Path.empty())
    return malformed(LineNo, "'+++' names no file");
  if (Path == "/dev/null")
    return std::nullopt;
  llvm::StringRef Stripped = Path;
  for (unsigned I = 0; I < Strip; ++I) {
    size_t Slash = Stripped.find('/');
    if (Slash == llvm::StringRef::npos)
      return malformed(LineNo, "cannot strip " + llvm::Twine(Strip) + " director" +
                                   (Strip == 1 ? "y" : "ies") + " from '" + Path +
                                   "' (--diff-strip)");
    Stripped = Stripped.drop_front(Slash + 1).ltrim('/');
  }
  if (Stripped.empty())
    return malformed(LineNo, "'" + Path + "' is a directory after --diff-strip");
  return std::optional<std::string>(Stripped.str());
}

/// Adds line \p Line to \p Ranges (lines arrive in increasing order within a hunk).
void addLine(std::vector<LineFilter::LineRange> &Ranges, unsigned Line) {
  if (!Ranges.empty() && Ranges.back().second + 1 == Line)
    Ranges.back().second = Line;
  else
    Ranges.push_back({Line, Line});
}

/// Sorts and merges overlapping or adjacent ranges (a file may appear in several sections).
void normalize(std::vector<LineFilter::LineRange> &Ranges) {
  std::sort(Ranges.begin(), Ranges.end());
  std::vector<LineFilter::LineRange> Merged;
  for (const auto &R : Ranges) {
    if (!Merged.empty() && R.first <= Merged.back().second + 1)
      Merged.back().second = std::max(Merged.back().second, R.second);
    else
      Merged.push_back(R);
  }
  Ranges = std::move(Merged);
}

} // namespace

llvm::Expected<std::vector<ChangedFile>> parseUnifiedDiff(llvm::StringRef Diff, unsigned Strip) {
  static const llvm::Regex HunkHeader("^@@ -([0-9]+)(,([0-9]+))? \\+([0-9]+)(,([0-9]+))? @@");
  std::vector<ChangedFile> Files;
  std::map<std::string, size_t> IndexOf;
  // The file whose hunks follow: an index into Files, -1 for a deleted file, -2 before any.
  long Current = -2;
  unsigned OldLeft = 0, NewLeft = 0, NewLine = 0;
  bool SawDiff = false; // a file header of any kind: the input is a diff
  size_t LineNo = 0;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  if (!Lines.empty() && Lines.back().empty())
    Lines.pop_back(); // the final newline
  for (llvm::StringRef Line : Lines) {
    ++LineNo;
    Line.consume_back("\r");
    if (OldLeft || NewLeft) { // inside a hunk
      if (Line.starts_with("\\")) // "\ No newline at end of file"
        continue;
      char Kind = Line.empty() ? ' ' : Line[0]; // some tools drop an empty context line's space
      if ((Kind == ' ' && OldLeft && NewLeft) || (Kind == '-' && OldLeft) ||
          (Kind == '+' && NewLeft)) {
        if (Kind != '+')
          --OldLeft;
        if (Kind != '-') {
          if (Kind == '+' && Current >= 0)
            addLine(Files[Current].AddedLines, NewLine);
          ++NewLine;
          --NewLeft;
        }
        continue;
      }
      return malformed(LineNo, "the hunk ends early (" + llvm::Twine(OldLeft) + " old and " +
                                   llvm::Twine(NewLeft) + " new lines missing)");
    }
    if (Line.starts_with("diff ") || Line.starts_with("--- ")) {
      SawDiff = true;
      continue;
    }
    if (Line.starts_with("+++ ")) {
      SawDiff = true;
      auto Path = newPath(Line, Strip, LineNo);
      if (!Path)
        return Path.takeError();
      if (!*Path) {
        Current = -1;
        continue;
      }
      auto [It, New] = IndexOf.try_emplace(**Path, Files.size());
      if (New)
        Files.push_back({**Path, {}});
      Current = static_cast<long>(It->second);
      continue;
    }
    if (Line.starts_with("@@")) {
      llvm::SmallVector<llvm::StringRef, 7> M;
      if (!HunkHeader.match(Line, &M))
        return malformed(LineNo, "bad hunk header '" + Line +
                                     "' (expected @@ -OLD[,N] +NEW[,N] @@)");
      if (Current == -2)
        return malformed(LineNo, "a hunk before any '+++ FILE' line");
      unsigned NewStart = 0;
      OldLeft = NewLeft = 1;
      if ((!M[3].empty() && M[3].getAsInteger(10, OldLeft)) ||
          M[4].getAsInteger(10, NewStart) ||
          (!M[6].empty() && M[6].getAsInteger(10, NewLeft)))
        return malformed(LineNo, "a line number in '" + Line + "' is too large");
      NewLine = NewStart;
      continue;
    }
    // Anything else between hunks is a header line (index, mode, rename, Binary files ...).
  }
  if (OldLeft || NewLeft)
    return malformed(LineNo, "the diff ends inside a hunk (" + llvm::Twine(OldLeft) +
                                 " old and " + llvm::Twine(NewLeft) + " new lines missing)");
  if (!SawDiff && !Diff.trim().empty())
    return llvm::createStringError(std::errc::invalid_argument,
                                   "malformed diff: no '--- FILE' / '+++ FILE' lines (expected "
                                   "a unified diff, e.g. git diff -U0)");
  std::vector<ChangedFile> Changed;
  for (ChangedFile &F : Files) {
    if (F.AddedLines.empty())
      continue;
    normalize(F.AddedLines);
    Changed.push_back(std::move(F));
  }
  return Changed;
}

LineFilter lineFilterFor(const std::vector<ChangedFile> &Files) {
  std::vector<LineFilter::FileLines> Lines;
  for (const ChangedFile &F : Files)
    Lines.push_back({F.Path, F.AddedLines});
  // The first entry that is a suffix of a path decides: `src/a/k.cu` before `a/k.cu`.
  std::stable_sort(Lines.begin(), Lines.end(), [](const auto &A, const auto &B) {
    return A.Name.size() > B.Name.size();
  });
  return LineFilter(std::move(Lines));
}

} // namespace divlint
