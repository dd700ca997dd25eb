public import TextEngine

/// The font files a web card page loads through `@font-face`: the measurer's regular and bold
/// chains, slot by slot, so that the browser falls back through the same fonts in the same
/// order as the measurement (`font-family: "ss-f0", "ss-f1", …`, weight 400 from the regular
/// chain and 700 from the bold one).
public struct WebCardFonts: Sendable, Hashable {
  /// The regular chain's files, primary first.
  public var regular: [String]
  /// The bold chain's files, primary first.
  public var bold: [String]

  /// The given files.
  public init(regular: [String], bold: [String]) {
    self.regular = regular
    self.bold = bold
  }

  /// The files of `measurer`'s chains.
  public init(measurer: TextMeasurer) {
    self.init(regular: measurer.regular.fonts.map(\.path), bold: measurer.bold.fonts.map(\.path))
  }

  /// The CSS family names, one per slot.
  var families: [String] { (0..<max(regular.count, bold.count)).map { "ss-f\($0)" } }

  /// The `font-family` value of every text.
  var familyList: String { families.map { "\"\($0)\"" }.joined(separator: ", ") }

  /// The `@font-face` rules.
  var faces: String {
    var css = ""
    for (weight, files) in [(400, regular), (700, bold)] {
      for (slot, path) in files.enumerated() {
        css +=
          "@font-face { font-family: \"ss-f\(slot)\"; src: url(\"\(Self.fileURL(path))\"); "
          + "font-weight: \(weight); font-display: block; }\n"
      }
    }
    return css
  }

  /// `file:///…` with every byte that is not safe in a URL percent-encoded.
  static func fileURL(_ path: String) -> String {
    var url = "file://"
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        url.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        url += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return url
  }
}

extension String {
  /// The string with zeros before it up to `length` characters.
  func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}
