/// One element of a template: a label, image, spacer or row, with its name and the layout
/// properties every kind shares.
public struct Element: Sendable, Hashable {
  /// What the element is.
  public enum Kind: Sendable, Hashable {
    case label(LabelSpec)
    case image(ImageSpec)
    case spacer(SpacerSpec)
    case row(RowSpec)
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

  /// An element.
  public init(
    name: String, kind: Kind, spacingBefore: Double? = nil, spacingAfter: Double? = nil,
    hiddenWhenEmpty: Bool = false, width: RowWidth? = nil, hugging: LayoutPriority? = nil,
    compressionResistance: LayoutPriority? = nil, alignment: VerticalAlignment? = nil
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
  }
}
