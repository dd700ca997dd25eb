import ArgumentParser
import Baseline
import Foundation
import TextEngine

/// `--baseline`, `--tolerance`, `--write-baseline` and `--diff-report`: height regression checks
/// on `text`, `measure` and `layout`.
struct BaselineOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Compare the heights with a baseline (JSON Lines from --write-baseline): prints what moved instead of the results; exit 1 when anything moved beyond --tolerance.",
      valueName: "file"))
  var baseline: String?
  @Option(
    help: ArgumentHelp(
      "Heights and frames may differ by this many points (default 0; below 1e-9 pt is rounding).",
      valueName: "pt"))
  var tolerance: Double = 0
  @Option(
    name: .customLong("write-baseline"),
    help: ArgumentHelp(
      "Record the heights, lines and what produced them (fonts, template, versions) as a baseline; prints a summary instead of the results.",
      valueName: "file"))
  var writeBaseline: String?
  @Option(
    name: .customLong("diff-report"),
    help: ArgumentHelp(
      "With --baseline: write before/after pictures (PNG and index.html) of the changed items into this folder.",
      valueName: "dir"))
  var diffReport: String?

  /// Whether the command records or compares instead of printing its results.
  var isActive: Bool { baseline != nil || writeBaseline != nil }

  func validate() throws {
    guard tolerance.isFinite, tolerance >= 0, tolerance <= 1_000_000 else {
      throw ValidationError("--tolerance must be a number of points from 0 to 1000000, got \(tolerance)")
    }
    if diffReport != nil && baseline == nil { throw ValidationError("--diff-report needs --baseline FILE") }
    if let writeBaseline, writeBaseline.isEmpty {
      throw ValidationError("--write-baseline needs a file name")
    }
  }

  /// The stored baseline, read before any work so that a bad file is a usage error (exit 2)
  /// naming its line.
  func loadBaseline(command: String) throws -> Baseline? {
    guard let path = baseline else { return nil }
    let loaded: Baseline
    do {
      loaded = try Baseline(contentsOf: path)
    } catch {
      throw ValidationError("\(path)\(error.line.map { ":\($0)" } ?? ""): \(error.message)")
    }
    guard loaded.provenance.command == command else {
      throw ValidationError(
        "\(path):1: the baseline was made by `selfsize \(loaded.provenance.command)`, not `selfsize \(command)`"
      )
    }
    return loaded
  }

  /// What produced this run: versions, fonts with checksums, the template's checksum, settings.
  static func provenance(
    command: String, measurer: TextMeasurer, template: (path: String, data: Data)?,
    settings: [(String, String)]
  ) throws -> BaselineProvenance {
    do {
      return BaselineProvenance(
        command: command, engine: SelfSize.packageVersion,
        libraries: BaselineProvenance.Libraries(LibraryVersions.current),
        fonts: try FontFingerprint.fingerprints(of: measurer),
        template: template.map {
          BaselineProvenance.TemplateFingerprint(
            file: ($0.path as NSString).lastPathComponent,
            checksum: "sha256:" + SHA256.hex(of: [UInt8]($0.data)))
        },
        settings: settings.map { (name: $0.0, value: $0.1) })
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// Records and compares as asked (one path for `text`, `measure` and `layout`): prints the
  /// summary or the table of what moved with its likely causes, and writes the pictures of the
  /// changed items.
  ///
  /// - Parameters:
  ///   - provenance: what produced `records`.
  ///   - records: this run's records, in the order measured.
  ///   - stored: the baseline to compare with (`--baseline`).
  ///   - styles: the text style of each label by element name (`""` for a `text` paragraph),
  ///     for the pictures.
  ///   - imageNames: the elements drawn as image placeholders.
  ///   - failures: the number of inputs that failed (already reported on stderr).
  /// - Throws: `ExitCode(1)` when anything moved beyond the tolerance or an input failed.
  func check(
    provenance: BaselineProvenance, records: [BaselineRecord], stored: Baseline?, measurer: TextMeasurer,
    styles: [String: TextStyle], imageNames: Set<String> = [], failures: Int = 0
  ) throws {
    let current = Baseline(provenance: provenance, records: records)
    var output = StandardOutput()
    var moved = false
    if let stored {
      let comparison = BaselineComparison(baseline: stored, current: current, tolerance: tolerance)
      output.write(comparison.report())
      moved = comparison.hasMoved
      if let folder = diffReport {
        let report = DiffReport(comparison: comparison, baseline: stored, current: current)
        let files: [DiffReport.File]
        do {
          files = try report.files(measurer: measurer, styles: styles, imageNames: imageNames)
        } catch {
          throw ValidationError("cannot draw the diff report: \(error)")
        }
        try writeReport(files, into: folder)
        output.writeLine(
          "wrote \(files.count) file\(files.count == 1 ? "" : "s") into \(folder) (open \((folder as NSString).appendingPathComponent("index.html")))"
        )
      }
    }
    if let path = writeBaseline {
      try OutputFile.write(Data(current.jsonLines().utf8), to: path)
      output.writeLine(
        "wrote baseline \(path): \(current.records.count) record\(current.records.count == 1 ? "" : "s")")
    }
    try output.flush()
    if moved || failures > 0 { throw ExitCode(1) }
  }

  private func writeReport(_ files: [DiffReport.File], into folder: String) throws {
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw ValidationError("cannot create --diff-report folder \(folder): \(error.systemReason)")
    }
    for file in files {
      try OutputFile.write(file.data, to: (folder as NSString).appendingPathComponent(file.name))
    }
  }
}

extension BaselineOptions {
  /// Records or compares a streaming command's results (`text`, `measure`): reads every input
  /// line, turns it into records with `records` on the workers (a bad line is reported on
  /// stderr and the rest go on), then ``check(provenance:records:stored:measurer:styles:imageNames:failures:)``.
  func run(
    input: String?, jobOptions: JobOptions, formatter: RecordFormatter, stored: Baseline?,
    provenance: BaselineProvenance, measurer: TextMeasurer, styles: [String: TextStyle],
    imageNames: Set<String> = [],
    records:
      @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int, inout BatchOutput) throws(RecordError) -> Void
  ) throws {
    var run = BatchRun(
      input: try InputSource(path: input), sink: try OutputSink(path: nil), formatter: formatter,
      jobs: jobOptions.workerCount, progress: .forTerminal(quiet: jobOptions.quiet), columns: [])
    run.collectsRecords = true
    let failures = try run.run { line, number, output in
      do throws(RecordError) {
        try records(line, number, &output)
        return nil
      } catch {
        return error
      }
    }
    try check(
      provenance: provenance, records: run.records, stored: stored, measurer: measurer,
      styles: styles.merging(run.styles) { given, _ in given }, imageNames: imageNames, failures: failures)
  }
}
