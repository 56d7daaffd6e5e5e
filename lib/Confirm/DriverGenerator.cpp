#include "divlint/Confirm/DriverGenerator.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace divlint::confirm {

static llvm::Error error(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

static std::string number(double D) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format("%.17g", D);
  return S;
}

std::string ResolvedArg::describe() const {
  if (!Param.IsPointer)
    return Param.Name + "=" + ScalarText;
  std::string S = Param.Name + "=" + Param.Type.Name + "[" + std::to_string(Count) + "]:" +
                  fillName(Fill).str();
  switch (Fill) {
  case FillKind::Random: S += "=" + number(Lo) + ".." + number(Hi); break;
  case FillKind::Alternating: S += "=" + number(Lo) + "," + number(Hi); break;
  case FillKind::Sorted:
  case FillKind::Constant: S += "=" + number(Lo); break;
  }
  return S + (Defaulted ? " (default)" : "");
}

/// Default fill numbers for \p T.
static void defaultRange(FillKind F, const ScalarType &T, double &Lo, double &Hi) {
  switch (F) {
  case FillKind::Random:
    if (T.Bool) {
      Lo = 0, Hi = 2;
    } else if (T.Floating) {
      Lo = -1, Hi = 1;
    } else if (T.Signed) {
      Lo = -1000, Hi = 1000;
    } else {
      Lo = 0, Hi = 1000;
    }
    break;
  case FillKind::Alternating: Lo = 0, Hi = 1; break;
  case FillKind::Sorted: Lo = 0, Hi = 1; break;
  case FillKind::Constant: Lo = Hi = 1; break;
  }
}

static std::string scalarLiteral(const ScalarType &T, llvm::StringRef Text) {
  Text = Text.trim();
  if (T.Bool)
    return (Text == "true" || (Text != "false" && parseScalar(Text).value_or(0) != 0)) ? "true"
                                                                                       : "false";
  std::string Value;
  llvm::StringRef Body = Text;
  bool Negative = Body.consume_front("-");
  if (!Negative)
    Body.consume_front("+");
  uint64_t U;
  if (!Body.getAsInteger(0, U))
    Value = (Negative ? "-" : "") + std::to_string(U) + (Negative ? "LL" : "ULL");
  else if (Text == "true" || Text == "false")
    Value = Text == "true" ? "1" : "0";
  else
    Value = number(*parseScalar(Text));
  return "static_cast<" + T.Name + ">(" + Value + ")";
}

llvm::Expected<std::vector<ResolvedArg>> resolveArgs(const KernelSignature &K,
                                                      const std::vector<ArgSpec> &Specs,
                                                      uint64_t Threads, uint64_t Seed) {
  llvm::StringMap<const ArgSpec *> ByName;
  std::string Names;
  for (const KernelParam &P : K.Params)
    Names += (Names.empty() ? "" : ", ") + P.Name;
  for (const ArgSpec &S : Specs) {
    if (!ByName.insert({S.Name, &S}).second)
      return error("--arg " + S.Name + " given twice");
    if (std::none_of(K.Params.begin(), K.Params.end(),
                     [&](const KernelParam &P) { return P.Name == S.Name; }))
      return error("kernel '" + K.Name + "' has no parameter '" + S.Name + "' (parameters: " +
                   (Names.empty() ? std::string("none") : Names) + ")");
  }
  std::vector<ResolvedArg> Out;
  unsigned Index = 0;
  for (const KernelParam &P : K.Params) {
    ResolvedArg A;
    A.Param = P;
    A.Seed = Seed * 1000003ull + Index++;
    const ArgSpec *S = ByName.lookup(P.Name);
    if (!P.IsPointer) {
      if (!S)
        return error("missing --arg " + P.Name + "=VALUE for scalar parameter '" + P.Name +
                     "' (" + P.Written + ") of kernel '" + K.Name + "'");
      if (S->IsBuffer)
        return error("parameter '" + P.Name + "' is a scalar (" + P.Written +
                     "); give a value: --arg " + P.Name + "=VALUE");
      A.ScalarLiteral = scalarLiteral(P.Type, S->Scalar);
      A.ScalarText = S->Scalar;
      Out.push_back(A);
      continue;
    }
    if (S && !S->IsBuffer)
      return error("parameter '" + P.Name + "' is a pointer (" + P.Written +
                   "); give a buffer: --arg " + P.Name + "=" + P.Type.Name + "[COUNT]:FILL");
    if (S && !typeNameMatches(S->Buffer.ElementType, P.Type))
      return error("parameter '" + P.Name + "' points to '" + P.Type.Name + "', but --arg gives '" +
                   S->Buffer.ElementType + "'");
    A.Defaulted = !S;
    A.Count = S ? S->Buffer.Count : Threads;
    A.Fill = S ? S->Buffer.Fill : FillKind::Random;
    defaultRange(A.Fill, P.Type, A.Lo, A.Hi);
    if (S && S->Buffer.Lo)
      A.Lo = *S->Buffer.Lo;
    if (S && S->Buffer.Hi)
      A.Hi = *S->Buffer.Hi;
    Out.push_back(A);
  }
  return Out;
}

static const char *fillEnum(FillKind F) {
  switch (F) {
  case FillKind::Random: return "divlint_drv::Fill::Random";
  case FillKind::Alternating: return "divlint_drv::Fill::Alternating";
  case FillKind::Sorted: return "divlint_drv::Fill::Sorted";
  case FillKind::Constant: return "divlint_drv::Fill::Constant";
  }
  return "divlint_drv::Fill::Random";
}

std::string generateDriver(const KernelLaunch &L, const std::string &SourceInclude,
                           const std::string &OriginalSource) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  uint64_t Threads = L.Grid.count() * L.Block.count();
  OS << "// Generated by `divlint confirm` for kernel '" << L.Kernel << "' of " << OriginalSource
     << ".\n"
     << "// Launch: grid " << L.Grid.str() << ", block " << L.Block.str() << ", "
     << L.SharedMemBytes << " bytes of dynamic shared memory, seed " << L.Seed << ".\n"
     << "// Built once per variant (see run.sh): -DDIVLINT_MODE=0|1 -DDIVLINT_UNIFORM_ID=K.\n"
     << "#include \"divlint_probe.cuh\"\n"
     << "#define main divlint_user_main // the source's own main, if any, is not ours\n"
     << "#include \"" << SourceInclude << "\"\n"
     << "#undef main\n"
     << "#include \"divlint_driver.cuh\"\n\n"
     << "int main(int argc, char **argv) {\n"
     << "  divlint_drv::Session S(divlint_drv::parse_args(argc, argv));\n";
  std::string CallArgs;
  for (const ResolvedArg &A : L.Args) {
    std::string Var = "p_" + A.Param.Name;
    CallArgs += (CallArgs.empty() ? "" : ", ") + Var;
    OS << "  // " << A.describe() << "\n";
    if (!A.Param.IsPointer) {
      OS << "  " << A.Param.Type.Name << " " << Var << " = " << A.ScalarLiteral << ";\n";
      continue;
    }
    // Padding: a counterfactual may let lanes past a bounds guard touch memory.
    uint64_t Padding = (Threads > A.Count ? Threads - A.Count : 0) + 1024;
    OS << "  " << A.Param.Type.Name << " *" << Var << " = S.buffer<" << A.Param.Type.Name << ">(\""
       << A.Param.Name << "\", " << A.Count << "ull, " << fillEnum(A.Fill) << ", " << number(A.Lo)
       << ", " << number(A.Hi) << ", " << A.Seed << "ull, " << Padding << "ull);\n";
  }
  OS << "  return S.run([&] {\n"
     << "    " << L.Kernel << "<<<dim3(" << L.Grid.X << ", " << L.Grid.Y << ", " << L.Grid.Z
     << "), dim3(" << L.Block.X << ", " << L.Block.Y << ", " << L.Block.Z << "), "
     << L.SharedMemBytes << ">>>(" << CallArgs << ");\n"
     << "  });\n"
     << "}\n";
  return S;
}

} // namespace divlint::confirm
