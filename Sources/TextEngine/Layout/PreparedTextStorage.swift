/// The per-segment and per-grapheme arrays of a prepared text in one allocation.
///
/// Allocating one object instead of several arrays matters at this scale: on Linux each Swift
/// array allocation also looks up its storage type's metadata at run time, which together cost
/// about a sixth of preparing a cached paragraph. The elements hold the segments' line keys
/// (first, so that the line finder finds them without arithmetic), the segments, the grapheme
/// widths, the grapheme ends, then (on platforms that reshape a cut word's end) the kerning each
/// grapheme's cut loses, each region bound to its type once at creation. Pointers into them are
/// handed out only inside `withContents`, `withView` and `withHeaderAndLineFinderView`, which
/// keep the storage alive.
final class PreparedTextStorage: ManagedBuffer<PreparedTextStorage.Header, UInt64> {
  struct Header {
    var segmentCount: Int
    var graphemeCapacity: Int
    /// The graphemes written (at most `graphemeCapacity`).
    var graphemeCount: Int
    /// The widest content of any one segment, in points: at a width at least this wide every
    /// line is whole segments.
    var widestSegmentContent = 0.0
    /// Segments per point of the text's total width: about how many segments a line of a given
    /// width holds, where the search for a paragraph's first line end starts.
    var segmentsPerPoint = 0.0
    /// What `PreparedText` knows beside the arrays, set once when it is made (kept here so that
    /// a `PreparedText` is one reference: copying it is one retain).
    var paragraph = PreparedText.Paragraph()
    /// True when laying the text out reads its scalars, so views hold them: the platform's line
    /// rules look for spaces inside segments (`TextPlatform.layoutReadsScalars`), or lines
    /// differ in height and one broken inside a segment set in several fonts holds only its own
    /// clusters' fonts (`hasLineStartHyphen` too).
    var viewHasScalars = false
    /// True when a line starting inside a segment (after a word cut between graphemes) is
    /// measured from its first grapheme's snapped position, found from its segment's
    /// `startTieRank` (`View.snapsCutWordTails`).
    var snapsCutWordTails = false
    /// The grapheme each bidi item after the first starts at, ascending (`View.itemStartGraphemes`).
    var itemStartGraphemes: [Int32] = []
    /// The runs of tabs, by segment (`View.tabRuns`; the web, empty without tabs).
    var tabRuns: [WebTabStops.Run] = []
    /// True when some of `itemStartGraphemes` start bidi items (`View.hasBidiItems`).
    var hasBidiItems = false
    /// True when a line may start at a hyphen that keeps what follows with it, which the line
    /// finder then reads in the text's scalars (`WebScalarScan.hasLineStartHyphen`; set by the
    /// builder, where `viewHasScalars` is the paragraph's).
    var hasLineStartHyphen = false
    /// The segments whose last mark may be trimmed at a line's end, ascending (`View.lineEndTrims`;
    /// the web under `text-spacing-trim: normal`, usually empty).
    var lineEndTrims: [WebSpacingTrim.LineEndTrim] = []
    /// The segments whose content ends with a soft hyphen, ascending, and the width of the hyphen
    /// a line ending at one ends with (`View.softHyphenSegments`; the web, usually empty).
    var softHyphenSegments: [Int32] = []
    var hyphenWidth = 0.0
    /// True when `itemStartGraphemes`, `tabRuns`, `lineEndTrims` or `softHyphenSegments` holds
    /// any, or `hasLineStartHyphen` (one test where views are made).
    var hasItemsOrTabs = false
    /// The tab stops the runs reach (`View.tabStops`).
    var tabStops: WebTabStops?
    /// True when the storage has room for the kerning cut words lose (`Contents.cutKerning`).
    var hasCutKerningRoom = false
    /// True when that room is written (some cut loses a kerning; `View.cutKerning`).
    var hasCutKerning = false
  }

  /// The regions of the storage, valid inside `withContents` only.
  struct Contents {
    let segments: UnsafeMutableBufferPointer<PreparedText.Segment>
    /// Each segment's start, content end and line content end, and its paragraph's end.
    let keys: UnsafeMutableBufferPointer<PreparedText.LineKey>
    /// Room for `graphemeCapacity` widths; the first `graphemeCount` are written.
    let graphemeWidths: UnsafeMutableBufferPointer<Double>
    /// Room for `graphemeCapacity` ends; the first `graphemeCount` are written.
    let graphemeEnds: UnsafeMutableBufferPointer<Int32>
    /// Room for the kerning a cut after each grapheme loses (`graphemeCapacity`, or none when the
    /// storage was made without it); written by `TextMeasurer.prepare` after the builder.
    let cutKerning: UnsafeMutableBufferPointer<Float>
    let graphemeCount: Int
  }

  /// Read access to the written contents, valid inside `withView` only.
  struct View {
    /// The line-break segments in order.
    let segments: UnsafeBufferPointer<PreparedText.Segment>
    /// What the line finder reads of each segment: where it starts and where its content ends
    /// (prefix sums from the start of the text), where its line's content ends, and its
    /// paragraph's last segment.
    let keys: UnsafeBufferPointer<PreparedText.LineKey>
    /// Advance of every grapheme cluster in points, letter spacing included.
    let graphemeWidths: UnsafeBufferPointer<Double>
    /// Scalar offset where each grapheme cluster ends.
    let graphemeEnds: UnsafeBufferPointer<Int32>
    /// The text's scalars where laying it out reads them (`Header.viewHasScalars`), else nil.
    var codes: UnsafePointer<UInt32>?
    /// True when positions are rounded up to the LayoutUnit grid from their paragraph's start
    /// with exact tie ranks (the web, letter spacing a whole number of 1/65536 px): a line that starts
    /// inside a segment starts at its first grapheme's rounded position, which the segment's
    /// start and `startTieRank` give, as Blink's `SnappedWidth` of the part.
    var snapsCutWordTails = false
    /// Where positions are snapped, the grapheme each bidi item after the first starts at
    /// (ascending; empty without right-to-left scalars): each item's positions are rounded up
    /// from its own start, which may lie inside a segment.
    var itemStartGraphemes = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    /// Where Blink reshapes a cut word's piece end (the web), what a piece ending after each
    /// grapheme gains, its last cluster shaped without its kerning to the next (points; 0 where
    /// nothing is lost); empty where no cut loses a kerning.
    var cutKerning = UnsafeBufferPointer<Float>(start: nil, count: 0)
    /// Where tabs reach tab stops (the web), the runs of tabs by segment, ascending: each is 0
    /// wide in the widths and keys, and the text after it starts a new item
    /// (`itemStartGraphemes`); empty without tabs.
    var tabRuns = UnsafeBufferPointer<WebTabStops.Run>(start: nil, count: 0)
    /// The tab stops `tabRuns` reach (nil without tabs).
    var tabStops: WebTabStops?
    /// True when the text has bidi items (`itemStartGraphemes` also holds the items after runs
    /// of tabs).
    var hasBidiItems = false
    /// The segments whose last mark Blink may trim at a line's end, ascending, with where a line
    /// ending there does not fit (`WebSpacingTrim.LineEndTrim`); empty for most texts.
    var lineEndTrims = UnsafeBufferPointer<WebSpacingTrim.LineEndTrim>(start: nil, count: 0)
    /// The segments whose content ends with a soft hyphen (U+00AD), ascending, where a line
    /// ending at one ends with a hyphen `hyphenWidth` wide (``WebSoftHyphens``); empty for most
    /// texts.
    var softHyphenSegments = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    var hyphenWidth = 0.0
    /// True when `tabRuns`, `lineEndTrims` or `softHyphenSegments` holds any (the line finder's
    /// loop for any of them).
    var hasTabsOrLineEndRules = false
    /// The chain the text was prepared in, where laying it out reads the fonts of its clusters
    /// (``FlutterTooLongWords``) and the view has the scalars; else nil.
    var fontChain: UnsafePointer<FontChain?>?

    /// What a piece of a word cut before grapheme `grapheme` (not the first) gains at its end:
    /// the kerning to `grapheme` it loses (`cutKerning`), or 0.
    @inline(__always) func cutKerning(beforeGrapheme grapheme: Int) -> Double {
      cutKerning.isEmpty ? 0 : Double(cutKerning[grapheme - 1])
    }

    /// The grapheme the first bidi item starting after grapheme `grapheme` starts at (a binary
    /// search of `itemStartGraphemes`), or nil when none does.
    func itemStart(after grapheme: Int) -> Int? {
      let items = itemStartGraphemes
      var low = 0
      var high = items.count
      while low < high {
        let middle = (low + high) / 2
        if Int(items[middle]) <= grapheme { low = middle + 1 } else { high = middle }
      }
      return low < items.count ? Int(items[low]) : nil
    }
  }

  /// Storage for `segmentCount` segments and up to `graphemeCapacity` graphemes, with room for
  /// the kerning cut words lose when `cutKerningRoom`.
  static func make(segmentCount: Int, graphemeCapacity: Int, cutKerningRoom: Bool = false)
    -> PreparedTextStorage
  {
    let offsets = RegionOffsets(segmentCount: segmentCount, graphemeCapacity: graphemeCapacity)
    let end = offsets.cutKerning + (cutKerningRoom ? graphemeCapacity * MemoryLayout<Float>.stride : 0)
    let buffer = create(minimumCapacity: max(1, (end + 7) / 8)) { _ in
      Header(
        segmentCount: segmentCount, graphemeCapacity: graphemeCapacity, graphemeCount: 0,
        hasCutKerningRoom: cutKerningRoom)
    }
    let storage = unsafeDowncast(buffer, to: PreparedTextStorage.self)
    storage.withUnsafeMutablePointerToElements { elements in
      let base = UnsafeMutableRawPointer(elements)
      base.bindMemory(to: PreparedText.LineKey.self, capacity: segmentCount)
      (base + offsets.segments).bindMemory(to: PreparedText.Segment.self, capacity: segmentCount)
      (base + offsets.graphemeWidths).bindMemory(to: Double.self, capacity: graphemeCapacity)
      (base + offsets.graphemeEnds).bindMemory(to: Int32.self, capacity: graphemeCapacity)
      if cutKerningRoom { (base + offsets.cutKerning).bindMemory(to: Float.self, capacity: graphemeCapacity) }
    }
    return storage
  }

  private static func segmentWords(_ count: Int) -> Int {
    (count * MemoryLayout<PreparedText.Segment>.stride + 7) / 8
  }

  /// Byte offsets of the regions after the line keys (which start the elements).
  private struct RegionOffsets {
    let segments: Int
    let graphemeWidths: Int
    let graphemeEnds: Int
    let cutKerning: Int

    @inline(__always) init(segmentCount: Int, graphemeCapacity: Int) {
      segments = segmentCount &* MemoryLayout<PreparedText.LineKey>.stride
      graphemeWidths = segments &+ PreparedTextStorage.segmentWords(segmentCount) &* 8
      graphemeEnds = graphemeWidths &+ graphemeCapacity &* 8
      cutKerning = graphemeEnds &+ graphemeCapacity &* 4
    }
  }

  /// The regions from the header and the start of the elements.
  @inline(__always) private static func contents(
    _ header: UnsafeMutablePointer<Header>, _ elements: UnsafeMutablePointer<UInt64>
  ) -> Contents {
    let base = UnsafeMutableRawPointer(elements)
    let segmentCount = header.pointee.segmentCount
    let capacity = header.pointee.graphemeCapacity
    let offsets = RegionOffsets(segmentCount: segmentCount, graphemeCapacity: capacity)
    return Contents(
      segments: UnsafeMutableBufferPointer(
        start: (base + offsets.segments).assumingMemoryBound(to: PreparedText.Segment.self),
        count: segmentCount),
      keys: UnsafeMutableBufferPointer(
        start: base.assumingMemoryBound(to: PreparedText.LineKey.self), count: segmentCount),
      graphemeWidths: UnsafeMutableBufferPointer(
        start: (base + offsets.graphemeWidths).assumingMemoryBound(to: Double.self), count: capacity),
      graphemeEnds: UnsafeMutableBufferPointer(
        start: (base + offsets.graphemeEnds).assumingMemoryBound(to: Int32.self), count: capacity),
      cutKerning: header.pointee.hasCutKerningRoom
        ? UnsafeMutableBufferPointer(
          start: (base + offsets.cutKerning).assumingMemoryBound(to: Float.self), count: capacity)
        : UnsafeMutableBufferPointer(start: nil, count: 0),
      graphemeCount: header.pointee.graphemeCount)
  }

  /// What was written, read-only.
  @inline(__always) private static func view(of contents: Contents) -> View {
    View(
      segments: UnsafeBufferPointer(contents.segments),
      keys: UnsafeBufferPointer(contents.keys),
      graphemeWidths: UnsafeBufferPointer(rebasing: contents.graphemeWidths[..<contents.graphemeCount]),
      graphemeEnds: UnsafeBufferPointer(rebasing: contents.graphemeEnds[..<contents.graphemeCount]))
  }

  /// What the line finder reads: the segments' line keys and the segments (the same arrays as
  /// `View`'s), small enough to pass in registers.
  struct LineFinderView {
    let keys: UnsafePointer<PreparedText.LineKey>
    let segments: UnsafeBufferPointer<PreparedText.Segment>
  }

  /// Runs `body` with the header and the line finder's arrays, valid inside it only.
  @inline(__always) func withHeaderAndLineFinderView<Result>(
    _ body: (UnsafeMutablePointer<Header>, LineFinderView) -> Result
  ) -> Result {
    withUnsafeMutablePointers { header, elements in
      let count = header.pointee.segmentCount
      let keys = UnsafeRawPointer(elements).assumingMemoryBound(to: PreparedText.LineKey.self)
      return body(
        header,
        LineFinderView(
          keys: keys,
          segments: UnsafeBufferPointer(
            start: UnsafeRawPointer(keys + count).assumingMemoryBound(to: PreparedText.Segment.self),
            count: count)))
    }
  }

  /// Starts loading the first `prefetchedBytes` of the storage (the header and about the first
  /// eighteen line keys) into the processor's caches, without waiting for them.
  ///
  /// `measure` reads the header, then line keys chosen by what it read before, so across many
  /// texts each of its cache misses waited for the previous one. Asking for the lines together
  /// first lets the misses overlap: re-measuring 1,024 feed texts at a new width took 7% less
  /// time (67 ns against 72 ns a text, ten alternating runs). Lines past a short text's end are
  /// a neighbour's memory, which a prefetch may touch: it never faults and changes no result.
  @inline(__always) func prefetchHeaderAndLineKeys() {
    let base = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    for offset in stride(from: 0, to: Self.prefetchedBytes, by: MemoryHints.cacheLineBytes) {
      MemoryHints.prefetch(base + offset)
    }
  }

  /// How much of a storage `prefetchHeaderAndLineKeys` asks for.
  static let prefetchedBytes = 12 * MemoryHints.cacheLineBytes

  /// Runs `body` with write access to every region.
  func withContents<Result>(_ body: (Contents) -> Result) -> Result {
    withUnsafeMutablePointers { body(Self.contents($0, $1)) }
  }

  /// Runs `body` with read access to what was written.
  func withView<Result>(_ body: (View) -> Result) -> Result {
    withUnsafeMutablePointers { header, elements in
      let contents = Self.contents(header, elements)
      var view = Self.view(of: contents)
      view.snapsCutWordTails = header.pointee.snapsCutWordTails
      if header.pointee.hasCutKerning {
        view.cutKerning = UnsafeBufferPointer(rebasing: contents.cutKerning[..<contents.graphemeCount])
      }
      guard header.pointee.viewHasScalars || header.pointee.hasItemsOrTabs else {
        return body(view)
      }
      return Self.withArrays(of: header, in: view, body)
    }
  }

  /// `view` with the header's arrays it holds (the text's scalars, where laying it out reads
  /// them; the bidi items' start graphemes; the runs of tabs), valid inside `body` only. Out of
  /// line: most texts have none.
  @inline(never) private static func withArrays<Result>(
    of header: UnsafeMutablePointer<Header>, in view: View, _ body: (View) -> Result
  ) -> Result {
    let tabs = header.pointee.tabRuns
    let trims = header.pointee.lineEndTrims
    let softHyphens = header.pointee.softHyphenSegments
    return header.pointee.itemStartGraphemes.withUnsafeBufferPointer { items in
      tabs.withUnsafeBufferPointer { tabRuns in
        trims.withUnsafeBufferPointer { lineEndTrims in
          softHyphens.withUnsafeBufferPointer { softHyphenSegments in
            var view = view
            view.itemStartGraphemes = items
            view.tabRuns = tabRuns
            view.tabStops = header.pointee.tabStops
            view.hasBidiItems = header.pointee.hasBidiItems
            view.lineEndTrims = lineEndTrims
            view.softHyphenSegments = softHyphenSegments
            view.hyphenWidth = header.pointee.hyphenWidth
            view.hasTabsOrLineEndRules =
              !tabRuns.isEmpty || !lineEndTrims.isEmpty || !softHyphenSegments.isEmpty
            return withScalars(of: header, in: view, body)
          }
        }
      }
    }
  }

  /// `view` with the text's scalars where laying it out reads them.
  @inline(__always) private static func withScalars<Result>(
    of header: UnsafeMutablePointer<Header>, in view: View, _ body: (View) -> Result
  ) -> Result {
    guard header.pointee.viewHasScalars || header.pointee.hasLineStartHyphen else { return body(view) }
    return header.pointee.paragraph.codes.withUnsafeBufferPointer { codes in
      var view = view
      view.codes = codes.baseAddress
      guard header.pointee.paragraph.fontChain != nil else { return body(view) }
      return withUnsafePointer(to: &header.pointee.paragraph.fontChain) { chain in
        view.fontChain = chain
        return body(view)
      }
    }
  }

  /// Records what the builder wrote beside the arrays: how many graphemes, and what the line
  /// finder reads beside the segments (through the header's pointer: no exclusivity checks).
  func finish(
    graphemeCount: Int, segmentCount: Int, widestSegmentContent: Double, segmentsPerPoint: Double,
    snapsCutWordTails: Bool = false, itemStartGraphemes: [Int32] = [], tabRuns: [WebTabStops.Run] = [],
    tabStops: WebTabStops? = nil, hasBidiItems: Bool = false, hasLineStartHyphen: Bool = false,
    lineEndTrims: [WebSpacingTrim.LineEndTrim] = []
  ) {
    withUnsafeMutablePointerToHeader { header in
      header.pointee.snapsCutWordTails = snapsCutWordTails
      header.pointee.itemStartGraphemes = itemStartGraphemes
      header.pointee.tabRuns = tabRuns
      header.pointee.tabStops = tabStops
      header.pointee.hasBidiItems = hasBidiItems
      header.pointee.hasLineStartHyphen = hasLineStartHyphen
      if !lineEndTrims.isEmpty { header.pointee.lineEndTrims = lineEndTrims }
      header.pointee.hasItemsOrTabs =
        !itemStartGraphemes.isEmpty || !tabRuns.isEmpty || hasLineStartHyphen || !lineEndTrims.isEmpty
      precondition(segmentCount == header.pointee.segmentCount, "every segment is appended once")
      precondition(graphemeCount <= header.pointee.graphemeCapacity)
      header.pointee.graphemeCount = graphemeCount
      header.pointee.widestSegmentContent = widestSegmentContent
      header.pointee.segmentsPerPoint = segmentsPerPoint
    }
  }

  /// Notes the segments whose content ends with a soft hyphen in `codes` (``WebSoftHyphens``),
  /// where a line ending at one ends with a hyphen `hyphenWidth` wide: the line finder's loop then
  /// finds every line (the keys do not hold the hyphen). Out of line: texts with soft hyphens
  /// only, once the storage is finished.
  @inline(never) func noteSoftHyphens(codes: UnsafeBufferPointer<UInt32>, hyphenWidth: Double) {
    withUnsafeMutablePointers { header, elements in
      let segments = WebSoftHyphens.segments(
        in: Self.contents(header, elements), count: header.pointee.segmentCount, codes: codes)
      guard !segments.isEmpty else { return }
      header.pointee.softHyphenSegments = segments
      header.pointee.hyphenWidth = hyphenWidth
      header.pointee.hasItemsOrTabs = true
      header.pointee.widestSegmentContent = .infinity
    }
  }

  /// Runs `write` with the room for the kerning cut words lose (`Contents.cutKerning`, the first
  /// `graphemeCount`; not initialized) before the storage is frozen; the view has it when `write`
  /// returns true (it then initialized all of it).
  func writeCutKerning(_ write: (UnsafeMutableBufferPointer<Float>) -> Bool) {
    withUnsafeMutablePointers { header, elements in
      let contents = Self.contents(header, elements)
      guard !contents.cutKerning.isEmpty else { return }
      header.pointee.hasCutKerning = write(
        UnsafeMutableBufferPointer(rebasing: contents.cutKerning[..<contents.graphemeCount]))
    }
  }

  /// The storage once built, as `PreparedText` shares it.
  ///
  /// `@unchecked Sendable`: the contents are written only by `PreparedTextBuilder` while
  /// `prepare` builds them, before the storage is frozen, and never mutated afterwards.
  struct Frozen: @unchecked Sendable {
    let storage: PreparedTextStorage
  }
}
