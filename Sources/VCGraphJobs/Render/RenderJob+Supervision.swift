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
  /// ``Options/graphvizTimeout`` seconds and is killed, fails the scenario it was drawing, with the
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
  func supervise(_ scenarios: [LoadedScenario], worker command: WorkerCommand, report: (Report) -> Void) -> Bool {
    var runs = scenarios.map { ScenarioRun(expected: steps(of: $0.replay).count) }
    var failed = false
    // Removed again at the end, the last first: a worker drawing a piece of the same scenario may
    // write into one while it is being removed, and the first made the output folder the others are in.
    var discarded: [OutputDirectory.Staging] = []
    defer { for staging in discarded.reversed() { staging.discard() } }
    var queue: [RenderTask] = []

    func fail(_ scenario: Int, _ message: String) {
      guard !runs[scenario].isFailed else { return }
      beforeFailure()
      report(.failed(path: scenarios[scenario].path, message: message))
      runs[scenario].isFailed = true
      if let staging = runs[scenario].staging {
        staging.discard()
        discarded.append(staging)
      }
      runs[scenario].staging = nil
      queue.removeAll { $0.scenario == scenario }
      failed = true
    }

    for (index, scenario) in scenarios.enumerated() {
      do {
        runs[index].staging = try OutputDirectory.Staging(OutputDirectory(path: scenario.folder))
      } catch {
        fail(index, error.description)
      }
    }
    let work = scenarios.indices.filter { runs[$0].staging != nil }.map {
      ScenarioFrames(
        scenario: $0, steps: steps(of: scenarios[$0].replay),
        frameCost: scenarios[$0].replay.scenario.viewControllers.count)
    }
    for pieces in ScenarioFrames.pieces(work, workers: workerCount) {
      let scenario = pieces[0].scenario
      guard let staging = runs[scenario].staging else { continue }
      let kept = staging.folder.appendingPathComponent("layout.json").path
      let shares = pieces.count > 1 && options.layout == .stable
      for (number, piece) in pieces.enumerated() {
        queue.append(
          RenderTask(
            id: queue.count, scenario: scenario, path: scenarios[scenario].path, steps: piece.steps,
            folder: staging.newFiles.path,
            layout: !shares ? .compute : number == 0 ? .computeAndKeep(kept) : .read(kept)))
      }
    }
    var laidOut: Set<Int> = []
    /// Whether a queued task can be handed out: its scenario's layout is computed or kept.
    func isReady(_ task: RenderTask) -> Bool {
      if case .read = task.layout { return laidOut.contains(task.scenario) }
      return true
    }

    // SIGPIPE would end this process when a worker dies before reading its tasks.
    signal(SIGPIPE, SIG_IGN)
    let optionsLine: Data
    do {
      optionsLine = try JSONEncoder().encode(options) + Data("\n".utf8)
    } catch {
      preconditionFailure("the options are plain values: \(error)")
    }
    var running: [Worker] = []
    /// Starts a worker, or fails the first queued task's scenario when none can start.
    func start() {
      do {
        let process = try WorkerProcess(
          command.executable, arguments: command.arguments, input: optionsLine, registeringWith: processes,
          keepsInputOpen: true)
        running.append(Worker(process: process))
      } catch {
        if let task = queue.first { fail(task.scenario, "\(scenarios[task.scenario].path): error: \(error)") }
      }
    }
    /// Hands each idle worker the first task it can start, starts workers while tasks are ready
    /// and fewer than ``workerCount`` run, and lets idle workers go when nothing is left.
    func dispatch() {
      while true {
        guard let next = queue.firstIndex(where: isReady) else { break }
        guard let idle = running.firstIndex(where: { $0.task == nil && !$0.isLeaving }) else {
          guard running.count < workerCount else { break }
          start()
          continue
        }
        let task = queue.remove(at: next)
        running[idle].task = task
        running[idle].heard = ContinuousClock.now
        let line = (try? JSONEncoder().encode(task)).map { $0 + Data("\n".utf8) } ?? Data()
        if !running[idle].process.send(line) {
          // It died: its end, read next, fails the task.
          running[idle].isLeaving = true
        }
      }
      if queue.isEmpty {
        for index in running.indices where running[index].task == nil && !running[index].isLeaving {
          running[index].isLeaving = true
          running[index].process.closeInput()
        }
      }
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
        do {
          let written = try commit(
            scenario.replay, sides: scenario.sides, entries: runs[next].entries, into: staging)
          report(.written(path: scenario.path, folder: scenario.folder, steps: written.steps, files: written.files))
        } catch {
          beforeFailure()
          report(.failed(path: scenario.path, message: error.description))
          failed = true
        }
        runs[next].staging = nil
        next += 1
      }
    }

    /// A worker ended: the task it held fails its scenario (it died, or was stopped). One that ends
    /// unasked while it waits for a task (it could not start Graphviz, say) fails the next task, so
    /// that a worker that cannot work is not started again and again.
    func ended(_ worker: Worker, _ termination: WorkerProcess.Termination) {
      if case .signaled(let signal) = termination, [SIGINT, SIGTERM, SIGHUP].contains(signal) { interrupted(signal) }
      guard let task = worker.task else {
        guard !worker.isLeaving, let next = queue.first else { return }
        beforeFailure()
        fail(
          next.scenario,
          "\(scenarios[next.scenario].path): error: the worker process \(termination) before it was given its frames")
        return
      }
      guard !runs[task.scenario].isFailed else { return }
      // An interruption kills the workers: nothing to report, and no graph to keep.
      beforeFailure()
      fail(
        task.scenario,
        failure(of: task, drawing: worker.drawing, termination, peakMemory: worker.process.peakMemory, scenarios))
    }

    dispatch()
    let limit = Duration.seconds(options.graphvizTimeout)
    while !running.isEmpty {
      // A worker silent for longer than the time limit while it holds a task is stopped: its output then ends.
      let now = ContinuousClock.now
      for index in running.indices
      where running[index].task != nil && !running[index].isStopped && now - running[index].heard > limit {
        running[index].isStopped = true
        kill(running[index].process.pid, SIGKILL)
      }
      let soonest = running.filter { $0.task != nil && !$0.isStopped }.map { $0.heard + limit }.min()
      let ready = WorkerProcess.waitForOutput(
        running.map(\.process), timeout: soonest.map { max(.zero, $0 - ContinuousClock.now) })
      for process in ready {
        guard let at = running.firstIndex(where: { $0.process === process }) else { continue }
        running[at].heard = ContinuousClock.now
        guard let lines = process.readLines() else {
          processes.remove(process.pid)
          var termination = process.wait()
          if running[at].isStopped { termination = .stopped(after: options.graphvizTimeout) }
          ended(running.remove(at: at), termination)
          continue
        }
        for line in lines {
          guard let message = try? JSONDecoder().decode(WorkerReport.self, from: Data(line.utf8)) else {
            // Not a report: something the worker printed, for the user.
            report(.warning(line))
            continue
          }
          guard let task = running[at].task else { continue }
          switch message {
          case .laidOut:
            laidOut.insert(task.scenario)
          case .drawing(_, let step):
            running[at].drawing = step
          case .failed(_, let text):
            running[at].task = nil
            running[at].drawing = nil
            fail(task.scenario, text)
          case .finished:
            running[at].task = nil
            running[at].drawing = nil
          case .frame(_, let entry):
            report(.frameDrawn)
            guard !runs[task.scenario].isFailed, let staging = runs[task.scenario].staging else { continue }
            do {
              runs[task.scenario].entries.append(try adopt(entry, into: staging))
            } catch {
              fail(task.scenario, error.description)
            }
          }
        }
      }
      commitFinished()
      dispatch()
    }
    // Tasks left with no worker to draw them: none could start.
    for task in queue {
      fail(task.scenario, "\(scenarios[task.scenario].path): error: no worker process could draw it")
    }
    commitFinished()
    return !failed
  }

  /// The line that says why `task` failed when its worker ended, and where the graph Graphviz was
  /// drawing is kept: `FILE: error: Graphviz crashed while drawing step N as svg, png (signal 11,
  /// Segmentation fault); the frame's graph, for a Graphviz bug report: PATH`.
  private func failure(
    of task: RenderTask, drawing step: Int?, _ termination: WorkerProcess.Termination, peakMemory: Int?,
    _ scenarios: [LoadedScenario]
  ) -> String {
    let scenario = scenarios[task.scenario]
    let formats = options.drawnFormats.map(\.rawValue).joined(separator: ", ")
    let layingOut =
      switch task.layout {
      case .read: "reading the layout of its steps"
      case .compute, .computeAndKeep:
        "laying out the frames of its \(options.layout == .stable ? "steps together" : "first step")"
      }
    let what = step.map { "drawing step \($0) as \(formats)" } ?? layingOut
    var message: String
    switch termination {
    case _
    where termination != .stopped(after: options.graphvizTimeout)
      && WorkerMemory.ranOut(peak: peakMemory, gigabytes: options.graphvizMemory):
      message =
        "Graphviz ran out of memory while \(what) (it may take \(options.graphvizMemory) GB, --graphviz-memory); "
        + WorkerMemory.advice
      return "\(scenario.path): error: \(message)"
    case .signaled(SIGKILL):
      // Not Graphviz's doing: someone, or the kernel short of memory, killed the worker.
      message = "the worker process rendering it was killed by signal 9 (Killed) while \(what)"
    case .signaled(let signal):
      message = "Graphviz crashed while \(what) (signal \(signal), \(String(cString: strsignal(signal))))"
    case .stopped(let seconds):
      message =
        "Graphviz did not finish \(what) within \(seconds) s and was stopped (--graphviz-timeout); "
        + WorkerMemory.advice
    case .exited(let status):
      message =
        "the worker process \(what) \(status == 0 ? "ended before it was done" : "exited with status \(status)")"
    }
    // The frame's graph as vcgraph built it, before any layout: only cgraph runs here.
    if let step, let diagram = diagram(ofStep: step, in: scenario) {
      let path = (output as NSString).appendingPathComponent("\(scenario.replay.scenario.stem)-step-\(step).crash.dot")
      do {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data(try Renderer().unlaidSource(of: diagram)).write(to: URL(fileURLWithPath: path))
        message += "; the frame's graph, for a Graphviz bug report: \(path)"
      } catch {
        message += "; its graph could not be kept: \(error)"
      }
    }
    return "\(scenario.path): error: \(message)"
  }

  /// The diagram of step `number` of a scenario, as the workers draw it.
  private func diagram(ofStep number: Int, in scenario: LoadedScenario) -> Diagram? {
    let replay = scenario.replay
    guard let offset = replay.scenario.steps.firstIndex(where: { $0.number == number }) else { return nil }
    let frames =
      scenario.sides.isEmpty
      ? AnySequence(Diagram.frames(of: replay, showsEvents: options.events))
      : AnySequence(Diagram.frames(of: scenario.sides, showsEvents: options.events))
    guard var diagram = frames.dropFirst(offset).first(where: { _ in true }) else { return nil }
    diagram.folding = options.folding
    return diagram
  }
}

/// A worker process: the task it draws, and when it was last heard.
private struct Worker {
  var process: WorkerProcess
  /// The task it was given and has not finished; nil while it waits for one.
  var task: RenderTask?
  /// The step of its task it said it was drawing last.
  var drawing: Int?
  var heard = ContinuousClock.now
  /// True once it was killed for saying nothing for too long.
  var isStopped = false
  /// True once its input is closed (or it could not be written to): it gets no other task.
  var isLeaving = false

  init(process: WorkerProcess) {
    self.process = process
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
  var isFailed = false

  init(expected: Int) {
    self.expected = expected
  }
}
