extension WaterfallLayout {
  /// Which column the next item goes to.
  public enum RenderDirection: String, Sendable, Hashable, CaseIterable {
    /// The column whose bottom is highest on screen (shortest); ties go to the leftmost column.
    /// An item spanning k columns takes the k adjacent columns whose lowest bottom is highest (the
    /// leftmost on ties).
    case shortestFirst
    /// Round robin from the left: the n-th non-full-span item of a section goes to column
    /// `n % columnCount`. An item spanning k columns takes k turns from the next column, or
    /// starts a new round at column 0 when fewer than k columns are left in this one.
    case leftToRight
    /// Round robin from the right: column `columnCount - 1 - n % columnCount`. An item spanning
    /// k columns takes k turns leftwards from the next column (its first column is the leftmost),
    /// or starts a new round at the right edge when fewer than k columns are left.
    case rightToLeft
  }

  /// The metrics of one section (CHTCollectionViewWaterfallLayout's per-section delegate values).
  public struct SectionStyle: Sendable, Hashable {
    /// The number of columns; must be at least 1.
    public var columnCount: Int
    /// The horizontal gap between columns.
    public var columnSpacing: Double
    /// The vertical gap between consecutive items of a column (and around full-span items).
    public var lineSpacing: Double
    /// Insets around the items of the section (inside the content inset, below the header).
    public var sectionInset: EdgeInsets
    /// The header's height; 0 means no header.
    public var headerHeight: Double
    /// The footer's height; 0 means no footer.
    public var footerHeight: Double
    /// Insets around the header.
    public var headerInset: EdgeInsets
    /// Insets around the footer.
    public var footerInset: EdgeInsets

    /// Creates a section style. The defaults are CHTCollectionViewWaterfallLayout's.
    public init(
      columnCount: Int = 2, columnSpacing: Double = 10, lineSpacing: Double = 10,
      sectionInset: EdgeInsets = .zero, headerHeight: Double = 0, footerHeight: Double = 0,
      headerInset: EdgeInsets = .zero, footerInset: EdgeInsets = .zero
    ) {
      self.columnCount = columnCount
      self.columnSpacing = columnSpacing
      self.lineSpacing = lineSpacing
      self.sectionInset = sectionInset
      self.headerHeight = headerHeight
      self.footerHeight = footerHeight
      self.headerInset = headerInset
      self.footerInset = footerInset
    }

    /// Throws unless every metric is usable.
    ///
    /// - Throws: ``LayoutError/Code/invalidColumnCount`` for fewer than 1 column,
    ///   ``LayoutError/Code/invalidMetric`` for a negative, NaN or infinite metric.
    public func validate(section: Int) throws(LayoutError) {
      guard columnCount >= 1 else {
        throw LayoutError(
          .invalidColumnCount, "section \(section): column count \(columnCount); must be at least 1")
      }
      let metrics: [(String, Double)] = [
        ("column spacing", columnSpacing), ("line spacing", lineSpacing),
        ("header height", headerHeight), ("footer height", footerHeight),
      ]
      for (name, value) in metrics {
        if let violation = MetricRange.length.violation(value) {
          throw LayoutError(.invalidMetric, "section \(section): \(name) \(violation)")
        }
      }
      let insets: [(String, EdgeInsets)] = [
        ("section inset", sectionInset), ("header inset", headerInset),
        ("footer inset", footerInset),
      ]
      for (name, value) in insets where !value.isValid {
        throw LayoutError(
          .invalidMetric, "section \(section): \(name) \(value); each \(MetricRange.length.requirement)")
      }
    }
  }

  /// Everything that shapes a waterfall besides the data and the width.
  public struct Configuration: Sendable, Hashable {
    /// The style of every section without an override.
    public var defaultSection: SectionStyle
    /// Styles of particular sections.
    public var sectionStyles: [Int: SectionStyle]
    /// Insets around all sections (as the collection view's content inset).
    public var contentInset: EdgeInsets
    /// Which column each item goes to.
    public var renderDirection: RenderDirection
    /// The content height is at least this.
    public var minimumContentHeight: Double
    /// The height given to an item whose height provider threw or returned NaN, an infinite or a
    /// negative height (the item is also reported in the update's diagnostics).
    public var fallbackItemHeight: Double
    /// When set, item widths are rounded down to a multiple of `1 / pixelScale` (as
    /// CHTCollectionViewWaterfallLayout floors to the screen scale). `nil`: exact widths.
    public var pixelScale: Double?
    /// Whether measured heights are kept in the ``SizeCache``. Without the cache every item laid
    /// out at a new position or width is measured again.
    public var usesSizeCache: Bool
    /// When set, every section gets a decoration view of this kind behind it (zIndex -1),
    /// spanning the section. The kind must be registered on the layout.
    public var sectionBackgroundKind: String?
    /// Columns that stay put: items are placed in data order, and an item the layout already
    /// holds (the same id) goes back into the column it is in — under whatever is above it now —
    /// instead of the one ``renderDirection`` would pick; only new items are placed by the
    /// direction's rule. A refresh with new items on top and edited items moves no old item to
    /// another column, and ``WaterfallLayout/replaceItem(at:with:)`` re-places only the items
    /// below the replaced one in its columns.
    ///
    /// Columns are kept across a width change when the section's column count is the same;
    /// when it changes, the section's items are all placed afresh and the update's report says
    /// so (``LayoutUpdateReport/columnsReset``).
    public var stableColumns: Bool

    /// Creates a configuration.
    public init(
      defaultSection: SectionStyle = SectionStyle(), sectionStyles: [Int: SectionStyle] = [:],
      contentInset: EdgeInsets = .zero, renderDirection: RenderDirection = .shortestFirst,
      minimumContentHeight: Double = 0, fallbackItemHeight: Double = 0, pixelScale: Double? = nil,
      usesSizeCache: Bool = true, sectionBackgroundKind: String? = nil, stableColumns: Bool = false
    ) {
      self.defaultSection = defaultSection
      self.sectionStyles = sectionStyles
      self.contentInset = contentInset
      self.renderDirection = renderDirection
      self.minimumContentHeight = minimumContentHeight
      self.fallbackItemHeight = fallbackItemHeight
      self.pixelScale = pixelScale
      self.usesSizeCache = usesSizeCache
      self.sectionBackgroundKind = sectionBackgroundKind
      self.stableColumns = stableColumns
    }

    /// The style of `section`.
    public func style(forSection section: Int) -> SectionStyle {
      sectionStyles[section] ?? defaultSection
    }

    /// Throws unless every value is usable (sections are checked as they are laid out).
    public func validate() throws(LayoutError) {
      try defaultSection.validate(section: 0)
      for (section, style) in sectionStyles.sorted(by: { $0.key < $1.key }) {
        try style.validate(section: section)
      }
      guard contentInset.isValid else {
        throw LayoutError(
          .invalidMetric, "content inset \(contentInset); each \(MetricRange.length.requirement)")
      }
      if let violation = MetricRange.length.violation(minimumContentHeight) {
        throw LayoutError(.invalidMetric, "minimum content height \(violation)")
      }
      if let violation = MetricRange.length.violation(fallbackItemHeight) {
        throw LayoutError(.invalidMetric, "fallback item height \(violation)")
      }
      if let pixelScale, let violation = MetricRange.pixelScale.violation(pixelScale) {
        throw LayoutError(.invalidMetric, "pixel scale \(violation)")
      }
    }
  }
}
