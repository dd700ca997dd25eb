/// What a paragraph's first and last lines add to (or take from) the height of a middle line,
/// in points: Android's font padding, its line spacing missing under the last line, Compose's
/// trimmed line heights. Zero on the other platforms.
struct ParagraphEdges: Sendable, Hashable {
  /// Added to the first line of a paragraph of two lines or more.
  var firstLine: Double
  /// Added to the last line of a paragraph of two lines or more.
  var lastLine: Double
  /// Added to a paragraph's only line.
  var onlyLine: Double
  /// The part of what the first (or only) line adds that is above its baseline.
  var firstLineAbove = 0.0

  /// Nothing added.
  static let none = ParagraphEdges(firstLine: 0, lastLine: 0, onlyLine: 0)

  /// What `lineCount` lines (at least one) add in all.
  @inline(__always) func total(lineCount: Int) -> Double {
    lineCount == 1 ? onlyLine : firstLine + lastLine
  }

  /// What line `index` of `lineCount` lines adds.
  func adjustment(ofLine index: Int, of lineCount: Int) -> Double {
    if lineCount == 1 { return onlyLine }
    if index == 0 { return firstLine }
    return index == lineCount - 1 ? lastLine : 0
  }
}
