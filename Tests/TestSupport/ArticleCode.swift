import Foundation

/// The `swift` code blocks of a Markdown article, for tests that run an article's code.
package enum ArticleCode {
  /// Reads the article at `articlePath` (from the package's root) and the test file `testFile`
  /// (a `#filePath` in `Tests/<Target>/`): how many `swift` blocks the article has, the
  /// package line (`.product(…)`) left out, and those whose code does not appear in the file.
  package static func blocks(ofArticle articlePath: String, missingFrom testFile: String) throws
    -> (count: Int, missing: [String])
  {
    let testURL = URL(fileURLWithPath: testFile)
    let root = testURL.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let article = try String(contentsOf: root.appendingPathComponent(articlePath), encoding: .utf8)
    let source = normalized(try String(contentsOf: testURL, encoding: .utf8))
    let blocks = swiftBlocks(in: article).filter { !$0.hasPrefix(".product") }
    return (blocks.count, blocks.filter { !source.contains(normalized($0)) })
  }

  /// The contents of every fenced `swift` block, in order.
  private static func swiftBlocks(in markdown: String) -> [String] {
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
  private static func normalized(_ code: String) -> String {
    code.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.filter { !$0.isEmpty }
      .joined(separator: "\n")
  }
}
