/// One element of a template: a label, attributed label (spans), image, image grid, chip flow,
/// spacer, row, stack or overlay, with its name and the layout properties every kind shares.
public struct Element: Sendable, Hashable {
  /// What the element is.
  public enum Kind: Sendable, Hashable {
    /// A label bound to an item field.
    case label(LabelSpec)
    /// An image with an aspect ratio or a fixed size.
    case image(ImageSpec)
    /// Empty space of a fixed length, or the rest of a row.
    case spacer(SpacerSpec)
    /// Children side by side.
    case row(RowSpec)
    /// Children top to bottom.
    case stack(StackSpec)
    /// An attributed label: styled spans broken into lines as one paragraph.
    case spans(SpansSpec)
    /// A grid of 1–9 images from an array field.
    case grid(GridSpec)
    /// Chips from an array field, wrapped into lines.
    case flow(FlowSpec)
    /// An element pinned over another one, outside the stack's flow.
    case overlay(OverlaySpec)
  }

  /// Unique name within the template; frames are reported under it.
  public var name: String
  /// What the element is.
  public var kind: Kind
  /// Replaces the stack's spacing before the element (added to the inset for the first).
  public var spacingBefore: Double?
  /// Replaces the stack's spacing after the element (added to the inset for the last).
  public var spacingAfter: Double?
  /// Hide the element, with its spacing, when its data is absent or empty (UIStackView's
  /// hidden arranged subviews). A row is hidden when all its children are.
  public var hiddenWhenEmpty: Bool
  /// In a row: how wide the element is (nil: `hug` for labels, `fill` for others without a
  /// fixed size).
  public var width: RowWidth?
  /// In a row: overrides the content hugging priority implied by `width`.
  public var hugging: LayoutPriority?
  /// In a row: overrides the compression resistance priority implied by `width`.
  public var compressionResistance: LayoutPriority?
  /// In a row: overrides the row's vertical alignment.
  public var alignment: VerticalAlignment?
  /// In a stack: overrides the stack's horizontal alignment (for fixed or `hug` widths).
  public var horizontalAlignment: HorizontalAlignment?
  /// Space between the element's frame and its content (a chip is text plus padding); the
  /// frame's size includes it.
  public var padding: EdgeInsets
  /// A background colour for pictures (`#RRGGBB` or `#RRGGBBAA`); never changes a size.
  public var background: String?
  /// The background's corner radius for pictures.
  public var cornerRadius: Double?
  /// How a label's lines sit in its frame, for pictures; never changes a size.
  public var textAlignment: HorizontalAlignment?

  /// An element.
  public init(
    name: String, kind: Kind, spacingBefore: Double? = nil, spacingAfter: Double? = nil,
    hiddenWhenEmpty: Bool = false, width: RowWidth? = nil, hugging: LayoutPriority? = nil,
    compressionResistance: LayoutPriority? = nil, alignment: VerticalAlignment? = nil,
    horizontalAlignment: HorizontalAlignment? = nil, padding: EdgeInsets = .zero, background: String? = nil,
    cornerRadius: Double? = nil, textAlignment: HorizontalAlignment? = nil
  ) {
    self.name = name
    self.kind = kind
    self.spacingBefore = spacingBefore
    self.spacingAfter = spacingAfter
    self.hiddenWhenEmpty = hiddenWhenEmpty
    self.width = width
    self.hugging = hugging
    self.compressionResistance = compressionResistance
    self.alignment = alignment
    self.horizontalAlignment = horizontalAlignment
    self.padding = padding
    self.background = background
    self.cornerRadius = cornerRadius
    self.textAlignment = textAlignment
  }

  /// The nested elements of a row, stack or overlay (empty for the others).
  public var children: [Element] {
    switch kind {
    case .row(let row): row.children
    case .stack(let stack): stack.children
    case .overlay(let overlay): overlay.children
    default: []
    }
  }

  /// The JSON key of the element's kind (`label`, `row`...).
  public var kindName: String {
    switch kind {
    case .label: "label"
    case .image: "image"
    case .spacer: "spacer"
    case .row: "row"
    case .stack: "stack"
    case .spans: "spans"
    case .grid: "grid"
    case .flow: "flow"
    case .overlay: "overlay"
    }
  }
}
