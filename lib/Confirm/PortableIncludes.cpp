#include "divlint/Confirm/PortableIncludes.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <map>

namespace divlint::confirm {

namespace {

std::string absolutePath(llvm::StringRef P) {
  llvm::SmallString<256> S(P);
  llvm::sys::fs::make_absolute(S);
  llvm::sys::path::remove_dots(S, true);
  return std::string(S);
}

bool isSystemFolder(llvm::StringRef Abs) {
  return Abs.starts_with("/usr/") || Abs.starts_with("/opt/") || Abs == "/usr" || Abs == "/opt";
}

bool isSourceOrHeader(llvm::StringRef Name) {
  std::string Ext = llvm::sys::path::extension(Name).lower();
  for (const char *E : {".h", ".hh", ".hpp", ".hxx", ".cuh", ".inc", ".inl", ".ipp", ".tcc", ".cu",
                        ".c", ".cc", ".cpp", ".cxx"})
    if (Ext == E)
      return true;
  return false;
}

} // namespace

std::vector<std::string> portableIncludes(const std::vector<std::string> &Nvcc,
                                          const std::string &Root, const std::string &MainDir,
                                          std::vector<IncludeCopy> &Copies) {
  std::map<std::string, std::string> Mapped; // absolute folder -> its place in the build dir
  unsigned Outside = 0;                      // folders outside the root: inc/0, inc/1, ...
  auto Place = [&](const std::string &Abs) {
    if (auto It = Mapped.find(Abs); It != Mapped.end())
      return It->second;
    std::string To;
    if (Abs == Root)
      To = "src";
    else if (llvm::StringRef(Abs).starts_with(Root + "/"))
      To = "src/" + Abs.substr(Root.size() + 1);
    else
      To = "inc/" + std::to_string(Outside++);
    Mapped[Abs] = To;
    Copies.push_back({Abs, To});
    return To;
  };
  Place(absolutePath(MainDir));
  std::vector<std::string> Out;
  for (size_t I = 0; I < Nvcc.size(); ++I) {
    llvm::StringRef A = Nvcc[I];
    std::string Dir;
    if (A == "-I" && I + 1 < Nvcc.size())
      Dir = Nvcc[++I];
    else if (A.starts_with("-I"))
      Dir = A.drop_front(2).str();
    else {
      Out.push_back(A.str());
      continue;
    }
    std::string Abs = absolutePath(Dir);
    Out.push_back("-I" + (isSystemFolder(Abs) ? Abs : Place(Abs)));
  }
  return Out;
}

unsigned copyHeaders(const IncludeCopy &C, const std::string &Dir, uint64_t &Budget) {
  unsigned Copied = 0;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(C.From, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!isSourceOrHeader(Name))
      continue;
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(It->path(), St) || St.type() != llvm::sys::fs::file_type::regular_file)
      continue;
    uint64_t Size = St.getSize();
    std::string Target = Dir + "/" + C.To + "/" + Name.str();
    if (Size > 512 * 1024 || Size > Budget || llvm::sys::fs::exists(Target))
      continue;
    llvm::sys::fs::create_directories(Dir + "/" + C.To);
    if (!llvm::sys::fs::copy_file(It->path(), Target)) {
      Budget -= Size;
      ++Copied;
    }
  }
  return Copied;
}

} // namespace divlint::confirm
