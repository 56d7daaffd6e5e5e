// divlint_driver.cuh - the host side of the drivers `divlint confirm` generates for one kernel.
//
// A generated driver includes the (rewritten) kernel source, then this file, and in main():
// creates a Session, one device buffer per pointer parameter (filled on the host from a seeded
// generator; a pristine copy restores it before every launch), and calls Session::run with a
// lambda that launches the kernel. run() either collects the probe counters (DIVLINT_MODE=1) or
// times the launch with CUDA events (warm-up, then --reps timed launches) and writes one JSON
// object to --out. After the last launch it hashes every buffer (checksums); with --dump DIR it
// also writes them to DIR/<name>.bin, with --compare DIR it compares them element by element with
// those files (fix-it variants against the original: largest absolute and relative difference).
// Exit codes: 0 ok, 3 no usable CUDA device, 4 a CUDA error (in the JSON too).
#ifndef DIVLINT_DRIVER_CUH
#define DIVLINT_DRIVER_CUH

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace divlint_drv {

enum class Fill { Random, Alternating, Sorted, Constant };

struct Options {
  int Reps = 20, Warmup = 3;
  const char *Out = "result.json";
  const char *Variant = "original";
  const char *Dump = nullptr;    ///< write the output buffers here
  const char *Compare = nullptr; ///< compare the output buffers with the ones written here
};

inline Options parse_args(int argc, char **argv) {
  Options O;
  for (int I = 1; I + 1 < argc; I += 2) {
    if (!std::strcmp(argv[I], "--reps"))
      O.Reps = std::max(1, std::atoi(argv[I + 1]));
    else if (!std::strcmp(argv[I], "--warmup"))
      O.Warmup = std::max(0, std::atoi(argv[I + 1]));
    else if (!std::strcmp(argv[I], "--out"))
      O.Out = argv[I + 1];
    else if (!std::strcmp(argv[I], "--variant"))
      O.Variant = argv[I + 1];
    else if (!std::strcmp(argv[I], "--dump"))
      O.Dump = argv[I + 1];
    else if (!std::strcmp(argv[I], "--compare"))
      O.Compare = argv[I + 1];
  }
  return O;
}

/// splitmix64: the same sequence on every machine for a given seed.
struct Rng {
  uint64_t S;
  explicit Rng(uint64_t Seed) : S(Seed) {}
  uint64_t next() {
    uint64_t Z = (S += 0x9e3779b97f4a7c15ull);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
    return Z ^ (Z >> 31);
  }
  double uniform() { return (next() >> 11) * (1.0 / 9007199254740992.0); } // [0, 1)
};

/// Fills \p N elements: random in [Lo, Hi) (integers: Lo..Hi-1), alternating Lo/Hi, sorted
/// (ascending from Lo in steps of 1, or spread over [Lo, Hi) for floating types), constant Lo.
template <typename T> void fill(T *H, size_t N, Fill F, double Lo, double Hi, uint64_t Seed) {
  Rng R(Seed);
  for (size_t I = 0; I < N; ++I) {
    double V = Lo;
    switch (F) {
    case Fill::Random:
      V = Lo + R.uniform() * (Hi - Lo);
      if (std::is_integral<T>::value)
        V = std::floor(V);
      break;
    case Fill::Alternating: V = (I % 2) ? Hi : Lo; break;
    case Fill::Sorted:
      V = std::is_integral<T>::value ? Lo + double(I) : Lo + (Hi - Lo) * double(I) / double(N);
      break;
    case Fill::Constant: V = Lo; break;
    }
    H[I] = static_cast<T>(V);
  }
}

inline uint64_t fnv1a(const unsigned char *P, size_t N) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (size_t I = 0; I < N; ++I)
    H = (H ^ P[I]) * 0x100000001b3ull;
  return H;
}

/// How one output buffer differs from the reference. Relative differences are taken against
/// max(1, |a|, |b|), so values near zero compare absolutely; NaN against a number is infinite.
struct Diff {
  size_t Elements = 0, Differing = 0; ///< elements, and those whose bytes differ
  double MaxAbs = 0, MaxRel = 0;
  bool Floating = false;
};

template <typename T> Diff diff(const unsigned char *A, const unsigned char *B, size_t Bytes) {
  Diff D;
  D.Elements = Bytes / sizeof(T);
  D.Floating = std::is_floating_point<T>::value;
  for (size_t I = 0; I < D.Elements; ++I) {
    if (!std::memcmp(A + I * sizeof(T), B + I * sizeof(T), sizeof(T)))
      continue;
    ++D.Differing;
    T X, Y;
    std::memcpy(&X, A + I * sizeof(T), sizeof(T));
    std::memcpy(&Y, B + I * sizeof(T), sizeof(T));
    double Va = double(X), Vb = double(Y);
    if (std::isnan(Va) && std::isnan(Vb))
      continue; // two NaNs (other payloads): the same value
    double Abs = std::fabs(Va - Vb);
    double Rel = Abs / std::max(1.0, std::max(std::fabs(Va), std::fabs(Vb)));
    if (std::isnan(Abs) || std::isinf(Abs))
      Abs = Rel = HUGE_VAL;
    D.MaxAbs = std::max(D.MaxAbs, Abs);
    D.MaxRel = std::max(D.MaxRel, std::isnan(Rel) ? HUGE_VAL : Rel);
  }
  return D;
}

struct Buffer {
  std::string Name;
  void *Device = nullptr, *Pristine = nullptr;
  size_t Bytes = 0;      ///< the elements asked for
  size_t TotalBytes = 0; ///< with the zeroed padding after them
  Diff (*Compare)(const unsigned char *, const unsigned char *, size_t) = nullptr;
};

class Session {
public:
  explicit Session(const Options &O) : O(O) {
    int Count = 0;
    cudaError_t E = cudaGetDeviceCount(&Count);
    if (E != cudaSuccess || Count == 0) {
      fail(3, "device", E != cudaSuccess ? E : cudaErrorNoDevice);
    }
    cudaDeviceProp P;
    check(cudaGetDeviceProperties(&P, 0), "device");
    Device = P.name;
    Major = P.major;
    Minor = P.minor;
  }

  /// A device buffer of \p Count elements (plus \p Padding zeroed ones, for counterfactuals
  /// that let lanes past a guard touch memory).
  template <typename T>
  T *buffer(const char *Name, size_t Count, Fill F, double Lo, double Hi, uint64_t Seed,
            size_t Padding) {
    Buffer B;
    B.Name = Name;
    B.Bytes = Count * sizeof(T);
    B.TotalBytes = (Count + Padding) * sizeof(T);
    B.Compare = &diff<T>;
    std::vector<T> Host(Count + Padding, T());
    fill(Host.data(), Count, F, Lo, Hi, Seed);
    check(cudaMalloc(&B.Device, B.TotalBytes), "alloc");
    check(cudaMalloc(&B.Pristine, B.TotalBytes), "alloc");
    check(cudaMemcpy(B.Pristine, Host.data(), B.TotalBytes, cudaMemcpyHostToDevice), "copy");
    Buffers.push_back(B);
    return static_cast<T *>(B.Device);
  }

  template <typename Launch> int run(Launch L) {
#if DIVLINT_MODE == 1
    restore();
    L();
    check(cudaGetLastError(), "launch");
    check(cudaDeviceSynchronize(), "kernel");
    if (!divlint_rt::snapshot())
      check(cudaErrorUnknown, "probe read");
    FILE *F = open();
    header(F);
    std::fprintf(F, ", \"probes\": ");
    divlint_rt::write_probes(F);
    checksums(F);
    std::fprintf(F, "}\n");
    std::fclose(F);
#else
    cudaEvent_t Start, Stop;
    check(cudaEventCreate(&Start), "event");
    check(cudaEventCreate(&Stop), "event");
    std::vector<float> Times;
    for (int I = 0; I < O.Warmup + O.Reps; ++I) {
      restore();
      check(cudaEventRecord(Start), "event");
      L();
      check(cudaEventRecord(Stop), "event");
      check(cudaGetLastError(), "launch");
      check(cudaEventSynchronize(Stop), "kernel");
      float Ms = 0;
      check(cudaEventElapsedTime(&Ms, Start, Stop), "event");
      if (I >= O.Warmup)
        Times.push_back(Ms);
    }
    std::vector<float> Sorted = Times;
    std::sort(Sorted.begin(), Sorted.end());
    FILE *F = open();
    header(F);
    std::fprintf(F, ", \"times_ms\": [");
    for (size_t I = 0; I < Times.size(); ++I)
      std::fprintf(F, "%s%.6f", I ? ", " : "", Times[I]);
    std::fprintf(F, "], \"median_ms\": %.6f, \"p25_ms\": %.6f, \"p75_ms\": %.6f, \"min_ms\": %.6f, "
                    "\"max_ms\": %.6f",
                 quantile(Sorted, 0.5), quantile(Sorted, 0.25), quantile(Sorted, 0.75),
                 Sorted.front(), Sorted.back());
    checksums(F);
    std::fprintf(F, "}\n");
    std::fclose(F);
#endif
    return 0;
  }

  void check(cudaError_t E, const char *Where) {
    if (E != cudaSuccess)
      fail(4, Where, E);
  }

private:
  Options O;
  std::string Device;
  int Major = 0, Minor = 0;
  std::vector<Buffer> Buffers;

  static double quantile(const std::vector<float> &S, double Q) {
    double Pos = Q * (S.size() - 1);
    size_t Lo = size_t(Pos), Hi = std::min(Lo + 1, S.size() - 1);
    return S[Lo] + (S[Hi] - S[Lo]) * (Pos - Lo);
  }

  void restore() {
    for (Buffer &B : Buffers)
      check(cudaMemcpy(B.Device, B.Pristine, B.TotalBytes, cudaMemcpyDeviceToDevice), "restore");
    check(cudaDeviceSynchronize(), "restore");
  }

  FILE *open() {
    FILE *F = std::fopen(O.Out, "w");
    if (!F) {
      std::fprintf(stderr, "divlint driver: cannot write %s\n", O.Out);
      std::exit(5);
    }
    return F;
  }

  void header(FILE *F) {
    std::fprintf(F, "{\"variant\": \"%s\", \"ok\": true, \"device\": \"%s\", \"cc\": \"%d.%d\", "
                    "\"reps\": %d, \"warmup\": %d",
                 O.Variant, Device.c_str(), Major, Minor, O.Reps, O.Warmup);
  }

  /// FNV-1a of every buffer's elements after the last launch (outputs of variants compared), and
  /// --dump / --compare.
  void checksums(FILE *F) {
    std::string Compared, Errors;
    std::fprintf(F, ", \"checksums\": {");
    for (size_t I = 0; I < Buffers.size(); ++I) {
      const Buffer &B = Buffers[I];
      std::vector<unsigned char> Host(B.Bytes);
      check(cudaMemcpy(Host.data(), B.Device, Host.size(), cudaMemcpyDeviceToHost), "copy back");
      std::fprintf(F, "%s\"%s\": \"%016llx\"", I ? ", " : "", B.Name.c_str(),
                   (unsigned long long)fnv1a(Host.data(), Host.size()));
      std::string Ref = std::string(O.Dump ? O.Dump : O.Compare ? O.Compare : "") + "/" + B.Name +
                        ".bin";
      if (O.Dump && !writeAll(Ref, Host))
        Errors += (Errors.empty() ? "cannot write " : ", ") + Ref;
      if (!O.Compare)
        continue;
      std::vector<unsigned char> Expected;
      if (!readAll(Ref, Expected) || Expected.size() != Host.size()) {
        Errors += (Errors.empty() ? "no reference output " : ", ") + Ref;
        continue;
      }
      Diff D = B.Compare(Expected.data(), Host.data(), Host.size());
      char Row[320];
      std::snprintf(Row, sizeof(Row),
                    "%s\"%s\": {\"elements\": %zu, \"differing\": %zu, \"max_abs\": %.9g, "
                    "\"max_rel\": %.9g, \"floating\": %s}",
                    Compared.empty() ? "" : ", ", B.Name.c_str(), D.Elements, D.Differing,
                    std::min(D.MaxAbs, 1.7976931348623157e308),
                    std::min(D.MaxRel, 1.7976931348623157e308), D.Floating ? "true" : "false");
      Compared += Row;
    }
    std::fprintf(F, "}");
    if (O.Compare)
      std::fprintf(F, ", \"compared\": {%s}", Compared.c_str());
    if (!Errors.empty())
      std::fprintf(F, ", \"compare_error\": \"%s\"", Errors.c_str());
  }

  static bool writeAll(const std::string &Path, const std::vector<unsigned char> &Data) {
    FILE *F = std::fopen(Path.c_str(), "wb");
    if (!F)
      return false;
    bool Ok = std::fwrite(Data.data(), 1, Data.size(), F) == Data.size();
    return std::fclose(F) == 0 && Ok;
  }

  static bool readAll(const std::string &Path, std::vector<unsigned char> &Data) {
    FILE *F = std::fopen(Path.c_str(), "rb");
    if (!F)
      return false;
    unsigned char Chunk[1 << 16];
    size_t N;
    while ((N = std::fread(Chunk, 1, sizeof(Chunk), F)) > 0)
      Data.insert(Data.end(), Chunk, Chunk + N);
    std::fclose(F);
    return true;
  }

  [[noreturn]] void fail(int Code, const char *Where, cudaError_t E) {
    std::fprintf(stderr, "divlint driver: %s: %s: %s\n", Where, cudaGetErrorName(E),
                 cudaGetErrorString(E));
    if (FILE *F = std::fopen(O.Out, "w")) {
      std::fprintf(F, "{\"variant\": \"%s\", \"ok\": false, \"where\": \"%s\", "
                      "\"error\": \"%s: %s\", \"no_device\": %s}\n",
                   O.Variant, Where, cudaGetErrorName(E), cudaGetErrorString(E),
                   Code == 3 ? "true" : "false");
      std::fclose(F);
    }
    std::exit(Code);
  }
};

} // namespace divlint_drv

#endif // DIVLINT_DRIVER_CUH
