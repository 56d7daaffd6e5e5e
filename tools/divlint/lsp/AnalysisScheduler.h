//===- AnalysisScheduler.h - debounced, superseding analyses off the reader thread -*- C++ -*-===//
//
// Edits arrive faster than analyses finish. The scheduler keeps, per document, only the newest
// version to analyze and runs the analyses one at a time on its own thread (each in a worker
// process). An edit that follows the document's previous one within the debounce interval
// (typing) waits that long for the next; an edit after a pause (the first keystroke, a quick
// fix, an undo, a paste) starts at once, and if more keystrokes follow they kill it. The next
// worker process is started while the scheduler is idle, so an analysis does not wait for one
// to start. An edit of a
// document whose analysis is running kills that worker: its result would be stale. Results are
// handed to the server in the order they finish; the server publishes one only while its
// version is still the document's newest (Server.h), so a stale result is never published.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_ANALYSISSCHEDULER_H
#define DIVLINT_TOOLS_DIVLINT_LSP_ANALYSISSCHEDULER_H

#include "AnalysisWorker.h"
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

namespace divlint::lsp {

class AnalysisScheduler {
public:
  /// Called on the scheduler's thread with each finished analysis.
  using Finished = std::function<void(const AnalysisRequest &, tool::TranslationUnitJob &)>;

  AnalysisScheduler(WorkerCommand Command, std::chrono::milliseconds Debounce, Finished Done);
  /// Stops the thread; a running worker is killed.
  ~AnalysisScheduler();

  /// Analyzes \p R, in place of any pending or running analysis of the same document: at once,
  /// or after the debounce interval when the document's previous edit was less than that ago.
  void schedule(AnalysisRequest R);
  /// Drops the document's pending analysis and kills a running one (didClose).
  void forget(const std::string &Uri);

private:
  struct Pending {
    AnalysisRequest Request;
    std::chrono::steady_clock::time_point Due;
  };
  WorkerCommand Command;
  std::chrono::milliseconds Debounce;
  Finished Done;
  std::mutex Lock;
  std::condition_variable Wake;
  std::map<std::string, Pending> Queue; ///< by URI
  std::map<std::string, std::chrono::steady_clock::time_point> LastEdit; ///< by URI
  std::string RunningUri;
  bool CancelRunning = false, Stopping = false;
  /// The next worker, started before it is needed (AnalysisWorker.h); the thread's own.
  std::unique_ptr<AnalysisProcess> Spare;
  std::thread Thread;

  void loop();
  void prepareSpare();
  /// Runs one analysis to its end, or until it is cancelled (then false).
  bool runOne(const AnalysisRequest &R, tool::TranslationUnitJob &Job);
};

} // namespace divlint::lsp

#endif
