import Foundation
import Testing

/// `Scripts/spark-measure.py` where pyspark can be imported (pip install pyspark; Java 17):
/// Spark's output, sorted, equals the same command run in one process. Elsewhere the test is
/// reported as skipped, with the reason — except under `Scripts/test.sh`, which installs
/// pyspark and sets `SELFSIZE_REQUIRE_SPARK=1`: there a missing pyspark is a failure.
@Suite(.serialized) struct SparkMeasureTests {
  /// Spark in local mode starts a JVM (~10 s here); a run longer than this is a hang.
  static let timeLimit: TimeInterval = 300

  static let sparkRequired = ProcessInfo.processInfo.environment["SELFSIZE_REQUIRE_SPARK"] == "1"

  @Test(.enabled(if: sparkRequired && !pysparkAvailable, "only where Scripts/test.sh requires Spark"))
  func pysparkIsInstalledWhereRequired() {
    Issue.record("SELFSIZE_REQUIRE_SPARK=1 but `python3 -c \"import pyspark\"` fails: run Scripts/setup.sh")
  }

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

  /// `ship`: the cluster form, the binary, its resources and the template sent to the workers
  /// with the job (`--ship`) instead of run from the build folder.
  @Test(
    .enabled(if: pysparkAvailable, "pyspark is not importable (pip install pyspark to run this test)"),
    arguments: [false, true])
  func sparkOutputEqualsOneProcess(ship: Bool) throws {
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
        "--selfsize", CLIRunner.executable.path,
      ] + (ship ? ["--ship"] : []) + ["--"] + arguments
    process.currentDirectoryURL = CLIRunner.packageDirectory
    let log = directory.appendingPathComponent("spark.log")
    try #require(FileManager.default.createFile(atPath: log.path, contents: nil))
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    let deadline = Date().addingTimeInterval(Self.timeLimit)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      Issue.record("spark-measure.py ran longer than \(Int(Self.timeLimit)) s")
      return
    }
    let messages = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    try #require(process.terminationStatus == 0, "spark-measure.py failed:\n\(messages.suffix(4000))")
    let spark = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    let single = try CLIRunner.run(arguments + ["--input", input]).stdout.split(separator: "\n")
    #expect(spark.count == 240)
    #expect(spark.sorted() == single.sorted())
  }
}
