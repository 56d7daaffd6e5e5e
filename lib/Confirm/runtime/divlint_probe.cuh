// divlint_probe.cuh - device probes and the counterfactual used by `divlint confirm`.
//
// `divlint confirm` rewrites every analyzed branch condition C of a CUDA source into
//     ::divlint_rt::br<ID>(static_cast<bool>((C)))      (if, loops, ?:, && and || operands)
//     ::divlint_rt::sw<ID>((C), TARGETS)                (switch; TARGETS maps a value to the
//                                                       index of the case it jumps to)
// and builds the rewritten source several times, chosen by macros:
//   DIVLINT_MODE=0, DIVLINT_UNIFORM_ID=-1  the original program (br/sw return C unchanged)
//   DIVLINT_MODE=0, DIVLINT_UNIFORM_ID=K   branch K made warp-uniform: the warp's first active lane
//                                          decides for the whole warp (the counterfactual)
//   DIVLINT_MODE=0, DIVLINT_FLOOR_ID=K     branch K's condition false for every lane (the kernel
//                                          without its region: a time floor, outputs not kept)
//   DIVLINT_MODE=1                         probes: per warp evaluation, count the active lanes
//                                          (__activemask) and the ballot of the condition
// Inside loops the probes also take the lane's instance key (the loops' iteration counters), so
// that lanes arriving at different iterations are told apart (LoopInstances.h in divlint).
// DIVLINT_NUM_PROBES is the number of IDs. With DIVLINT_PROGRAM_HOOKS (program mode) the counters
// are written at exit to $DIVLINT_PROBE_OUT (snapshots are taken after synchronizing CUDA calls, so
// a cudaDeviceReset or a torn-down runtime at exit loses nothing).
#ifndef DIVLINT_PROBE_CUH
#define DIVLINT_PROBE_CUH

#include <cuda_runtime.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#ifndef DIVLINT_NUM_PROBES
#define DIVLINT_NUM_PROBES 1
#endif
#ifndef DIVLINT_MODE
#define DIVLINT_MODE 0
#endif
#ifndef DIVLINT_UNIFORM_ID
#define DIVLINT_UNIFORM_ID -1
#endif
#ifndef DIVLINT_FLOOR_ID
#define DIVLINT_FLOOR_ID -1
#endif

namespace divlint_rt {

// One row of counters per probe (and per shard, to spread the atomics over the SMs).
enum Counter {
  kExecs = 0,          // warp evaluations of the condition
  kDivergent,          // evaluations where the active lanes disagreed
  kActiveLanes,        // sum of active lanes
  kTrueLanes,          // sum of lanes with a true condition (switch: 0)
  kAnyTrue,            // evaluations with at least one true lane (the true side ran)
  kAnyFalse,           // evaluations with at least one false lane (the false side ran)
  kPasses,             // sum of paths taken: 1 or 2 (switch: distinct values)
  kDivergentActive,    // sum of active lanes in divergent evaluations
  kDivergentTrue,      // sum of true lanes in divergent evaluations
  kSplitArrivals,      // evaluations whose lanes were at different iterations of an enclosing
                       // loop (different instance keys: they arrived split)
  kInstanceDivergent,  // evaluations where lanes at one iteration (one key) disagreed
  kNumCounters
};
constexpr int kShards = 32;
constexpr int kNumProbes = DIVLINT_NUM_PROBES;

#if DIVLINT_MODE == 1
__device__ unsigned long long g_counters[kNumProbes * kShards * kNumCounters];
#endif

#if defined(__CUDA_ARCH__)
__device__ __forceinline__ unsigned lane_id() {
  unsigned L;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(L));
  return L;
}
__device__ __forceinline__ unsigned sm_id() {
  unsigned S;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(S));
  return S;
}

#if DIVLINT_MODE == 1
// Inlined at every probe site, and the active lanes are narrowed to those at this probe
// (__match_any_sync on the id): lanes of one warp that reach different probes together must not
// be counted as one evaluation. \p Instance is the lane's instance key (the iteration counters of
// the loops around the probe): lanes with different keys arrived at different iterations
// (independent thread scheduling), and only lanes with one key must agree on a uniform test.
__device__ __forceinline__ void record_branch(int Id, bool C, unsigned Instance) {
  unsigned Active = __match_any_sync(__activemask(), Id);
  unsigned Ballot = __ballot_sync(Active, C);
  unsigned Same = __match_any_sync(Active, Instance); // lanes at this lane's iteration
  unsigned Mine = Ballot & Same;
  bool InstanceSplit = __any_sync(Active, Mine != 0 && Mine != Same);
  if (lane_id() == unsigned(__ffs(Active) - 1)) {
    unsigned A = __popc(Active), T = __popc(Ballot);
    unsigned long long *K = &g_counters[(Id * kShards + sm_id() % kShards) * kNumCounters];
    bool Divergent = T != 0 && T != A;
    atomicAdd(&K[kExecs], 1ull);
    atomicAdd(&K[kActiveLanes], (unsigned long long)A);
    atomicAdd(&K[kTrueLanes], (unsigned long long)T);
    atomicAdd(&K[kPasses], (unsigned long long)((T != 0) + (T != A)));
    if (T != 0)
      atomicAdd(&K[kAnyTrue], 1ull);
    if (T != A)
      atomicAdd(&K[kAnyFalse], 1ull);
    if (Divergent) {
      atomicAdd(&K[kDivergent], 1ull);
      atomicAdd(&K[kDivergentActive], (unsigned long long)A);
      atomicAdd(&K[kDivergentTrue], (unsigned long long)T);
    }
    if (Same != Active)
      atomicAdd(&K[kSplitArrivals], 1ull);
    if (InstanceSplit)
      atomicAdd(&K[kInstanceDivergent], 1ull);
  }
  __syncwarp(Active); // the branch itself starts with the lanes converged again
}

__device__ __forceinline__ void record_switch(int Id, unsigned long long V, unsigned Instance) {
  unsigned Active = __match_any_sync(__activemask(), Id);
  unsigned Same = __match_any_sync(Active, V);
  // One leader per distinct value: the number of passes the switch needs.
  unsigned Groups = __popc(__ballot_sync(Active, lane_id() == unsigned(__ffs(Same) - 1)));
  unsigned Iteration = __match_any_sync(Active, Instance);
  bool InstanceSplit = __any_sync(Active, (Iteration & Same) != Iteration);
  if (lane_id() == unsigned(__ffs(Active) - 1)) {
    unsigned A = __popc(Active);
    unsigned long long *K = &g_counters[(Id * kShards + sm_id() % kShards) * kNumCounters];
    atomicAdd(&K[kExecs], 1ull);
    atomicAdd(&K[kActiveLanes], (unsigned long long)A);
    atomicAdd(&K[kPasses], (unsigned long long)Groups);
    if (Groups > 1) {
      atomicAdd(&K[kDivergent], 1ull);
      atomicAdd(&K[kDivergentActive], (unsigned long long)A);
    }
    if (Iteration != Active)
      atomicAdd(&K[kSplitArrivals], 1ull);
    if (InstanceSplit)
      atomicAdd(&K[kInstanceDivergent], 1ull);
  }
  __syncwarp(Active);
}
#endif

// The counterfactual: the first active lane decides for the warp.
__device__ __forceinline__ bool uniform_bool(bool C) {
  unsigned Active = __activemask();
  return __shfl_sync(Active, int(C), __ffs(Active) - 1) != 0;
}
template <typename T> __device__ __forceinline__ T uniform_value(T V) {
  unsigned Active = __activemask();
  if (sizeof(T) <= 4)
    return (T)__shfl_sync(Active, (int)V, __ffs(Active) - 1);
  return (T)__shfl_sync(Active, (long long)V, __ffs(Active) - 1);
}
#endif // __CUDA_ARCH__

/// A branch condition (already converted to bool at the call site); \p Instance: the lane's
/// instance key inside loops (0 outside).
template <int Id> __host__ __device__ __forceinline__ bool br(bool C, unsigned Instance = 0) {
#if defined(__CUDA_ARCH__)
#if DIVLINT_MODE == 1
  record_branch(Id, C, Instance);
#else
  if (Id == DIVLINT_UNIFORM_ID)
    return uniform_bool(C);
  if (Id == DIVLINT_FLOOR_ID)
    return false;
#endif
#endif
  return C;
}

/// A switch condition (an integer or enumeration value); the probe counts distinct case targets,
/// the paths the warp takes (\p Targets maps a value to its case's index).
template <int Id, typename T, typename Map>
__host__ __device__ __forceinline__ T sw(T V, Map Targets, unsigned Instance = 0) {
#if defined(__CUDA_ARCH__)
#if DIVLINT_MODE == 1
  record_switch(Id, (unsigned long long)Targets((long long)V), Instance);
#else
  if (Id == DIVLINT_UNIFORM_ID)
    return uniform_value(V);
#endif
#endif
  return V;
}

/// A switch whose case targets are not known (case ranges): distinct values stand for them.
template <int Id, typename T> __host__ __device__ __forceinline__ T sw(T V) {
#if defined(__CUDA_ARCH__)
#if DIVLINT_MODE == 1
  record_switch(Id, (unsigned long long)V, 0u);
#else
  if (Id == DIVLINT_UNIFORM_ID)
    return uniform_value(V);
#endif
#endif
  return V;
}

#if DIVLINT_MODE == 1
// ---- host side: reading the counters ----------------------------------------------------------
struct Totals {
  unsigned long long V[kNumProbes][kNumCounters];
};
inline Totals &accumulated() { static Totals T; return T; } // before the last cudaDeviceReset
inline Totals &latest() { static Totals T; return T; }      // since then, last good snapshot
struct SnapshotState {
  unsigned Ok = 0;          // successful reads
  bool LastFailed = false;  // the latest read failed (the earlier counts stand)
  char Error[160] = "";     // why the latest failed read failed
};
inline SnapshotState &snapshots() { static SnapshotState S; return S; }

/// Reads the device counters into latest(); false (and latest() kept) when CUDA cannot answer.
inline bool snapshot() {
  static unsigned long long Raw[kNumProbes * kShards * kNumCounters];
  cudaError_t E = cudaMemcpyFromSymbol(Raw, g_counters, sizeof(Raw));
  SnapshotState &St = snapshots();
  if (E != cudaSuccess) {
    (void)cudaGetLastError(); // do not leave our own failure for the program to find
    St.LastFailed = true;
    std::snprintf(St.Error, sizeof(St.Error), "%s: %s", cudaGetErrorName(E), cudaGetErrorString(E));
    return false;
  }
  ++St.Ok;
  St.LastFailed = false;
  Totals &L = latest();
  std::memset(&L, 0, sizeof(L));
  for (int P = 0; P < kNumProbes; ++P)
    for (int S = 0; S < kShards; ++S)
      for (int C = 0; C < kNumCounters; ++C)
        L.V[P][C] += Raw[(P * kShards + S) * kNumCounters + C];
  return true;
}

inline void write_probes(FILE *F) {
  static const char *const Names[kNumCounters] = {
      "execs", "divergent", "active_lanes", "true_lanes", "any_true", "any_false", "passes",
      "divergent_active_lanes", "divergent_true_lanes", "split_arrivals",
      "instance_divergent"};
  std::fprintf(F, "[");
  for (int P = 0; P < kNumProbes; ++P) {
    std::fprintf(F, "%s\n  {\"id\": %d", P ? "," : "", P);
    for (int C = 0; C < kNumCounters; ++C)
      std::fprintf(F, ", \"%s\": %llu", Names[C], accumulated().V[P][C] + latest().V[P][C]);
    std::fprintf(F, "}");
  }
  std::fprintf(F, "]");
}

/// Writes {"probes": [...]} to \p Path (program mode); \p Terminated: the program was stopped
/// (SIGTERM: `timeout`), and the counts are those of its last synchronizing CUDA call.
inline void write_probe_file(const char *Path, bool Terminated = false) {
  FILE *F = std::fopen(Path, "w");
  if (!F)
    return;
  const SnapshotState &St = snapshots();
  std::fprintf(F, "{\"snapshots_ok\": %u, \"last_snapshot_failed\": %s, "
                  "\"snapshot_error\": \"%s\", \"terminated\": %s, \"probes\": ",
               St.Ok, St.LastFailed ? "true" : "false", St.Error, Terminated ? "true" : "false");
  write_probes(F);
  std::fprintf(F, "}\n");
  std::fclose(F);
}

#if defined(DIVLINT_PROGRAM_HOOKS)
inline void at_exit() {
  static bool Written = false; // registered twice: the later (failing) call must not undo it
  bool Read = snapshot();
  if (Written && !Read)
    return;
  if (const char *Path = std::getenv("DIVLINT_PROBE_OUT"))
    write_probe_file(Path);
  Written = true;
}
/// Registered after the runtime's own exit handlers (which run first otherwise), and once more
/// at load time in case no hooked call ever runs.
inline void register_exit_hook() {
  static bool Done = false;
  if (!Done) {
    Done = true;
    std::atexit(at_exit);
  }
}
/// A program stopped by `timeout` (SIGTERM) leaves the counts of its last synchronizing CUDA call
/// (no CUDA call here: the runtime may be in use), then dies of the signal as it would have.
inline void on_terminate(int Sig) {
  if (const char *Path = std::getenv("DIVLINT_PROBE_OUT"))
    write_probe_file(Path, /*Terminated=*/true);
  std::signal(Sig, SIG_DFL);
  std::raise(Sig);
}
struct LoadTimeHook {
  LoadTimeHook() {
    std::atexit(at_exit);
    std::signal(SIGTERM, on_terminate);
  }
};
static LoadTimeHook g_load_time_hook;

// Host and device: the macros below also rewrite device-side calls (dynamic parallelism's
// cudaFree, cudaStreamSynchronize...), where there is nothing to read.
__host__ __device__ inline cudaError_t after_sync(cudaError_t E) {
#if !defined(__CUDA_ARCH__)
  register_exit_hook();
  (void)snapshot();
#endif
  return E;
}
inline cudaError_t reset_device() {
  register_exit_hook();
  (void)snapshot();
  Totals &A = accumulated(), &L = latest();
  for (int P = 0; P < kNumProbes; ++P)
    for (int C = 0; C < kNumCounters; ++C)
      A.V[P][C] += L.V[P][C];
  std::memset(&L, 0, sizeof(L));
  return ::cudaDeviceReset();
}
#endif // DIVLINT_PROGRAM_HOOKS
#endif // DIVLINT_MODE == 1

} // namespace divlint_rt

#if DIVLINT_MODE == 1 && defined(DIVLINT_PROGRAM_HOOKS)
// Synchronizing calls of the instrumented file take a snapshot of the counters afterwards.
#define cudaDeviceSynchronize() ::divlint_rt::after_sync(::cudaDeviceSynchronize())
#define cudaMemcpy(...) ::divlint_rt::after_sync(::cudaMemcpy(__VA_ARGS__))
#define cudaStreamSynchronize(...) ::divlint_rt::after_sync(::cudaStreamSynchronize(__VA_ARGS__))
#define cudaEventSynchronize(...) ::divlint_rt::after_sync(::cudaEventSynchronize(__VA_ARGS__))
#define cudaFree(...) ::divlint_rt::after_sync(::cudaFree(__VA_ARGS__))
#define cudaDeviceReset() ::divlint_rt::reset_device()
#endif

#endif // DIVLINT_PROBE_CUH
