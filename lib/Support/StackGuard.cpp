#include "divlint/Support/StackGuard.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

namespace divlint {

namespace {

constexpr size_t GuardBytes = 1u << 20;       // no-access pages below the stack
constexpr size_t AltStackBytes = 256u << 10;  // where the fault handler runs
constexpr size_t OverflowSlack = 64u << 10;   // faults this far into the stack count too

struct GuardedThread {
  llvm::function_ref<void()> Fn;
  uintptr_t Low = 0; ///< lowest usable stack address
  char Message[512];
  size_t MessageLength = 0;
};

// Read by the fault handler: a pointer in the thread's initial-exec TLS is signal-safe.
thread_local GuardedThread *Current = nullptr;

std::mutex InstallMutex;
struct sigaction PreviousSegv, PreviousBus;

void onFault(int Sig, siginfo_t *Info, void *Context) {
  const GuardedThread *G = Current;
  uintptr_t Addr = reinterpret_cast<uintptr_t>(Info->si_addr);
  if (G && Addr + GuardBytes >= G->Low && Addr < G->Low + OverflowSlack) {
    ssize_t Ignored = ::write(2, G->Message, G->MessageLength);
    (void)Ignored;
    ::_exit(2);
  }
  // Not a guarded overflow: hand it to the handler that was there before.
  const struct sigaction &Prev = Sig == SIGSEGV ? PreviousSegv : PreviousBus;
  if ((Prev.sa_flags & SA_SIGINFO) && Prev.sa_sigaction) {
    Prev.sa_sigaction(Sig, Info, Context);
    return;
  }
  if (Prev.sa_handler != SIG_DFL && Prev.sa_handler != SIG_IGN) {
    Prev.sa_handler(Sig);
    return;
  }
  ::signal(Sig, SIG_DFL); // returning re-runs the faulting instruction: the default action
}

/// Puts onFault in front (again, if something replaced it since), remembering the previous one.
void installHandler() {
  std::lock_guard<std::mutex> Lock(InstallMutex);
  for (int Sig : {SIGSEGV, SIGBUS}) {
    struct sigaction Now;
    if (::sigaction(Sig, nullptr, &Now) != 0)
      continue;
    if ((Now.sa_flags & SA_SIGINFO) && Now.sa_sigaction == onFault)
      continue;
    struct sigaction Mine;
    std::memset(&Mine, 0, sizeof(Mine));
    Mine.sa_sigaction = onFault;
    Mine.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&Mine.sa_mask);
    ::sigaction(Sig, &Mine, Sig == SIGSEGV ? &PreviousSegv : &PreviousBus);
  }
}

void *guardedMain(void *Arg) {
  auto &G = *static_cast<GuardedThread *>(Arg);
  pthread_attr_t Attr;
  void *StackAddr = nullptr;
  size_t StackSize = 0;
  if (pthread_getattr_np(pthread_self(), &Attr) == 0) {
    pthread_attr_getstack(&Attr, &StackAddr, &StackSize);
    pthread_attr_destroy(&Attr);
  }
  G.Low = reinterpret_cast<uintptr_t>(StackAddr);
  // The handler cannot run on the exhausted stack: give this thread an alternate one.
  stack_t Alt, OldAlt;
  Alt.ss_sp = std::malloc(AltStackBytes);
  Alt.ss_size = AltStackBytes;
  Alt.ss_flags = 0;
  bool HaveAlt = Alt.ss_sp && ::sigaltstack(&Alt, &OldAlt) == 0;
  Current = G.Low ? &G : nullptr;
  G.Fn();
  Current = nullptr;
  if (HaveAlt) {
    if (OldAlt.ss_flags & SS_DISABLE) {
      stack_t Off;
      std::memset(&Off, 0, sizeof(Off));
      Off.ss_flags = SS_DISABLE;
      ::sigaltstack(&Off, nullptr);
    } else {
      ::sigaltstack(&OldAlt, nullptr);
    }
  }
  std::free(Alt.ss_sp);
  return nullptr;
}

} // namespace

void runWithStackGuard(llvm::StringRef File, llvm::function_ref<void()> Fn, unsigned StackMB) {
  GuardedThread G;
  G.Fn = Fn;
  std::string Text = "divlint: error: " + File.take_front(300).str() +
                     ": nesting too deep: the " + std::to_string(StackMB) +
                     " MiB parse stack is exhausted\n";
  G.MessageLength = std::min(Text.size(), sizeof(G.Message));
  std::memcpy(G.Message, Text.data(), G.MessageLength);

  pthread_attr_t Attr;
  pthread_t Thread;
  bool Started = false;
  if (pthread_attr_init(&Attr) == 0) {
    if (pthread_attr_setstacksize(&Attr, static_cast<size_t>(StackMB) << 20) == 0 &&
        pthread_attr_setguardsize(&Attr, GuardBytes) == 0) {
      installHandler();
      Started = pthread_create(&Thread, &Attr, guardedMain, &G) == 0;
    }
    pthread_attr_destroy(&Attr);
  }
  if (Started)
    pthread_join(Thread, nullptr);
  else
    Fn(); // no thread with that stack (address-space limit): run unguarded
}

} // namespace divlint
