#include "divlint/Confirm/PortableIncludes.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <deque>
#include <map>
#include <set>

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

namespace {
/// The names a file includes, with whether each is a quoted include (searched next to the file
/// first). Every directive, whatever the conditionals around it.
std::vector<std::pair<std::string, bool>> includedNames(llvm::StringRef Text) {
  static const llvm::Regex Include(R"(^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"])");
  std::vector<std::pair<std::string, bool>> Out;
  llvm::SmallVector<llvm::StringRef, 3> M;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    if (Line.contains("include") && Include.match(Line, &M))
      Out.push_back({M[2].str(), M[1] == "\""});
  }
  return Out;
}
} // namespace

unsigned copyIncludedHeaders(const std::vector<IncludeCopy> &Copies, const std::string &Root,
                             const std::string &Dir, uint64_t &Budget) {
  // Where each original folder lies in the build directory: the mirrored root, then the
  // include folders (the -I order: the first that has a name is the one the compiler takes).
  std::vector<IncludeCopy> Places{{Root, "src"}};
  Places.insert(Places.end(), Copies.begin(), Copies.end());
  auto PlaceOf = [&](llvm::StringRef Original) -> std::string {
    for (const IncludeCopy &C : Places)
      if (Original == C.From || Original.starts_with(C.From + "/"))
        return Dir + "/" + C.To + Original.drop_front(C.From.size()).str();
    return {};
  };
  // Every file already in the build directory, by its original path.
  std::deque<std::string> Work;
  std::set<std::string> Seen;
  for (const IncludeCopy &C : Places) {
    std::error_code EC;
    std::string Base = Dir + "/" + C.To;
    for (llvm::sys::fs::recursive_directory_iterator It(Base, EC), End; It != End && !EC;
         It.increment(EC))
      if (isSourceOrHeader(It->path()) && It->type() == llvm::sys::fs::file_type::regular_file)
        if (std::string Original = C.From + llvm::StringRef(It->path()).drop_front(Base.size()).str();
            Seen.insert(Original).second)
          Work.push_back(Original);
  }
  unsigned Copied = 0;
  while (!Work.empty()) {
    std::string Original = Work.front();
    Work.pop_front();
    auto Text = llvm::MemoryBuffer::getFile(PlaceOf(Original));
    if (!Text)
      continue;
    for (const auto &[Name, Quoted] : includedNames((*Text)->getBuffer())) {
      std::vector<std::string> Folders;
      if (Quoted)
        Folders.push_back(std::string(llvm::sys::path::parent_path(Original)));
      for (const IncludeCopy &C : Copies)
        Folders.push_back(C.From);
      for (const std::string &Folder : Folders) {
        std::string From = absolutePath(Folder + "/" + Name);
        llvm::sys::fs::file_status St;
        if (llvm::sys::fs::status(From, St) || St.type() != llvm::sys::fs::file_type::regular_file)
          continue;
        std::string Target = PlaceOf(From);
        if (Target.empty() || !Seen.insert(From).second)
          break; // outside every folder we place, or already there
        if (St.getSize() > 512 * 1024 || St.getSize() > Budget)
          break;
        llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Target));
        if (!llvm::sys::fs::copy_file(From, Target)) {
          Budget -= St.getSize();
          ++Copied;
          Work.push_back(From);
        }
        break;
      }
    }
  }
  return Copied;
}

} // namespace divlint::confirm
