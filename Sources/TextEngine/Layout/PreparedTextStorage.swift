/// The per-segment and per-grapheme arrays of a prepared text in one allocation.
///
/// Allocating one object instead of three arrays matters at this scale: on Linux each Swift
/// array allocation also looks up its storage type's metadata at run time, which together cost
/// about a sixth of preparing a cached paragraph. The elements hold the segments, then the
/// grapheme widths, then the grapheme ends, each region bound to its type once at creation.
/// Pointers into them are handed out only inside `withContents` and `withView`, which keep the
/// storage alive.
final class PreparedTextStorage: ManagedBuffer<PreparedTextStorage.Header, UInt64> {
  struct Header {
    var segmentCount: Int
    var graphemeCapacity: Int
    /// The graphemes written (at most `graphemeCapacity`).
    var graphemeCount: Int
    /// What `PreparedText` knows beside the arrays, set once when it is made (kept here so that
    /// a `PreparedText` is one reference: copying it is one retain).
    var paragraph = PreparedText.Paragraph()
  }

  /// The regions of the storage, valid inside `withContents` only.
  struct Contents {
    let segments: UnsafeMutableBufferPointer<PreparedText.Segment>
    /// Room for `graphemeCapacity` widths; the first `graphemeCount` are written.
    let graphemeWidths: UnsafeMutableBufferPointer<Double>
    /// Room for `graphemeCapacity` ends; the first `graphemeCount` are written.
    let graphemeEnds: UnsafeMutableBufferPointer<Int32>
    let graphemeCount: Int
  }

  /// Read access to the written contents, valid inside `withView` only.
  struct View {
    /// The line-break segments in order.
    let segments: UnsafeBufferPointer<PreparedText.Segment>
    /// Advance of every grapheme cluster in points, letter spacing included.
    let graphemeWidths: UnsafeBufferPointer<Double>
    /// Scalar offset where each grapheme cluster ends.
    let graphemeEnds: UnsafeBufferPointer<Int32>
  }

  /// Storage for `segmentCount` segments and up to `graphemeCapacity` graphemes.
  static func make(segmentCount: Int, graphemeCapacity: Int) -> PreparedTextStorage {
    let words = segmentWords(segmentCount) + graphemeCapacity + (graphemeCapacity + 1) / 2
    let buffer = create(minimumCapacity: max(1, words)) { _ in
      Header(segmentCount: segmentCount, graphemeCapacity: graphemeCapacity, graphemeCount: 0)
    }
    let storage = unsafeDowncast(buffer, to: PreparedTextStorage.self)
    storage.withUnsafeMutablePointerToElements { elements in
      let base = UnsafeMutableRawPointer(elements)
      base.bindMemory(to: PreparedText.Segment.self, capacity: segmentCount)
      (base + segmentWords(segmentCount) * 8).bindMemory(to: Double.self, capacity: graphemeCapacity)
      (base + (segmentWords(segmentCount) + graphemeCapacity) * 8).bindMemory(
        to: Int32.self, capacity: graphemeCapacity)
    }
    return storage
  }

  private static func segmentWords(_ count: Int) -> Int {
    (count * MemoryLayout<PreparedText.Segment>.stride + 7) / 8
  }

  /// Runs `body` with write access to every region.
  func withContents<Result>(_ body: (Contents) -> Result) -> Result {
    withUnsafeMutablePointers { header, elements in
      let base = UnsafeMutableRawPointer(elements)
      let segmentCount = header.pointee.segmentCount
      let capacity = header.pointee.graphemeCapacity
      let segmentBytes = Self.segmentWords(segmentCount) * 8
      return body(
        Contents(
          segments: UnsafeMutableBufferPointer(
            start: base.assumingMemoryBound(to: PreparedText.Segment.self), count: segmentCount),
          graphemeWidths: UnsafeMutableBufferPointer(
            start: (base + segmentBytes).assumingMemoryBound(to: Double.self), count: capacity),
          graphemeEnds: UnsafeMutableBufferPointer(
            start: (base + segmentBytes + capacity * 8).assumingMemoryBound(to: Int32.self), count: capacity),
          graphemeCount: header.pointee.graphemeCount))
    }
  }

  /// Runs `body` with read access to what was written.
  func withView<Result>(_ body: (View) -> Result) -> Result {
    withContents { contents in
      body(
        View(
          segments: UnsafeBufferPointer(contents.segments),
          graphemeWidths: UnsafeBufferPointer(rebasing: contents.graphemeWidths[..<contents.graphemeCount]),
          graphemeEnds: UnsafeBufferPointer(rebasing: contents.graphemeEnds[..<contents.graphemeCount])))
    }
  }

  /// Records how many graphemes the builder wrote.
  func setGraphemeCount(_ count: Int) {
    precondition(count <= header.graphemeCapacity)
    header.graphemeCount = count
  }

  /// The storage once built, as `PreparedText` shares it.
  ///
  /// `@unchecked Sendable`: the contents are written only by `PreparedTextBuilder` while
  /// `prepare` builds them, before the storage is frozen, and never mutated afterwards.
  struct Frozen: @unchecked Sendable {
    let storage: PreparedTextStorage
  }
}
