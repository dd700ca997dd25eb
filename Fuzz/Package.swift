// swift-tools-version: 6.1
// libFuzzer targets in their own package, so the main build and CI never compile them.
// Build and run one with its seed corpus: Scripts/fuzz.sh json-record 600 (see Fuzz/README.md).
import PackageDescription

// A path dependency's identity is its folder name (the clone's name), not "SelfSizing".
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "SelfSizing"

let package = Package(
  name: "SelfSizingFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "../")],
  targets: [
    // Reading the fuzzer's bytes: control bytes, bounded numbers, the rest as a payload.
    .target(name: "CFuzzerDriver", path: "Sources/CFuzzerDriver"),
    .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"], path: "Sources/FuzzSupport"),
    .executableTarget(
      name: "FuzzJSONRecord",
      dependencies: ["FuzzSupport", .product(name: "CellSizing", package: root)],
      path: "Sources/FuzzJSONRecord"),
    .executableTarget(
      name: "FuzzTemplate",
      dependencies: [
        "FuzzSupport", .product(name: "CellSizing", package: root),
        .product(name: "TextEngine", package: root),
      ],
      path: "Sources/FuzzTemplate"),
    .executableTarget(
      name: "FuzzText",
      dependencies: ["FuzzSupport", .product(name: "TextEngine", package: root)],
      path: "Sources/FuzzText"),
    .executableTarget(
      name: "FuzzAttributed",
      dependencies: ["FuzzSupport", .product(name: "TextEngine", package: root)],
      path: "Sources/FuzzAttributed"),
    .executableTarget(
      name: "FuzzBaseline",
      dependencies: ["FuzzSupport", .product(name: "Baseline", package: root)],
      path: "Sources/FuzzBaseline"),
    .executableTarget(
      name: "FuzzLayout",
      dependencies: ["FuzzSupport", .product(name: "CollectionLayout", package: root)],
      path: "Sources/FuzzLayout"),
    .executableTarget(
      name: "FuzzCollectionView",
      dependencies: ["FuzzSupport", .product(name: "CollectionLayout", package: root)],
      path: "Sources/FuzzCollectionView"),
    .executableTarget(
      name: "FuzzFont",
      dependencies: ["FuzzSupport", .product(name: "TextEngine", package: root)],
      path: "Sources/FuzzFont"),
  ]
)
