/// A text decoded once into Unicode scalar values (every offset the engine reports counts
/// these), plus the facts that let later stages skip work: text without supplementary scalars
/// has equal UTF-16 and scalar offsets, and text without RTL scalars needs no bidi analysis.
/// UTF-16, which only ICU reads (bidi, dictionary line breaking, grapheme clusters), is made on
/// demand.
struct DecodedText {
  private(set) var codes: [UInt32]
  private(set) var mayBeRightToLeft = false
  private(set) var hasSupplementaryScalars = false
  /// True when the text holds General Punctuation (`generalPunctuation`): only such texts may
  /// hold punctuation a font shapes by script (`Font.scriptSensitivePunctuation`,
  /// `TextMeasurer.scriptSensitiveDirections`).
  private(set) var hasGeneralPunctuation = false

  /// The General Punctuation block (`…`, dashes, curly quotes).
  static let generalPunctuation: ClosedRange<UInt32> = 0x2000...0x206F

  /// What decoding notes about the scalars (see the properties of the same names).
  typealias Flags = (rightToLeft: Bool, supplementary: Bool, generalPunctuation: Bool)

  init(_ text: String) {
    // `withUTF8` always provides contiguous UTF-8 (copying a bridged string first).
    var text = text
    self = text.withUTF8 { DecodedText(validUTF8: $0) }
  }

  /// The scalars of `bytes`, which must be well-formed UTF-8.
  init(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    var flags: Flags = (false, false, false)
    codes = Self.decode(bytes, flags: &flags)
    (mayBeRightToLeft, hasSupplementaryScalars, hasGeneralPunctuation) = flags
  }

  /// The text in UTF-16.
  func makeUTF16() -> [UInt16] {
    guard hasSupplementaryScalars else { return codes.map { UInt16(truncatingIfNeeded: $0) } }
    return codes.withUnsafeBufferPointer { Self.withUTF16(of: $0) { utf16, _ in Array(utf16) } }
  }

  /// Runs `body` with `scalars` in UTF-16 (what ICU's iterators read) and the scalar offset of
  /// each UTF-16 unit and of the end, both in scratch space.
  @inline(__always) static func withUTF16<Result>(
    of scalars: UnsafeBufferPointer<UInt32>,
    _ body: (_ utf16: UnsafeBufferPointer<UInt16>, _ scalarOfUnit: UnsafeBufferPointer<Int32>) -> Result
  ) -> Result {
    let unitCapacity = scalars.count * 2
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(1, unitCapacity)) { utf16 in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: unitCapacity + 1) { scalarOfUnit in
        var unitCount = 0
        for (index, scalar) in scalars.enumerated() {
          if scalar > 0xFFFF {
            let value = scalar - 0x10000
            utf16[unitCount] = UInt16(0xD800 + (value >> 10))
            scalarOfUnit[unitCount] = Int32(index)
            unitCount += 1
            utf16[unitCount] = UInt16(0xDC00 + (value & 0x3FF))
          } else {
            utf16[unitCount] = UInt16(truncatingIfNeeded: scalar)
          }
          scalarOfUnit[unitCount] = Int32(index)
          unitCount += 1
        }
        scalarOfUnit[unitCount] = Int32(scalars.count)
        return body(
          UnsafeBufferPointer(rebasing: utf16[..<unitCount]),
          UnsafeBufferPointer(rebasing: scalarOfUnit[...unitCount]))
      }
    }
  }

  @inline(__always) private static func note(
    _ scalar: UInt32, in flags: inout Flags
  ) {
    if scalar > 0xFFFF { flags.supplementary = true }
    if scalar >= 0x0590 && BidiLevels.mayBeRightToLeft(scalar) { flags.rightToLeft = true }
  }

  /// Decodes valid UTF-8 (Swift strings always are) without index validation, into a buffer
  /// allocated once (a scalar per byte at most) and written in place.
  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, flags: inout Flags
  ) -> [UInt32] {
    // An empty text skips the initializer: at capacity 0 it writes the count into the runtime's
    // shared empty-array storage, which ThreadSanitizer reports as a race between threads.
    guard !bytes.isEmpty else { return [] }
    // (Counters without overflow checks: both stay under the byte count.)
    return [UInt32](unsafeUninitializedCapacity: bytes.count) { output, written in
      var index = 0
      var count = 0
      let end = bytes.count
      while index < end {
        let lead = UInt32(bytes[index])
        if lead < 0x80 {
          output[count] = lead
          count &+= 1
          index &+= 1
          continue
        }
        let scalar: UInt32
        if lead < 0xE0 {
          scalar = (lead & 0x1F) << 6 | UInt32(bytes[index &+ 1] & 0x3F)
          index &+= 2
        } else if lead < 0xF0 {
          scalar =
            (lead & 0x0F) << 12 | UInt32(bytes[index &+ 1] & 0x3F) << 6 | UInt32(bytes[index &+ 2] & 0x3F)
          index &+= 3
          // Only U+0800…U+0FFF, U+2000…U+2FFF and U+F000…U+FFFF hold right-to-left scalars
          // among three-byte sequences (the CJK blocks between them do not).
          if lead != 0xE0 && lead != 0xE2 && lead != 0xEF {
            output[count] = scalar
            count &+= 1
            continue
          }
          // (Only three-byte sequences hold General Punctuation.)
          if scalar &- generalPunctuation.lowerBound <= generalPunctuation.upperBound
            &- generalPunctuation.lowerBound
          {
            flags.generalPunctuation = true
          }
        } else {
          let high = (lead & 0x07) << 18 | UInt32(bytes[index &+ 1] & 0x3F) << 12
          scalar = high | UInt32(bytes[index &+ 2] & 0x3F) << 6 | UInt32(bytes[index &+ 3] & 0x3F)
          index &+= 4
        }
        output[count] = scalar
        count &+= 1
        note(scalar, in: &flags)
      }
      written = count
    }
  }
}
