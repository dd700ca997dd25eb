import Testing

@testable import TextEngine

/// `WebScalarScan` finds tabs, hyphens before digits and soft hyphens at every offset, eight
/// scalars a step and in the tail after the last whole step.
@Suite struct WebScalarScanTests {
  func scan(_ codes: [UInt32]) -> WebScalarScan { codes.withUnsafeBufferPointer(WebScalarScan.init(_:)) }

  @Test func tabsAreFoundAtEveryOffset() {
    for count in 0..<20 {
      for position in 0..<count {
        var codes = [UInt32](repeating: 0x61, count: count)
        codes[position] = 9
        #expect(scan(codes).hasTab, "\(position) of \(count)")
        #expect(!scan(codes).hasHyphenBeforeDigit, "\(position) of \(count)")
      }
      #expect(!scan([UInt32](repeating: 0x20, count: count)).hasTab)
    }
  }

  /// `a-1`, `9-1` hold one; `-1`, ` -1`, `a-`, `a-b`, `é-1`, `a--1` and `a-١` (an Arabic-Indic
  /// digit) do not, wherever they are (Blink's rule reads ASCII letters and digits only).
  @Test func hyphensBeforeDigitsAreFoundAtEveryOffset() {
    let holding: [[UInt32]] = [[0x61, 0x2D, 0x31], [0x39, 0x2D, 0x31], [0x5A, 0x2D, 0x30]]
    let notHolding: [[UInt32]] = [
      [0x2D, 0x31], [0x20, 0x2D, 0x31], [0x61, 0x2D], [0x61, 0x2D, 0x62], [0xE9, 0x2D, 0x31],
      [0x61, 0x2D, 0x2D, 0x31], [0x61, 0x2D, 0x661],
    ]
    for count in 0..<20 {
      for position in 0...count {
        for pattern in holding {
          var codes = [UInt32](repeating: 0x4E00, count: count)
          codes.insert(contentsOf: pattern, at: position)
          #expect(scan(codes).hasHyphenBeforeDigit, "\(pattern) at \(position) of \(count)")
          #expect(!scan(codes).hasTab)
        }
        for pattern in notHolding {
          var codes = [UInt32](repeating: 0x4E00, count: count)
          codes.insert(contentsOf: pattern, at: position)
          #expect(!scan(codes).hasHyphenBeforeDigit, "\(pattern) at \(position) of \(count)")
        }
      }
    }
  }

  @Test func softHyphensAreFoundAtEveryOffset() {
    for count in 0..<20 {
      for position in 0..<count {
        var codes = [UInt32](repeating: 0x61, count: count)
        codes[position] = 0xAD
        #expect(scan(codes).hasSoftHyphen, "\(position) of \(count)")
        #expect(!scan(codes).hasTab)
      }
      #expect(!scan([UInt32](repeating: 0x2D, count: count)).hasSoftHyphen)
    }
  }
}
