import Foundation
internal import TextFloorC

/// The C floor (HarfBuzz + ICU, a segment width cache and a greedy loop over it) from Swift:
/// the same work a plain C program does, for benchmarks that put the engine beside it.
///
/// Not thread-safe: one instance per thread.
public final class TextFloor {
  private let handle: OpaquePointer

  /// Opens face `faceIndex` of the font at `path` for measuring at `fontSize` points.
  public init?(fontPath path: String, faceIndex: Int = 0, fontSize: Double = 15) {
    guard let handle = text_floor_create(path, UInt32(faceIndex), fontSize) else { return nil }
    self.handle = handle
  }

  deinit { text_floor_destroy(handle) }

  /// The advance of the whole paragraph shaped by one `hb_shape` call, in points.
  public func shapeParagraph(_ text: UTF8Text) -> Double {
    text.withBytes { text_floor_shape_paragraph(handle, $0, $1) }
  }

  /// Empties the segment width cache.
  public func clearCache() { text_floor_clear_cache(handle) }

  /// Segments currently cached.
  public var cachedSegmentCount: Int { Int(text_floor_cached_segments(handle)) }

  /// Prepares a paragraph and keeps it; returns its index for `lineCount(of:width:)`.
  @discardableResult public func prepare(_ text: UTF8Text) -> Int {
    Int(text.withBytes { text_floor_prepare(handle, $0, $1) })
  }

  /// Drops every prepared paragraph (the cache stays).
  public func clearParagraphs() { text_floor_clear_paragraphs(handle) }

  /// Prepared paragraphs kept.
  public var paragraphCount: Int { Int(text_floor_paragraph_count(handle)) }

  /// The greedy line count of prepared paragraph `paragraph` at `width` points.
  public func lineCount(of paragraph: Int, width: Double) -> Int {
    Int(text_floor_line_count(handle, Int32(paragraph), width))
  }

  /// End to end in memory: prepares every text (dropping earlier paragraphs, keeping the cache)
  /// and lays each out at `width`; returns the line count of each.
  public func prepareAndLayout(_ batch: UTF8Batch, width: Double) -> [Int] {
    var counts = [Int32](repeating: 0, count: batch.count)
    let total = batch.withPointers { texts, lengths, count in
      counts.withUnsafeMutableBufferPointer {
        text_floor_prepare_and_layout(handle, texts, lengths, count, width, $0.baseAddress)
      }
    }
    precondition(total >= 0, "ICU failed in the C floor")
    return counts.map(Int.init)
  }
}
