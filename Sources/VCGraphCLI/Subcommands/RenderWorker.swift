import ArgumentParser
import Foundation
import VCGraph
import VCGraphviz

extension VCGraphCommand {
  /// `vcgraph _render-worker`: one of the processes `render --jobs` starts. It reads a
  /// ``WorkerPlan`` as JSON on standard input, renders its frames, writes each frame's files into
  /// the staging folder it was given, and prints a ``WorkerReport`` line on standard output for
  /// each frame written and each scenario it could not render.
  ///
  /// It inherits `render`'s ignored SIGINT, SIGTERM and SIGHUP: `render` kills it on an
  /// interruption. SIGPIPE, which `render` ignores, ends it again: it dies on its next report once
  /// `render` is gone.
  struct RenderWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "_render-worker",
      abstract: "Render frames for render --jobs (a plan as JSON on standard input).",
      shouldDisplay: false
    )

    func run() throws {
      signal(SIGPIPE, SIG_DFL)
      let plan: WorkerPlan
      do {
        plan = try JSONDecoder().decode(WorkerPlan.self, from: FileHandle.standardInput.readDataToEndOfFile())
      } catch {
        printError("error: _render-worker reads its plan from render --jobs: \(error)")
        throw ExitCode.failure
      }
      let (formats, themes, layout) = (plan.formats, plan.themes, plan.layout)
      let renderer: Renderer
      do {
        renderer = try Renderer()
      } catch {
        for part in plan.parts { report(.failed(scenario: part.scenario, message: "error: \(error.description)")) }
        return
      }
      let fault = Fault(ProcessInfo.processInfo.environment[Fault.variable])
      for part in plan.parts {
        let folder = URL(fileURLWithPath: part.folder, isDirectory: true)
        do {
          let replay = try Replay(try Scenario(contentsOfFile: part.path))
          try renderer.renderFrames(
            replay, formats: formats, steps: Set(part.steps), showsEvents: plan.events, layout: layout, themes: themes,
            folding: plan.folding,
            willDraw: { step in
              report(.drawing(scenario: part.scenario, step: step))
              fault?.strike(path: part.path, step: step)
            }
          ) { frame in
            for file in frame.files {
              let url = folder.appendingPathComponent(file.name)
              do {
                try file.contents.write(to: url)
              } catch {
                throw WorkerError(message: "\(url.path): error: cannot write: \(error.localizedDescription)")
              }
            }
            report(.frame(scenario: part.scenario, entry: frame.entry))
          }
        } catch let error as WorkerError {
          report(.failed(scenario: part.scenario, message: error.message))
        } catch let error as RenderError {
          report(.failed(scenario: part.scenario, message: "\(part.path): error: \(error.description)"))
        } catch {
          report(.failed(scenario: part.scenario, message: "\(error)"))
        }
      }
    }

    /// Prints one report line; standard output is a pipe to `render`, written to at once.
    private func report(_ report: WorkerReport) {
      // JSON on one line: a newline inside a string is written as \n.
      let line = (try? JSONEncoder().encode(report)) ?? Data()
      FileHandle.standardOutput.write(line + Data("\n".utf8))
    }
  }
}

/// What a test asks a worker to suffer before drawing one step of one scenario, as Graphviz might:
/// `VCGRAPH_TEST_WORKER_FAULT=segv:NAME:STEP` (or `abort:` or `hang:`), where NAME is the scenario
/// file's name. It is how the tests check that `render` survives a Graphviz crash or hang without
/// one at hand; nothing else sets it.
private struct Fault {
  static let variable = "VCGRAPH_TEST_WORKER_FAULT"
  var kind: Substring
  var file: Substring
  var step: Int

  init?(_ text: String?) {
    let parts = text?.split(separator: ":") ?? []
    guard parts.count == 3, let step = Int(parts[2]) else { return nil }
    (kind, file, self.step) = (parts[0], parts[1], step)
  }

  func strike(path: String, step: Int) {
    guard step == self.step, (path as NSString).lastPathComponent == file else { return }
    sufferAsGraphvizMight(kind)
  }
}

/// For a test's fault: dies by SIGSEGV (`segv`) or SIGABRT (`abort`), without Swift's handlers,
/// or never returns (`hang`), as Graphviz might; anything else does nothing.
func sufferAsGraphvizMight(_ kind: Substring) {
  switch kind {
  case "segv":
    signal(SIGSEGV, SIG_DFL)
    raise(SIGSEGV)
  case "abort":
    signal(SIGABRT, SIG_DFL)
    abort()
  case "hang": while true { sleep(60) }
  default: return
  }
}

/// A frame file a worker could not write, with the line to print.
private struct WorkerError: Error {
  var message: String
}
