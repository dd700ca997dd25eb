import Foundation
import SelfSizingCore
import Testing

@Suite struct BoundedFileTests {
  static func file(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID())").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return path
  }

  @Test func aFileUpToTheLimitIsReadWhole() throws {
    let path = try Self.file(Array("0123456789".utf8))
    defer { unlink(path) }
    #expect(try BoundedFile.bytes(atPath: path, limit: 10, kind: "test") == Array("0123456789".utf8))
  }

  @Test func aFileOverTheLimitIsRefusedNamingTheLimit() throws {
    let path = try Self.file(Array("0123456789".utf8))
    defer { unlink(path) }
    #expect {
      try BoundedFile.bytes(atPath: path, limit: 9, kind: "test")
    } throws: { error in
      let error = error as! FileReadError
      return error.code == .tooLarge
        && error.description == "cannot read \(path): a test file holds at most 9 bytes; this one is larger"
    }
  }

  @Test func anEndlessDeviceStopsAtTheLimit() {
    #expect(throws: FileReadError.self) {
      try BoundedFile.bytes(atPath: "/dev/zero", limit: 1 << 20, kind: "test")
    }
  }

  @Test func missingFilesAndFoldersSayWhat() {
    #expect {
      try BoundedFile.bytes(atPath: "/nonexistent/t.json", limit: 10, kind: "test")
    } throws: { ($0 as! FileReadError).code == .notFound }
    #expect {
      try BoundedFile.bytes(atPath: "/", limit: 10, kind: "test")
    } throws: { ($0 as! FileReadError).code == .isDirectory }
  }

  @Test func sizesAreDescribedInTheirUnit() {
    #expect(BoundedFile.describe(bytes: 8 << 20) == "8 MiB")
    #expect(BoundedFile.describe(bytes: 1 << 30) == "1 GiB")
    #expect(BoundedFile.describe(bytes: 1500) == "1500 bytes")
  }
}
