/// A text decoded once into the two encodings the engine needs: Unicode scalar values (every
/// offset the engine reports counts these) and UTF-16 (what ICU reads), plus the facts that
/// let later stages skip work (all-BMP text needs no offset mapping; text without RTL scalars
/// needs no bidi analysis).
struct DecodedText {
  var codes: [UInt32] = []
  var utf16: [UInt16] = []
  var mayBeRightToLeft = false

  init(_ text: String) {
    var text = text
    let decoded: Void? = text.withUTF8 { bytes in decode(bytes) }
    if decoded == nil {
      for scalar in text.unicodeScalars { append(scalar.value) }
    }
  }

  init(codes: [UInt32]) {
    self.codes.reserveCapacity(codes.count)
    utf16.reserveCapacity(codes.count)
    for code in codes { append(code) }
  }

  /// True when every scalar is in the BMP, so UTF-16 offsets equal scalar offsets.
  var isBMP: Bool { utf16.count == codes.count }

  /// The scalar offset of every UTF-16 offset (and of the end), or an empty array when the text
  /// is all BMP and the two coincide; read it with `scalarOffset(ofUTF16:in:)`.
  func scalarOffsetsOfUTF16() -> [Int32] {
    guard !isBMP else { return [] }
    var offsets: [Int32] = []
    offsets.reserveCapacity(utf16.count + 1)
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

  /// Decodes valid UTF-8 (Swift strings always are) without index validation.
  private mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) {
    codes.reserveCapacity(bytes.count)
    utf16.reserveCapacity(bytes.count)
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = UInt32(bytes[index])
      if lead < 0x80 {
        codes.append(lead)
        utf16.append(UInt16(lead))
        index += 1
        continue
      }
      var scalar: UInt32
      if lead < 0xE0 {
        scalar = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        index += 2
      } else if lead < 0xF0 {
        scalar = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        index += 3
      } else {
        scalar =
          (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
          | UInt32(bytes[index + 3] & 0x3F)
        index += 4
      }
      append(scalar)
    }
  }

  private mutating func append(_ scalar: UInt32) {
    codes.append(scalar)
    if scalar > 0xFFFF {
      let value = scalar - 0x10000
      utf16.append(UInt16(0xD800 + (value >> 10)))
      utf16.append(UInt16(0xDC00 + (value & 0x3FF)))
    } else {
      utf16.append(UInt16(truncatingIfNeeded: scalar))
    }
    if scalar >= 0x0590, !mayBeRightToLeft, BidiLevels.mayBeRightToLeft(scalar) { mayBeRightToLeft = true }
  }
}
