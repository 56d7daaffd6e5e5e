//===- SassLineTable.cpp - what nvcc compiled each source line to --------===//

#include "divlint/Compiled/SassLineTable.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <set>
#include <vector>

namespace divlint {

namespace {

struct Instruction {
  std::string Guard;    ///< "P0", "!P1", "" (none)
  std::string Mnemonic; ///< with modifiers: BRA, BRA.U, ISETP.NE.AND, ...
  std::string Operands;
  std::pair<std::string, unsigned> Where; ///< innermost frame
};

bool isPredicateRegister(llvm::StringRef Op) {
  Op = Op.trim();
  Op.consume_front("!");
  Op.consume_front("U");
  return Op.size() == 2 && Op[0] == 'P' && ((Op[1] >= '0' && Op[1] <= '6') || Op[1] == 'T');
}

/// Predicate registers an instruction writes: its leading predicate operands (ISETP P0, PT,
/// ...; FCHK P0, ...), PT excluded.
std::set<std::string> predicateWrites(const Instruction &I) {
  std::set<std::string> Out;
  llvm::SmallVector<llvm::StringRef, 8> Ops;
  llvm::StringRef(I.Operands).split(Ops, ',');
  for (llvm::StringRef Op : Ops) {
    Op = Op.trim();
    if (!isPredicateRegister(Op))
      break;
    if (Op.ltrim('U') != "PT")
      Out.insert(Op.str());
  }
  return Out;
}

bool isConditionalBranch(const Instruction &I) {
  llvm::StringRef Base = llvm::StringRef(I.Mnemonic).split('.').first;
  bool Guarded = !I.Guard.empty() && I.Guard != "PT";
  return (Base == "BRA" && Guarded && !llvm::StringRef(I.Mnemonic).contains(".DIV")) ||
         Base == "BRX" || Base == "JMX";
}

bool isPredicatedExit(const Instruction &I) {
  return llvm::StringRef(I.Mnemonic).split('.').first == "EXIT" && !I.Guard.empty() &&
         I.Guard != "PT";
}

} // namespace

SassLineTable readNvdisasm(llvm::StringRef Text) {
  static const llvm::Regex Loc("//## File \"([^\"]+)\", line ([0-9]+)");
  static const llvm::Regex Insn("^[ \t]*/\\*[0-9a-f]+\\*/[ \t]+([^;]*);");
  SassLineTable Table;
  std::vector<Instruction> Function; // the current function's instructions, in order
  std::pair<std::string, unsigned> Where;
  bool HaveWhere = false;
  auto Finish = [&] {
    // Branches and exits: counted on their own line and on the line that computed the guard
    // (the last writer of the predicate before them in the function).
    for (size_t J = 0; J < Function.size(); ++J) {
      const Instruction &I = Function[J];
      if (!isConditionalBranch(I) && !isPredicatedExit(I))
        continue;
      std::string Pred = llvm::StringRef(I.Guard).ltrim('!').str();
      for (size_t K = J; K-- > 0;) {
        if (!predicateWrites(Function[K]).count(Pred))
          continue;
        if (Function[K].Where != I.Where)
          ++Table[Function[K].Where].GuardedBranches;
        break;
      }
    }
    Function.clear();
    HaveWhere = false;
  };
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    // A new function (section header, or a subroutine nvcc appends such as a division slow
    // path): line info does not carry over.
    if (Line.starts_with("//---") || Line.contains("@function")) {
      Finish();
      continue;
    }
    llvm::SmallVector<llvm::StringRef, 3> M;
    if (Loc.match(Line, &M)) {
      unsigned N = 0;
      if (!llvm::to_integer(M[2], N))
        continue;
      Where = {M[1].str(), N};
      HaveWhere = true;
      continue;
    }
    if (!Insn.match(Line, &M))
      continue;
    llvm::StringRef Body = M[1].trim();
    Instruction I;
    if (Body.consume_front("@")) {
      auto [G, Rest] = Body.split(' ');
      I.Guard = G.str();
      Body = Rest.ltrim();
    }
    auto [Mn, Ops] = Body.split(' ');
    I.Mnemonic = Mn.str();
    I.Operands = Ops.trim().str();
    if (!HaveWhere)
      continue;
    I.Where = Where;
    SassLineFacts &F = Table[Where];
    ++F.Instructions;
    if (isConditionalBranch(I))
      ++F.ConditionalBranches;
    else if (isPredicatedExit(I))
      ++F.PredicatedExits;
    else if (!I.Guard.empty() && I.Guard != "PT")
      ++F.PredicatedInstructions;
    Function.push_back(std::move(I));
  }
  Finish();
  return Table;
}

const SassLineFacts *lookupLine(const SassLineTable &Table, llvm::StringRef File, unsigned Line) {
  llvm::SmallString<256> Real;
  bool HaveReal = !llvm::sys::fs::real_path(File, Real);
  const SassLineFacts *ByName = nullptr;
  std::set<std::string> NamesakeFiles;
  llvm::StringRef Name = llvm::sys::path::filename(File);
  for (const auto &[Key, Facts] : Table) {
    if (llvm::sys::path::filename(Key.first) != Name)
      continue;
    NamesakeFiles.insert(Key.first);
    if (Key.second != Line)
      continue;
    llvm::SmallString<256> Other;
    if (HaveReal && !llvm::sys::fs::real_path(Key.first, Other) && Other == Real)
      return &Facts;
    ByName = &Facts;
  }
  return NamesakeFiles.size() == 1 ? ByName : nullptr;
}

} // namespace divlint
