// swift-tools-version: 6.1
import PackageDescription

// The service stack (Hummingbird, SwiftNIO, swift-log, swift-metrics, Prometheus, service
// lifecycle, HTTP types, Yams) is used only under the `Service` trait, on by default. A package
// that depends on the libraries with `traits: []` does not resolve, fetch or build any of it
// (SwiftPM leaves out a dependency every use of which is guarded by a disabled trait):
//   .package(url: "…/SelfSizing", from: "0.3.0", traits: [])
// Docs/Bindings.md ("Light for library users") has the details.
let service = TargetDependencyCondition.when(traits: ["Service"])

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
    .library(name: "SelfSizeServer", targets: ["SelfSizeServer"]),
    // The C ABI (Sources/SelfSizeC/include/selfsize.h) as a shared library, libSelfSizeC.so, for the
    // Python and Node bindings (bindings/, Scripts/bindings.sh installs it as libselfsize.so).
    .library(name: "SelfSizeC", type: .dynamic, targets: ["SelfSizeC"]),
    .executable(name: "selfsize", targets: ["selfsize"]),
  ],
  traits: [
    .trait(
      name: "Service",
      description:
        "The HTTP service (`selfsize serve`, SelfSizeServer) and its tests: Hummingbird, SwiftNIO, Prometheus, Yams. The CLI needs it."
    ),
    .default(enabledTraits: ["Service"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // The HTTP service (`selfsize serve`) and its tests.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // `swift package generate-documentation` for the DocC catalogs (Scripts/docs.sh); a command
    // plugin, built only when documentation is generated.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
      dependencies: [
        "CShims", "CFreeType", "CHarfBuzz", "CFontconfig", "SelfSizingCore", "SelfSizingResources",
      ]),
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
    // The measurements as an HTTP service: routes, limits, caches, metrics (`selfsize serve`).
    .target(
      name: "SelfSizeServer",
      dependencies: [
        "SelfSizingCore", "SelfSizingResources", "TextEngine", "CellSizing", "CollectionLayout", "Feed",
        // SHA-256, the cache key of an inline template.
        "Baseline",
        .product(name: "Hummingbird", package: "hummingbird", condition: service),
        .product(name: "HummingbirdCore", package: "hummingbird", condition: service),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: service),
        .product(name: "NIOCore", package: "swift-nio", condition: service),
        .product(name: "NIOPosix", package: "swift-nio", condition: service),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: service),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: service),
        .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: service),
        .product(name: "Logging", package: "swift-log", condition: service),
        .product(name: "Metrics", package: "swift-metrics", condition: service),
        .product(name: "Prometheus", package: "swift-prometheus", condition: service),
      ]),
    // The C ABI: engines behind handles, batched `selfsize text` / `measure` calls JSON in, JSON
    // out (no service stack).
    .target(
      name: "SelfSizeC",
      dependencies: ["SelfSizingCore", "SelfSizingResources", "TextEngine", "CellSizing", "Feed"],
      exclude: ["include"]),
    .executableTarget(
      name: "selfsize",
      dependencies: [
        "TextEngine", "CellSizing", "CollectionLayout", "Feed", "Rendering", "Baseline",
        "SelfSizingResources", "SelfSizeServer",
        .product(name: "Logging", package: "swift-log", condition: service),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "SelfSizeServerTests",
      dependencies: [
        "SelfSizeServer", "Feed", "TextEngine", "CellSizing", "SelfSizingResources", "selfsize",
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: service),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: service),
        .product(name: "NIOCore", package: "swift-nio", condition: service),
        .product(name: "Logging", package: "swift-log", condition: service),
        .product(name: "Yams", package: "Yams", condition: service),
      ]),
    // Helpers more than one test target uses: a seeded generator, an article's code blocks.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "SelfSizingCoreTests", dependencies: ["SelfSizingCore", "TestSupport"]),
    .testTarget(name: "TextEngineTests", dependencies: ["TextEngine", "TestSupport"]),
    .testTarget(name: "CellSizingTests", dependencies: ["CellSizing", "TextEngine", "TestSupport"]),
    .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout", "TestSupport"]),
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
