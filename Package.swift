// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "vcgraph",
  products: [
    .executable(name: "vcgraph", targets: ["VCGraphCLI"]),
    .executable(name: "vcgraph-bench", targets: ["VCGraphBenchmark"]),
    .library(name: "VCGraph", targets: ["VCGraph"]),
    .library(name: "VCGraphviz", targets: ["VCGraphviz"]),
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
    .executableTarget(
      name: "VCGraphCLI",
      dependencies: [
        "VCGraph",
        "VCGraphviz",
        "VCGraphSource",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "VCGraphBenchmark",
      dependencies: [
        "VCGraph",
        "VCGraphviz",
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
      path: "Tests/TestSupport"
    ),
    .testTarget(
      name: "VCGraphTests",
      dependencies: ["VCGraph", "TestSupport"],
      exclude: ["Golden", "Fixtures"]
    ),
    .testTarget(
      name: "VCGraphSourceTests",
      dependencies: ["VCGraph", "VCGraphSource"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "VCGraphvizTests",
      dependencies: ["VCGraph", "VCGraphviz", "TestSupport"],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "VCGraphCLITests",
      dependencies: ["VCGraphCLI", "VCGraphBenchmark", "VCGraph"],
      exclude: ["Fixtures"]
    ),
  ]
)
