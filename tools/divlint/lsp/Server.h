//===- Server.h - the divlint language server session -*- C++ -*-===//
//
// Reads messages on one thread and answers each request at once; analyses run on the
// scheduler's thread (AnalysisScheduler.h), which publishes their diagnostics. Lifecycle as LSP
// 3.17: requests before `initialize` get ServerNotInitialized, after `shutdown` InvalidRequest;
// `exit` ends the session with 0 after a shutdown, else 1. Unknown requests get MethodNotFound,
// unknown notifications are ignored, a message that is not JSON-RPC gets ParseError or
// InvalidRequest; the session goes on after each. Requests are answered in order as they come,
// so `$/cancelRequest` finds nothing left to cancel; what it would cancel, a superseded
// analysis, is cancelled by the edit itself.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_SERVER_H
#define DIVLINT_TOOLS_DIVLINT_LSP_SERVER_H

#include "AnalysisScheduler.h"
#include "Documents.h"
#include "Protocol.h"
#include "Transport.h"
#include "divlint/Report/Report.h"
#include <map>
#include <mutex>

namespace divlint::lsp {

struct ServerOptions {
  WorkerCommand Worker;
  std::chrono::milliseconds Debounce{200};
  ReportOptions Report;    ///< which findings are diagnostics (--report-all)
  std::string RuleDocsDir; ///< FindingDiagnostics.h
  std::string Version;     ///< serverInfo.version
};

class Server {
public:
  Server(ServerOptions Options, MessageWriter &Out);
  ~Server();
  /// Serves until `exit` or the end of the input; the process's exit status.
  int serve(MessageReader &In);

private:
  ServerOptions Options;
  MessageWriter &Out;
  bool Initialized = false, ShutDown = false;
  std::mutex DocumentsLock; ///< also held while publishing, so publications keep their order
  std::map<std::string, Document> Documents; ///< by URI
  std::unique_ptr<AnalysisScheduler> Scheduler;

  /// A request's result, or an error code and message.
  struct Reply {
    llvm::json::Value Result = nullptr;
    int Code = 0;
    std::string Message;
  };
  Reply handleRequest(llvm::StringRef Method, const llvm::json::Value &Params);
  void handleNotification(llvm::StringRef Method, const llvm::json::Value &Params);

  Reply initialize(const llvm::json::Value &Params);
  void didOpen(const llvm::json::Value &Params);
  void didChange(const llvm::json::Value &Params);
  void didSave(const llvm::json::Value &Params);
  void didClose(const llvm::json::Value &Params);
  Reply hover(const llvm::json::Value &Params);
  Reply codeAction(const llvm::json::Value &Params);

  /// Queues the document's current text (DocumentsLock held).
  void scheduleAnalysis(const std::string &Uri, const Document &D);
  /// The scheduler's result: published if it is of the document's newest version.
  void analysisFinished(const AnalysisRequest &R, tool::TranslationUnitJob &Job);
  /// Sends publishDiagnostics (DocumentsLock held).
  void publish(const std::string &Uri, std::optional<int64_t> Version,
               llvm::json::Array Diagnostics);
};

} // namespace divlint::lsp

#endif
