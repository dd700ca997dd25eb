/// A text decoded once into Unicode scalar values (every offset the engine reports counts
/// these), plus the facts that let later stages skip work: text without supplementary scalars
/// has equal UTF-16 and scalar offsets, and text without RTL scalars needs no bidi analysis.
/// UTF-16, which only ICU reads (bidi, dictionary line breaking, grapheme clusters), is made on
/// demand.
struct DecodedText {
  private(set) var codes: [UInt32]
  private(set) var mayBeRightToLeft = false
  private(set) var hasSupplementaryScalars = false

  init(_ text: String) {
    // `withUTF8` always provides contiguous UTF-8 (copying a bridged string first).
    var text = text
    var flags = (rightToLeft: false, supplementary: false)
    codes = text.withUTF8 { bytes in Self.decode(bytes, flags: &flags) }
    (mayBeRightToLeft, hasSupplementaryScalars) = flags
  }

  /// The scalars of `bytes`, which must be well-formed UTF-8.
  init(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    var flags = (rightToLeft: false, supplementary: false)
    codes = Self.decode(bytes, flags: &flags)
    (mayBeRightToLeft, hasSupplementaryScalars) = flags
  }

  /// True when every scalar is in the BMP, so UTF-16 offsets equal scalar offsets.
  var isBMP: Bool { !hasSupplementaryScalars }

  /// The text in UTF-16.
  func makeUTF16() -> [UInt16] {
    guard hasSupplementaryScalars else { return codes.map { UInt16(truncatingIfNeeded: $0) } }
    var utf16: [UInt16] = []
    utf16.reserveCapacity(codes.count + codes.count / 2)
    for scalar in codes {
      if scalar > 0xFFFF {
        let value = scalar - 0x10000
        utf16.append(UInt16(0xD800 + (value >> 10)))
        utf16.append(UInt16(0xDC00 + (value & 0x3FF)))
      } else {
        utf16.append(UInt16(truncatingIfNeeded: scalar))
      }
    }
    return utf16
  }

  /// The scalar offset of every UTF-16 offset (and of the end), or an empty array when the text
  /// is all BMP and the two coincide; read it with `scalarOffset(ofUTF16:in:)`.
  func scalarOffsetsOfUTF16() -> [Int32] {
    guard !isBMP else { return [] }
    var offsets: [Int32] = []
    offsets.reserveCapacity(codes.count * 2 + 1)
    for (index, scalar) in codes.enumerated() {
      offsets.append(Int32(index))
      if scalar > 0xFFFF { offsets.append(Int32(index)) }
    }
    offsets.append(Int32(codes.count))
    return offsets
  }

  /// Maps a UTF-16 offset through `scalarOffsetsOfUTF16()`'s result.
  static func scalarOffset(ofUTF16 offset: Int, in offsets: [Int32]) -> Int {
    offsets.isEmpty ? offset : Int(offsets[offset])
  }

  @inline(__always) private static func note(
    _ scalar: UInt32, in flags: inout (rightToLeft: Bool, supplementary: Bool)
  ) {
    if scalar > 0xFFFF { flags.supplementary = true }
    if scalar >= 0x0590 && BidiLevels.mayBeRightToLeft(scalar) { flags.rightToLeft = true }
  }

  /// Decodes valid UTF-8 (Swift strings always are) without index validation, into a buffer
  /// allocated once (a scalar per byte at most) and written in place.
  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, flags: inout (rightToLeft: Bool, supplementary: Bool)
  ) -> [UInt32] {
    // An empty text skips the initializer: at capacity 0 it writes the count into the runtime's
    // shared empty-array storage, which ThreadSanitizer reports as a race between threads.
    guard !bytes.isEmpty else { return [] }
    return [UInt32](unsafeUninitializedCapacity: bytes.count) { output, written in
      var index = 0
      var count = 0
      let end = bytes.count
      while index < end {
        let lead = UInt32(bytes[index])
        if lead < 0x80 {
          output[count] = lead
          count += 1
          index += 1
          continue
        }
        let scalar: UInt32
        if lead < 0xE0 {
          scalar = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
          index += 2
        } else if lead < 0xF0 {
          scalar =
            (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
          index += 3
        } else {
          scalar =
            (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
            | UInt32(bytes[index + 3] & 0x3F)
          index += 4
        }
        output[count] = scalar
        count += 1
        note(scalar, in: &flags)
      }
      written = count
    }
  }
}
