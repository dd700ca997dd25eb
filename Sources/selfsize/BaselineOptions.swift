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

  /// Writes and compares as asked, prints the summary or comparison, and writes the pictures.
  ///
  /// - Parameter draw: makes the diff report's files (called only with `--diff-report`).
  /// - Returns: whether anything moved beyond the tolerance.
  func finish(
    current: Baseline, stored: Baseline?, output: inout StandardOutput,
    draw: (DiffReport) throws -> [DiffReport.File]
  ) throws -> Bool {
    var moved = false
    if let stored {
      let comparison = BaselineComparison(baseline: stored, current: current, tolerance: tolerance)
      output.write(comparison.report())
      moved = comparison.hasMoved
      if let folder = diffReport {
        let files = try draw(DiffReport(comparison: comparison, baseline: stored, current: current))
        try writeReport(files, into: folder)
        output.writeLine(
          "wrote \(files.count) file\(files.count == 1 ? "" : "s") into \(folder) (open \((folder as NSString).appendingPathComponent("index.html")))"
        )
      }
    }
    if let path = writeBaseline {
      try AtomicFile.write(Data(current.jsonLines().utf8), to: path)
      output.writeLine(
        "wrote baseline \(path): \(current.records.count) record\(current.records.count == 1 ? "" : "s")")
    }
    return moved
  }

  private func writeReport(_ files: [DiffReport.File], into folder: String) throws {
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw ValidationError("cannot create --diff-report folder \(folder): \(error.systemReason)")
    }
    for file in files {
      try AtomicFile.write(file.data, to: (folder as NSString).appendingPathComponent(file.name))
    }
  }
}
