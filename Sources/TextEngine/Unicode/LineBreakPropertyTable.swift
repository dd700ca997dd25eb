/// The line-break class of every BMP code point, so that breaking a text costs one array load
/// per scalar: compiled into the package (`CompiledUnicodeTables`, made from ICU's properties by
/// `fromICU()`). Scalars beyond the BMP (emoji, CJK extension ideographs) are rare enough to ask
/// ICU each time.
///
/// An entry is the class's raw value, with `complexContextFlag` set for SA scalars; a
/// platform's own table (`LineBreakTailoring.propertyTable`) also sets `tailoredFlag`.
enum LineBreakPropertyTable {
  static let complexContextFlag: UInt8 = 0x80
  /// Set in a tailoring's table for the scalars next to which it may decide differently.
  static let tailoredFlag: UInt8 = 0x40
  /// The bits of an entry that hold the class.
  static let classMask: UInt8 = 0x3F

  static let basicMultilingualPlane: [UInt8] = CompiledUnicodeTables.lineBreak()

  /// `basicMultilingualPlane` with the scalars of class CJ (small kana, the prolonged sound
  /// mark, all in the BMP) as ideographs: ICU's `lb=normal`, which the platforms that break
  /// before them use.
  static let basicMultilingualPlaneWithConditionalJapaneseStartersAsIdeographs: [UInt8] = {
    var table = basicMultilingualPlane
    for scalar in UnicodeProperties.conditionalJapaneseStarters {
      table[Int(scalar)] = LineBreakClass.ideographic.rawValue
    }
    return table
  }()

  /// The table built from the running ICU's property maps (what `CompiledUnicodeTables` holds
  /// when it was made with this ICU).
  static func fromICU() -> [UInt8] {
    var table = [UInt8](repeating: 0, count: 0x1_0000)
    let filled = table.withUnsafeMutableBufferPointer { table in
      ICUProperties.forEachLineBreakProperty(in: 0..<0x1_0000) { codePoint, property in
        table[Int(codePoint)] = entry(property)
      }
    }
    if !filled {
      for codePoint in 0..<UInt32(0x1_0000) { table[Int(codePoint)] = entry(codePoint) }
    }
    return table
  }

  /// The table entry of any code point, from ICU.
  static func entry(_ codePoint: UInt32) -> UInt8 {
    entry(ICUProperties.lineBreakProperty(codePoint))
  }

  /// The table entry of a code point with these properties.
  static func entry(_ property: ICUProperties.LineBreakProperty) -> UInt8 {
    let (lineBreakClass, isComplexContext) = LineBreakClass.resolve(property)
    return lineBreakClass.rawValue | (isComplexContext ? complexContextFlag : 0)
  }
}
