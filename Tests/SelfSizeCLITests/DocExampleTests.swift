import Foundation
import Testing

/// Runs every `$ selfsize …` example of README.md and Docs/*.md and compares its output with
/// the output shown (see ``DocExample``).
@Suite struct DocExampleTests {
  @Test func theDocumentsHaveExamples() {
    let examples = DocExample.all
    #expect(examples.count >= 8)
    #expect(examples.contains { $0.location.hasPrefix("Docs/Templates.md") })
  }

  @Test func wildcardsAndContinuationLinesAreRead() {
    let markdown = """
      ```sh
      $ selfsize text -w 150 \\
          --format table
      a  1
      b  …s
      $ echo x
      x
      ```
      ```json
      $ not a command
      ```
      """
    let examples = DocExample.examples(in: markdown, file: "x.md")
    #expect(examples.map(\.command) == ["selfsize text -w 150 \\\n    --format table", "echo x"])
    #expect(examples.map(\.expected) == [["a  1", "b  …s"], ["x"]])
    #expect(examples.map(\.location) == ["x.md:2", "x.md:6"])
    #expect(DocExample.matches("b  0.25 s  ", "b  …s"))
    #expect(!DocExample.matches("c  0.25 s", "b  …s"))
    #expect(!DocExample.matches("a  12", "a  1"))
  }

  @Test(arguments: DocExample.all)
  func exampleOutputIsAsShown(_ example: DocExample) throws {
    // A scratch folder with the repository's inputs, so examples that write files leave none.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-docs-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["Examples", "Docs", "Fonts", "Tests"] {
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(name),
        withDestinationURL: CLIRunner.packageDirectory.appendingPathComponent(name))
    }
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      CLIRunner.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let result = try CLIRunner.run(
      ["-c", example.command], executable: URL(fileURLWithPath: "/bin/sh"), currentDirectory: folder,
      environment: environment)
    var actual = result.stdout.components(separatedBy: "\n")
    var shown = example.expected
    while actual.last?.isEmpty == true { actual.removeLast() }
    while shown.last?.isEmpty == true { shown.removeLast() }
    let differences = (0..<max(actual.count, shown.count)).filter { index in
      guard index < actual.count, index < shown.count else { return true }
      return !DocExample.matches(actual[index], shown[index])
    }
    #expect(
      differences.isEmpty,
      """
      \(example.location): the output differs from the document at output lines \
      \(differences.prefix(5).map { "\($0 + 1)" }.joined(separator: ", ")) (stderr: \(result.stderr.prefix(500)))
      --- shown
      \(shown.joined(separator: "\n"))
      --- actual
      \(actual.joined(separator: "\n"))
      """)
  }
}
