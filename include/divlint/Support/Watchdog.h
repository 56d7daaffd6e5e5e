//===- Watchdog.h - bounded time and memory per translation unit -*- C++ -*-===//
//
// clang cannot be interrupted in the middle of a parse, so a translation unit that runs too long
// (a macro that expands to 2^30 tokens) or grows too big ends the process: the watchdog prints
// `divlint: error: FILE: ...` and exits with status 2 (tool failure) rather than hanging or being
// killed by the kernel's OOM killer. One monitor thread serves every scope (also with -j).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_WATCHDOG_H
#define DIVLINT_WATCHDOG_H

#include <cstdint>
#include <string>

namespace divlint {

/// While alive, limits the process: if it is still inside this scope \p Seconds after it began,
/// or its resident memory grows past \p MemoryMB, the process exits with status 2 after saying
/// so for \p File. A limit of 0 is no limit.
class WatchdogScope {
public:
  WatchdogScope(std::string File, unsigned Seconds, unsigned MemoryMB);
  ~WatchdogScope();
  WatchdogScope(const WatchdogScope &) = delete;
  WatchdogScope &operator=(const WatchdogScope &) = delete;

private:
  uint64_t Id = 0;
};

/// The process's resident memory in MiB (0 where unknown).
unsigned residentMemoryMB();

/// The machine's physical memory in MiB (0 where unknown).
uint64_t physicalMemoryMB();

} // namespace divlint

#endif
