import Foundation
import Testing

/// Nothing outlives a command: every command that draws reaps its workers when it succeeds, fails
/// or is interrupted; a worker dies with its parent and obeys the usual signals; Ctrl-Z suspends
/// the workers with the command, and the time it spends so does not count against
/// `--graphviz-timeout`. Each command runs in a session of its own (``SessionRun``) and is looked
/// for in `/proc` once it has ended.
@Suite struct WorkerLifetimeTests {
  /// How each drawing command is run: its arguments, the input a fault names, and its exit status
  /// when its picture fails.
  struct Command: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var faultInput: String
    var failureStatus: Int32
    var testDescription: String { arguments[0] }
  }

  static let commands = [
    Command(
      arguments: ["render", "samples/navigation.yaml", "-o", "out"], faultInput: "navigation.yaml:2", failureStatus: 1),
    Command(
      arguments: ["import", "samples/dumps/settings-after.txt", "-o", "out"], faultInput: "settings-after.txt",
      failureStatus: 1),
    Command(
      arguments: ["storyboard", "samples/storyboards/Settings.storyboard", "-o", "out"],
      faultInput: "Settings.storyboard", failureStatus: 1),
    Command(
      arguments: ["diff", "samples/dumps/settings-before.txt", "samples/dumps/settings-after.txt", "-o", "out"],
      faultInput: "diff", failureStatus: 2),
  ]

  enum Ending: String, CaseIterable, Sendable {
    case normally, onError, interrupted
  }

  @Test(arguments: commands, Ending.allCases)
  func noProcessOutlivesTheCommand(_ command: Command, _ ending: Ending) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      var environment: [String: String] = [:]
      switch ending {
      case .normally: break
      case .onError: environment["VCGRAPH_TEST_WORKER_FAULT"] = "segv:\(command.faultInput)"
      case .interrupted: environment["VCGRAPH_TEST_WORKER_FAULT"] = "hang:\(command.faultInput)"
      }
      let run = try SessionRun(command.arguments, in: folder.url, environment: environment)
      if ending == .interrupted {
        // The worker hangs in the picture: Ctrl-C comes while it draws.
        try #require(run.waitForHungWorker() != nil, "no worker hangs: \(run.processes)")
        run.signalGroup(SIGINT)
      }
      let result = try run.wait()
      let expected: Int32 =
        switch ending {
        case .normally: 0
        case .onError: command.failureStatus
        case .interrupted: 128 + SIGINT
        }
      #expect(result.status == expected, "\(result)")
      #expect(run.processes.isEmpty, "left behind: \(run.processes)")
      if ending == .interrupted {
        #expect(result.standardError.isEmpty, "\(result)")
        // Nothing of the interrupted run: no staging folder, and no graph kept as if Graphviz had crashed.
        #expect(
          !folder.contents(of: "out").contains { $0.hasPrefix(".vcgraph-staging") || $0.hasSuffix(".crash.dot") },
          "\(folder.contents(of: "out"))")
      }
    }
  }

  /// A worker whose parent is killed (SIGKILL: no handler runs) dies with it, also while Graphviz
  /// hangs, instead of drawing on alone.
  @Test(arguments: [commands[0], commands[1]])
  func aWorkerDiesWithItsParent(_ command: Command) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let run = try SessionRun(
        command.arguments, in: folder.url, environment: ["VCGRAPH_TEST_WORKER_FAULT": "hang:\(command.faultInput)"])
      let worker = try #require(run.waitForHungWorker(), "no worker hangs: \(run.processes)")
      kill(run.session, SIGKILL)
      let result = try run.wait()
      #expect(result.status == 128 + SIGKILL, "\(result)")
      #expect(run.poll { $0.isEmpty } != nil, "worker \(worker) outlived its parent: \(run.processes)")
    }
  }

  /// A worker obeys SIGTERM (it used to ignore it); the command takes it as someone stopping
  /// vcgraph, and stops too, quietly.
  @Test func aWorkerEndsOnSIGTERM() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let run = try SessionRun(
        Self.commands[0].arguments, in: folder.url, environment: ["VCGRAPH_TEST_WORKER_FAULT": "hang:navigation.yaml:2"]
      )
      let worker = try #require(run.waitForHungWorker(), "no worker hangs: \(run.processes)")
      kill(worker, SIGTERM)
      let result = try run.wait()
      #expect(result.status == 128 + SIGTERM, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      #expect(run.processes.isEmpty, "left behind: \(run.processes)")
    }
  }

  /// Ctrl-Z, then `fg` after the time limit: the command and its workers are suspended together,
  /// the time they are stopped does not count as the workers' silence, and the run ends well.
  @Test func ctrlZThenFgAfterTheTimeLimitDoesNotFailAHealthyRun() throws {
    try withTemporaryFolder { folder in
      try folder.write(longScenario(steps: 60), to: "flow.yaml")
      let run = try SessionRun(
        ["render", "flow.yaml", "-o", "out", "--layout", "per-step", "--graphviz-timeout", "2"], in: folder.url)
      // A worker is drawing: its first frames are in the staging folder, many are still to come.
      let drawing = run.poll { _ in
        let staging = folder.contents(of: "out/flow").first { $0.hasPrefix(".vcgraph-staging") }
        return staging.map { !folder.contents(of: "out/flow/\($0)/new").isEmpty } ?? false
      }
      try #require(drawing != nil, "no frame was drawn")
      run.signalGroup(SIGTSTP)
      let stopped = run.poll { processes in processes.count >= 2 && processes.allSatisfy(\.isStopped) }
      try #require(stopped != nil, "the command and its worker did not both stop: \(run.processes)")
      // Not a wait for something to happen: the stimulus, a stop longer than the time limit.
      Thread.sleep(forTimeInterval: 3)
      run.signalGroup(SIGCONT)
      let result = try run.wait()
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "flow.yaml → out/flow (60 steps, 61 files)\n", "\(result)")
      #expect(run.processes.isEmpty, "left behind: \(run.processes)")
    }
  }
}
