/// Checks that bytes are well-formed UTF-8 (The Unicode Standard, table 3-7): no overlong
/// forms, no surrogates, nothing above U+10FFFF, no sequence cut short.
package enum UTF8Validation {
  /// Whether `bytes` are well-formed UTF-8: eight ASCII bytes at a time, then sequence by
  /// sequence.
  package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
      let lead = base[index]
      if lead < 0x80 {
        // Eight ASCII bytes at a time from here while there are.
        if count &- index >= 8,
          UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & ByteWord.highBits == 0
        {
          index &+= 8
        } else {
          index &+= 1
        }
        continue
      }
      // Most of CJK: a lead byte whose second byte may be any continuation byte.
      if lead >= 0xE1, lead != 0xED, lead <= 0xEF, count &- index >= 3 {
        guard base[index &+ 1] & 0xC0 == 0x80, base[index &+ 2] & 0xC0 == 0x80 else { return false }
        index &+= 3
        continue
      }
      // The sequence's length, and the range its second byte must fall in.
      let length: Int
      var secondLow: UInt8 = 0x80
      var secondHigh: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        secondLow = 0xA0
      case 0xED:
        length = 3
        secondHigh = 0x9F
      case 0xE1...0xEF: length = 3
      case 0xF0:
        length = 4
        secondLow = 0x90
      case 0xF4:
        length = 4
        secondHigh = 0x8F
      case 0xF1...0xF3: length = 4
      default: return false
      }
      guard count &- index >= length else { return false }
      let second = base[index &+ 1]
      guard second >= secondLow, second <= secondHigh else { return false }
      var offset = 2
      while offset < length {
        guard base[index &+ offset] & 0xC0 == 0x80 else { return false }
        offset &+= 1
      }
      index &+= length
    }
    return true
  }
}
