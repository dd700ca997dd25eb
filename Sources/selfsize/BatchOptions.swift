import ArgumentParser
import Foundation

/// Output options shared by `text`, `measure` and `layout`.
struct OutputOptions: ParsableArguments {
  @Option(
    name: [.short, .long],
    help: ArgumentHelp("Write to FILE instead of stdout ('-' for stdout).", valueName: "file"))
  var output: String?
  @Option(
    help:
      "Output format: jsonl (one object per line), json (one array), csv, table, or html (measure --platform web: the cards as a page Chromium lays out as measured)."
  )
  var format: OutputFormat = .jsonl
  @Option(
    help: ArgumentHelp(
      "Fields for csv and table, comma-separated (e.g. id,width,height).", valueName: "names"))
  var fields: String?
  @Option(
    help: ArgumentHelp(
      "Round printed numbers to this many decimals (0…15; default: the shortest form that reads back exactly).",
      valueName: "digits"))
  var precision: Int?

  /// Throws a usage error unless `--precision` is from 0 to 15.
  func validatePrecision() throws {
    try Self.validate(precision: precision)
  }

  /// Throws a usage error unless `precision` is nil or from 0 to 15.
  static func validate(precision: Int?) throws {
    if let precision, !(0...15).contains(precision) {
      throw ValidationError("--precision must be from 0 to 15 decimals, got \(precision)")
    }
  }
}

/// Parallelism and progress options shared by the commands that measure many items.
struct JobOptions: ParsableArguments {
  @Option(
    name: [.short, .long],
    help: ArgumentHelp(
      "Worker threads (default: the number of cores); the output is the same for any N.", valueName: "n"))
  var jobs: Int?
  @Flag(name: [.short, .long], help: "No progress on stderr (progress is shown only on a terminal).")
  var quiet = false

  /// The number of workers: `--jobs`, or every core.
  var workerCount: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

  func validateJobs() throws {
    if let jobs, !(1...1024).contains(jobs) {
      throw ValidationError("--jobs must be between 1 and 1024, got \(jobs)")
    }
  }
}
