/// The per-segment and per-grapheme arrays of a prepared text in one buffer.
///
/// Allocating one object instead of three arrays matters at this scale: on Linux each Swift
/// array allocation also looks up its storage type's metadata at run time, which together cost
/// about a sixth of preparing a cached paragraph. The tail holds the segments, then the grapheme
/// widths, then the grapheme ends, each region bound to its type once at creation.
///
/// A class only to own that allocation.
///
/// `@unchecked Sendable`: the buffer is written only by `PreparedTextBuilder` while `prepare`
/// builds it, before any `PreparedText` refers to it, and never mutated afterwards; it is freed
/// with the object.
final class PreparedTextStorage: @unchecked Sendable {
  let segmentCount: Int
  let graphemeCapacity: Int
  /// The graphemes written (at most `graphemeCapacity`), set once by the builder.
  var graphemeCount = 0
  private let base: UnsafeMutableRawPointer

  /// Storage for `segmentCount` segments and up to `graphemeCapacity` graphemes.
  init(segmentCount: Int, graphemeCapacity: Int) {
    self.segmentCount = segmentCount
    self.graphemeCapacity = graphemeCapacity
    let words = Self.segmentWords(segmentCount) + graphemeCapacity + (graphemeCapacity + 1) / 2
    base = .allocate(byteCount: max(1, words) * 8, alignment: 8)
    base.bindMemory(to: PreparedText.Segment.self, capacity: segmentCount)
    (base + Self.segmentWords(segmentCount) * 8).bindMemory(to: Double.self, capacity: graphemeCapacity)
    (base + (Self.segmentWords(segmentCount) + graphemeCapacity) * 8).bindMemory(
      to: Int32.self, capacity: graphemeCapacity)
  }

  deinit { base.deallocate() }

  private static func segmentWords(_ count: Int) -> Int {
    (count * MemoryLayout<PreparedText.Segment>.stride + 7) / 8
  }

  /// The segments, for writing (while building) or reading.
  var mutableSegments: UnsafeMutableBufferPointer<PreparedText.Segment> {
    UnsafeMutableBufferPointer(
      start: base.assumingMemoryBound(to: PreparedText.Segment.self), count: segmentCount)
  }

  /// Room for every grapheme width, for writing while building.
  var mutableGraphemeWidths: UnsafeMutableBufferPointer<Double> {
    UnsafeMutableBufferPointer(
      start: (base + Self.segmentWords(segmentCount) * 8).assumingMemoryBound(to: Double.self),
      count: graphemeCapacity)
  }

  /// Room for every grapheme end, for writing while building.
  var mutableGraphemeEnds: UnsafeMutableBufferPointer<Int32> {
    UnsafeMutableBufferPointer(
      start: (base + (Self.segmentWords(segmentCount) + graphemeCapacity) * 8)
        .assumingMemoryBound(to: Int32.self),
      count: graphemeCapacity)
  }

  var segments: UnsafeBufferPointer<PreparedText.Segment> { UnsafeBufferPointer(mutableSegments) }

  var graphemeWidths: UnsafeBufferPointer<Double> {
    UnsafeBufferPointer(rebasing: mutableGraphemeWidths[..<graphemeCount])
  }

  var graphemeEnds: UnsafeBufferPointer<Int32> {
    UnsafeBufferPointer(rebasing: mutableGraphemeEnds[..<graphemeCount])
  }
}
