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
  /// bidi level of its first scalar is odd. Text without RTL scalars skips ICU entirely.
  static func rightToLeftFlags(_ codes: [UInt32], breaks: [(end: Int, isHard: Bool)]) throws(TextError) -> [Bool] {
    guard codes.contains(where: mayBeRightToLeft) else {
      return [Bool](repeating: false, count: breaks.count)
    }
    var utf16: [UInt16] = []
    var utf16OfScalar: [Int32] = []
    for scalar in codes {
      utf16OfScalar.append(Int32(utf16.count))
      if scalar > 0xFFFF {
        let value = scalar - 0x10000
        utf16.append(UInt16(0xD800 + (value >> 10)))
        utf16.append(UInt16(0xDC00 + (value & 0x3FF)))
      } else {
        utf16.append(UInt16(scalar))
      }
    }
    var status: Int32 = 0
    guard let bidi = cshims_ubidi_open(utf16, Int32(utf16.count), 0xFE, &status), status <= 0 else {
      throw TextError(.segmentationFailed, "ICU bidi analysis failed (error \(status))")
    }
    defer { cshims_ubidi_close(bidi) }
    var flags: [Bool] = []
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
