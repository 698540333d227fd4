import Foundation
import VCGraph
import VCGraphviz

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RenderJob {
  /// Draws the loaded scenarios with up to ``workerCount`` worker processes and commits each;
  /// false when any failed.
  ///
  /// Graphviz draws in the workers only, so whatever it does (abort, double free, segfault, an
  /// endless loop) costs one scenario: a worker that dies, or that says nothing for
  /// ``WorkerLimits/timeout`` seconds and is killed, fails the scenario it was drawing, with the
  /// step, the signal and the frame's graph written next to the output for a bug report; a new
  /// worker takes the tasks left.
  ///
  /// Each scenario gets its staging folder first, and its frames are cut into tasks
  /// (``ScenarioFrames/pieces(_:workers:)``). A worker gets one task at a time and asks for the next
  /// by finishing it, so the fastest take more. A scenario cut into several tasks is laid out once,
  /// by its first task, which keeps the layout in the staging folder for the others: they wait for
  /// it. A worker writes its frames' files straight into the staging folder and reports each; here
  /// they are adopted as they come, and each scenario, once all its frames are in, gets its index
  /// and flipbook pages and is moved into place, in command-line order.
  func supervise(_ scenarios: [LoadedScenario], pool: WorkerPool, report: (Report) -> Void) -> Bool {
    withoutActuallyEscaping(report) { report in
      RenderSupervisor(job: self, scenarios: scenarios, pool: pool, report: report).run()
    }
  }
}

/// A render job's run over its workers: the scenarios' staging folders, the queue of tasks, what
/// each worker reports, and the commits in command-line order.
private final class RenderSupervisor {
  let job: RenderJob
  let scenarios: [RenderJob.LoadedScenario]
  let report: (RenderJob.Report) -> Void
  let pool: WorkerPool
  private var runs: [ScenarioRun]
  /// The tasks not handed out yet, in order.
  private var queue: [RenderTask] = []
  /// The tasks handed out, by id.
  private var handed: [Int: RenderTask] = [:]
  /// The scenarios whose shared layout is kept: their other tasks may be handed out.
  private var laidOut: Set<Int> = []
  /// Removed again at the end, the last first: a worker drawing a piece of the same scenario may
  /// write into one while it is being removed, and the first made the output folder the others are in.
  private var discarded: [OutputDirectory.Staging] = []
  /// The first scenario not committed or failed yet.
  private var next = 0
  /// The first scenario whose replay's warnings are not told yet: they are told in the scenarios'
  /// order, whichever worker replays first.
  private var nextWarned = 0
  private var failed = false

  init(
    job: RenderJob, scenarios: [RenderJob.LoadedScenario], pool: WorkerPool,
    report: @escaping (RenderJob.Report) -> Void
  ) {
    self.job = job
    self.scenarios = scenarios
    self.report = report
    self.pool = pool
    runs = scenarios.map { ScenarioRun(expected: job.steps(of: $0.scenario).count) }
  }

  func run() -> Bool {
    defer {
      pool.close()
      for staging in discarded.reversed() { staging.discard() }
    }
    stage()
    dispatch()
    while !pool.workers.isEmpty {
      for event in pool.next() { handle(event) }
      // Workers first: one whose task ended gets the next, or, with none left, is let go and ends
      // while the scenarios finished are committed (their index written, their files moved).
      dispatch()
      commitFinished()
    }
    // Tasks left with no worker to draw them: none could start.
    for task in queue {
      fail(task.scenario, "\(scenarios[task.scenario].path): error: no worker process could draw it")
    }
    commitFinished()
    return !failed
  }

  /// Makes each scenario's staging folder and cuts its frames into tasks (with `--jobs`; without,
  /// each scenario is one task), queued the costliest first when several workers draw.
  private func stage() {
    for (index, scenario) in scenarios.enumerated() {
      do {
        runs[index].staging = try OutputDirectory.Staging(OutputDirectory(path: scenario.folder))
      } catch {
        fail(index, error.description)
      }
    }
    let work = scenarios.indices.filter { runs[$0].staging != nil }.map {
      ScenarioFrames(
        scenario: $0, steps: job.steps(of: scenarios[$0].scenario),
        frameCost: scenarios[$0].scenario.viewControllers.count)
    }
    for pieces in ScenarioFrames.queue(work, workers: job.workerCount, cutting: job.cutsScenarios) {
      let scenario = pieces[0].scenario
      guard let staging = runs[scenario].staging else { continue }
      let kept = staging.folder.appendingPathComponent("layout.json").path
      let shares = pieces.count > 1 && job.options.drawing.layout == .stable
      for (number, piece) in pieces.enumerated() {
        queue.append(
          RenderTask(
            id: queue.count, scenario: scenario, path: scenarios[scenario].path, steps: piece.steps,
            folder: staging.newFiles.path,
            layout: !shares ? .compute : number == 0 ? .computeAndKeep(kept) : .read(kept), reportsReplay: number == 0))
      }
    }
  }

  /// Fails a scenario: keeps why (once) to be reported in its turn (``commitFinished()``),
  /// discards its staging folder and drops its tasks.
  private func fail(_ scenario: Int, _ message: String) {
    queue.removeAll { $0.scenario == scenario }
    guard !runs[scenario].isFailed else { return }
    job.beforeFailure()
    runs[scenario].failure = message
    runs[scenario].isFailed = true
    if let staging = runs[scenario].staging {
      staging.discard()
      discarded.append(staging)
    }
    runs[scenario].staging = nil
    failed = true
    tellWarnings()
  }

  /// Tells the replays' warnings of the scenarios whose turn it is, in their order: each once its
  /// worker replayed it, or once it failed.
  private func tellWarnings() {
    while nextWarned < runs.count, let warnings = runs[nextWarned].warnings ?? (runs[nextWarned].isFailed ? [] : nil) {
      for line in warnings { report(.warning(line)) }
      runs[nextWarned].warnings = []
      nextWarned += 1
    }
  }

  /// Whether a queued task can be handed out: its scenario's layout is computed or kept.
  private func isReady(_ task: RenderTask) -> Bool {
    if case .read = task.layout { return laidOut.contains(task.scenario) }
    return true
  }

  /// Hands each idle worker the first task it can start, starts workers while tasks are ready and
  /// fewer than ``RenderJob/workerCount`` run, and lets idle workers go when nothing is left.
  private func dispatch() {
    while let ready = queue.firstIndex(where: isReady) {
      guard let idle = pool.workers.first(where: \.isIdle) else {
        guard pool.workers.count < job.workerCount else { break }
        do {
          _ = try pool.start()
        } catch {
          fail(queue[ready].scenario, "\(queue[ready].path): error: \(error)")
        }
        continue
      }
      let task = queue.remove(at: ready)
      handed[task.id] = task
      // A worker that died cannot take it: its end, read next, fails the task.
      pool.hand(.frames(task), to: idle)
    }
    if queue.isEmpty {
      for worker in pool.workers where worker.isIdle { pool.release(worker) }
    }
  }

  private func handle(_ event: WorkerEvent) {
    switch event {
    case .said(_, let line):
      // Not a report: something the worker printed, for the user.
      report(.warning(line))
    case .ended(let worker, let ending):
      ended(worker, ending)
    case .report(let worker, let message):
      handle(message, from: worker)
    }
  }

  private func handle(_ message: WorkerReport, from worker: Worker) {
    switch message {
    case .replayed(let id, let warnings):
      if let task = handed[id], runs[task.scenario].warnings == nil {
        runs[task.scenario].warnings = warnings
        tellWarnings()
      }
    case .laidOut(let id):
      if let task = handed[id] { laidOut.insert(task.scenario) }
    case .drawing(_, let step):
      worker.drawing = step
    case .failed(let id, let text):
      if let task = handed[id] { fail(task.scenario, text) }
    case .finished, .drawn:
      break
    case .frame(let id, let entry):
      report(.frameDrawn)
      guard let task = handed[id], !runs[task.scenario].isFailed, let staging = runs[task.scenario].staging else {
        return
      }
      do {
        runs[task.scenario].entries.append(try job.adopt(entry, into: staging))
      } catch {
        fail(task.scenario, error.description)
      }
    }
  }

  /// A worker ended: the task it held fails its scenario (it died, or was stopped). One that ends
  /// unasked while it waits for a task (it could not start Graphviz, say) fails the next task, so
  /// that a worker that cannot work is not started again and again.
  private func ended(_ worker: Worker, _ ending: ChildProcess.Ending) {
    if case .signaled(let signal) = ending.termination, [SIGINT, SIGTERM, SIGHUP].contains(signal) {
      // Someone is stopping vcgraph (`kill` of every vcgraph process, say), maybe before its turn here.
      job.interrupted(signal)
    }
    guard case .frames(let task) = worker.task else {
      guard !worker.isLeaving, let next = queue.first else { return }
      fail(
        next.scenario,
        "\(next.path): error: the worker process \(ending.termination) before it was given its frames")
      return
    }
    guard !runs[task.scenario].isFailed else { return }
    // An interruption kills the workers: nothing to report, and no graph to keep.
    job.beforeFailure()
    fail(task.scenario, failure(of: task, drawing: worker.drawing, ending, timedOut: worker.timedOut))
  }

  /// Commits, in command-line order, the scenarios whose frames are all in, and reports those
  /// that failed in the same order: the lines printed are the same whichever worker was faster.
  private func commitFinished() {
    while next < runs.count {
      if runs[next].isFailed {
        if let message = runs[next].failure {
          job.beforeFailure()
          report(.failed(path: scenarios[next].path, message: message))
        }
        next += 1
        continue
      }
      guard runs[next].entries.count == runs[next].expected, let staging = runs[next].staging else { return }
      let scenario = scenarios[next]
      do {
        let written = try job.commit(scenario.scenario, entries: runs[next].entries, into: staging)
        report(.written(path: scenario.path, folder: scenario.folder, steps: written.steps, files: written.files))
      } catch {
        job.beforeFailure()
        report(.failed(path: scenario.path, message: error.description))
        failed = true
      }
      runs[next].staging = nil
      next += 1
    }
  }

  /// The line that says why `task` failed when its worker ended (``WorkerFailure``), with the
  /// frame's graph kept beside the output: `out/<scenario>-step-N.crash.dot`.
  private func failure(
    of task: RenderTask, drawing step: Int?, _ ending: ChildProcess.Ending, timedOut: Bool
  ) -> String {
    let scenario = scenarios[task.scenario]
    let options = job.options
    let formats = options.drawnFormats.map(\.rawValue).joined(separator: ", ")
    let layingOut =
      switch task.layout {
      case .read: "reading the layout of its steps"
      case .compute, .computeAndKeep:
        "laying out the frames of its \(options.drawing.layout == .stable ? "steps together" : "first step")"
      }
    let failure = WorkerFailure(
      what: step.map { "drawing step \($0) as \(formats)" } ?? layingOut, ending: ending, timedOut: timedOut,
      limits: options.limits, advice: WorkerFailure.advice(offeringJSON: ExportingCommand.render.writesJSON))
    var message = failure.message
    // The frame's graph as vcgraph built it, before any layout: only cgraph runs here.
    if failure.keepsGraph, let step, let diagram = diagram(ofStep: step, in: scenario) {
      message += WorkerFailure.keep(
        "the frame's graph", named: "\(scenario.scenario.stem)-step-\(step)", in: job.output
      ) { try Renderer().unlaidSource(of: diagram) }
    }
    return "\(scenario.path): error: \(message)"
  }

  /// The diagram of step `number` of a scenario, as the workers draw it: the scenario replayed
  /// here, for the crash's graph only.
  private func diagram(ofStep number: Int, in loaded: RenderJob.LoadedScenario) -> Diagram? {
    guard let offset = loaded.scenario.steps.firstIndex(where: { $0.number == number }),
      let replayed = try? ReplayedScenario(loaded.scenario, sizeClasses: job.options.sizeClasses)
    else { return nil }
    return Diagram.frames(of: replayed, options: job.options.drawing).dropFirst(offset).first(where: { _ in true })
  }
}

/// Where a scenario stands.
private struct ScenarioRun {
  /// How many frames it needs.
  var expected: Int
  /// Its staging folder; nil once it is committed or failed.
  var staging: OutputDirectory.Staging?
  /// The index entries of its frames adopted so far, in the order they came.
  var entries: [RenderIndex.Entry] = []
  /// The replay's warnings, once its worker told them; empty once told.
  var warnings: [String]?
  var isFailed = false
  /// Why it failed, reported in its turn.
  var failure: String?

  init(expected: Int) {
    self.expected = expected
  }
}
