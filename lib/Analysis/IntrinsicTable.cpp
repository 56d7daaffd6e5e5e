#include "divlint/Analysis/IntrinsicTable.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include <cassert>
#include <vector>

namespace divlint {

namespace {
using K = IntrinsicKind;

// Exact names. Keep sorted by kind; the Doc column is what `--list-intrinsics` prints.
const IntrinsicInfo Exact[] = {
    // Warp votes and reductions: one result per warp.
    {"__ballot_sync", K::WarpVote, 0, -1, "mask of lanes whose predicate is true"},
    {"__all_sync", K::WarpVote, 0, -1, "predicate true on every named lane"},
    {"__any_sync", K::WarpVote, 0, -1, "predicate true on some named lane"},
    {"__uni_sync", K::WarpVote, 0, -1, "predicate equal on every named lane"},
    {"__match_all_sync", K::WarpVote, 0, -1, "mask if all values match, else 0"},
    {"__reduce_add_sync", K::WarpVote, 0, -1, "warp reduction"},
    {"__reduce_min_sync", K::WarpVote, 0, -1, "warp reduction"},
    {"__reduce_max_sync", K::WarpVote, 0, -1, "warp reduction"},
    {"__reduce_and_sync", K::WarpVote, 0, -1, "warp reduction"},
    {"__reduce_or_sync", K::WarpVote, 0, -1, "warp reduction"},
    {"__reduce_xor_sync", K::WarpVote, 0, -1, "warp reduction"},
    {"__ballot", K::WarpVote, -1, -1, "legacy vote (pre-Volta)"},
    {"__all", K::WarpVote, -1, -1, "legacy vote (pre-Volta)"},
    {"__any", K::WarpVote, -1, -1, "legacy vote (pre-Volta)"},
    // Shuffles.
    {"__shfl_sync", K::Shuffle, 0, 2, "uniform when the source lane is uniform"},
    {"__shfl_up_sync", K::ShuffleRelative, 0, -1, "lane-relative shuffle"},
    {"__shfl_down_sync", K::ShuffleRelative, 0, -1, "lane-relative shuffle"},
    {"__shfl_xor_sync", K::ShuffleRelative, 0, -1, "lane-relative shuffle"},
    // Values that differ per lane.
    {"__match_any_sync", K::Varying, 0, -1, "mask of lanes with the same value"},
    {"__activemask", K::Varying, -1, -1, "mask of active lanes (varies with divergence)"},
    {"__lanemask_lt", K::Varying, -1, -1, "lane mask"},
    {"__lanemask_le", K::Varying, -1, -1, "lane mask"},
    {"__lanemask_gt", K::Varying, -1, -1, "lane mask"},
    {"__lanemask_ge", K::Varying, -1, -1, "lane mask"},
    {"__lanemask_eq", K::Varying, -1, -1, "lane mask"},
    {"clock", K::Varying, -1, -1, "cycle counter"},
    {"clock64", K::Varying, -1, -1, "cycle counter"},
    {"__globaltimer", K::Varying, -1, -1, "timer"},
    {"curand", K::Varying, -1, -1, "per-thread random numbers"},
    {"curand_uniform", K::Varying, -1, -1, "per-thread random numbers"},
    {"curand_normal", K::Varying, -1, -1, "per-thread random numbers"},
    // Seeds.
    {"__lane_id", K::LaneId, -1, -1, "lane index"},
    {"__nvvm_read_ptx_sreg_laneid", K::LaneId, -1, -1, "lane index"},
    // Barriers and warp synchronization.
    {"__syncthreads", K::Barrier, -1, -1, "block barrier"},
    {"__syncthreads_count", K::Barrier, -1, -1, "block barrier; returns a block-uniform count"},
    {"__syncthreads_and", K::Barrier, -1, -1, "block barrier; returns a block-uniform predicate"},
    {"__syncthreads_or", K::Barrier, -1, -1, "block barrier; returns a block-uniform predicate"},
    {"__barrier_sync", K::Barrier, -1, -1, "named barrier"},
    {"__nvvm_barrier0", K::Barrier, -1, -1, "block barrier"},
    {"__nvvm_bar_sync", K::Barrier, -1, -1, "block barrier"},
    {"__nvvm_barrier_sync", K::Barrier, -1, -1, "block barrier"},
    {"__syncwarp", K::WarpSync, 0, -1, "warp barrier (default mask: the whole warp)"},
    // Pure integer and float math (as uniform as the arguments). With the real CUDA headers
    // these have bodies that end in __nv_* libdevice calls; the prelude declares them bare.
    {"__popc", K::Pure, -1, -1, "population count"},
    {"__popcll", K::Pure, -1, -1, "population count"},
    {"__clz", K::Pure, -1, -1, "count leading zeros"},
    {"__clzll", K::Pure, -1, -1, "count leading zeros"},
    {"__ffs", K::Pure, -1, -1, "find first set"},
    {"__ffsll", K::Pure, -1, -1, "find first set"},
    {"__brev", K::Pure, -1, -1, "bit reverse"},
    {"__mul24", K::Pure, -1, -1, "24-bit multiply"},
    {"__umul24", K::Pure, -1, -1, "24-bit multiply"},
    {"__mulhi", K::Pure, -1, -1, "high multiply"},
    {"__umulhi", K::Pure, -1, -1, "high multiply"},
    {"__fdividef", K::Pure, -1, -1, "fast division"},
    {"__expf", K::Pure, -1, -1, "fast exp"},
    {"__logf", K::Pure, -1, -1, "fast log"},
    {"__sinf", K::Pure, -1, -1, "fast sin"},
    {"__cosf", K::Pure, -1, -1, "fast cos"},
    {"abs", K::Pure, -1, -1, "math"},
    {"fabs", K::Pure, -1, -1, "math"},
    {"fabsf", K::Pure, -1, -1, "math"},
    {"fminf", K::Pure, -1, -1, "math"},
    {"fmaxf", K::Pure, -1, -1, "math"},
    {"sqrt", K::Pure, -1, -1, "math"},
    {"sqrtf", K::Pure, -1, -1, "math"},
    {"rsqrtf", K::Pure, -1, -1, "math"},
    {"exp", K::Pure, -1, -1, "math"},
    {"expf", K::Pure, -1, -1, "math"},
    {"logf", K::Pure, -1, -1, "math"},
    {"sinf", K::Pure, -1, -1, "math"},
    {"cosf", K::Pure, -1, -1, "math"},
    {"tanhf", K::Pure, -1, -1, "math"},
    {"powf", K::Pure, -1, -1, "math"},
    {"floorf", K::Pure, -1, -1, "math"},
    {"ceilf", K::Pure, -1, -1, "math"},
    // Loads through pointers.
    {"__ldg", K::Load, -1, 0, "read-only cached load"},
    {"__ldca", K::Load, -1, 0, "cached load"},
    {"__ldcg", K::Load, -1, 0, "cached load"},
    {"__ldcs", K::Load, -1, 0, "streaming load"},
    {"__ldlu", K::Load, -1, 0, "last-use load"},
    {"__ldcv", K::Load, -1, 0, "volatile load"},
    // CUDA 12.8's scoped atomics: a load reads like any load; the others are atomics (the
    // `__nv_atomic` prefix below), not the libdevice math of `__nv_`.
    {"__nv_atomic_load_n", K::Load, -1, 0, "scoped atomic load"},
};

// Prefixes, tried in order after the exact names.
const IntrinsicInfo Prefixes[] = {
    {"atomic", K::Atomic, -1, -1, "atomicAdd, atomicCAS, ...: each lane gets its own old value"},
    {"__nv_atomic", K::Atomic, -1, -1, "CUDA 12.8 scoped atomics (fetch ops, exchange, CAS)"},
    {"__nvvm_atom", K::Atomic, -1, -1, "NVVM atomics"},
    {"__hip_atomic", K::Atomic, -1, -1, "HIP atomics"},
    {"__atomic_", K::Atomic, -1, -1, "GNU atomics"},
    {"__nvvm_vote", K::WarpVote, -1, -1, "NVVM votes"},
    {"__nvvm_shfl", K::ShuffleRelative, -1, -1, "NVVM shuffles"},
    {"__nvvm_match", K::Varying, -1, -1, "NVVM match"},
    {"__nvvm_ld", K::Load, -1, 0, "NVVM loads"},
    {"__nvvm_read_ptx_sreg_lanemask", K::Varying, -1, -1, "lane masks"},
    {"__nvvm_read_ptx_sreg_clock", K::Varying, -1, -1, "cycle counter"},
    {"__nvvm_read_ptx_sreg_globaltimer", K::Varying, -1, -1, "timer"},
    {"__nvvm_read_ptx_sreg_", K::Varying, -1, -1, "other special registers (sound default)"},
    {"__nv_", K::Pure, -1, -1, "libdevice math"},
    {"__nvvm_", K::Pure, -1, -1, "other NVVM builtins (arithmetic, conversions)"},
    {"__builtin_", K::Pure, -1, -1, "compiler builtins (popcount, ctz, fabs, ...)"},
};
} // namespace

std::optional<IntrinsicInfo> lookupIntrinsic(llvm::StringRef Name) {
  // Every call in device code asks: a hash lookup, not a scan of the table.
  static const llvm::StringMap<const IntrinsicInfo *> ByName = [] {
    llvm::StringMap<const IntrinsicInfo *> M;
    for (const IntrinsicInfo &I : Exact)
      M.try_emplace(I.Name, &I); // the first entry of a name wins, as in the table's order
    return M;
  }();
  if (auto It = ByName.find(Name); It != ByName.end())
    return *It->second;
  // Every prefix starts with "atomic" or "__"; most names (a template's member functions) start
  // with neither. The prefixes' lengths are measured once.
  if (!Name.starts_with("__") && !Name.starts_with("atomic"))
    return std::nullopt;
  static const std::vector<std::pair<llvm::StringRef, const IntrinsicInfo *>> ByPrefix = [] {
    std::vector<std::pair<llvm::StringRef, const IntrinsicInfo *>> V;
    for (const IntrinsicInfo &I : Prefixes) {
      assert((llvm::StringRef(I.Name).starts_with("__") ||
              llvm::StringRef(I.Name).starts_with("atomic")) &&
             "lookupIntrinsic's filter would skip this prefix");
      V.push_back({I.Name, &I});
    }
    return V;
  }();
  for (const auto &[Prefix, Info] : ByPrefix)
    if (Name.starts_with(Prefix))
      return *Info;
  return std::nullopt;
}

llvm::ArrayRef<IntrinsicInfo> intrinsicTable() { return Exact; }

} // namespace divlint
