import Foundation
import TestSupport
import Testing
import TextEngine

/// Every bad font input gives a typed `FontError` naming the file, never a crash.
@Suite struct FontErrorTests {
  /// Writes `contents` to a file named `name` in a new temporary folder, expects `code` when
  /// loading it, and removes the folder.
  func expectError(_ code: FontError.Code, name: String, contents: Data) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "selfsizing-font-tests-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent(name)
    try contents.write(to: url)
    expectError(code, path: url.path)
  }

  func expectError(_ code: FontError.Code, path: String, faceIndex: Int = 0) {
    do {
      _ = try Font(path: path, faceIndex: faceIndex)
      Issue.record("expected \(code) for \(path)")
    } catch {
      #expect(error.code == code)
      #expect(error.path == path)
      #expect(error.description.contains(path))
    }
  }

  @Test func missingFile() {
    expectError(.fileNotFound, path: "/nonexistent/dir/font.otf")
  }

  @Test func directoryIsUnreadable() throws {
    expectError(.unreadable, path: FileManager.default.temporaryDirectory.path)
  }

  @Test func textFileIsNotAFont() throws {
    try expectError(.invalidFont, name: "notes.ttf", contents: Data("hello, not a font\n".utf8))
  }

  @Test func emptyFileIsNotAFont() throws {
    try expectError(.invalidFont, name: "empty.otf", contents: Data())
  }

  @Test func truncatedFontIsCorrupt() throws {
    let real = try Data(
      contentsOf: URL(fileURLWithPath: Fixtures.fontsDirectory + "/NotoSansCJKsc-Regular.otf"))
    try expectError(.invalidFont, name: "truncated.otf", contents: real.prefix(2000))
  }

  @Test func randomBytesAreCorrupt() throws {
    var generator = SplitMix64(seed: 0x5E1F_512E)
    let bytes = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
    try expectError(.invalidFont, name: "random.ttf", contents: bytes)
  }

  @Test(arguments: [1, 7, -1])
  func faceIndexOutOfRange(index: Int) {
    expectError(.faceIndexOutOfRange, path: Fixtures.fontsDirectory + "/NotoColorEmoji.ttf", faceIndex: index)
  }

  @Test func emptyChain() {
    #expect(
      throws: FontError(.emptyChain, path: "<font chain>", message: "a font chain needs at least one font")
    ) {
      try FontChain([])
    }
  }

  @Test func badFaceIndexSuffix() {
    #expect(throws: FontError.self) { try FontChain(paths: ["/x/font.ttc#two"]) }
  }

  @Test func unknownFamily() {
    do {
      _ = try BundledFonts.font(family: "No Such Family 12345")
      Issue.record("expected familyNotFound")
    } catch {
      #expect(error.code == .familyNotFound)
      #expect(error.path == "No Such Family 12345")
    }
  }
}
