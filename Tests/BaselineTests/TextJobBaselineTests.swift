import Baseline
import Feed
import Testing
import TextEngine

/// `TextJob.baselineRecords`: one record per width, in width order, with the paragraph's lines.
@Suite struct TextJobBaselineTests {
  @Test(arguments: [[150.0, 343.0], [343.0, 60.0, 150.0]])
  func oneRecordPerWidthInOrder(widths: [Double]) throws {
    let measurer = try BundledFonts.measurer()
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let job = TextJob(measurer: measurer, style: style, widths: widths)
    let text = "If you have to ask how much it is, you can't afford it."
    var warnings: [RecordError] = []
    let records = try job.baselineRecords(for: TextRecord(id: "a", text: text, line: 7), warnings: &warnings)
    #expect(warnings.isEmpty)
    #expect(records.map(\.width) == widths)
    for record in records {
      let layout = try measurer.prepare(text, style: style).layout(width: record.width)
      #expect(record.id == "a" && record.height == layout.height && record.lineCount == layout.lineCount)
      #expect(record.lines?.joined() == text)
      #expect(record.truncated == false && record.elements.isEmpty)
    }
    #expect(records[0].lineCount != records[1].lineCount)
  }
}
