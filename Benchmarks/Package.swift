// swift-tools-version: 6.1
// Benchmarks live in their own package so the main build never pays for ordo-one/benchmark.
// Run: swift package --package-path Benchmarks benchmark
import PackageDescription

// A path dependency's identity is its folder name (the clone's name), not "SelfSizing".
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "SelfSizing"

let package = Package(
  name: "SelfSizingBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../"),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "LayoutBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "CollectionLayout", package: root),
      ],
      path: "Benchmarks/LayoutBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    .executableTarget(
      name: "TextBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "TextEngine", package: root),
        .product(name: "Feed", package: root),
        "TextFloor",
      ],
      path: "Benchmarks/TextBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // The C floor: HarfBuzz + ICU, a segment width cache and a greedy loop, for ratios from one run.
    .target(
      name: "TextFloorC",
      path: "Sources/TextFloorC",
      cSettings: [.unsafeFlags(["-I/usr/include/harfbuzz", "-O2", "-falign-functions=64"])],
      linkerSettings: [.linkedLibrary("harfbuzz"), .linkedLibrary("icuuc")]),
    .target(name: "TextFloor", dependencies: ["TextFloorC"], path: "Sources/TextFloor"),
    .executableTarget(
      name: "PrepareProfile",
      dependencies: [
        .product(name: "TextEngine", package: root), .product(name: "Feed", package: root), "TextFloor",
      ],
      path: "Sources/PrepareProfile"),
  ]
)
