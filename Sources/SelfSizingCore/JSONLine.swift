public import Foundation

/// One non-blank line of JSON Lines text, with its 1-based line number.
public struct JSONLine: Sendable, Hashable {
  /// The 1-based number of the line in the text.
  public var number: Int
  /// The line's bytes, without its `\n` (or `\r\n`).
  public var bytes: Data

  /// A line.
  public init(number: Int, bytes: Data) {
    self.number = number
    self.bytes = bytes
  }

  /// The line's text (invalid UTF-8 repaired with U+FFFD: for messages, never for measuring).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Splits JSON Lines text held in memory into its lines, in order, by the rules of
  /// ``JSONLineSplitter`` (no length limit).
  public static func split(_ data: Data) -> [JSONLine] {
    var lines: [JSONLine] = []
    var splitter = JSONLineSplitter(maximumLineLength: Int.max)
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      let append = { (event: JSONLineSplitter.Event) in
        if case .line(let number, let line) = event {
          lines.append(JSONLine(number: number, bytes: Data(line)))
        }
      }
      splitter.feed(bytes, append)
      splitter.finish(append)
    }
    return lines
  }
}
