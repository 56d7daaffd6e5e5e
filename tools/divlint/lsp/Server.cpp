//===- Server.cpp - the divlint language server session -------------------===//

#include "Server.h"

#include "CodeActions.h"
#include "FindingDiagnostics.h"
#include "Hover.h"
#include "Uri.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace divlint::lsp {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

/// params.textDocument.uri, or empty.
std::string documentUri(const Value &Params) {
  const Object *O = Params.getAsObject();
  const Object *Doc = O ? O->getObject("textDocument") : nullptr;
  std::optional<llvm::StringRef> Uri = Doc ? Doc->getString("uri") : std::nullopt;
  return Uri ? Uri->str() : "";
}

bool before(Position A, Position B) {
  return A.Line < B.Line || (A.Line == B.Line && A.Character < B.Character);
}

bool contains(Range R, Position P) { return !before(P, R.Start) && !before(R.End, P); }

bool intersects(Range A, Range B) { return !before(A.End, B.Start) && !before(B.End, A.Start); }

/// Where a unit that did not parse says why: clang's first error in the document itself
/// (`PATH:LINE:COL: error: ...`), else the first line.
Range parseFailureRange(const tool::TranslationUnitJob &Job, const LineTable &Text) {
  llvm::Regex ErrorLine("^(.*):([0-9]+):([0-9]+): (fatal )?error: ");
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  llvm::StringRef(Job.ClangErrors).split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    llvm::SmallVector<llvm::StringRef, 5> M;
    unsigned Line, Column;
    if (!ErrorLine.match(L, &M) || M[1] != Job.Input || M[2].getAsInteger(10, Line) ||
        M[3].getAsInteger(10, Column))
      continue;
    return {Text.positionOf(Line, Column), Text.positionOf(Text.lineEndOffset(Line))};
  }
  return {{0, 0}, Text.positionOf(Text.lineEndOffset(1))};
}

} // namespace

Server::Server(ServerOptions TheOptions, MessageWriter &Out)
    : Options(std::move(TheOptions)), Out(Out) {
  Scheduler = std::make_unique<AnalysisScheduler>(
      Options.Worker, Options.Debounce,
      [this](const AnalysisRequest &R, tool::TranslationUnitJob &Job) {
        analysisFinished(R, Job);
      });
}

Server::~Server() { Scheduler.reset(); } // before the documents it publishes

int Server::serve(MessageReader &In) {
  for (;;) {
    IncomingMessage M = In.read();
    if (M.What == IncomingMessage::EndOfInput)
      return ShutDown ? 0 : 1;
    if (M.What == IncomingMessage::Malformed) {
      llvm::errs() << "divlint lsp: malformed message: " << M.Problem << "\n";
      Out.send(makeError(nullptr, ParseError, M.Problem));
      continue;
    }
    ParsedMessage P = parseMessage(M.Body);
    switch (P.What) {
    case ParsedMessage::Invalid:
      llvm::errs() << "divlint lsp: invalid message: " << P.Problem << "\n";
      Out.send(makeError(P.Id, InvalidRequest, P.Problem));
      break;
    case ParsedMessage::Response: // the server sends no requests
      break;
    case ParsedMessage::Notification:
      if (P.Method == "exit")
        return ShutDown ? 0 : 1;
      if (Initialized || P.Method == "initialized")
        handleNotification(P.Method, P.Params);
      break;
    case ParsedMessage::Request: {
      Reply R;
      if (!Initialized && P.Method != "initialize")
        R = {nullptr, ServerNotInitialized, "the server is not initialized"};
      else if (ShutDown)
        R = {nullptr, InvalidRequest, "the server is shut down"};
      else
        R = handleRequest(P.Method, P.Params);
      Out.send(R.Code ? makeError(P.Id, R.Code, R.Message)
                      : makeResponse(P.Id, std::move(R.Result)));
      break;
    }
    }
  }
}

Server::Reply Server::handleRequest(llvm::StringRef Method, const Value &Params) {
  if (Method == "initialize")
    return initialize(Params);
  if (Method == "shutdown") {
    ShutDown = true;
    return {};
  }
  if (Method == "textDocument/hover")
    return hover(Params);
  if (Method == "textDocument/codeAction")
    return codeAction(Params);
  return {nullptr, MethodNotFound, "method not found: " + Method.str()};
}

void Server::handleNotification(llvm::StringRef Method, const Value &Params) {
  if (Method == "textDocument/didOpen")
    didOpen(Params);
  else if (Method == "textDocument/didChange")
    didChange(Params);
  else if (Method == "textDocument/didSave")
    didSave(Params);
  else if (Method == "textDocument/didClose")
    didClose(Params);
  // initialized, $/cancelRequest (requests are already answered), $/setTrace, workspace/...:
  // nothing to do.
}

Server::Reply Server::initialize(const Value &) {
  if (Initialized)
    return {nullptr, InvalidRequest, "initialize was already received"};
  Initialized = true;
  Object Capabilities{
      {"positionEncoding", "utf-16"},
      {"textDocumentSync",
       Object{{"openClose", true}, {"change", 1}, {"save", Object{{"includeText", false}}}}},
      {"hoverProvider", true},
      {"codeActionProvider", Object{{"codeActionKinds", Array{"quickfix"}}}}};
  return {Object{{"capabilities", std::move(Capabilities)},
                 {"serverInfo", Object{{"name", "divlint"}, {"version", Options.Version}}}}};
}

void Server::scheduleAnalysis(const std::string &Uri, const Document &D) {
  if (!isAnalyzed(D.Path, D.LanguageId))
    return;
  Scheduler->schedule({Uri, D.Path, D.Version, D.Text});
}

void Server::didOpen(const Value &Params) {
  const Object *O = Params.getAsObject();
  const Object *Doc = O ? O->getObject("textDocument") : nullptr;
  std::optional<llvm::StringRef> Uri = Doc ? Doc->getString("uri") : std::nullopt;
  std::optional<llvm::StringRef> Text = Doc ? Doc->getString("text") : std::nullopt;
  if (!Uri || !Text) {
    llvm::errs() << "divlint lsp: didOpen without textDocument.uri and text; ignored\n";
    return;
  }
  Document D;
  D.Path = pathFromUri(*Uri).value_or("");
  D.LanguageId = Doc->getString("languageId").value_or("").str();
  D.Version = Doc->getInteger("version").value_or(0);
  D.Text = Text->str();
  std::lock_guard<std::mutex> Guard(DocumentsLock);
  Document &Stored = Documents[Uri->str()] = std::move(D);
  scheduleAnalysis(Uri->str(), Stored);
}

void Server::didChange(const Value &Params) {
  std::string Uri = documentUri(Params);
  const Object *O = Params.getAsObject();
  const Array *Changes = O ? O->getArray("contentChanges") : nullptr;
  std::lock_guard<std::mutex> Guard(DocumentsLock);
  auto It = Documents.find(Uri);
  if (It == Documents.end() || !Changes) {
    llvm::errs() << "divlint lsp: didChange of a document that is not open, or without "
                    "contentChanges; ignored\n";
    return;
  }
  Document &D = It->second;
  for (const Value &Change : *Changes)
    if (!applyContentChange(D.Text, Change))
      llvm::errs() << "divlint lsp: a malformed content change of " << Uri << "; ignored\n";
  std::optional<int64_t> Version = O->getObject("textDocument")->getInteger("version");
  D.Version = Version ? *Version : D.Version + 1;
  scheduleAnalysis(Uri, D);
}

void Server::didSave(const Value &Params) {
  std::optional<std::string> Saved = pathFromUri(documentUri(Params));
  if (!Saved)
    return;
  // The saved file may be a header another open document includes, or its settings.
  llvm::StringRef Name = llvm::sys::path::filename(*Saved);
  bool Everyone = Name == ".divlint.yaml" || Name == "compile_commands.json" ||
                  Name == "compile_flags.txt";
  std::lock_guard<std::mutex> Guard(DocumentsLock);
  for (auto &[Uri, D] : Documents) {
    if (D.Path == *Saved || !D.Latest)
      continue;
    const std::vector<std::string> &Read = D.Latest->Dependencies;
    if (Everyone || std::find(Read.begin(), Read.end(), *Saved) != Read.end())
      scheduleAnalysis(Uri, D);
  }
}

void Server::didClose(const Value &Params) {
  std::string Uri = documentUri(Params);
  std::lock_guard<std::mutex> Guard(DocumentsLock);
  if (!Documents.erase(Uri))
    return;
  Scheduler->forget(Uri);
  publish(Uri, std::nullopt, Array{}); // its findings go with it
}

void Server::publish(const std::string &Uri, std::optional<int64_t> Version,
                     Array Diagnostics) {
  Object Params{{"uri", Uri}, {"diagnostics", std::move(Diagnostics)}};
  if (Version)
    Params["version"] = *Version;
  Out.send(makeNotification("textDocument/publishDiagnostics", std::move(Params)));
}

void Server::analysisFinished(const AnalysisRequest &R, tool::TranslationUnitJob &Job) {
  std::lock_guard<std::mutex> Guard(DocumentsLock);
  auto It = Documents.find(R.Uri);
  if (It == Documents.end() || It->second.Version != R.Version)
    return; // closed, or a newer version is on its way: never publish a stale result
  auto Snapshot = std::make_shared<AnalysisSnapshot>(R.Text);
  Snapshot->Version = R.Version;
  Snapshot->Kernels = std::move(Job.Kernels);
  Snapshot->Dependencies = std::move(Job.Dependencies);
  for (Finding &F : Job.Findings)
    if (F.File == R.Path)
      Snapshot->Findings.push_back(std::move(F));
  std::stable_sort(Snapshot->Findings.begin(), Snapshot->Findings.end(), findingLess);
  Array Diagnostics;
  for (size_t I = 0; I < Snapshot->Findings.size(); ++I) {
    const Finding &F = Snapshot->Findings[I];
    if (!isReported(F, Options.Report))
      continue;
    Snapshot->Published.push_back(diagnosticFor(F, Snapshot->Text, R.Uri, Options.RuleDocsDir));
    Snapshot->Reported.push_back(I);
    Diagnostics.push_back(Snapshot->Published.back());
  }
  if (Job.ParseFailed)
    Diagnostics.push_back(toolDiagnostic(parseFailureRange(Job, Snapshot->Text), 1,
                                         "divlint-not-analyzed",
                                         "divlint could not analyze this file: " +
                                             Job.ParseMessage));
  llvm::errs() << "divlint lsp: " << R.Path << " version " << R.Version << ": "
               << Diagnostics.size() << " diagnostics"
               << (Job.ParseFailed ? " (" + Job.ParseMessage + ")" : std::string()) << "\n";
  It->second.Latest = std::move(Snapshot);
  publish(R.Uri, R.Version, std::move(Diagnostics));
}

Server::Reply Server::hover(const Value &Params) {
  std::string Uri = documentUri(Params);
  const Object *O = Params.getAsObject();
  Position At;
  llvm::json::Path::Root Root;
  if (!O || !O->get("position") || !fromJSON(*O->get("position"), At, Root))
    return {nullptr, InvalidParams, "hover needs textDocument.uri and position"};
  std::shared_ptr<const AnalysisSnapshot> S;
  {
    std::lock_guard<std::mutex> Guard(DocumentsLock);
    auto It = Documents.find(Uri);
    if (It == Documents.end() || !It->second.Latest)
      return {};
    S = It->second.Latest;
    // An analysis of an older version still answers where the hovered line is unchanged.
    if (LineTable(It->second.Text).lineText(At.Line + 1) != S->Text.lineText(At.Line + 1))
      return {};
  }
  const Finding *Best = nullptr;
  Range BestRange;
  for (const Finding &F : S->Findings) {
    Range R = findingRange(F, S->Text);
    if (!contains(R, At))
      continue;
    if (!Best || before(BestRange.Start, R.Start)) { // the innermost condition
      Best = &F;
      BestRange = R;
    }
  }
  if (!Best)
    return {};
  llvm::SmallString<256> Doc(Options.RuleDocsDir);
  llvm::sys::path::append(Doc, ruleName(Best->TheRule) + ".md");
  std::string Markdown = hoverMarkdown(*Best, S->Kernels, uriFromPath(Doc));
  return {Object{{"contents", Object{{"kind", "markdown"}, {"value", jsonText(Markdown)}}},
                 {"range", toJSON(BestRange)}}};
}

Server::Reply Server::codeAction(const Value &Params) {
  std::string Uri = documentUri(Params);
  const Object *O = Params.getAsObject();
  Range Wanted;
  llvm::json::Path::Root Root;
  if (!O || !O->get("range") || !fromJSON(*O->get("range"), Wanted, Root))
    return {nullptr, InvalidParams, "codeAction needs textDocument.uri and range"};
  if (const Object *Context = O->getObject("context"))
    if (const Array *Only = Context->getArray("only")) {
      bool QuickFix = false;
      for (const Value &Kind : *Only)
        QuickFix |= Kind.getAsString() && (*Kind.getAsString() == "quickfix" ||
                                           *Kind.getAsString() == "");
      if (!QuickFix)
        return {Array{}};
    }
  std::shared_ptr<const AnalysisSnapshot> S;
  {
    std::lock_guard<std::mutex> Guard(DocumentsLock);
    auto It = Documents.find(Uri);
    // Edits carry the analyzed text's offsets: only while the document is that text.
    if (It == Documents.end() || !It->second.Latest ||
        It->second.Latest->Text.text() != It->second.Text)
      return {Array{}};
    S = It->second.Latest;
  }
  Array Actions;
  for (size_t I = 0; I < S->Reported.size(); ++I) {
    const Finding &F = S->Findings[S->Reported[I]];
    if (!intersects(findingRange(F, S->Text), Wanted))
      continue;
    for (Value &A : codeActionsFor(F, S->Text, Uri, S->Published[I]))
      Actions.push_back(std::move(A));
  }
  return {std::move(Actions)};
}

} // namespace divlint::lsp
