import Foundation
import Testing

/// A `selfsize` binary copied with its resource bundle into another folder runs from any working
/// directory, with no path of the build folder or the checkout baked in.
@Suite struct RelocationTests {
  static let bundleName = "SelfSizing_SelfSizingResources.resources"

  /// Copies the binary (and, when `withBundle`, its resource bundle) into a new folder.
  static func relocatedCopy(withBundle: Bool) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-relocated-\(UUID())")
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let executable = CLIRunner.executable
    try FileManager.default.copyItem(at: executable, to: bin.appendingPathComponent("selfsize"))
    if withBundle {
      try FileManager.default.copyItem(
        at: executable.deletingLastPathComponent().appendingPathComponent(bundleName),
        to: bin.appendingPathComponent(bundleName))
    }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("work"), withIntermediateDirectories: true)
    return folder
  }

  /// The environment without any `SELFSIZE_*` override.
  static var cleanEnvironment: [String: String] {
    ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SELFSIZE_") }
  }

  @Test func copiedBinaryFindsItsFontsFromAnEmptyFolder() throws {
    let folder = try Self.relocatedCopy(withBundle: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(
      ["fonts", "--format", "json"], executable: folder.appendingPathComponent("bin/selfsize"),
      currentDirectory: folder.appendingPathComponent("work"), environment: Self.cleanEnvironment)
    #expect(result.status == 0, "\(result.stderr)")
    let bundle = folder.appendingPathComponent("bin").appendingPathComponent(Self.bundleName).path
    #expect(result.stdout.contains(bundle))
    #expect(!result.stdout.contains(CLIRunner.packageDirectory.path + "/"))

    let text = try CLIRunner.run(
      ["text", "--width", "150"], stdin: #"{"id":"zh","text":"今天天气很好，我们去公园吧。"}"# + "\n",
      executable: folder.appendingPathComponent("bin/selfsize"),
      currentDirectory: folder.appendingPathComponent("work"), environment: Self.cleanEnvironment)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains(#""lineCount":2"#))
  }

  @Test func missingBundleIsAUsageErrorNamingTheOverride() throws {
    let folder = try Self.relocatedCopy(withBundle: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(
      ["fonts"], executable: folder.appendingPathComponent("bin/selfsize"),
      currentDirectory: folder.appendingPathComponent("work"), environment: Self.cleanEnvironment)
    #expect(result.status == 2)
    #expect(result.stderr.contains("SELFSIZE_FONTS_DIR"))
    #expect(result.stderr.contains(Self.bundleName))
  }

  @Test func fontsOverrideIsUsedWhenTheBundleIsAbsent() throws {
    let folder = try Self.relocatedCopy(withBundle: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fonts = CLIRunner.executable.deletingLastPathComponent()
      .appendingPathComponent(Self.bundleName).appendingPathComponent("Fonts")
    var environment = Self.cleanEnvironment
    environment["SELFSIZE_FONTS_DIR"] = fonts.path
    let result = try CLIRunner.run(
      ["fonts", "--format", "json"], executable: folder.appendingPathComponent("bin/selfsize"),
      currentDirectory: folder.appendingPathComponent("work"), environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(fonts.path))
  }
}
