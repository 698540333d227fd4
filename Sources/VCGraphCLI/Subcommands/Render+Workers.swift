import ArgumentParser
import Foundation
import VCGraph
import VCGraphviz

extension VCGraphCommand.Render {
  /// Renders the scenarios with `jobs` worker processes (`vcgraph _render-worker`), and prints
  /// what each wrote or why it failed; false when any failed.
  ///
  /// Graphviz draws in the workers only, so whatever it does (abort, double free, segfault, an
  /// endless loop) costs one scenario: a worker that dies, or that says nothing for
  /// ``graphvizTimeout`` seconds and is killed, fails the scenario it was drawing, with the step,
  /// the signal and the frame's graph written next to the output for a bug report; a new worker
  /// draws what it had not finished of its other scenarios.
  ///
  /// Each scenario gets its staging folder first. Every frame of every scenario is split into
  /// parts of about the same cost (``ScenarioFrames/split(_:into:)``), one per worker, which writes
  /// its frames' files straight into the staging folders and reports each frame on a line. Here
  /// the files are adopted as they come, and each scenario, once all its frames are in, gets its
  /// index and flipbook pages and is moved into place, in command-line order.
  func renderWithWorkers(
    _ scenarios: [LoadedScenario], renderer: Renderer, progress: Progress, workers: WorkerProcesses
  ) -> Bool {
    var runs = scenarios.map { ScenarioRun(expected: steps(of: $0.replay).count) }
    var failed = false
    // Removed again at the end, the last first: another worker drawing the same scenario may write
    // into one while it is being removed, and the first made the output folder the others are in.
    var discarded: [OutputDirectory.Staging] = []
    defer { for staging in discarded.reversed() { staging.discard() } }

    func fail(_ scenario: Int, _ message: String) {
      guard !runs[scenario].isFailed else { return }
      Interruption.waitIfUnderway()
      progress.withLineErased { printError(message) }
      runs[scenario].isFailed = true
      if let staging = runs[scenario].staging {
        staging.discard()
        discarded.append(staging)
      }
      runs[scenario].staging = nil
      progress.scenarioDone()
      failed = true
    }

    for (index, scenario) in scenarios.enumerated() {
      do {
        runs[index].staging = try OutputDirectory.Staging(OutputDirectory(path: scenario.folder))
      } catch {
        fail(index, error.description)
      }
    }
    // SIGPIPE would end this process when a worker dies before reading its plan.
    signal(SIGPIPE, SIG_IGN)
    var running: [Worker] = []
    /// Starts a worker for the frames of `part`.
    func start(_ part: [ScenarioFrames]) {
      let plan = WorkerPlan(
        formats: renderedFormats, themes: theme.themes, events: events, layout: layout, folding: folding.folding,
        parts: part.map {
          .init(
            scenario: $0.scenario, path: scenarios[$0.scenario].path, steps: $0.steps,
            folder: runs[$0.scenario].staging?.newFiles.path ?? "")
        })
      do {
        let process = try WorkerProcess(
          WorkerProcess.currentExecutable, arguments: [VCGraphCommand.RenderWorker.configuration.commandName ?? ""],
          input: try JSONEncoder().encode(plan), registeringWith: workers)
        running.append(Worker(process: process, parts: part))
      } catch {
        for frames in part { fail(frames.scenario, "\(scenarios[frames.scenario].path): error: \(error)") }
      }
    }
    let work = scenarios.indices.filter { runs[$0].staging != nil }.map {
      let scenario = scenarios[$0].replay.scenario
      return ScenarioFrames(
        scenario: $0, steps: steps(of: scenarios[$0].replay), frameCost: scenario.viewControllers.count)
    }
    for part in ScenarioFrames.split(work, into: jobs) { start(part) }

    /// A worker ended: the scenario it was drawing fails if it died (or was stopped), and a new
    /// worker takes what it had not finished of the others.
    func ended(_ worker: Worker, _ termination: WorkerProcess.Termination) {
      // An interruption kills the workers: nothing to report, and no graph to keep.
      Interruption.waitIfUnderway()
      let unfinished = worker.unfinished.filter { !runs[$0.scenario].isFailed }
      guard !unfinished.isEmpty else { return }
      // The scenario it was drawing: the one it said it was drawing, else the first it had not
      // finished (it died laying that one's frames out together, before drawing any).
      let culprit =
        worker.drawing.flatMap { drawing in unfinished.first { $0.scenario == drawing.scenario } } ?? unfinished[0]
      fail(culprit.scenario, failure(of: culprit, in: worker, termination, scenarios, renderer: renderer))
      let others = unfinished.filter { $0.scenario != culprit.scenario }
      if !others.isEmpty { start(others) }
    }

    var next = 0
    /// Commits, in command-line order, the scenarios whose frames are all in.
    func commitFinished() {
      while next < runs.count {
        if runs[next].isFailed {
          next += 1
          continue
        }
        guard runs[next].entries.count == runs[next].expected, let staging = runs[next].staging else { return }
        let scenario = scenarios[next]
        let entries = runs[next].entries.sorted { $0.number < $1.number }
        do {
          let written = try commit(scenario.replay, entries: entries, into: staging) { _ in nil }
          progress.withLineErased { printWritten(scenario, steps: written.steps, files: written.files) }
        } catch {
          Interruption.waitIfUnderway()
          progress.withLineErased { printError(error.description) }
          failed = true
        }
        runs[next].staging = nil
        progress.scenarioDone()
        next += 1
      }
    }

    while !running.isEmpty {
      // A worker silent for longer than the time limit is stopped: its output then ends.
      let now = ContinuousClock.now
      for index in running.indices where !running[index].isStopped && now - running[index].heard > graphvizLimit {
        running[index].isStopped = true
        kill(running[index].process.pid, SIGKILL)
      }
      let soonest = running.filter { !$0.isStopped }.map { $0.heard + graphvizLimit }.min()
      let ready = WorkerProcess.waitForOutput(
        running.map(\.process), timeout: soonest.map { max(.zero, $0 - ContinuousClock.now) })
      for process in ready {
        guard let at = running.firstIndex(where: { $0.process === process }) else { continue }
        running[at].heard = ContinuousClock.now
        guard let lines = process.readLines() else {
          workers.remove(process.pid)
          var termination = process.wait()
          if running[at].isStopped { termination = .stopped(after: graphvizTimeout) }
          let worker = running.remove(at: at)
          ended(worker, termination)
          continue
        }
        for line in lines {
          guard let report = try? JSONDecoder().decode(WorkerReport.self, from: Data(line.utf8)) else {
            progress.withLineErased { printError(line) }
            continue
          }
          switch report {
          case .drawing(let scenario, let step):
            running[at].drawing = (scenario, step)
          case .failed(let scenario, let message):
            running[at].finish(scenario)
            fail(scenario, message)
          case .frame(let scenario, var entry):
            running[at].reported(entry.number, of: scenario)
            progress.frameDone()
            guard !runs[scenario].isFailed, let staging = runs[scenario].staging else { continue }
            let pageOnly = takePageOnlyFiles(from: &entry)
            do {
              for name in entry.files.values.sorted() where !pageOnly.contains(name) { try staging.adopt(name) }
              runs[scenario].entries.append(entry)
            } catch {
              fail(scenario, error.description)
            }
          }
        }
      }
      commitFinished()
    }
    commitFinished()
    return !failed
  }

  /// How long a worker may say nothing (Graphviz laying out or drawing one frame, or a scenario's
  /// frames together) before it is stopped.
  var graphvizLimit: Duration { .seconds(graphvizTimeout) }

  /// The line that says why `frames` failed when `worker` ended, and where the graph Graphviz was
  /// drawing is kept: `FILE: error: Graphviz crashed while drawing step N as svg, png (signal 11,
  /// Segmentation fault); the frame's graph, for a bug report: PATH`.
  private func failure(
    of frames: ScenarioFrames, in worker: Worker, _ termination: WorkerProcess.Termination,
    _ scenarios: [LoadedScenario], renderer: Renderer
  ) -> String {
    let scenario = scenarios[frames.scenario]
    let step = worker.drawing.flatMap { $0.scenario == frames.scenario ? $0.step : nil }
    let formats = renderedFormats.map(\.rawValue).joined(separator: ", ")
    let what =
      step.map { "drawing step \($0) as \(formats)" }
      ?? "laying out the frames of its \(layout == .stable ? "steps together" : "first step")"
    var message: String
    switch termination {
    case .signaled(SIGKILL):
      // Not Graphviz's doing: someone, or the kernel short of memory, killed the worker.
      message = "the worker process rendering it was killed by signal 9 (Killed) while \(what)"
    case .signaled(let signal):
      message = "Graphviz crashed while \(what) (signal \(signal), \(String(cString: strsignal(signal))))"
    case .stopped(let seconds):
      message = "Graphviz did not finish \(what) within \(seconds) s and was stopped (--graphviz-timeout)"
    case .exited(let status):
      message =
        "the worker process \(what) \(status == 0 ? "ended before it was done" : "exited with status \(status)")"
    }
    // The frame's graph as vcgraph built it, before any layout: only cgraph runs here.
    if let step, let diagram = diagram(ofStep: step, in: scenario.replay) {
      let path = (output as NSString).appendingPathComponent("\(scenario.replay.scenario.stem)-step-\(step).crash.dot")
      do {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data(try renderer.unlaidSource(of: diagram)).write(to: URL(fileURLWithPath: path))
        message += "; the frame's graph, for a Graphviz bug report: \(path)"
      } catch {
        message += "; its graph could not be kept: \(error)"
      }
    }
    return "\(scenario.path): error: \(message)"
  }

  /// The diagram of step `number` of a replay, as the workers draw it.
  private func diagram(ofStep number: Int, in replay: Replay) -> Diagram? {
    guard let offset = replay.scenario.steps.firstIndex(where: { $0.number == number }) else { return nil }
    guard var diagram = Diagram.frames(of: replay, showsEvents: events).dropFirst(offset).first(where: { _ in true })
    else { return nil }
    diagram.folding = folding.folding
    return diagram
  }
}

/// A worker process: the frames it was given, what it has reported, and when it was last heard.
private struct Worker {
  var process: WorkerProcess
  var parts: [ScenarioFrames]
  /// The steps of each scenario it has reported drawn or failed.
  var done: [Int: Set<Int>] = [:]
  /// The step it said it was drawing last.
  var drawing: (scenario: Int, step: Int)?
  var heard = ContinuousClock.now
  /// True once it was killed for saying nothing for too long.
  var isStopped = false

  init(process: WorkerProcess, parts: [ScenarioFrames]) {
    self.process = process
    self.parts = parts
  }

  mutating func reported(_ step: Int, of scenario: Int) { done[scenario, default: []].insert(step) }

  /// The worker has given up on a scenario: none of its steps remain.
  mutating func finish(_ scenario: Int) {
    for part in parts where part.scenario == scenario { done[scenario, default: []].formUnion(part.steps) }
  }

  /// What it had not reported yet, by scenario, in order.
  var unfinished: [ScenarioFrames] {
    parts.compactMap { part in
      var left = part
      left.steps = part.steps.filter { !(done[part.scenario]?.contains($0) ?? false) }
      return left.steps.isEmpty ? nil : left
    }
  }
}

/// Where a scenario rendered by workers stands.
private struct ScenarioRun {
  /// How many frames it needs.
  var expected: Int
  /// Its staging folder; nil once it is committed or failed.
  var staging: OutputDirectory.Staging?
  /// The index entries of its frames adopted so far, in the order they came.
  var entries: [RenderIndex.Entry] = []
  var isFailed = false

  init(expected: Int) {
    self.expected = expected
  }
}
