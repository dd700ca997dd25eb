internal import CShims

/// The BMP property tables compiled into the package (`Sources/CShims/unicode_tables.c`), made
/// from ICU by `Scripts/make-unicode-tables.sh`. Expanding them costs a few hundred thousand
/// instructions; building them from ICU's property maps at start-up cost about 70 million.
enum CompiledUnicodeTables {
  /// The line-break entry (see `LineBreakPropertyTable`) of every BMP code point.
  static func lineBreak() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: 0x1_0000) { buffer, count in
      cshims_compiled_line_break_table(buffer.baseAddress!)
      count = 0x1_0000
    }
  }

  /// The shaping entry (see `ShapingPropertyTable`) of every BMP code point.
  static func shaping() -> [UInt16] {
    [UInt16](unsafeUninitializedCapacity: 0x1_0000) { buffer, count in
      cshims_compiled_shaping_table(buffer.baseAddress!)
      count = 0x1_0000
    }
  }

  /// The Unicode version of the ICU the tables were made from, e.g. "15.0".
  static var unicodeVersion: String {
    String(cString: cshims_compiled_tables_unicode_version())
  }
}
