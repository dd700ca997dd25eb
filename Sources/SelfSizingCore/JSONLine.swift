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

  /// The line's text (invalid UTF-8 repaired with U+FFFD).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Splits JSON Lines text at `\n` (a `\r` before it ends the line too) into its lines, in
  /// order, skipping lines of nothing but spaces, tabs and `\r` but counting them.
  public static func split(_ data: Data) -> [JSONLine] {
    var lines: [JSONLine] = []
    var number = 0
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      let isBlank = line.allSatisfy {
        $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
      }
      guard !isBlank else { continue }
      let content = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
      lines.append(JSONLine(number: number, bytes: Data(content)))
    }
    return lines
  }
}
