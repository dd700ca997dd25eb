import Foundation
import Testing

/// `Scripts/spark-measure.py` where pyspark can be imported (pip install pyspark; Java 17):
/// Spark's output, sorted, equals the same command run in one process. Elsewhere the test is
/// reported as skipped, with the reason.
@Suite struct SparkMeasureTests {
  static let pysparkAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import pyspark"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  @Test(.enabled(if: pysparkAvailable, "pyspark is not importable (pip install pyspark to run this test)"))
  func sparkOutputEqualsOneProcess() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spark-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = CLIRunner.packageDirectory.appendingPathComponent("Examples/feed.jsonl").path
    let output = directory.appendingPathComponent("out.jsonl").path
    let arguments = ["measure", "--template", "Examples/note-card.template.json", "--width", "170"]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", "Scripts/spark-measure.py", input, output, "--master", "local[2]", "--partitions", "3",
        "--selfsize", CLIRunner.executable.path, "--",
      ] + arguments
    process.currentDirectoryURL = CLIRunner.packageDirectory
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let spark = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    let single = try CLIRunner.run(arguments + ["--input", input]).stdout.split(separator: "\n")
    #expect(spark.count == 240)
    #expect(spark.sorted() == single.sorted())
  }
}
