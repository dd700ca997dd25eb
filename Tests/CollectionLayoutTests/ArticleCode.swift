/// The `swift` code blocks of a Markdown article, for tests that run an article's code.
enum ArticleCode {
  /// The contents of every fenced `swift` block, in order.
  static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingPrefix(while: \.isWhitespace)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// Lines without their indentation and without empty lines, so that code indented inside a
  /// test compares equal to the article's.
  static func normalized(_ code: String) -> String {
    code.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.filter { !$0.isEmpty }
      .joined(separator: "\n")
  }
}
