import Foundation
import VCGraph

extension Measurements {
  // MARK: - render --animate

  /// How `render --animate` grows with the number of steps: two push/pop flows, each rendered as
  /// a child process with and without `--animate` (time and peak memory), and the animation built
  /// in process from the same frames.
  func measureAnimation() throws(BenchmarkError) {
    var section = Report.Section(
      title: "render --animate: growth with the number of steps (3-controller push/pop flow, SVG)",
      columns: [
        "steps", "render", "render --animate", "peak", "peak --animate", "animation, in process",
        "animation / step",
      ])
    var perStep: [Duration] = []
    let sizes = [plan.animationSteps.small, plan.animationSteps.large]
    for steps in sizes {
      let scenario = try workspace.writeScenario(Workload.pushPopFlow(steps: steps), named: "push-pop-\(steps).yaml")
      progress("vcgraph render, \(Format.count(steps)) steps")
      let plain = try render(scenario, format: "svg", keeping: true, measuringMemory: true)
      progress("vcgraph render --animate, \(Format.count(steps)) steps")
      let animated = try render(scenario, format: "svg", arguments: ["--animate"], measuringMemory: true).run
      progress("in process: the animation of \(Format.count(steps)) frames")
      let building = try Self.timeAnimation(ofFramesIn: plain.folder, steps: steps, repeats: plan.repeats)
      workspace.removeItem(URL(fileURLWithPath: plain.folder).deletingLastPathComponent().lastPathComponent)
      perStep.append(building.per(steps))
      section.rows.append([
        Format.count(steps), Format.time(plain.run.wallTime), Format.time(animated.wallTime),
        Format.memory(plain.run.peakMemory), Format.memory(animated.peakMemory), Format.time(building),
        Format.smallTime(building.per(steps)),
      ])
    }
    let growth = perStep[1] / perStep[0]
    let linear = growth <= 2
    section.notes = [
      "render: wall time and peak memory (ru_maxrss) of `vcgraph render FILE --format svg`, without and with "
        + "--animate, each a child process started from a small helper. The flow: a navigation controller "
        + "with `a` as its root, then `b` pushed and popped in turn.",
      "animation, in process: `AnimatedSVG(frames:interval:palette:)` on the frames the first render wrote, "
        + "read one at a time as `render --animate` reads them; the median of \(plan.repeats) run(s).",
      "Per step, the animation of \(Format.count(sizes[1])) steps costs \(Format.ratio(growth)) that of "
        + "\(Format.count(sizes[0])) (linear: about 1×; quadratic: \(Format.ratio(Double(sizes[1]) / Double(sizes[0])))).",
    ]
    judge(
      .init(
        name: "animation linear in steps (\(Format.count(sizes[0])) → \(Format.count(sizes[1])))",
        target: "per-step cost ≤ 2×", measured: Format.ratio(growth), met: linear))
    finish(section)
  }

  /// The median time to build the animation of the `steps` SVG frames in `folder`.
  private static func timeAnimation(
    ofFramesIn folder: String, steps: Int, repeats: Int
  ) throws(BenchmarkError) -> Duration {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { RenderIndex.isFrameFileName($0) && $0.hasSuffix(".svg") }.sorted()
    guard names.count == steps else {
      throw .unexpectedWorkload("vcgraph wrote \(names.count) SVG frames for \(steps) steps in \(folder)")
    }
    let palette = AnimatedSVG.Palette(background: "#FFFFFF", track: "#E5E5EA", accent: "#0A84FF", font: "sans-serif")
    let clock = ContinuousClock()
    var times: [Duration] = []
    for _ in 0..<max(repeats, 1) {
      let frames = names.enumerated().lazy.map { offset, name in
        AnimatedSVG.Frame(
          number: offset + 1,
          svg: String(decoding: FileManager.default.contents(atPath: "\(folder)/\(name)") ?? Data(), as: UTF8.self))
      }
      let start = clock.now
      let animation = AnimatedSVG(frames: frames, interval: 1, palette: palette)
      times.append(start.duration(to: clock.now))
      guard animation.text.contains("STEP \(steps) OF \(steps)") else {
        throw .unexpectedWorkload("the animation of \(folder) does not show its last step")
      }
    }
    return times.sorted()[times.count / 2]
  }
}
