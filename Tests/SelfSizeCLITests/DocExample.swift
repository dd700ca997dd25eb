import Foundation
import Testing

/// A `$ selfsize …` example in README.md or Docs/*.md: a command in a ```sh block and the
/// output shown under it (up to the next `$ ` line or the end of the block). Lines ending in
/// `\` continue the command. In the shown output `…` stands for any text (times, paths).
struct DocExample: Sendable, CustomTestStringConvertible {
  /// `README.md:42`.
  var location: String
  /// The shell command, continuation lines joined.
  var command: String
  /// The output lines shown.
  var expected: [String]

  var testDescription: String { "\(location): \(command.prefix(70))" }

  /// The markdown files whose examples are checked.
  static var files: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: CLIRunner.packageDirectory.appendingPathComponent("Docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
  }

  /// Every example of every file.
  static var all: [DocExample] {
    files.flatMap { file -> [DocExample] in
      let url = CLIRunner.packageDirectory.appendingPathComponent(file)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
      return examples(in: text, file: file)
    }
  }

  /// The examples of one markdown text.
  static func examples(in text: String, file: String) -> [DocExample] {
    var examples: [DocExample] = []
    var inShellBlock = false
    var current: DocExample?
    var continuing = false
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        if inShellBlock {
          if let example = current { examples.append(example) }
          current = nil
          inShellBlock = false
        } else {
          inShellBlock = trimmed == "```sh" || trimmed == "```console"
        }
        continue
      }
      guard inShellBlock else { continue }
      if continuing, var example = current {
        example.command += "\n" + line
        current = example
        continuing = line.hasSuffix("\\")
      } else if line.hasPrefix("$ ") {
        if let example = current { examples.append(example) }
        current = DocExample(
          location: "\(file):\(index + 1)", command: String(line.dropFirst(2)), expected: [])
        continuing = line.hasSuffix("\\")
      } else if var example = current {
        example.expected.append(line)
        current = example
      }
    }
    return examples
  }

  /// Whether `actual` (a line of output) matches a shown line: equal but for trailing spaces,
  /// with `…` in the shown line matching any text.
  static func matches(_ actual: String, _ shown: String) -> Bool {
    let actual = actual.trimmingTrailingSpaces
    let shown = shown.trimmingTrailingSpaces
    guard shown.contains("…") else { return actual == shown }
    let pattern =
      "^"
      + shown.components(separatedBy: "…").map(NSRegularExpression.escapedPattern(for:)).joined(
        separator: ".*")
      + "$"
    return actual.range(of: pattern, options: .regularExpression) != nil
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " || text.last == "\r" { text.removeLast() }
    return text
  }
}
