internal import CFreeType

extension NativeFont {
  /// Rejects faces whose tables would give negative widths or heights: an advance of 32,768
  /// design units or more (HarfBuzz reads such advances as negative numbers) or a line box
  /// upside down (`hhea` ascender below descender, or a line gap that makes the line height
  /// negative; the same of the OS/2 typo values when `USE_TYPO_METRICS` is set).
  /// - Throws: `FontError.Code.invalidFont` naming the file, the table field and its value.
  func validate(path: String) throws(FontError) {
    let metrics = readMetrics()
    if metrics.ascender < metrics.descender {
      throw FontError(
        .invalidFont, path: path,
        message:
          "hhea.ascender (\(metrics.ascender)) is below hhea.descender (\(metrics.descender)): the line box is upside down"
      )
    }
    if metrics.ascender - metrics.descender + metrics.lineGap < 0 {
      throw FontError(
        .invalidFont, path: path,
        message:
          "hhea.lineGap (\(metrics.lineGap)) makes the line height negative (ascender \(metrics.ascender), descender \(metrics.descender))"
      )
    }
    // Skia, and so the web and flutter, take the OS/2 typo values instead where the font sets
    // USE_TYPO_METRICS: they must make a line box the right way up too.
    if metrics.useTypoMetrics, let ascender = metrics.typoAscender, let descender = metrics.typoDescender {
      if ascender < descender {
        throw FontError(
          .invalidFont, path: path,
          message:
            "OS/2.sTypoAscender (\(ascender)) is below OS/2.sTypoDescender (\(descender)) with USE_TYPO_METRICS set: the line box is upside down"
        )
      }
      let lineGap = metrics.typoLineGap ?? 0
      if ascender - descender + lineGap < 0 {
        throw FontError(
          .invalidFont, path: path,
          message:
            "OS/2.sTypoLineGap (\(lineGap)) makes the line height negative with USE_TYPO_METRICS set (ascender \(ascender), descender \(descender))"
        )
      }
    }
    if let (glyph, advance) = firstHugeAdvance() {
      throw FontError(
        .invalidFont, path: path,
        message:
          "hmtx.advanceWidth of glyph \(glyph) is \(advance) design units; advances of 32768 or more are not supported"
      )
    }
  }

  /// The first glyph whose `hmtx` advance is 32,768 design units or more, read from the table
  /// itself (`hhea.advanceWidthMax` may lie), or nil.
  private func firstHugeAdvance() -> (glyph: Int, advance: Int)? {
    let tag: FT_ULong = 0x686D_7478  // "hmtx"
    var length: FT_ULong = 0
    guard FT_Load_Sfnt_Table(ftFace, tag, 0, nil, &length) == 0, length >= 4 else { return nil }
    var metricCount = Int(length / 4)
    if let raw = FT_Get_Sfnt_Table(ftFace, FT_SFNT_HHEA) {
      metricCount = min(
        metricCount, Int(raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee.number_Of_HMetrics))
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(length)) { buffer in
      guard FT_Load_Sfnt_Table(ftFace, tag, 0, buffer.baseAddress, &length) == 0 else { return nil }
      for glyph in 0..<metricCount {
        let advance = Int(buffer[glyph * 4]) << 8 | Int(buffer[glyph * 4 + 1])
        if advance >= 0x8000 { return (glyph, advance) }
      }
      return nil
    }
  }
}
