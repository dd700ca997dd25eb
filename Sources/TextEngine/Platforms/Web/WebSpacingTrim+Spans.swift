extension WebSpacingTrim {
  /// What `text-spacing-trim: normal` changes in a paragraph of styled spans beyond what each
  /// group of spans of one style trims alone (``TextMeasurer/prepare(_:paragraph:truncationToken:)``
  /// prepares each group as plain text, whose first and last marks see nothing beside them).
  ///
  /// Blink shapes each inline item with the text around it (`HanKerning::Compute` reads
  /// `text[start - 1]` and `text[end]`), each mark in its own item's font and style:
  /// - a closing mark before a closing, middle or narrow closing mark of the next span is set
  ///   narrower (`ShouldKernLast`): `insideTrims`;
  /// - an opening mark after an opening, middle, closing or narrow opening mark of the span
  ///   before is set narrower (`ShouldKern`); where a line may break between them, a line starting
  ///   with it is reshaped full width (`ShapeOptions::is_line_start`): `lineStartWidening`;
  /// - a closing bracket or quote before a break opportunity is set narrower at a line's end
  ///   where only that makes the line fit (`ShapingLineBreaker`): `lineEndTrims`.
  struct SpanTrims {
    /// Changes to graphemes' widths (points, negative).
    var insideTrims: [(grapheme: Int, points: Double)] = []
    /// Graphemes a line starting with them widens by (points, positive).
    var lineStartWidening: [(grapheme: Int, points: Double)] = []
    /// Kerning after graphemes to take back (points, negative): a trim after a span boundary
    /// inside a run of one style, which that run's plain text keeps as kerning across the
    /// opportunity, where Blink's items end and start.
    var kerningTakenBack: [(grapheme: Int, points: Double)] = []
    var lineEndTrims: [Int: AttributedText.ItemAdvances.SpanLineEndTrim] = [:]

    var isEmpty: Bool { insideTrims.isEmpty && lineStartWidening.isEmpty && lineEndTrims.isEmpty }
  }

  /// The trims of the spans' joined scalars `codes` (graphemes ending at `graphemeEnds`, each in
  /// span `graphemeSpans[k]`, whose runs of one style start at `groupStarts`, graphemes, each
  /// trimmed as plain text), where lines may break at `opportunities` (scalar offsets);
  /// `style(k)` and `chain(k)` are span `k`'s. Nil when no span trims.
  static func spanTrims(
    codes: [UInt32], graphemeEnds: [Int32], graphemeSpans: [Int32], groupStarts: Set<Int>,
    opportunities: Set<Int>, style: (Int) -> TextStyle, chain: (Int) -> FontChain
  ) -> SpanTrims? {
    var trims = SpanTrims()
    @inline(__always) func scalarRange(of grapheme: Int) -> Range<Int> {
      (grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1]))..<Int(graphemeEnds[grapheme])
    }
    /// The mark of grapheme `grapheme` (a grapheme of one scalar that may be trimmed, in a span
    /// asking for `normal`, in a font with `halt`): its scalar, font facts and halt change.
    func mark(_ grapheme: Int) -> (scalar: UInt32, font: HanKerningFont, points: Double)? {
      let range = scalarRange(of: grapheme)
      guard range.count == 1 else { return nil }
      let scalar = codes[range.lowerBound]
      let span = Int(graphemeSpans[grapheme])
      let spanStyle = style(span)
      guard spanStyle.textSpacingTrim == .normal, HanKerningClass.mayBeTrimmed(scalar),
        HanKerningClass.of(scalar).mayBeTrimmed
      else { return nil }
      let spanChain = chain(span)
      guard let index = spanChain.fontIndex(coveringAll: CollectionOfOne(scalar)),
        let font = spanChain.fonts[index].hanKerning
      else { return nil }
      let points = font.haltDelta(of: scalar, fontSize: spanStyle.fontSize)
      return points == 0 ? nil : (scalar, font, points)
    }
    /// The class of the scalar of grapheme `grapheme` as `font` resolves it (`.other` for a
    /// grapheme of several scalars).
    func resolvedClass(_ grapheme: Int, in font: HanKerningFont) -> HanKerningClass {
      let range = scalarRange(of: grapheme)
      return range.count == 1 ? font.resolved(HanKerningClass.of(codes[range.lowerBound])) : .other
    }
    // Across the boundaries of spans (inside a run of one style, its plain text trimmed what
    // does not change at a line's start, and kept the rest as kerning).
    for start in graphemeEnds.indices.dropFirst() where graphemeSpans[start] != graphemeSpans[start - 1] {
      let before = start - 1
      let inGroup = !groupStarts.contains(start)
      if !inGroup, let last = mark(before) {
        let resolved = last.font.resolved(HanKerningClass.of(last.scalar))
        let next = resolvedClass(start, in: last.font)
        if resolved == .close, next == .close || next == .middle || next == .closeNarrow {
          trims.insideTrims.append((before, last.points))
        }
      }
      if let first = mark(start) {
        let resolved = first.font.resolved(HanKerningClass.of(first.scalar))
        let previous = resolvedClass(before, in: first.font)
        if resolved == .open,
          previous == .open || previous == .middle || previous == .close || previous == .openNarrow
        {
          let breaks = opportunities.contains(Int(graphemeEnds[before]))
          if !inGroup || breaks { trims.insideTrims.append((start, first.points)) }
          if breaks { trims.lineStartWidening.append((start, -first.points)) }
          if inGroup, breaks { trims.kerningTakenBack.append((before, first.points)) }
        }
      }
    }
    // Closing marks before a break opportunity (the opportunity right after the mark).
    for grapheme in graphemeEnds.indices where opportunities.contains(Int(graphemeEnds[grapheme])) {
      guard let close = mark(grapheme), HanKerningClass.of(close.scalar).maybeClosesAtLineEnd else {
        continue
      }
      // (Trimmed before it for it, in its span: Blink reshapes both.)
      var graphemes = 1
      if grapheme > 0, graphemeSpans[grapheme - 1] == graphemeSpans[grapheme],
        let previous = mark(grapheme - 1),
        previous.font.resolved(HanKerningClass.of(previous.scalar)) == .close,
        case let next = previous.font.resolved(HanKerningClass.of(close.scalar)),
        next == .close || next == .middle || next == .closeNarrow
      {
        graphemes = 2
      }
      trims.lineEndTrims[grapheme] = .init(points: close.points, graphemes: graphemes)
    }
    return trims.isEmpty ? nil : trims
  }
}
