/// How big the workloads of a run are.
struct Plan: Sendable {
  /// Steps of the scenario whose frames are compared with a `dot` process per frame (SVG and PNG).
  var flowSteps: Int
  /// Steps of the long scenario, compared with Graphviz alone and measured for memory.
  var longFlowSteps: Int
  /// Steps of the short scenario whose peak memory the long one's is compared with.
  var shortFlowSteps: Int
  /// Controllers of the hierarchies that show how the cost grows.
  var hierarchySizes: [Int]
  /// The size whose cost per controller the largest one's is compared with.
  var baselineSize: Int
  /// Runs of a short measurement, of which the median is kept.
  var repeats: Int
  /// Steps of the two push/pop flows whose `render --animate` shows how building the animation grows.
  var animationSteps: (small: Int, large: Int)
  /// Lines of the wide dumps imported (a navigation controller and its children): the cost a line
  /// at the largest is compared with that at the smallest.
  var wideDumpLines: [Int]
  /// Depths of the `_printHierarchy` dumps `vcgraph import` reads for its peak memory (one level
  /// deeper per line, `| ` per level), the smaller first.
  var dumpDepths: [Int]
  /// Depths of the `addChild` nests `vcgraph check` replays (one step per level), the smaller first.
  var nestDepths: [Int]
  /// Swift files of the generated apps `vcgraph map` reads; the one of 1,200 files is judged.
  var mapSizes: [Int] = [100, 1_200, 5_000]
  /// The modular app drawn as an atlas: how many storyboards, and how many storyboard references.
  var atlasSet: (storyboards: Int, references: Int)
  /// Scenes of the one big storyboard drawn as an atlas.
  var atlasScenes: Int
  /// Scenes of the cross-linked storyboard (2 segues a scene) drawn as an atlas.
  var crossLinkedScenes: Int
  /// Swift files of the generated app `vcgraph map` draws as an atlas (one controller or coordinator each).
  var mapAtlasFiles: Int
  /// Controllers of the hierarchies on which the same small changes are drawn (a frame's cost).
  var frameGrowthSizes: [Int] = [31, 300, 3_000]
  /// Push/pop steps drawn on each of them.
  var growthSteps = 40
  /// Runs of each of those scenarios, with and without the steps, taken in turn.
  var growthRounds = 5
  /// Runs of the short and the long flow whose peak memory is measured, taken in turn.
  var memoryRounds = 3
  /// Pushes of the long navigation stacks of which one frame is rendered.
  var stackPushes: [Int] = [250, 500, 1_000]

  /// The workloads of issue 6: about ten minutes on two cores.
  static let full = Plan(
    flowSteps: 200, longFlowSteps: 2_000, shortFlowSteps: 100, hierarchySizes: [10, 100, 1_000, 5_000],
    baselineSize: 100, repeats: 3, animationSteps: (500, 2_000), wideDumpLines: [10_000, 100_000],
    dumpDepths: [2_500, 5_000], nestDepths: [2_500, 10_000], mapSizes: [100, 1_200, 5_000], atlasSet: (39, 75),
    atlasScenes: 400,
    crossLinkedScenes: 200, mapAtlasFiles: 400)

  /// Small workloads for a smoke test: well under a minute.
  static let quick = Plan(
    flowSteps: 20, longFlowSteps: 200, shortFlowSteps: 50, hierarchySizes: [10, 100, 500], baselineSize: 100,
    repeats: 1, animationSteps: (100, 400), wideDumpLines: [1_000, 10_000], dumpDepths: [500, 1_000],
    nestDepths: [500, 2_000], mapSizes: [100, 400], atlasSet: (8, 12), atlasScenes: 100, crossLinkedScenes: 40,
    mapAtlasFiles: 100, frameGrowthSizes: [31, 300], growthSteps: 10, growthRounds: 1, memoryRounds: 1,
    stackPushes: [50, 100])
}
