import ArgumentParser
import Foundation
import VCGraph
import VCGraphviz

extension VCGraphCommand.Render {
  /// Renders the scenarios with `jobs` worker processes (`vcgraph _render-worker`), and prints
  /// what each wrote or why it failed; false when any failed.
  ///
  /// Each scenario gets its staging folder first. Every frame of every scenario is split into
  /// parts of about the same cost (``ScenarioFrames/split(_:into:)``), one per worker, which writes
  /// its frames' files straight into the staging folders and reports each frame on a line. Here
  /// the files are adopted as they come, and each scenario, once all its frames are in, gets its
  /// index and flipbook pages and is moved into place, in command-line order. A worker that fails
  /// or ends early fails the scenarios it had not finished, and only those.
  func renderWithWorkers(_ scenarios: [LoadedScenario], progress: Progress, workers: WorkerProcesses) -> Bool {
    var runs = scenarios.map { ScenarioRun(expected: steps(of: $0.replay).count) }
    var failed = false
    // Removed again at the end: another worker drawing the same scenario may write into one while
    // it is being removed.
    var discarded: [OutputDirectory.Staging] = []
    defer { for staging in discarded { staging.discard() } }

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
    let work = scenarios.indices.filter { runs[$0].staging != nil }.map {
      let scenario = scenarios[$0].replay.scenario
      return ScenarioFrames(
        scenario: $0, steps: steps(of: scenarios[$0].replay), frameCost: scenario.viewControllers.count)
    }
    for part in ScenarioFrames.split(work, into: jobs) {
      let plan = WorkerPlan(
        formats: renderedFormats.map(\.rawValue), themes: theme.themes.map(\.rawValue), events: events,
        layout: layout.rawValue, folding: folding.folding,
        parts: part.map {
          .init(
            scenario: $0.scenario, path: scenarios[$0.scenario].path, steps: $0.steps,
            folder: runs[$0.scenario].staging?.newFiles.path ?? "")
        })
      do {
        let process = try WorkerProcess(
          WorkerProcess.currentExecutable, arguments: [VCGraphCommand.RenderWorker.configuration.commandName ?? ""],
          input: try JSONEncoder().encode(plan), registeringWith: workers)
        running.append(Worker(process: process, remaining: part.reduce(into: [:]) { $0[$1.scenario] = $1.steps.count }))
      } catch {
        for frames in part { fail(frames.scenario, "\(scenarios[frames.scenario].path): error: \(error)") }
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
      for process in WorkerProcess.waitForOutput(running.map(\.process)) {
        guard let at = running.firstIndex(where: { $0.process === process }) else { continue }
        guard let lines = process.readLines() else {
          workers.remove(process.pid)
          let termination = process.wait()
          for (scenario, count) in running[at].remaining.sorted(by: { $0.key < $1.key }) where count > 0 {
            let how = termination == .exited(0) ? "ended before it was done" : "\(termination)"
            fail(scenario, "\(scenarios[scenario].path): error: the worker process rendering it \(how)")
          }
          running.remove(at: at)
          continue
        }
        for line in lines {
          guard let report = try? JSONDecoder().decode(WorkerReport.self, from: Data(line.utf8)) else {
            progress.withLineErased { printError(line) }
            continue
          }
          switch report {
          case .failed(let scenario, let message):
            running[at].remaining[scenario] = 0
            fail(scenario, message)
          case .frame(let scenario, var entry):
            running[at].remaining[scenario, default: 0] -= 1
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
}

/// A worker process, and how many frames of each scenario it has still to report.
private struct Worker {
  var process: WorkerProcess
  var remaining: [Int: Int]
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
