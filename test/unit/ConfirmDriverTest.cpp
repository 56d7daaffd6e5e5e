// Kernel mode: reading the kernel's parameters, pairing them with --arg, generating the driver.
#include "ConfirmTestSupport.h"
#include "divlint/Confirm/DriverGenerator.h"
#include <gtest/gtest.h>

using namespace divlint;
using namespace divlint::confirm;
using namespace divlint::confirm::testing;

namespace {

const char *const Kernels = R"cu(namespace ns {
__global__ void scale(const float *__restrict__ in, float *out, unsigned n, float s, bool twice) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = twice ? 2 * s * in[i] : s * in[i];
}
}
struct Pair { int a, b; };
__global__ void takesStruct(Pair p, int *out) { out[threadIdx.x] = p.a; }
template <int N> __global__ void templ(int *out) { out[threadIdx.x] = N; }
int main() { return 1; }
)cu";

std::vector<ArgSpec> specs(std::initializer_list<const char *> Texts) {
  std::vector<ArgSpec> Out;
  for (const char *T : Texts) {
    auto A = parseArgSpec(T);
    EXPECT_TRUE(bool(A)) << T;
    if (A)
      Out.push_back(*A);
  }
  return Out;
}

} // namespace

TEST(ConfirmDriver, ReadsTheKernelSignature) {
  TempDir D;
  AnalyzedSource A = analyzeWithPrelude(D.write("k.cu", Kernels), "scale");
  ASSERT_TRUE(A.Kernel) << A.KernelError;
  EXPECT_EQ(A.Kernel->Name, "ns::scale");
  ASSERT_EQ(A.Kernel->Params.size(), 5u);
  const KernelParam &In = A.Kernel->Params[0];
  EXPECT_EQ(In.Name, "in");
  EXPECT_TRUE(In.IsPointer);
  EXPECT_EQ(In.Type.Name, "float");
  EXPECT_TRUE(In.Type.Floating);
  const KernelParam &N = A.Kernel->Params[2];
  EXPECT_FALSE(N.IsPointer);
  EXPECT_EQ(N.Type.Name, "unsigned int");
  EXPECT_EQ(N.Type.Size, 4u);
  EXPECT_FALSE(N.Type.Signed);
  EXPECT_TRUE(A.Kernel->Params[4].Type.Bool);
}

TEST(ConfirmDriver, ClearErrorsForKernelsItCannotLaunch) {
  TempDir D;
  std::string Src = D.write("k.cu", Kernels);
  AnalyzedSource Missing = analyzeWithPrelude(Src, "nosuch");
  EXPECT_FALSE(Missing.Kernel);
  EXPECT_NE(Missing.KernelError.find("kernel 'nosuch' not found"), std::string::npos);
  EXPECT_NE(Missing.KernelError.find("ns::scale"), std::string::npos) << "lists the kernels";

  AnalyzedSource Struct = analyzeWithPrelude(Src, "takesStruct");
  EXPECT_FALSE(Struct.Kernel);
  EXPECT_NE(Struct.KernelError.find("parameter 'p' has unsupported type 'Pair'"),
            std::string::npos)
      << Struct.KernelError;

  AnalyzedSource Templ = analyzeWithPrelude(Src, "templ");
  EXPECT_FALSE(Templ.Kernel);
  EXPECT_NE(Templ.KernelError.find("is a template"), std::string::npos);
}

TEST(ConfirmDriver, PairsParametersWithArguments) {
  TempDir D;
  AnalyzedSource A = analyzeWithPrelude(D.write("k.cu", Kernels), "scale");
  ASSERT_TRUE(A.Kernel);
  auto R = resolveArgs(*A.Kernel,
                       specs({"n=1000", "s=0.5", "twice=true", "in=float[1000]:sorted=1"}),
                       /*Threads=*/1024, /*Seed=*/7);
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->size(), 5u);
  EXPECT_EQ((*R)[0].describe(), "in=float[1000]:sorted=1");
  EXPECT_EQ((*R)[1].describe(), "out=float[1024]:random=-1..1 (default)")
      << "a pointer without --arg: one element per thread";
  EXPECT_EQ((*R)[2].ScalarLiteral, "static_cast<unsigned int>(1000ULL)");
  EXPECT_EQ((*R)[3].ScalarLiteral, "static_cast<float>(0.5)");
  EXPECT_EQ((*R)[4].ScalarLiteral, "true");
  EXPECT_NE((*R)[0].Seed, (*R)[1].Seed) << "each buffer has its own random stream";

  auto Error = [&](std::initializer_list<const char *> Texts) {
    auto E = resolveArgs(*A.Kernel, specs(Texts), 1024, 1);
    EXPECT_FALSE(bool(E));
    return E ? std::string() : llvm::toString(E.takeError());
  };
  EXPECT_NE(Error({"s=1", "twice=0"}).find("missing --arg n=VALUE for scalar parameter 'n'"),
            std::string::npos);
  EXPECT_NE(Error({"n=1", "s=1", "twice=0", "bogus=3"}).find("has no parameter 'bogus'"),
            std::string::npos);
  EXPECT_NE(Error({"n=int[4]", "s=1", "twice=0"}).find("'n' is a scalar"), std::string::npos);
  EXPECT_NE(Error({"n=1", "s=1", "twice=0", "in=7"}).find("'in' is a pointer"), std::string::npos);
  EXPECT_NE(Error({"n=1", "s=1", "twice=0", "in=int[4]"})
                .find("'in' points to 'float', but --arg gives 'int'"),
            std::string::npos);
  EXPECT_NE(Error({"n=1", "n=2", "s=1", "twice=0"}).find("given twice"), std::string::npos);
}

TEST(ConfirmDriver, TypeNamesAcceptCommonAliases) {
  ScalarType U32{"unsigned int", 4, false, false, false, false};
  EXPECT_TRUE(typeNameMatches("unsigned int", U32));
  EXPECT_TRUE(typeNameMatches("uint32_t", U32));
  EXPECT_TRUE(typeNameMatches("unsigned", U32));
  EXPECT_FALSE(typeNameMatches("int", U32));
  EXPECT_FALSE(typeNameMatches("float", U32));
  ScalarType F64{"double", 8, true, true, false, false};
  EXPECT_TRUE(typeNameMatches("double", F64));
  EXPECT_FALSE(typeNameMatches("int64_t", F64));
}

TEST(ConfirmDriver, GeneratedDriverLaunchesTheKernelAndBuilds) {
  TempDir D;
  std::string Src = D.write("k.cu", Kernels);
  AnalyzedSource A = analyzeWithPrelude(Src, "scale");
  ASSERT_TRUE(A.Kernel);
  auto R = resolveArgs(*A.Kernel, specs({"n=1000", "s=0.5", "twice=false"}), 1024, 3);
  ASSERT_TRUE(bool(R));
  KernelLaunch L;
  L.Kernel = A.Kernel->Name;
  L.Grid = {4, 1, 1};
  L.Block = {256, 1, 1};
  L.SharedMemBytes = 128;
  L.Args = *R;
  std::string Driver = generateDriver(L, "src/k.cu", Src);
  EXPECT_NE(Driver.find("#define main divlint_user_main"), std::string::npos);
  EXPECT_NE(Driver.find("#include \"src/k.cu\""), std::string::npos);
  EXPECT_NE(Driver.find("ns::scale<<<dim3(4, 1, 1), dim3(256, 1, 1), 128>>>(p_in, p_out, p_n, "
                        "p_s, p_twice);"),
            std::string::npos)
      << Driver;
  // 1024 threads, 1024 elements: padding of 1024 zeroed elements past the buffer.
  EXPECT_NE(Driver.find("S.buffer<float>(\"out\", 1024ull, divlint_drv::Fill::Random, -1, 1, "),
            std::string::npos)
      << Driver;
  EXPECT_NE(Driver.find(", 1024ull);"), std::string::npos);

  TempDir Build;
  for (const MirroredFile &F : A.Instrumented.Files)
    Build.write("src/" + F.RelPath, F.Text);
  Build.write("divlint_probe.cuh", readFile(runtimeDir() + "/divlint_probe.cuh"));
  Build.write("divlint_driver.cuh", readFile(runtimeDir() + "/divlint_driver.cuh"));
  Build.write("driver.cu", Driver);
  std::string N = "-DDIVLINT_NUM_PROBES=" + std::to_string(A.Instrumented.Probes.size());
  for (const char *Mode : {"-DDIVLINT_MODE=0", "-DDIVLINT_MODE=1"}) {
    auto Failure = nvccFails(Build.Path, {"-arch=sm_90", "-I.", N, Mode, "-o", "drv", "driver.cu"});
    if (!Failure)
      GTEST_SKIP() << "nvcc not found: the driver is not built here";
    EXPECT_EQ(*Failure, "") << Mode;
  }
}

TEST(ConfirmDriver, ComparesOutputsElementByElement) {
  // The driver's --compare on the host side alone (no GPU needed): bytes, rounding, NaNs, ints.
  TempDir Build;
  Build.write("divlint_driver.cuh", readFile(runtimeDir() + "/divlint_driver.cuh"));
  Build.write("t.cu", R"cu(#include <cuda_runtime.h>
#include "divlint_driver.cuh"
#include <cmath>
template <typename T> void show(const char *Name, std::vector<T> A, std::vector<T> B) {
  divlint_drv::Diff D = divlint_drv::diff<T>(reinterpret_cast<const unsigned char *>(A.data()),
                                             reinterpret_cast<const unsigned char *>(B.data()),
                                             A.size() * sizeof(T));
  std::printf("%s %zu %zu %.3g %.3g %d\n", Name, D.Elements, D.Differing, D.MaxAbs, D.MaxRel,
              int(D.Floating));
}
int main() {
  show<float>("same", {1.f, 2.f}, {1.f, 2.f});
  show<float>("round", {1000.f, 0.5f, 3.f}, {1000.0001f, 0.5f, 3.f});
  show<float>("small", {1e-9f}, {0.f});
  show<float>("nans", {NAN, 1.f}, {-NAN, 1.f});
  show<float>("nan-vs-1", {NAN}, {1.f});
  show<int>("ints", {7, 8, 9}, {7, 10, 9});
}
)cu");
  auto Failure = nvccFails(Build.Path, {"-I.", "-o", "t", "t.cu"});
  if (!Failure)
    GTEST_SKIP() << "nvcc not found";
  ASSERT_EQ(*Failure, "");
  ProcessResult R = runProcess({Build.file("t")}, Build.Path, {}, Build.file("t.log"), 60);
  ASSERT_EQ(R.Code, 0) << readFile(Build.file("t.log"));
  EXPECT_EQ(readFile(Build.file("t.log")), "same 2 0 0 0 1\n"
                                           "round 3 1 0.000122 1.22e-07 1\n"
                                           "small 1 1 1e-09 1e-09 1\n"
                                           "nans 2 1 0 0 1\n"
                                           "nan-vs-1 1 1 inf inf 1\n"
                                           "ints 3 1 2 0.2 0\n");
}
