#include "divlint/Support/Watchdog.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace divlint {

namespace {

using Clock = std::chrono::steady_clock;

struct Watched {
  std::string File;
  Clock::time_point Deadline; ///< max() when there is no time limit
  unsigned Seconds = 0, MemoryMB = 0;
};

/// The monitor's state. Never destroyed: the detached thread may outlive static destructors.
struct Monitor {
  std::mutex M;
  std::condition_variable Changed;
  std::map<uint64_t, Watched> Scopes;
  uint64_t NextId = 1;
  bool Started = false;
};

Monitor &monitor() {
  static Monitor *Mon = new Monitor;
  return *Mon;
}

/// Writes straight to stderr (no stream locks another thread may hold) and exits.
[[noreturn]] void giveUp(const std::string &Message) {
  std::string Line = "divlint: error: " + Message + "\n";
  ssize_t Ignored = ::write(2, Line.data(), Line.size());
  (void)Ignored;
  ::_exit(2);
}

void watch() {
  Monitor &Mon = monitor();
  std::unique_lock<std::mutex> Lock(Mon.M);
  for (;;) {
    // Sleep until a scope changes, or 50 ms pass while some scope is watched.
    if (Mon.Scopes.empty())
      Mon.Changed.wait(Lock);
    else
      Mon.Changed.wait_for(Lock, std::chrono::milliseconds(50));
    if (Mon.Scopes.empty())
      continue;
    Clock::time_point Now = Clock::now();
    unsigned Resident = 0;
    bool Measured = false;
    for (const auto &[Id, W] : Mon.Scopes) {
      if (W.Seconds && Now >= W.Deadline)
        giveUp(W.File + ": timed out after " + std::to_string(W.Seconds) +
               " s (limit per translation unit)");
      if (W.MemoryMB) {
        if (!Measured) {
          Resident = residentMemoryMB();
          Measured = true;
        }
        if (Resident > W.MemoryMB)
          giveUp(W.File + ": memory use reached " + std::to_string(Resident) + " MiB (limit " +
                 std::to_string(W.MemoryMB) + " MiB)");
      }
    }
  }
}

} // namespace

unsigned residentMemoryMB() {
  // /proc/self/statm: size resident shared text lib data dt, in pages.
  std::ifstream Statm("/proc/self/statm");
  uint64_t Size = 0, Resident = 0;
  if (!(Statm >> Size >> Resident))
    return 0;
  return static_cast<unsigned>(Resident * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE)) >> 20);
}

uint64_t physicalMemoryMB() {
  long Pages = ::sysconf(_SC_PHYS_PAGES), PageSize = ::sysconf(_SC_PAGESIZE);
  if (Pages <= 0 || PageSize <= 0)
    return 0;
  return static_cast<uint64_t>(Pages) * static_cast<uint64_t>(PageSize) >> 20;
}

WatchdogScope::WatchdogScope(std::string File, unsigned Seconds, unsigned MemoryMB) {
  if (!Seconds && !MemoryMB)
    return;
  Monitor &Mon = monitor();
  std::lock_guard<std::mutex> Lock(Mon.M);
  Id = Mon.NextId++;
  Watched W{std::move(File), Clock::time_point::max(), Seconds, MemoryMB};
  if (Seconds)
    W.Deadline = Clock::now() + std::chrono::seconds(Seconds);
  Mon.Scopes.emplace(Id, std::move(W));
  if (!Mon.Started) {
    std::thread(watch).detach();
    Mon.Started = true;
  }
  Mon.Changed.notify_one();
}

WatchdogScope::~WatchdogScope() {
  if (!Id)
    return;
  Monitor &Mon = monitor();
  std::lock_guard<std::mutex> Lock(Mon.M);
  Mon.Scopes.erase(Id);
  Mon.Changed.notify_one();
}

} // namespace divlint
