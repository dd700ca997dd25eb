internal import CShims

/// ICU's Unicode Bidirectional Algorithm run over one paragraph; owns the ICU object and the
/// UTF-16 text it points into, so neither outlives the other.
struct BidiParagraph: ~Copyable {
  private let handle: OpaquePointer
  private let text: UnsafeMutableBufferPointer<UInt16>

  /// Analyses `utf16` at paragraph level 0 when `isLeftToRight`, else with the paragraph
  /// direction taken from its first strong character.
  init(utf16: [UInt16], isLeftToRight: Bool = false) throws(TextError) {
    let text = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(1, utf16.count))
    _ = text.initialize(from: utf16)
    var status: Int32 = 0
    guard
      let handle = cshims_ubidi_open(
        text.baseAddress!, Int32(utf16.count), isLeftToRight ? 0 : 0xFE, &status),
      status <= 0
    else {
      text.deallocate()
      throw TextError(.segmentationFailed, "ICU bidi analysis failed (error \(status))")
    }
    self.handle = handle
    self.text = text
  }

  deinit {
    cshims_ubidi_close(handle)
    text.deallocate()
  }

  /// Runs `body` with the embedding level of every UTF-16 unit (one ICU call, not one lookup
  /// per unit: ICU finds a unit's run by a walk over the runs).
  func withLevels<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(TextError) -> Result
  ) throws(TextError) -> Result {
    var status: Int32 = 0
    guard let levels = cshims_ubidi_levels(handle, &status), status <= 0 else {
      throw TextError(.segmentationFailed, "ICU bidi levels failed (error \(status))")
    }
    return try body(UnsafeBufferPointer(start: levels, count: text.count))
  }
}
