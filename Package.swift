// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "SelfSizing",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "TextEngine", targets: ["TextEngine"]),
    .library(name: "CellSizing", targets: ["CellSizing"]),
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    .library(name: "Reports", targets: ["Reports"]),
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
      name: "CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    // Thin C shims: un-suffixed ICU names, FreeType macros, one place for every C call's types.
    .target(name: "CShims", dependencies: ["CFreeType", "CHarfBuzz", "CICU"]),
    .target(name: "TextEngine", dependencies: ["CShims", "CFreeType", "CHarfBuzz"]),
    // Small value types more than one module shares: JSONValue (parse and write), EdgeInsets.
    .target(name: "SelfSizingCore"),
    .target(name: "CellSizing", dependencies: ["SelfSizingCore", "TextEngine"]),
    .target(name: "CollectionLayout", dependencies: ["SelfSizingCore"]),
    .target(
      name: "Reports",
      dependencies: ["SelfSizingCore", "TextEngine", "CellSizing", "CollectionLayout", "CZlib"]),
    .executableTarget(
      name: "selfsize",
      dependencies: [
        "TextEngine", "CellSizing", "CollectionLayout", "Reports",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "SelfSizingCoreTests", dependencies: ["SelfSizingCore"]),
    .testTarget(name: "TextEngineTests", dependencies: ["TextEngine"]),
    .testTarget(name: "CellSizingTests", dependencies: ["CellSizing", "TextEngine"]),
    .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout"]),
    .testTarget(name: "SelfSizeCLITests", dependencies: ["selfsize"]),
    .testTarget(
      name: "ReportsTests", dependencies: ["Reports", "TextEngine", "CellSizing", "CollectionLayout"]),
  ]
)
