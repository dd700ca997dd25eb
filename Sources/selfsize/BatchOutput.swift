import Baseline
import SelfSizingCore
import TextEngine

/// What a worker made of one batch of input lines: output bytes, table rows and the errors of
/// the lines that failed, in input order.
struct BatchOutput: Sendable {
  /// Output text (JSON Lines, JSON array members or CSV rows).
  var writer = JSONWriter(capacity: 1 << 16)
  /// Table rows (table format only).
  var rows: [[String]] = []
  /// Errors of failed records, in input order.
  var errors: [RecordError] = []
  /// Warnings of records that succeeded (missing glyphs), in input order.
  var warnings: [RecordError] = []
  /// Records read (good and bad).
  var items = 0
  /// Input bytes read up to the end of this batch (for progress).
  var inputOffset = 0
  /// Baseline records (`--write-baseline`, `--baseline`), in input order.
  var records: [BaselineRecord] = []
  /// The text styles of the labels of ``records``, by element name (for diff pictures).
  var styles: [String: TextStyle] = [:]
}
