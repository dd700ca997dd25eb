extension CircleLayout {
  /// Where the circle's centre is, from the collection view's size.
  public enum CenterRule: Sendable, Hashable {
    /// The default: `x = height / 3.5`, `y = width / 1.5` (x comes from the height and y from
    /// the width). For 375×667 that is (190.571…, 250), near the horizontal middle and in the
    /// upper part of the screen.
    case heightAndWidthFractions
    /// The middle of the bounds: `(width / 2, height / 2)` (Apple's CircleLayout sample).
    case boundsCenter
    /// A fixed point in content coordinates.
    case point(Point)

    /// The centre for a collection view of `size`.
    public func center(for size: Size) -> Point {
      switch self {
      case .heightAndWidthFractions: return Point(x: size.height / 3.5, y: size.width / 1.5)
      case .boundsCenter: return Point(x: size.width / 2, y: size.height / 2)
      case .point(let point): return point
      }
    }
  }

  /// The circle's radius, from the collection view's size.
  public enum RadiusRule: Sendable, Hashable {
    /// The default: `min(width, height) / 2.5`.
    case twoFifthsOfShorterSide
    /// `min(width, height) · fraction`.
    case fractionOfShorterSide(Double)
    /// A fixed radius.
    case fixed(Double)

    /// The radius for a collection view of `size`.
    public func radius(for size: Size) -> Double {
      switch self {
      case .twoFifthsOfShorterSide: return Swift.min(size.width, size.height) / 2.5
      case .fractionOfShorterSide(let fraction): return Swift.min(size.width, size.height) * fraction
      case .fixed(let radius): return radius
      }
    }
  }

  /// The direction items follow around the circle, on screen (y points down).
  public enum Direction: String, Sendable, Hashable, CaseIterable {
    /// Increasing angle: from 3 o'clock towards 6 o'clock (the default, and the order of Apple's CircleLayout sample).
    case clockwise
    /// Decreasing angle: from 3 o'clock towards 12 o'clock.
    case counterclockwise
  }

  /// What happens when the items are too many (or too large) for the circle.
  public enum OverlapPolicy: String, Sendable, Hashable, CaseIterable {
    /// The default: every item shrinks by the same factor, the largest that keeps every pair of
    /// item frames from overlapping; centres stay where the formulas put them. With the
    /// default 20 cells of 34×34 on a radius of 150 the cells at 36° and 54° (and their
    /// mirror images) would overlap by 0.82 points, so they become 33.18×33.18.
    case shrinkItems
    /// Items keep their size and the radius grows by the same factor instead (the circle may
    /// leave the bounds). With a radius of 0 this falls back to shrinking.
    case growRadius
    /// Items keep their size and may overlap (the frames the formulas give, unchanged).
    case allowOverlap
  }

  /// Everything that shapes a circle layout besides the data and the bounds.
  public struct Configuration: Sendable, Hashable {
    /// The item size before any shrinking (default 34×34).
    public var itemSize: Size
    /// The centre rule.
    public var center: CenterRule
    /// The radius rule.
    public var radius: RadiusRule
    /// The angle of the first item in radians; 0 is 3 o'clock.
    public var startAngle: Double
    /// The direction of increasing item index.
    public var direction: Direction
    /// Shrink, grow the radius or allow overlap.
    public var overlapPolicy: OverlapPolicy
    /// The kind of the decoration view at the centre; `nil` for none.
    public var decorationKind: String?
    /// The decoration's size (default 150×30).
    public var decorationSize: Size
    /// The decoration's zIndex; below the cells (0) by default.
    public var decorationZIndex: Int
    /// Whether ``CircleLayout/prepare(_:)`` registers ``decorationKind``, as a UIKit layout
    /// does in its `prepareLayout`. When `false` the caller registers the kind; a kind
    /// nobody registered is reported by the collection view.
    public var registersDecorationInPrepare: Bool
    /// The height of the header at the top of the content (supplementary kind "header"); 0 for
    /// none.
    public var headerHeight: Double
    /// The height of the footer at the bottom of the content (kind "footer"); 0 for none.
    public var footerHeight: Double
    /// The content size reported to the collection view (for example 375×2000 to scroll);
    /// `nil` for the bounds' size. Geometry always follows the bounds.
    public var contentSize: Size?

    /// Creates a configuration; the defaults give 34×34 items around the
    /// ``CenterRule/heightAndWidthFractions`` centre on a ``RadiusRule/twoFifthsOfShorterSide``
    /// radius, with a 150×30 decoration kind "center".
    public init(
      itemSize: Size = Size(width: 34, height: 34), center: CenterRule = .heightAndWidthFractions,
      radius: RadiusRule = .twoFifthsOfShorterSide, startAngle: Double = 0, direction: Direction = .clockwise,
      overlapPolicy: OverlapPolicy = .shrinkItems, decorationKind: String? = "center",
      decorationSize: Size = Size(width: 150, height: 30), decorationZIndex: Int = -1,
      registersDecorationInPrepare: Bool = true, headerHeight: Double = 0, footerHeight: Double = 0,
      contentSize: Size? = nil
    ) {
      self.contentSize = contentSize
      self.itemSize = itemSize
      self.center = center
      self.radius = radius
      self.startAngle = startAngle
      self.direction = direction
      self.overlapPolicy = overlapPolicy
      self.decorationKind = decorationKind
      self.decorationSize = decorationSize
      self.decorationZIndex = decorationZIndex
      self.registersDecorationInPrepare = registersDecorationInPrepare
      self.headerHeight = headerHeight
      self.footerHeight = footerHeight
    }

    /// Throws unless every value is usable.
    public func validate() throws(LayoutError) {
      let values: [(String, Double)] = [
        ("item width", itemSize.width), ("item height", itemSize.height),
        ("decoration width", decorationSize.width), ("decoration height", decorationSize.height),
        ("header height", headerHeight), ("footer height", footerHeight),
      ]
      for (name, value) in values where !(value.isFinite && value >= 0) {
        throw LayoutError(.invalidMetric, "circle layout: \(name) \(value); must be finite and not negative")
      }
      if let contentSize, !(contentSize.isFinite && contentSize.width >= 0 && contentSize.height >= 0) {
        throw LayoutError(
          .invalidMetric, "circle layout: content size \(contentSize); must be finite and not negative")
      }
      guard startAngle.isFinite else {
        throw LayoutError(.invalidMetric, "circle layout: start angle \(startAngle); must be finite")
      }
    }
  }
}
