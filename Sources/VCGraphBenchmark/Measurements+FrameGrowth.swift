import Foundation

extension Measurements {
  // MARK: - a frame's cost as the hierarchy grows, and one frame of a long stack

  /// What one more frame costs in a hierarchy of 31, 300 and 3,000 controllers: the same small
  /// changes (a push and a pop) drawn on top of ever bigger hierarchies (issue 26).
  func measureFrameGrowth() throws(BenchmarkError) {
    var section = Report.Section(
      title:
        "A frame's cost as the hierarchy grows (\(plan.growthSteps) push/pop steps on a tab bar, SVG, child process)",
      columns: ["controllers", "setup only", "with the steps", "per added frame", "vs the smallest"])
    var perFrame: [Duration] = []
    for size in plan.frameGrowthSizes {
      progress("vcgraph render, \(Format.count(size)) controllers, without and with \(plan.growthSteps) steps")
      let setup = try workspace.writeScenario(
        Workload.wideHierarchy(controllers: size, pushPops: 0), named: "frames-\(size)-0.yaml")
      let flow = try workspace.writeScenario(
        Workload.wideHierarchy(controllers: size, pushPops: plan.growthSteps), named: "frames-\(size).yaml")
      // The two in turn, a few times, and the median of each: one frame costs a few hundredths of
      // what a big hierarchy's render does, less than one run differs from the next.
      var bases: [Duration] = []
      var wholes: [Duration] = []
      for _ in 0..<plan.growthRounds {
        bases.append(try render(setup, format: "svg").run.wallTime)
        wholes.append(try render(flow, format: "svg").run.wallTime)
      }
      let (base, whole) = (Self.median(bases), Self.median(wholes))
      let added = (whole - base).per(plan.growthSteps)
      perFrame.append(added)
      section.rows.append([
        Format.count(size), Format.time(base), Format.time(whole), Format.smallTime(added),
        perFrame.count > 1 ? Format.ratio(added / perFrame[0]) : "",
      ])
    }
    let growth = perFrame.count > 1 ? perFrame[perFrame.count - 1] / perFrame[0] : 1
    let sizes = plan.frameGrowthSizes
    section.notes = [
      "Each scenario: ``wideHierarchy`` (a tab bar in the window, 4 navigation controllers sharing the other "
        + "controllers as their stacks, 6 steps), then \(plan.growthSteps) steps pushing and popping one more "
        + "screen on the first stack. per added frame: (with the steps − setup only) ÷ \(plan.growthSteps), wall "
        + "time of `vcgraph render --format svg`, each the median of \(plan.growthRounds) runs taken in turn with the other's.",
      "What changes per frame is the same at every size; a frame costing more at \(Format.count(sizes.last ?? 0)) "
        + "controllers than at \(Format.count(sizes.first ?? 0)) is work that follows the hierarchy's size.",
    ]
    judge(
      .init(
        name: "a frame's cost, \(Format.count(sizes.first ?? 0)) → \(Format.count(sizes.last ?? 0)) controllers",
        target: "≤ 2×", measured: Format.ratio(growth), met: growth <= 2))
    finish(section)
  }

  /// One frame of a long navigation stack (`render pushN.yaml --step N+1`), at growing N (issue 27,
  /// item 4): what it costs per push.
  func measureStack() throws(BenchmarkError) {
    var section = Report.Section(
      title: "One frame of a long navigation stack (render --step N+1 of N pushes, SVG, child process)",
      columns: ["pushes", "stable layout", "per push", "--layout per-step", "per push"])
    var perPush: [Duration] = []
    for pushes in plan.stackPushes {
      let scenario = try workspace.writeScenario(Workload.pushes(pushes), named: "push-\(pushes).yaml")
      progress("vcgraph render --step \(pushes + 1), \(Format.count(pushes)) pushes")
      let stable = try render(scenario, format: "svg", arguments: ["--step", "\(pushes + 1)"]).run.wallTime
      let perStep = try render(
        scenario, format: "svg", arguments: ["--step", "\(pushes + 1)", "--layout", "per-step"]
      ).run.wallTime
      perPush.append(stable.per(pushes))
      section.rows.append([
        Format.count(pushes), Format.time(stable), Format.smallTime(stable.per(pushes)), Format.time(perStep),
        Format.smallTime(perStep.per(pushes)),
      ])
    }
    let growth = perPush.count > 1 ? perPush[perPush.count - 1] / perPush[0] : 1
    let pushes = plan.stackPushes
    section.notes = [
      "The scenario: a navigation controller in the window, then N pushes of N different controllers; one "
        + "frame, the last, rendered. The stable layout lays out every step together (so that the frame is the "
        + "one a whole render draws); per-step lays out that frame alone.",
      "Per push, \(Format.count(pushes.last ?? 0)) pushes cost \(Format.ratio(growth)) what "
        + "\(Format.count(pushes.first ?? 0)) do (linear: about 1×).",
    ]
    judge(
      .init(
        name: "one frame of a stack, per push (\(Format.count(pushes.first ?? 0)) → \(Format.count(pushes.last ?? 0)))",
        target: "≤ 2×", measured: Format.ratio(growth), met: growth <= 2))
    finish(section)
  }
}

extension Workload {
  /// ``wideHierarchy(controllers:)`` and then `pushPops` steps pushing and popping one more screen
  /// on the first navigation controller.
  static func wideHierarchy(controllers: Int, pushPops: Int) -> String {
    var text = wideHierarchy(controllers: controllers).replacingOccurrences(
      of: "controllers:\n", with: "controllers:\n  extra: { class: ExtraViewController, title: Extra }\n")
    for step in 0..<pushPops { text += step % 2 == 0 ? "  - push: extra\n    on: nav0\n" : "  - pop: nav0\n" }
    return text
  }

  /// A navigation controller in the window, then `count` pushes of as many controllers.
  static func pushes(_ count: Int) -> String {
    var lines = ["title: \(count) pushes", "controllers:", "  nav: UINavigationController", "  s0: RootViewController"]
    for number in 1...max(count, 1) { lines.append("  s\(number): Screen\(number % 10)ViewController") }
    lines += ["steps:", "  - setViewControllers: [s0]", "    on: nav", "  - setRoot: nav"]
    for number in 1...max(count, 1) { lines += ["  - push: s\(number)", "    on: nav"] }
    return lines.joined(separator: "\n") + "\n"
  }
}
