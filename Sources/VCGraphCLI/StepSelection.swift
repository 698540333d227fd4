import ArgumentParser
import VCGraph

/// The arguments of the commands that print one scenario step by step (`state`, `events`):
/// the scenario, `--step N` and `--json`.
struct StepSelection: ParsableArguments {
  @Argument(help: "A scenario file (YAML or JSON).")
  var scenario: String

  @Option(
    help: ArgumentHelp("Only this step (counting from 1).", valueName: "N"),
    transform: Bounds.count("steps", in: 1...Scenario.maximumSteps))
  var step: Int?

  @Flag(help: "Print JSON.")
  var json = false

  /// The replayed frames asked for, made one at a time as they are read (a frame kept would keep a
  /// whole hierarchy), or nil after printing why the scenario or the step is wrong.
  func frames() -> LazyFilterSequence<Replay.Frames>? {
    guard let replay = ScenarioLoading.replay(scenario), ScenarioLoading.checkStep(step, in: replay) else {
      return nil
    }
    return replay.frames.lazy.filter { [step] in step == nil || $0.step.number == step }
  }
}
