import Foundation
import Testing

/// Errors say what to change: `hiddenWhenEmpty` for a missing field, the `hugging` key for an
/// ambiguous row; every per-item error is `error: FILE:LINE: id X: what`, once per item.
@Suite struct ErrorHintTests {
  static func temporaryFile(_ text: String, name: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hints-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func aMissingLabelFieldSuggestsHiddenWhenEmpty() throws {
    let items = try Self.temporaryFile(
      #"{"id":"ok","title":"t","author":"a","likes":1}"# + "\n" + #"{"id":"x","title":"t","likes":1}"# + "\n",
      name: "items.jsonl")
    for command in [["measure", "-w", "150", "-w", "343"], ["layout"]] {
      let result = try CLIRunner.run(
        command + ["--template", "Examples/note-card.template.json", "-i", items])
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "error: \(items):2: id x: author: label 'author' needs field \"author\", which is missing "
          + "(to hide the label instead, give it \"hiddenWhenEmpty\": true in the template)\n")
    }
  }

  @Test func aMissingImageFieldSuggestsFallbackAspectOrHiddenWhenEmpty() throws {
    let template = try Self.temporaryFile(
      #"{"styles": {"t": {"fontSize": 15}}, "stack": [{"name": "cover", "image": {"aspectFrom": ["w", "h"]}}]}"#,
      name: "image.template.json")
    let result = try CLIRunner.run(
      ["measure", "--template", template, "-w", "150"], stdin: #"{"id":"x","w":100}"# + "\n")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: <stdin>:1: id x: cover: "))
    #expect(result.stderr.contains("\"fallbackAspect\""))
    #expect(result.stderr.contains("\"hiddenWhenEmpty\": true"))
  }

  @Test func anAmbiguousRowNamesTheHuggingKey() throws {
    let template = try Self.temporaryFile(
      #"""
      {"styles": {"t": {"fontSize": 15}}, "stack": [{"row": {"children": [
        {"label": "a", "style": "t", "width": "fill"}, {"label": "b", "style": "t", "width": "fill"}]}}]}
      """#, name: "row.template.json")
    let result = try CLIRunner.run(["measure", "--template", template, "-w", "150"], stdin: "")
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(#"the template's "hugging" key (e.g. "hugging": 251)"#), "\(result.stderr)")
  }

  @Test func reportNamesABadItemOnceAcrossItsWidths() throws {
    let items = try Self.temporaryFile(
      #"{"id":"ok","title":"t","author":"a","likes":1}"# + "\n" + #"{"id":"x","title":"t","likes":1}"# + "\n",
      name: "items.jsonl")
    let folder = (items as NSString).deletingLastPathComponent + "/report"
    let result = try CLIRunner.run([
      "report", "--items", items, "--widths", "320,375,414", "-o", folder, "-q", "--pictures", "html",
    ])
    #expect(result.status == 1)
    let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
    #expect(errors.count == 1, "\(result.stderr)")
    #expect(errors.first?.hasPrefix("error: \(items):2: id x: author: ") == true)
  }

  @Test func aBadRecordOfTextIsReportedOnceWhateverTheNumberOfWidths() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "100", "-w", "200", "-w", "300"], stdin: #"{"id":"x","text":5}"# + "\n")
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.hasPrefix("error: <stdin>:1: id x: "))
  }
}

extension ErrorHintTests {
  @Test func layoutWarningsNameThePageFileOfTheItem() throws {
    let first = try Self.temporaryFile(
      #"{"id":"a","title":"t","author":"a","likes":1}"# + "\n", name: "page1.jsonl")
    let second = try Self.temporaryFile(
      #"{"id":"a","title":"t","author":"a","likes":1}"# + "\n"
        + #"{"id":"b","title":"private \uE000 use","author":"a","likes":1}"# + "\n",
      name: "page2.jsonl")
    let result = try CLIRunner.run([
      "layout", "--template", "Examples/note-card.template.json", "-i", first, "-i", second,
      "--no-system-fonts", "--format", "jsonl",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("warning: \(second):2: id b: "), "\(result.stderr)")
  }
}
