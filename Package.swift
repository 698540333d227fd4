// swift-tools-version:6.2
import PackageDescription

/// The tests are built with every warning an error: a warning in a test is often an expectation
/// that cannot fail (an `#expect` whose result is discarded). SwiftPM applies this to this package's
/// own targets only, never when vcgraph is built as another package's dependency.
let testSettings: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "vcgraph",
  products: [
    .executable(name: "vcgraph", targets: ["VCGraphCLI"]),
    .executable(name: "vcgraph-bench", targets: ["VCGraphBenchmark"]),
    .library(name: "VCGraph", targets: ["VCGraph"]),
    .library(name: "VCGraphviz", targets: ["VCGraphviz"]),
    .library(name: "VCGraphJobs", targets: ["VCGraphJobs"]),
    .plugin(name: "VCGraphPlugin", targets: ["VCGraphPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // Reading Swift source for `vcgraph map`; only its parser is used (see VCGraphSource).
    .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
  ],
  targets: [
    .systemLibrary(
      name: "CGraphviz",
      pkgConfig: "libgvc",
      providers: [.apt(["libgraphviz-dev"])]
    ),
    .target(
      name: "VCGraph",
      dependencies: [.product(name: "Yams", package: "Yams")]
    ),
    // Reads an app's Swift source (swift-syntax) and storyboards into an AppMap.
    .target(
      name: "VCGraphSource",
      dependencies: [
        "VCGraph",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "VCGraphviz",
      dependencies: ["VCGraph", "CGraphviz"]
    ),
    // Every child process: the worker pool, its wire format and the jobs the commands run.
    .target(
      name: "VCGraphJobs",
      dependencies: ["VCGraph", "VCGraphviz"]
    ),
    .executableTarget(
      name: "VCGraphCLI",
      dependencies: [
        "VCGraph",
        "VCGraphviz",
        "VCGraphJobs",
        "VCGraphSource",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "VCGraphBenchmark",
      dependencies: [
        "VCGraph",
        "VCGraphviz",
        "VCGraphJobs",
        "VCGraphSource",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .plugin(
      name: "VCGraphPlugin",
      capability: .command(
        intent: .custom(
          verb: "vcgraph",
          description: "Run vcgraph in the package's directory, e.g. to render the diagrams of its docs."),
        permissions: [
          .writeToPackageDirectory(reason: "vcgraph writes the diagrams and files it renders or imports.")
        ]
      )
    ),
    // What the test targets share: golden files and a seeded generator.
    .target(
      name: "TestSupport",
      path: "Tests/TestSupport",
      swiftSettings: testSettings
    ),
    .testTarget(
      name: "VCGraphTests",
      dependencies: ["VCGraph", "TestSupport"],
      exclude: ["Golden", "Fixtures"],
      swiftSettings: testSettings
    ),
    .testTarget(
      name: "VCGraphSourceTests",
      dependencies: ["VCGraph", "VCGraphSource"]
    ),
    .testTarget(
      name: "VCGraphvizTests",
      // VCGraphSource for the app map's diagrams, drawn from small sources read in process.
      dependencies: ["CGraphviz", "VCGraph", "VCGraphviz", "VCGraphSource", "TestSupport"],
      exclude: ["Golden"],
      swiftSettings: testSettings
    ),
    .testTarget(
      name: "VCGraphJobsTests",
      dependencies: ["VCGraph", "VCGraphviz", "VCGraphJobs"],
      swiftSettings: testSettings
    ),
    .testTarget(
      name: "VCGraphCLITests",
      dependencies: ["VCGraphCLI", "VCGraphBenchmark", "VCGraph", "VCGraphJobs", "TestSupport"],
      exclude: ["Fixtures"],
      swiftSettings: testSettings
    ),
  ]
)
