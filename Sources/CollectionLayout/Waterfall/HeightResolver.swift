/// Resolves the heights of one section's items at its item width: from the size cache when it
/// has them, else from the height provider (sanitized, then cached).
///
/// One resolver serves a section's update: the items whose height slot changed and then, one by
/// one while they are placed, the items without a slot. It is immutable (so the loops read its
/// provider without retaining it per item); what it does goes to a ``Progress``.
struct HeightResolver {
  /// The size cache's heights at the resolver's width, and what resolving did so far.
  struct Progress {
    /// The cached heights (empty when the cache is not used).
    var cache: [SizeCache.Key: Double]
    /// The rest of the size cache (the other widths), where items spanning several columns find
    /// and leave their heights at their own widths.
    var others = SizeCache()
    /// The number of provider calls.
    var measured = 0
    var cacheHits = 0
    var diagnostics: [LayoutError] = []
  }

  /// The provider as a closure (see ``measure(with:)``).
  let measure: (LayoutItem, IndexPath, Double) throws -> Double
  let section: Int
  let width: Double
  /// The gap between columns, for the widths of items that span several.
  var columnSpacing: Double = 0
  /// The section's column count (an item's span is at most this).
  var columns = 1
  let fallback: Double
  let usesCache: Bool

  /// `provider` as a closure: a ``HeightProvider``'s own closure (then called directly instead
  /// of through the protocol), else one that asks `provider`.
  static func measure(
    with provider: any ItemHeightProvider
  ) -> (LayoutItem, IndexPath, Double) throws -> Double {
    if let provider = provider as? HeightProvider { return provider.body }
    return { item, indexPath, width in try provider.height(of: item, at: indexPath, width: width) }
  }

  /// The height of `item`, the item at `index` of the section: the cached one, else the
  /// provider's; a failed or invalid (NaN, infinite or negative) height adds a diagnostic and
  /// gives `fallback`, which is not cached.
  @inline(__always)
  func height(of item: LayoutItem, at index: Int, _ progress: inout Progress) -> Double {
    if usesCache, let cached = progress.cache[SizeCache.Key(item)] {
      progress.cacheHits &+= 1
      return cached
    }
    guard let height = measuredHeight(of: item, at: index, width: width, &progress) else { return fallback }
    if usesCache { progress.cache[SizeCache.Key(item)] = height }
    return height
  }

  /// `item` (at `index`) measured by the provider at `width`; nil, with a diagnostic added, when
  /// the provider fails or gives an invalid (NaN, infinite or negative) height.
  @inline(__always)
  private func measuredHeight(of item: LayoutItem, at index: Int, width: Double, _ progress: inout Progress)
    -> Double?
  {
    progress.measured &+= 1
    let indexPath = IndexPath(section: section, item: index)
    let height: Double
    do {
      height = try measure(item, indexPath, width)
    } catch {
      progress.diagnostics.append(
        Self.failure(error, of: item, at: indexPath, width: width, fallback: fallback))
      return nil
    }
    // Finite and not negative. As unsigned integers, the bit patterns of such doubles are the
    // ones below +infinity's (negative numbers and NaNs are above), plus -0's. One integer
    // comparison: LLVM turns `height >= 0 && height < .infinity` into a class test of ~15 steps.
    guard height.bitPattern < Double.infinity.bitPattern || height == 0 else {
      progress.diagnostics.append(
        Self.invalid(height, of: item, at: indexPath, width: width, fallback: fallback))
      return nil
    }
    return height
  }

  /// The height of `item` at its own width: ``height(of:at:_:)`` for an item in one column (or a
  /// full-span item), ``height(of:at:spanning:_:)`` for one spanning several.
  @inline(__always)
  func itemHeight(of item: LayoutItem, at index: Int, _ progress: inout Progress) -> Double {
    if item.storedSpan == 1 || item.isFullSpan { return height(of: item, at: index, &progress) }
    let span = item.span(inColumns: columns)
    return span == 1
      ? height(of: item, at: index, &progress) : height(of: item, at: index, spanning: span, &progress)
  }

  /// The width of an item spanning `span` columns: `span × width + (span − 1) × columnSpacing`.
  func width(spanning span: Int) -> Double {
    Double(span) * width + Double(span - 1) * columnSpacing
  }

  /// The height of `item` (at `index`) spanning `span` (≥ 2) columns: measured at
  /// ``width(spanning:)``, cached under that width (in `progress.others`), with the same
  /// diagnostics as ``height(of:at:_:)``.
  @inline(never)
  func height(of item: LayoutItem, at index: Int, spanning span: Int, _ progress: inout Progress) -> Double {
    let width = width(spanning: span)
    if usesCache, let cached = progress.others.height(of: item, width: width) {
      progress.cacheHits &+= 1
      return cached
    }
    guard let height = measuredHeight(of: item, at: index, width: width, &progress) else { return fallback }
    if usesCache { progress.others.store(height, of: item, width: width) }
    return height
  }

  /// The diagnostic for an item whose span is below 1 (placed in one column).
  @inline(never)
  func invalidSpan(of item: LayoutItem, at index: Int) -> LayoutError {
    let indexPath = IndexPath(section: section, item: index)
    return LayoutError(
      .invalidSpan,
      "item \"\(item.id)\" at \(indexPath): span \(item.span); must be a whole number of columns, at least 1; "
        + "placed in one column",
      indexPath: indexPath, itemID: item.id)
  }

  /// The diagnostic for a height that is NaN, infinite or negative.
  @inline(never)
  static func invalid(
    _ height: Double, of item: LayoutItem, at indexPath: IndexPath, width: Double, fallback: Double
  ) -> LayoutError {
    LayoutError(
      .invalidItemHeight,
      "item \"\(item.id)\" at \(indexPath): height \(height) at width \(width); using \(fallback)",
      indexPath: indexPath, itemID: item.id)
  }

  /// The diagnostic for a height provider that threw.
  @inline(never)
  static func failure(
    _ error: any Error, of item: LayoutItem, at indexPath: IndexPath, width: Double, fallback: Double
  ) -> LayoutError {
    LayoutError(
      .heightProviderFailed,
      "item \"\(item.id)\" at \(indexPath): \(error) at width \(width); using \(fallback)",
      indexPath: indexPath, itemID: item.id)
  }
}
