extension SegmentShaper {
  /// Shapes a segment on the common path and calls `body` with its grapheme widths (in ems),
  /// grapheme ends and the number of trailing whitespace graphemes, all in scratch space.
  ///
  /// The common path is a segment of BMP scalars that are each a grapheme cluster of their own,
  /// none asking for emoji presentation, all covered by the primary font: then the clusters,
  /// the font and the scripts come from one table look-up per scalar and nothing is allocated.
  /// Returns false, without calling `body`, for any other segment (`shape` handles it); both
  /// give the same widths.
  func shapeSimple(
    _ scalars: UnsafeBufferPointer<UInt32>, isRightToLeft: Bool,
    _ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Int32>, Int) -> Void
  ) -> Bool {
    let count = scalars.count
    guard count > 0 else { return false }
    let splitsLigatures = self.splitsLigatures
    let primary = chain.fonts[0]
    let disabled = self.disabledFeatures(ofFontAt: 0)
    // The closure below captures these, not `self` (whose copy would retain the whole chain).
    let language = self.language
    let hangsOtherSpaces = hangsOtherSpaceSeparators
    let mayHoldSoftHyphens = self.mayHoldSoftHyphens
    return withUnsafeTemporaryAllocation(byteCount: count * 17, alignment: 8) { raw in
      let base = raw.baseAddress.unsafelyUnwrapped
      let widths = base.bindMemory(to: Double.self, capacity: count)
      let shaping = (base + 8 * count).bindMemory(to: UInt32.self, capacity: count)
      let ends = (base + 12 * count).bindMemory(to: Int32.self, capacity: count)
      let scripts = (base + 16 * count).bindMemory(to: UInt8.self, capacity: count)
      guard Self.resolveSimple(scalars, primary: primary, shaping: shaping, scripts: scripts) else {
        return false
      }
      for index in 0..<count {
        widths[index] = 0
        ends[index] = Int32(truncatingIfNeeded: index &+ 1)
      }

      Self.addAdvancesByScriptRun(
        UnsafeBufferPointer(start: shaping, count: count), scripts: scripts, font: primary,
        isRightToLeft: isRightToLeft, language: language, splitsLigatures: splitsLigatures,
        disabled: disabled, mayHoldSoftHyphens: mayHoldSoftHyphens,
        to: widths)
      body(
        UnsafeBufferPointer(start: widths, count: count), UnsafeBufferPointer(start: ends, count: count),
        Self.trailingWhitespace(scalars, hangsOtherSpaces: hangsOtherSpaces))
      return true
    }
  }

  /// The width (ems) of a few scalars shaped together, as `shape` would give it, when each is
  /// a grapheme cluster of the common path (see `shapeSimple`) and one font of the chain takes
  /// them all: one HarfBuzz call per script run in that font, nothing allocated. Nil for any
  /// other text (and past 8 scalars), which `shape` handles.
  func simpleWidthEm(_ scalars: UnsafeBufferPointer<UInt32>) -> Double? {
    let count = scalars.count
    guard count > 0, count <= 8 else { return nil }
    var fontIndex = -1
    for scalar in scalars {
      guard let index = chain.fontIndex(coveringCluster: CollectionOfOne(scalar), rule: fontRule),
        fontIndex < 0 || fontIndex == index
      else { return nil }
      fontIndex = index
    }
    let font = chain.fonts[fontIndex]
    // In place, on the stack (a temporary allocation is not always there).
    var widths = InlineArray<8, Double>(repeating: 0)
    var shaping = InlineArray<8, UInt32>(repeating: 0)
    var scripts = InlineArray<8, UInt8>(repeating: 0)
    var widthSpan = widths.mutableSpan
    var shapingSpan = shaping.mutableSpan
    var scriptSpan = scripts.mutableSpan
    return widthSpan.withUnsafeMutableBufferPointer { widths in
      shapingSpan.withUnsafeMutableBufferPointer { shaping in
        scriptSpan.withUnsafeMutableBufferPointer { scripts in
          simpleWidthEm(
            scalars, font: font, disabled: disabledFeatures(ofFontAt: fontIndex), widths: widths.baseAddress!,
            shaping: shaping.baseAddress!, scripts: scripts.baseAddress!)
        }
      }
    }
  }

  private func simpleWidthEm(
    _ scalars: UnsafeBufferPointer<UInt32>, font: Font, disabled: NativeFont.DisabledFeatures,
    widths: UnsafeMutablePointer<Double>, shaping: UnsafeMutablePointer<UInt32>,
    scripts: UnsafeMutablePointer<UInt8>
  ) -> Double? {
    let count = scalars.count
    guard Self.resolveSimple(scalars, primary: font, shaping: shaping, scripts: scripts) else { return nil }
    Self.addAdvancesByScriptRun(
      UnsafeBufferPointer(start: shaping, count: count), scripts: scripts, font: font, isRightToLeft: false,
      language: language, splitsLigatures: false, disabled: disabled, to: widths)
    var total = 0.0
    for index in 0..<count { total += widths[index] }
    return total
  }

  /// Adds the advances (ems) of `context`, the scalars HarfBuzz gets, in `font` to `widths`: one
  /// HarfBuzz call per run of one script (`scripts`, resolved), the whole context around each;
  /// then clamps negative widths.
  static func addAdvancesByScriptRun(
    _ context: UnsafeBufferPointer<UInt32>, scripts: UnsafePointer<UInt8>, font: Font, isRightToLeft: Bool,
    language: String, splitsLigatures: Bool, disabled: NativeFont.DisabledFeatures = [],
    mayHoldSoftHyphens: Bool = true, to widths: UnsafeMutablePointer<Double>
  ) {
    let count = context.count
    var runStart = 0
    while runStart < count {
      let script = scripts[runStart]
      var runEnd = runStart &+ 1
      while runEnd < count, scripts[runEnd] == script { runEnd &+= 1 }
      font.addAdvances(
        context, range: runStart..<runEnd, scriptCode: script, isRightToLeft: isRightToLeft,
        language: language,
        to: widths, splitsLigatures: splitsLigatures, disabled: disabled,
        mayHoldSoftHyphens: mayHoldSoftHyphens)
      runStart = runEnd
    }
    clampNegativeWidths(widths, count: count)
  }

  /// True when `shape` certainly sets `first` and `second`, shaped together, in two fonts of the
  /// chain: each is its own font's, and they are not letters of one script (whose run `shape`
  /// may move to one font that has both).
  func setsInTwoFonts(_ first: UInt32, _ second: UInt32) -> Bool {
    guard let firstFont = chain.fontIndex(coveringCluster: CollectionOfOne(first), rule: fontRule),
      let secondFont = chain.fontIndex(coveringCluster: CollectionOfOne(second), rule: fontRule),
      firstFont != secondFont
    else { return false }
    let firstScript = ICUProperties.scriptCode(first)
    let secondScript = ICUProperties.scriptCode(second)
    // USCRIPT_COMMON and USCRIPT_INHERITED: such a cluster keeps its own font.
    return firstScript <= 1 || secondScript <= 1 || firstScript != secondScript
  }

  /// Checks that `scalars` can take the common path and writes, for each scalar, the scalar
  /// HarfBuzz gets (`shaping`) and its resolved script (`scripts`, ICU's code); false when the
  /// segment needs `shape`.
  ///
  /// Common and Inherited scalars take the script before them; leading ones the first real
  /// script; a segment without one is Latin when it is all below U+2000 (digits,
  /// punctuation), else stays Common (emoji and symbols keep the font's default lookups).
  static func resolveSimple(
    _ scalars: UnsafeBufferPointer<UInt32>, primary: Font, shaping: UnsafeMutablePointer<UInt32>,
    scripts: UnsafeMutablePointer<UInt8>
  ) -> Bool {
    let count = scalars.count
    var allBelow2000 = true
    let eligible = ShapingPropertyTable.basicMultilingualPlane.withUnsafeBufferPointer { table in
      for index in 0..<count {
        let scalar = scalars[index]
        guard scalar < 0x1_0000, scalar != 0x0D, table[Int(scalar)] & ShapingPropertyTable.alone != 0 else {
          return false
        }
        // Tabs shape as spaces; hard breaks and controls as ZWSP (zero advance).
        var shaped = scalar
        if scalar == 0x09 {
          shaped = 0x20
        } else if UnicodeProperties.isHardBreak(scalar) || UnicodeProperties.isZeroWidthControl(scalar) {
          shaped = 0x200B
        }
        let properties = table[Int(shaped)]
        guard properties & ShapingPropertyTable.emoji == 0,
          properties & ShapingPropertyTable.ignorable != 0 || primary.coverage.contains(shaped)
        else { return false }
        let script = UInt8(truncatingIfNeeded: properties & ShapingPropertyTable.scriptMask)
        guard script != 0xFF else { return false }
        shaping[index] = shaped
        scripts[index] = script
        if shaped >= 0x2000 { allBelow2000 = false }
      }
      return true
    }
    guard eligible else { return false }

    var previous: UInt8?
    var firstReal = -1
    for index in 0..<count {
      let script = scripts[index]
      if script == ShapingPropertyTable.common || script == ShapingPropertyTable.inherited {
        if let previous { scripts[index] = previous }
      } else {
        previous = script
        if firstReal < 0 { firstReal = index }
      }
    }
    if firstReal > 0 {
      for index in 0..<firstReal { scripts[index] = scripts[firstReal] }
    } else if firstReal < 0, allBelow2000 {
      for index in 0..<count { scripts[index] = ShapingPropertyTable.latin }
    }
    return true
  }

  /// A cluster never takes negative room (as in `shape`): GPOS of a broken or hostile font.
  static func clampNegativeWidths(_ widths: UnsafeMutablePointer<Double>, count: Int) {
    for index in 0..<count where widths[index] < 0 { widths[index] = 0 }
  }

  /// The trailing spaces and hard breaks of a segment whose scalars are each a grapheme (the
  /// other space separators among them where `hangsOtherSpaces`).
  static func trailingWhitespace(_ scalars: UnsafeBufferPointer<UInt32>, hangsOtherSpaces: Bool) -> Int {
    var trailing = 0
    let count = scalars.count
    while trailing < count {
      let scalar = scalars[count &- 1 &- trailing]
      guard UnicodeProperties.isTrailingWhitespace(scalar, hangsOtherSpaces: hangsOtherSpaces) else { break }
      trailing &+= 1
    }
    return trailing
  }
}
