internal import CShims

/// Blink's text-spacing class of a character (`HanKerningCharType`, CSS Text 4's "text spacing
/// character classes"), as `SetHanKerning` in Blink's `character_property_data_generator.cc`
/// assigns them: fullwidth brackets open or close, other brackets are narrow, and the classes of
/// full stops, commas, colons, semicolons and curly quotes depend on the font that sets them
/// (``HanKerningFont/resolved(_:)``).
enum HanKerningClass: UInt8, Sendable {
  case other, open, close, middle, openNarrow, closeNarrow
  /// U+3001, U+3002, U+FF0C, U+FF0E: open, close, middle or other by the font's glyphs.
  case dot
  /// U+FF1A.
  case colon
  /// U+FF1B.
  case semicolon
  /// U+2018, U+201C: open when the font sets curly quotes fullwidth, else narrow.
  case openQuote
  /// U+2019, U+201D.
  case closeQuote

  /// The class of `scalar`.
  static func of(_ scalar: UInt32) -> HanKerningClass {
    switch scalar {
    case 0x2018, 0x201C: return .openQuote
    case 0x2019, 0x201D: return .closeQuote
    case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return .dot
    case 0xFF1A: return .colon
    case 0xFF1B: return .semicolon
    // Ideographic space, middle dot, hyphenation point, katakana middle dot.
    case 0x3000, 0x00B7, 0x2027, 0x30FB: return .middle
    default:
      // (Brackets are General_Category Ps and Pe: none below U+0028.)
      guard scalar >= 0x28 else { return .other }
      switch cshims_bracket_width_class(scalar) {
      case CSHIMS_BRACKET_OPEN: return .open
      case CSHIMS_BRACKET_CLOSE: return .close
      case CSHIMS_BRACKET_OPEN_NARROW: return .openNarrow
      case CSHIMS_BRACKET_CLOSE_NARROW: return .closeNarrow
      default: return .other
      }
    }
  }

  /// True for the classes a font may set half as wide by its `halt` feature (the character
  /// itself may lose space; narrow and middle characters only decide their neighbours').
  var mayBeTrimmed: Bool {
    switch self {
    case .open, .close, .dot, .colon, .semicolon, .openQuote, .closeQuote: return true
    case .other, .middle, .openNarrow, .closeNarrow: return false
    }
  }

  /// True where a scalar may be of a class that can be trimmed: curly quotes, CJK Symbols and
  /// Punctuation and the fullwidth forms (East_Asian_Width Fullwidth brackets are all there): a quick
  /// test before ``of(_:)``.
  @inline(__always) static func mayBeTrimmed(_ scalar: UInt32) -> Bool {
    (0x2018...0x201D).contains(scalar) || (0x3001...0x303F).contains(scalar)
      || (0xFF01...0xFF60).contains(scalar)
  }

  /// True for `MaybeHanKerningClose`: a closing bracket or quote, which Blink may set half as
  /// wide at a line's end where that makes it fit.
  var maybeClosesAtLineEnd: Bool { self == .close || self == .closeQuote }
}
