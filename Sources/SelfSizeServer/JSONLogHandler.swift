import Foundation
public import Logging
import SelfSizingCore
import Synchronization

/// A swift-log handler that writes one JSON object per record to standard error:
/// `{"time", "level", "label", "message", …metadata}` (metadata values as strings).
public struct JSONLogHandler: LogHandler {
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .info
  private let label: String
  private let write: @Sendable (String) -> Void

  /// A handler labelled `label`, writing lines with `write` (default: standard error).
  public init(label: String, write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError) {
    self.label = label
    self.write = write
  }

  /// Writes a line to standard error.
  public static let standardError: @Sendable (String) -> Void = { line in
    FileHandle.standardError.write(Data(line.utf8))
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var members: [(String, JSONValue)] = [
      ("time", .string(Date.now.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))),
      ("level", .string(event.level.rawValue)), ("label", .string(label)),
      ("message", .string(event.message.description)),
    ]
    let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
    for key in merged.keys.sorted() {
      members.append((key, .string(merged[key]!.description)))
    }
    write(JSONValue.object(members).serialized() + "\n")
  }
}
