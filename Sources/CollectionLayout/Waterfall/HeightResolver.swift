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
    /// The number of provider calls.
    var measured = 0
    var cacheHits = 0
    var diagnostics: [LayoutError] = []
  }

  /// The provider as a closure (see ``measure(with:)``).
  let measure: (LayoutItem, IndexPath, Double) throws -> Double
  let section: Int
  let width: Double
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
    progress.measured &+= 1
    let indexPath = IndexPath(section: section, item: index)
    let height: Double
    do {
      height = try measure(item, indexPath, width)
    } catch {
      progress.diagnostics.append(
        Self.failure(error, of: item, at: indexPath, width: width, fallback: fallback))
      return fallback
    }
    // Finite and not negative. As unsigned integers, the bit patterns of such doubles are the
    // ones below +infinity's (negative numbers and NaNs are above), plus -0's. One integer
    // comparison: LLVM turns `height >= 0 && height < .infinity` into a class test of ~15 steps.
    guard height.bitPattern < Double.infinity.bitPattern || height == 0 else {
      progress.diagnostics.append(
        Self.invalid(height, of: item, at: indexPath, width: width, fallback: fallback))
      return fallback
    }
    if usesCache { progress.cache[SizeCache.Key(item)] = height }
    return height
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
