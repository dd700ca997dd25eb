public import Feed
public import SelfSizingCore

extension TextJob {
  /// The baseline records of a record, one per width, in the job's width order (what
  /// `selfsize text --write-baseline` stores); the `missingGlyphs` warning (when not strict)
  /// is appended to `warnings`.
  /// - Throws: `RecordError` with the record's line and id, as ``TextJob/layouts(for:warnings:)``.
  public func baselineRecords(for record: TextRecord, warnings: inout [RecordError]) throws(RecordError)
    -> [BaselineRecord]
  {
    let (prepared, layouts) = try self.layouts(for: record, warnings: &warnings)
    return layouts.map { BaselineRecord(id: record.id, prepared: prepared, layout: $0) }
  }
}
