// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "SelfSizing",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "TextEngine", targets: ["TextEngine"]),
    .library(name: "CellSizing", targets: ["CellSizing"]),
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    .library(name: "Feed", targets: ["Feed"]),
    .library(name: "Rendering", targets: ["Rendering"]),
    .library(name: "Baseline", targets: ["Baseline"]),
    .executable(name: "selfsize", targets: ["selfsize"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
      name: "CICU", pkgConfig: "icu-uc",
      providers: [.apt(["libicu-dev"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    // Thin C shims over ICU: un-suffixed names for its version-suffixed symbols.
    .target(name: "CShims", dependencies: ["CICU"]),
    // The bundled fonts, sample feed and templates, found beside the executable (no build paths).
    .target(name: "SelfSizingResources", resources: [.copy("Fonts"), .copy("Examples")]),
    .target(
      name: "TextEngine",
      dependencies: ["CShims", "CFreeType", "CHarfBuzz", "CFontconfig", "SelfSizingResources"]),
    // Small value types more than one module shares: JSONValue (parse and write), EdgeInsets.
    .target(name: "SelfSizingCore"),
    .target(name: "CellSizing", dependencies: ["SelfSizingCore", "TextEngine"]),
    .target(name: "CollectionLayout", dependencies: ["SelfSizingCore"]),
    // Layout runs over JSON Lines feeds: pages, placed items, summaries, output shapes.
    .target(
      name: "Feed",
      dependencies: ["SelfSizingCore", "SelfSizingResources", "TextEngine", "CellSizing", "CollectionLayout"]),
    // Pictures of a laid-out feed: scene, raster canvas, PNG, SVG and HTML.
    .target(
      name: "Rendering", dependencies: ["Feed", "TextEngine", "CellSizing", "CollectionLayout", "CZlib"]),
    // Height baselines: record a run's heights and lines, compare a run with them, draw what moved.
    .target(
      name: "Baseline",
      dependencies: ["SelfSizingCore", "TextEngine", "CellSizing", "CollectionLayout", "Feed", "Rendering"]),
    .executableTarget(
      name: "selfsize",
      dependencies: [
        "TextEngine", "CellSizing", "CollectionLayout", "Feed", "Rendering", "Baseline",
        "SelfSizingResources",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "SelfSizingCoreTests", dependencies: ["SelfSizingCore"]),
    .testTarget(name: "TextEngineTests", dependencies: ["TextEngine"]),
    .testTarget(name: "CellSizingTests", dependencies: ["CellSizing", "TextEngine"]),
    .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout"]),
    .testTarget(name: "SelfSizeCLITests", dependencies: ["selfsize"]),
    .testTarget(
      name: "BaselineTests",
      dependencies: [
        "Baseline", "Feed", "TextEngine", "CellSizing", "CollectionLayout", "SelfSizingResources",
      ]),
    .testTarget(
      name: "FeedTests",
      dependencies: ["Feed", "TextEngine", "CellSizing", "CollectionLayout", "SelfSizingResources"]),
    .testTarget(
      name: "RenderingTests",
      dependencies: [
        "Rendering", "Feed", "TextEngine", "CellSizing", "CollectionLayout", "CZlib", "SelfSizingResources",
      ]),
  ]
)

// Habits the compiler enforces in every Swift target: `any` spelled out for existentials, members
// visible only through a file's own imports, and imports internal unless a file says `public`.
for target in package.targets where target.type != .system && target.name != "CShims" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
