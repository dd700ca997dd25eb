extension Element {
  /// A label named `name` (default: the field) showing `field` in `style`.
  public static func label(
    _ field: String, style: String, maxLines: Int? = nil, format: String? = nil, name: String? = nil,
    width: RowWidth? = nil, hiddenWhenEmpty: Bool = false
  ) -> Element {
    Element(
      name: name ?? field,
      kind: .label(LabelSpec(field: field, style: style, maxLines: maxLines, format: format)),
      hiddenWhenEmpty: hiddenWhenEmpty, width: width)
  }

  /// An image sized by an aspect rule.
  public static func image(_ name: String, aspect: AspectRule, hiddenWhenEmpty: Bool = false) -> Element {
    Element(name: name, kind: .image(ImageSpec(.aspect(aspect))), hiddenWhenEmpty: hiddenWhenEmpty)
  }

  /// An image of a fixed size.
  public static func image(_ name: String, width: Double, height: Double) -> Element {
    Element(name: name, kind: .image(ImageSpec(.fixed(width: width, height: height))))
  }

  /// A spacer of a fixed length (nil: fill the remaining width of a row).
  public static func spacer(_ name: String, _ length: Double?) -> Element {
    Element(name: name, kind: .spacer(SpacerSpec(length: length)))
  }

  /// A row of children.
  public static func row(
    _ name: String, spacing: Double = 8, alignment: VerticalAlignment = .center,
    @ElementBuilder _ children: () -> [Element]
  ) -> Element {
    Element(name: name, kind: .row(RowSpec(children: children(), spacing: spacing, alignment: alignment)))
  }

  /// A copy with spacing before and/or after.
  public func spacing(before: Double? = nil, after: Double? = nil) -> Element {
    var copy = self
    if let before { copy.spacingBefore = before }
    if let after { copy.spacingAfter = after }
    return copy
  }

  /// A copy hidden (with its spacing) when its data is empty.
  public func hiddenWhenEmpty(_ hidden: Bool = true) -> Element {
    var copy = self
    copy.hiddenWhenEmpty = hidden
    return copy
  }

  /// A copy with a row width rule and optional priorities.
  public func width(
    _ width: RowWidth, hugging: LayoutPriority? = nil, compressionResistance: LayoutPriority? = nil
  ) -> Element {
    var copy = self
    copy.width = width
    copy.hugging = hugging ?? copy.hugging
    copy.compressionResistance = compressionResistance ?? copy.compressionResistance
    return copy
  }

  /// A copy aligned differently in its row.
  public func aligned(_ alignment: VerticalAlignment) -> Element {
    var copy = self
    copy.alignment = alignment
    return copy
  }
}
