#include "divlint/Confirm/LaunchSpec.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace divlint::confirm {

std::string Dim3::str() const {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" + std::to_string(Z);
}

std::optional<Dim3> parseDim3(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Text.trim().split(Parts, Text.contains(',') ? ',' : 'x');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  unsigned V[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, V[I]) || V[I] == 0)
      return std::nullopt;
  return Dim3{V[0], V[1], V[2]};
}

llvm::StringRef fillName(FillKind K) {
  switch (K) {
  case FillKind::Random: return "random";
  case FillKind::Alternating: return "alternating";
  case FillKind::Sorted: return "sorted";
  case FillKind::Constant: return "constant";
  }
  return "random";
}

std::optional<double> parseScalar(llvm::StringRef Text) {
  Text = Text.trim();
  if (Text == "true")
    return 1.0;
  if (Text == "false")
    return 0.0;
  if (Text.empty())
    return std::nullopt;
  std::string S = Text.str();
  // Integer forms first (exact for 64-bit values within double precision is not needed here).
  llvm::StringRef Body = Text;
  bool Negative = Body.consume_front("-");
  if (!Negative)
    Body.consume_front("+");
  uint64_t U;
  if (!Body.getAsInteger(0, U))
    return Negative ? -double(U) : double(U);
  errno = 0;
  char *End = nullptr;
  double D = std::strtod(S.c_str(), &End);
  if (errno || End != S.c_str() + S.size() || !std::isfinite(D))
    return std::nullopt;
  return D;
}

static llvm::Error bad(llvm::StringRef Text, const llvm::Twine &Why) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "invalid --arg '" + Text + "': " + Why +
          " (use name=VALUE for scalars or name=TYPE[COUNT][:FILL] for buffers, FILL one of "
          "random[=LO..HI], alternating[=A,B], sorted[=START], constant[=V])");
}

llvm::Expected<ArgSpec> parseArgSpec(llvm::StringRef Text) {
  auto [Name, Rest] = Text.split('=');
  Name = Name.trim();
  if (!Text.contains('=') || Name.empty())
    return bad(Text, "expected name=...");
  if (!llvm::all_of(Name, [](char C) { return llvm::isAlnum(C) || C == '_'; }))
    return bad(Text, "'" + Name + "' is not a parameter name");
  ArgSpec A;
  A.Name = Name.str();
  Rest = Rest.trim();
  size_t Bracket = Rest.find('[');
  if (Bracket == llvm::StringRef::npos) {
    if (!parseScalar(Rest))
      return bad(Text, "'" + Rest + "' is not a number or true/false");
    A.Scalar = Rest.str();
    return A;
  }
  A.IsBuffer = true;
  A.Buffer.ElementType = Rest.take_front(Bracket).trim().str();
  if (A.Buffer.ElementType.empty())
    return bad(Text, "missing element type before '['");
  size_t Close = Rest.find(']', Bracket);
  if (Close == llvm::StringRef::npos)
    return bad(Text, "missing ']'");
  llvm::StringRef Count = Rest.slice(Bracket + 1, Close).trim();
  if (Count.getAsInteger(0, A.Buffer.Count) || A.Buffer.Count == 0)
    return bad(Text, "element count '" + Count + "' is not a positive integer");
  llvm::StringRef Fill = Rest.drop_front(Close + 1).trim();
  if (Fill.empty())
    return A;
  if (!Fill.consume_front(":"))
    return bad(Text, "expected ':' and a fill after ']'");
  auto [Kind, Params] = Fill.split('=');
  Kind = Kind.trim();
  Params = Params.trim();
  bool HasParams = Fill.contains('=');
  auto Number = [&](llvm::StringRef S, std::optional<double> &Out) -> bool {
    Out = parseScalar(S);
    return Out.has_value();
  };
  if (Kind == "random") {
    A.Buffer.Fill = FillKind::Random;
    if (HasParams) {
      auto [Lo, Hi] = Params.split("..");
      if (!Number(Lo, A.Buffer.Lo) || !Number(Hi, A.Buffer.Hi) || *A.Buffer.Hi <= *A.Buffer.Lo)
        return bad(Text, "random takes LO..HI with LO < HI");
    }
  } else if (Kind == "alternating") {
    A.Buffer.Fill = FillKind::Alternating;
    if (HasParams) {
      auto [First, Second] = Params.split(',');
      if (!Number(First, A.Buffer.Lo) || !Number(Second, A.Buffer.Hi))
        return bad(Text, "alternating takes two values A,B");
    }
  } else if (Kind == "sorted") {
    A.Buffer.Fill = FillKind::Sorted;
    if (HasParams && !Number(Params, A.Buffer.Lo))
      return bad(Text, "sorted takes a start value");
  } else if (Kind == "constant") {
    A.Buffer.Fill = FillKind::Constant;
    if (HasParams && !Number(Params, A.Buffer.Lo))
      return bad(Text, "constant takes one value");
  } else {
    return bad(Text, "unknown fill '" + Kind + "'");
  }
  return A;
}

std::string ArgSpec::str() const {
  if (!IsBuffer)
    return Name + "=" + Scalar;
  std::string S = Name + "=" + Buffer.ElementType + "[" + std::to_string(Buffer.Count) + "]:" +
                  fillName(Buffer.Fill).str();
  auto Num = [](double D) {
    std::string T = std::to_string(D);
    T.erase(T.find_last_not_of('0') + 1);
    if (!T.empty() && T.back() == '.')
      T.pop_back();
    return T;
  };
  switch (Buffer.Fill) {
  case FillKind::Random:
    if (Buffer.Lo && Buffer.Hi)
      S += "=" + Num(*Buffer.Lo) + ".." + Num(*Buffer.Hi);
    break;
  case FillKind::Alternating:
    if (Buffer.Lo && Buffer.Hi)
      S += "=" + Num(*Buffer.Lo) + "," + Num(*Buffer.Hi);
    break;
  case FillKind::Sorted:
  case FillKind::Constant:
    if (Buffer.Lo)
      S += "=" + Num(*Buffer.Lo);
    break;
  }
  return S;
}

} // namespace divlint::confirm
