//===- AnalysisScheduler.cpp - debounced, superseding analyses ------------===//

#include "AnalysisScheduler.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

namespace divlint::lsp {

AnalysisScheduler::AnalysisScheduler(WorkerCommand Command, std::chrono::milliseconds Debounce,
                                     Finished Done)
    : Command(std::move(Command)), Debounce(Debounce), Done(std::move(Done)) {
  Thread = std::thread([this] { loop(); });
}

AnalysisScheduler::~AnalysisScheduler() {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Stopping = true;
    CancelRunning = true;
  }
  Wake.notify_all();
  Thread.join(); // then ~Spare kills the waiting worker
}

void AnalysisScheduler::schedule(AnalysisRequest R) {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (RunningUri == R.Uri)
      CancelRunning = true;
    auto Now = std::chrono::steady_clock::now();
    auto Last = LastEdit.find(R.Uri);
    bool Typing = Last != LastEdit.end() && Now - Last->second < Debounce;
    LastEdit[R.Uri] = Now;
    std::string Uri = R.Uri;
    Queue[Uri] = Pending{std::move(R), Typing ? Now + Debounce : Now};
  }
  Wake.notify_all();
}

void AnalysisScheduler::forget(const std::string &Uri) {
  std::lock_guard<std::mutex> Guard(Lock);
  Queue.erase(Uri);
  LastEdit.erase(Uri);
  if (RunningUri == Uri)
    CancelRunning = true;
}

void AnalysisScheduler::prepareSpare() {
  std::string Error;
  if (!Spare)
    Spare = AnalysisProcess::start(Command, Error); // else runOne starts one and says why not
}

bool AnalysisScheduler::runOne(const AnalysisRequest &R, tool::TranslationUnitJob &Job) {
  std::string Error;
  std::unique_ptr<AnalysisProcess> P = std::move(Spare);
  if (!P || !P->send(R)) { // none ready, or it ended while waiting: a new one
    P = AnalysisProcess::start(Command, Error);
    if (P && !P->send(R)) {
      P.reset();
      Error = "the worker process ended before it took the request";
    }
  }
  if (!P) {
    Job.Input = R.Path;
    Job.ParseFailed = true;
    Job.ParseMessage = "cannot start the analysis: " + Error;
    return true;
  }
  auto Started = std::chrono::steady_clock::now();
  for (;;) {
    if (P->poll(Job)) {
      // For the log and bench/lsp_latency.py: the analysis's wall time and the worker's CPU
      // time (on a loaded machine the two differ most).
      std::chrono::duration<double> Wall = std::chrono::steady_clock::now() - Started;
      llvm::errs() << llvm::formatv("divlint lsp: analyzed {0} version {1} in {2:F3} s (worker "
                                    "CPU {3:F3} s)\n",
                                    R.Path, R.Version, Wall.count(), P->cpuSeconds());
      return true;
    }
    {
      std::unique_lock<std::mutex> Guard(Lock);
      // Woken early by schedule() or forget(); else look at the process again in 5 ms.
      Wake.wait_for(Guard, std::chrono::milliseconds(5), [&] { return CancelRunning; });
      if (CancelRunning)
        return false; // ~AnalysisProcess kills it
    }
  }
}

void AnalysisScheduler::loop() {
  prepareSpare();
  std::unique_lock<std::mutex> Guard(Lock);
  while (!Stopping) {
    if (Queue.empty()) {
      Wake.wait(Guard);
      continue;
    }
    auto Next = Queue.begin();
    for (auto It = Queue.begin(); It != Queue.end(); ++It)
      if (It->second.Due < Next->second.Due)
        Next = It;
    if (Next->second.Due > std::chrono::steady_clock::now()) {
      Wake.wait_until(Guard, Next->second.Due);
      continue;
    }
    AnalysisRequest R = std::move(Next->second.Request);
    Queue.erase(Next);
    RunningUri = R.Uri;
    CancelRunning = false;
    Guard.unlock();
    tool::TranslationUnitJob Job;
    bool Completed = runOne(R, Job);
    if (Completed)
      Done(R, Job);
    prepareSpare();
    Guard.lock();
    RunningUri.clear();
  }
}

} // namespace divlint::lsp
