import Testing

@testable import TextEngine

/// `WebScalarScan` finds tabs, hyphens before digits and soft hyphens at every offset, eight
/// scalars a step and in the tail after the last whole step.
@Suite struct WebScalarScanTests {
  func scan(_ codes: [UInt32]) -> WebScalarScan { codes.withUnsafeBufferPointer { WebScalarScan($0) } }

  /// A scalar the scan looks for, the flag it raises, a flag it must not raise, and a scalar
  /// that looks alike and raises none.
  enum Sought: CaseIterable, Sendable {
    case tab, softHyphen

    var scalar: UInt32 { self == .tab ? 9 : 0xAD }
    var lookalike: UInt32 { self == .tab ? 0x20 : 0x2D }
    func found(in scan: WebScalarScan) -> Bool { self == .tab ? scan.hasTab : scan.hasSoftHyphen }
    func other(in scan: WebScalarScan) -> Bool { self == .tab ? scan.hasLineStartHyphen : scan.hasTab }
  }

  /// A tab or a soft hyphen is found wherever it is, and raises no other flag; a space or a
  /// hyphen-minus raises none.
  @Test(arguments: Sought.allCases)
  func scalarsAreFoundAtEveryOffset(_ sought: Sought) {
    for count in 0..<20 {
      for position in 0..<count {
        var codes = [UInt32](repeating: 0x61, count: count)
        codes[position] = sought.scalar
        #expect(sought.found(in: scan(codes)), "\(position) of \(count)")
        #expect(!sought.other(in: scan(codes)), "\(position) of \(count)")
      }
      #expect(!sought.found(in: scan([UInt32](repeating: sought.lookalike, count: count))))
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
          #expect(scan(codes).hasLineStartHyphen, "\(pattern) at \(position) of \(count)")
          #expect(!scan(codes).hasTab)
        }
        for pattern in notHolding {
          var codes = [UInt32](repeating: 0x4E00, count: count)
          codes.insert(contentsOf: pattern, at: position)
          #expect(!scan(codes).hasLineStartHyphen, "\(pattern) at \(position) of \(count)")
        }
      }
    }
  }

  /// `x–a`, `x‐a`, `x‒a`, `x-б` hold a hyphen a cut word's line may start with and keep the
  /// letter after (LB20a at the line's start); `x-a` (Blink's pair table breaks), `x‑a` (a
  /// no-break hyphen), `x–1` and `x—a` (an em dash) do not, wherever they are.
  /// Without General Punctuation in the text the scan does not look for the dashes.
  @Test func dashesAreLookedForOnlyWhenAsked() {
    let codes: [UInt32] = [0x78, 0x78, 0x78, 0x78, 0x78, 0x78, 0x2013, 0x61, 0x78, 0x78]
    #expect(codes.withUnsafeBufferPointer { WebScalarScan($0, looksForDashes: true) }.hasLineStartHyphen)
    #expect(!codes.withUnsafeBufferPointer { WebScalarScan($0, looksForDashes: false) }.hasLineStartHyphen)
  }

  @Test func wordInitialHyphensAtLineStartsAreFoundAtEveryOffset() {
    let holding: [[UInt32]] = [
      [0x78, 0x2013, 0x61], [0x78, 0x2010, 0x61], [0x78, 0x2012, 0x61], [0x78, 0x2D, 0x431],
    ]
    let notHolding: [[UInt32]] = [
      [0x78, 0x2D, 0x61], [0x78, 0x2011, 0x61], [0x78, 0x2013, 0x31], [0x78, 0x2014, 0x61],
    ]
    for count in 0..<20 {
      for position in 0...count {
        for pattern in holding {
          var codes = [UInt32](repeating: 0x4E00, count: count)
          codes.insert(contentsOf: pattern, at: position)
          #expect(scan(codes).hasLineStartHyphen, "\(pattern) at \(position) of \(count)")
        }
        for pattern in notHolding {
          var codes = [UInt32](repeating: 0x4E00, count: count)
          codes.insert(contentsOf: pattern, at: position)
          #expect(!scan(codes).hasLineStartHyphen, "\(pattern) at \(position) of \(count)")
        }
      }
    }
  }
}
