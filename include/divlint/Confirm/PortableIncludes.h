//===- PortableIncludes.h - a build directory that runs anywhere -*- C++ -*-===//
//
// An --emit-only directory is built on another machine (the one with the GPU), where this
// machine's paths do not exist. So run.sh names no absolute path of this machine: every include
// folder of the program becomes a folder of the build directory (src/... for those under the
// mirrored root, inc/N for the others), and the headers the analysis did not see (only the host
// pass includes them, or they sit behind a macro) are copied there too: those at the top of an
// include folder, and every file any file there names in an #include line. System folders (/usr,
// /opt) are the toolkit's: they stay as given.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_PORTABLEINCLUDES_H
#define DIVLINT_CONFIRM_PORTABLEINCLUDES_H

#include <cstdint>
#include <string>
#include <vector>

namespace divlint::confirm {

/// A folder whose headers go into the build directory.
struct IncludeCopy {
  std::string From; ///< absolute
  std::string To;   ///< relative to the build directory
};

/// \p Nvcc with every -I made relative to the build directory (\p Root: the mirrored root, which
/// lands in src/); adds to \p Copies the folders to copy, the main file's folder \p MainDir first.
std::vector<std::string> portableIncludes(const std::vector<std::string> &Nvcc,
                                          const std::string &Root, const std::string &MainDir,
                                          std::vector<IncludeCopy> &Copies);

/// Copies the source and header files of \p C.From (not its subfolders) that \p Dir/\p C.To does
/// not have yet; at most 512 KiB a file and \p Budget bytes in all (decremented). Returns the
/// number of files copied.
unsigned copyHeaders(const IncludeCopy &C, const std::string &Dir, uint64_t &Budget);

/// Copies into \p Dir every file that a file already there includes (any `#include` line, in
/// every conditional branch: a header behind an architecture guard the analysis did not take),
/// found as the compiler would (a quoted name next to its file first, then the folders of
/// \p Copies in order) in \p Root or one of those folders, and what those include in turn;
/// within \p Budget as copyHeaders. Returns the number of files copied.
unsigned copyIncludedHeaders(const std::vector<IncludeCopy> &Copies, const std::string &Root,
                             const std::string &Dir, uint64_t &Budget);

} // namespace divlint::confirm

#endif
