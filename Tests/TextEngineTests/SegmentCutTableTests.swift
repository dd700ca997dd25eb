import Testing

@testable import TextEngine

@Suite struct SegmentCutTableTests {
  private func store(_ table: inout SegmentCutTable, _ scalars: [UInt32], languageID: Int32, cuts: [Double]) {
    let cuts = cuts.enumerated().map { SegmentCutTable.Cut(grapheme: Int32($0.offset), deltaEm: $0.element) }
    scalars.withUnsafeBufferPointer { scalars in
      cuts.withUnsafeBufferPointer {
        table.store(
          $0, forHash: SegmentCache.hash(scalars, isRightToLeft: false, languageID: languageID),
          scalars: scalars,
          languageID: languageID)
      }
    }
  }

  private func cuts(_ table: SegmentCutTable, _ scalars: [UInt32], languageID: Int32, hash: UInt64? = nil)
    -> [Double]?
  {
    scalars.withUnsafeBufferPointer { scalars in
      table.cutIndices(
        forHash: hash ?? SegmentCache.hash(scalars, isRightToLeft: false, languageID: languageID),
        scalars: scalars, languageID: languageID
      ).map { $0.map { table[cut: $0].deltaEm } }
    }
  }

  @Test func findsASegmentByItsScalarsAndLanguage() {
    var table = SegmentCutTable(capacity: 100)
    let word = Array("kernelnewbies".unicodeScalars.map(\.value))
    #expect(cuts(table, word, languageID: 0) == nil)
    store(&table, word, languageID: 0, cuts: [-0.01, 0.02])
    store(&table, Array("Linux".unicodeScalars.map(\.value)), languageID: 0, cuts: [])
    #expect(cuts(table, word, languageID: 0) == [-0.01, 0.02])
    #expect(cuts(table, Array("Linux".unicodeScalars.map(\.value)), languageID: 0) == [])
    // Another language, or other scalars under the same hash, are other segments.
    #expect(cuts(table, word, languageID: 3) == nil)
    let other = Array("kernelnewbiez".unicodeScalars.map(\.value))
    let hash = word.withUnsafeBufferPointer { SegmentCache.hash($0, isRightToLeft: false) }
    #expect(cuts(table, other, languageID: 0, hash: hash) == nil)
    #expect(table.count == 2)
  }

  @Test func isEmptiedWhenFull() {
    var table = SegmentCutTable(capacity: 64)
    for number in 0..<200 {
      store(&table, Array("word\(number)".unicodeScalars.map(\.value)), languageID: 0, cuts: [Double(number)])
    }
    #expect(table.count <= 64)
    #expect(cuts(table, Array("word199".unicodeScalars.map(\.value)), languageID: 0) == [199])
    #expect(cuts(table, Array("word0".unicodeScalars.map(\.value)), languageID: 0) == nil)
    table.removeAll()
    #expect(table.count == 0)
    #expect(cuts(table, Array("word199".unicodeScalars.map(\.value)), languageID: 0) == nil)
  }

  /// A segment longer than `largestSegment` scalars is not kept (its cuts are looked up again).
  @Test func doesNotKeepAVeryLongWord() {
    var table = SegmentCutTable(capacity: 64)
    let long = [UInt32](repeating: 0x61, count: SegmentCutTable.largestSegment + 1)
    store(&table, long, languageID: 0, cuts: [0.5])
    #expect(table.count == 0)
    #expect(cuts(table, long, languageID: 0) == nil)
    let longest = [UInt32](repeating: 0x61, count: SegmentCutTable.largestSegment)
    store(&table, longest, languageID: 0, cuts: [0.5])
    #expect(cuts(table, longest, languageID: 0) == [0.5])
  }
}
