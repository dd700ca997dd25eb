internal import CShims

/// ICU's character properties: the one place the engine asks ICU about a code point.
enum ICUProperties {
  /// A code point's UAX #14 Line_Break value (ICU's `ULineBreak` numbering) and the facts rules
  /// LB1, LB30 and LB30b need beside it.
  struct LineBreakProperty: Sendable, Hashable {
    /// ICU's `ULineBreak` value, 0 = XX … 42 = ZWJ.
    var value: Int32
    /// East_Asian_Width F, W or H.
    var isEastAsianWide: Bool
    /// Extended_Pictographic and unassigned.
    var isPictographicUnassigned: Bool
    /// General_Category Mn or Mc.
    var isMark: Bool

    init(packed: Int32) {
      value = packed & CSHIMS_LB_VALUE_MASK
      isEastAsianWide = packed & CSHIMS_LB_EAST_ASIAN_WIDE != 0
      isPictographicUnassigned = packed & CSHIMS_LB_PICTOGRAPHIC_UNASSIGNED != 0
      isMark = packed & CSHIMS_LB_MARK != 0
    }
  }

  static func lineBreakProperty(_ codePoint: UInt32) -> LineBreakProperty {
    LineBreakProperty(packed: cshims_line_break_property(codePoint))
  }

  /// Calls `body` with the properties of every code point in `range`, in order, read from ICU's
  /// property maps range by range (a few thousand ranges for the whole BMP instead of a look-up
  /// per code point). Returns false, without calling `body`, if ICU cannot provide the maps.
  static func forEachLineBreakProperty(
    in range: Range<UInt32>, _ body: (UInt32, LineBreakProperty) -> Void
  ) -> Bool {
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, range.count)) { packed in
      guard cshims_line_break_properties(range.lowerBound, range.upperBound, packed.baseAddress!) else {
        return false
      }
      for (offset, codePoint) in range.enumerated() {
        body(codePoint, LineBreakProperty(packed: packed[offset]))
      }
      return true
    }
  }

  /// The script and shaping flags of every code point in `range` (see `ShapingPropertyTable`),
  /// read from ICU's property maps range by range; nil if ICU cannot provide the maps.
  static func shapingProperties(in range: Range<UInt32>) -> [UInt16]? {
    var output = [UInt16](repeating: 0, count: range.count)
    let filled = output.withUnsafeMutableBufferPointer {
      cshims_shaping_properties(range.lowerBound, range.upperBound, $0.baseAddress!)
    }
    return filled ? output : nil
  }

  /// Flags of `shapingProperties(in:)`.
  static let shapingScriptMask = UInt16(CSHIMS_SHAPING_SCRIPT_MASK)
  static let shapingAlone = UInt16(CSHIMS_SHAPING_ALONE)
  static let shapingIgnorable = UInt16(CSHIMS_SHAPING_IGNORABLE)
  static let shapingEmoji = UInt16(CSHIMS_SHAPING_EMOJI)

  /// The ICU script code (UScriptCode) of a code point; Common (0) when ICU cannot tell.
  static func scriptCode(_ codePoint: UInt32) -> Int32 {
    var status: Int32 = 0
    let code = cshims_script_of(codePoint, &status)
    return status <= 0 ? code : 0
  }

  /// The ISO 639 language codes ICU knows (two letters, and three where there are none).
  static func isoLanguages() -> [String] {
    let list = cshims_iso_languages()
    var languages: [String] = []
    var index = 0
    while let code = list[index] {
      languages.append(String(cString: code))
      index += 1
    }
    return languages
  }

  /// The ISO 15924 short name of an ICU script code, or nil.
  static func scriptTag(ofCode code: Int32) -> String? {
    cshims_script_short_name(code).map { String(cString: $0) }
  }

  /// The ISO 15924 short name of the code point's script ("Latn", "Hani", "Zyyy" for Common,
  /// "Zinh" for Inherited), or "Zyyy" when ICU cannot tell.
  static func scriptTag(_ codePoint: UInt32) -> String {
    var status: Int32 = 0
    let code = cshims_script_of(codePoint, &status)
    guard status <= 0, let name = cshims_script_short_name(code) else { return "Zyyy" }
    return String(cString: name)
  }

  /// ICU's `UScriptCode` values the engine names.
  enum Script {
    static let common: Int32 = 0
    static let inherited: Int32 = 1
    static let arabic: Int32 = 2
    static let bopomofo: Int32 = 5
    static let han: Int32 = 17
    static let hiragana: Int32 = 20
    static let katakana: Int32 = 22
    static let latin: Int32 = 25
    static let mongolian: Int32 = 27
    static let syriac: Int32 = 34
    static let katakanaOrHiragana: Int32 = 54
    static let mandaic: Int32 = 84
    static let nko: Int32 = 87
    static let phagsPa: Int32 = 90
    static let hanifiRohingya: Int32 = 182

    /// Common or Inherited: a character of either takes the script of the run it is in.
    static func isCommonOrInherited(_ script: Int32) -> Bool { script == common || script == inherited }

    /// The scripts whose letters join, which Blink and SkParagraph letter-space not at all
    /// (`Character::IsCursiveScript`, Skia's `Run::isCursiveScript`).
    static func isCursive(_ script: Int32) -> Bool {
      switch script {
      case arabic, hanifiRohingya, mandaic, mongolian, nko, phagsPa, syriac: true
      default: false
      }
    }
  }

  /// A code point's Script_Extensions (UScriptCode values; its script alone when it has none);
  /// empty when ICU cannot tell.
  static func scriptExtensions(_ codePoint: UInt32) -> [Int32] {
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 32) { room in
      let count = cshims_script_extensions(codePoint, room.baseAddress!, 32)
      return Array(room.prefix(Int(min(max(count, 0), 32))))
    }
  }

  /// The Bidi_Paired_Bracket_Type of a code point: an opening or closing bracket, or neither.
  enum PairedBracketType { case none, open, close }

  static func pairedBracketType(_ codePoint: UInt32) -> PairedBracketType {
    switch cshims_paired_bracket_type(codePoint) {
    case 1: .open
    case 2: .close
    default: .none
    }
  }

  /// The Bidi_Paired_Bracket of a code point (itself when it has none).
  static func pairedBracket(_ codePoint: UInt32) -> UInt32 { cshims_paired_bracket(codePoint) }

  /// Default_Ignorable_Code_Point (ZWJ, variation selectors, …).
  static func isDefaultIgnorable(_ codePoint: UInt32) -> Bool {
    cshims_is_default_ignorable(codePoint)
  }

  /// Grapheme_Cluster_Break Extend, ZWJ or SpacingMark: the scalar joins the grapheme cluster
  /// before it (combining marks, ZWNJ, ZWJ; not the format controls UAX #14 counts as marks).
  static func extendsGraphemeCluster(_ codePoint: UInt32) -> Bool {
    cshims_extends_grapheme_cluster(codePoint)
  }

  /// Emoji_Presentation (shown as emoji without VS16).
  static func isEmojiPresentation(_ codePoint: UInt32) -> Bool {
    cshims_is_emoji_presentation(codePoint)
  }

  /// ICU's version ("72.1").
  static var icuVersion: String { versionString(cshims_icu_version) }

  /// The Unicode version ICU implements ("15.0").
  static var unicodeVersion: String { versionString(cshims_unicode_version) }

  private static func versionString(_ write: (UnsafeMutablePointer<CChar>, Int32) -> Void) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
      buffer.initialize(repeating: 0)
      write(buffer.baseAddress!, 32)
      return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }
}
