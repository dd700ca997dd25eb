import CShims

/// Bidi embedding levels from ICU's implementation of the Unicode Bidirectional Algorithm,
/// reduced to the direction each line-break segment is shaped in.
enum BidiLevels {
  /// True for scalars that can start a right-to-left run (Hebrew, Arabic, Syriac, Thaana, NKo,
  /// their presentation forms, RTL historic scripts) and the explicit RTL formatting marks.
  static func mayBeRightToLeft(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
      0x200F, 0x202B, 0x202E, 0x2067:
      return true
    default:
      return false
    }
  }

  /// For each segment (ending at `breaks[i].end`), whether it is shaped right-to-left: the
  /// bidi level of its first scalar is odd.
  static func rightToLeftFlags(_ decoded: DecodedText, breaks: [(end: Int, isHard: Bool)]) throws(TextError)
    -> [Bool]
  {
    var utf16OfScalar: [Int32] = []
    utf16OfScalar.reserveCapacity(decoded.codes.count)
    var offset: Int32 = 0
    for scalar in decoded.codes {
      utf16OfScalar.append(offset)
      offset += scalar > 0xFFFF ? 2 : 1
    }
    var status: Int32 = 0
    guard let bidi = cshims_ubidi_open(decoded.utf16, Int32(decoded.utf16.count), 0xFE, &status), status <= 0
    else {
      throw TextError(.segmentationFailed, "ICU bidi analysis failed (error \(status))")
    }
    defer { cshims_ubidi_close(bidi) }
    var flags: [Bool] = []
    flags.reserveCapacity(breaks.count)
    var start = 0
    for segment in breaks {
      var limit: Int32 = 0
      var level: UInt8 = 0
      cshims_ubidi_logical_run(bidi, utf16OfScalar[start], &limit, &level)
      flags.append(level & 1 == 1)
      start = segment.end
    }
    return flags
  }
}
