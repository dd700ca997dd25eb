extension Element {
  /// A label named `name` (default: the field) showing `field` in `style`.
  public static func label(
    _ field: String, style: String, maxLines: Int? = nil, format: String? = nil, name: String? = nil,
    width: RowWidth? = nil, hiddenWhenEmpty: Bool = false, more: TruncationToken? = nil
  ) -> Element {
    Element(
      name: name ?? field,
      kind: .label(LabelSpec(field: field, style: style, maxLines: maxLines, format: format, more: more)),
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

  /// A vertical stack of children (usable inside a row or another stack).
  public static func stack(
    _ name: String, spacing: Double = 0, alignment: HorizontalAlignment = .leading,
    @ElementBuilder _ children: () -> [Element]
  ) -> Element {
    Element(
      name: name, kind: .stack(StackSpec(children: children(), spacing: spacing, alignment: alignment)))
  }

  /// An attributed label: spans of literal text and item fields in their own styles, broken
  /// into lines as one paragraph.
  public static func spans(
    _ name: String, _ spans: [SpanSpec], style: String? = nil, maxLines: Int? = nil,
    more: TruncationToken? = nil
  ) -> Element {
    Element(
      name: name,
      kind: .spans(SpansSpec(spans: spans, paragraphStyle: style, maxLines: maxLines, more: more)))
  }

  /// A grid of 1–9 images from an array field.
  public static func grid(_ name: String, field: String, spacing: Double = 4, singleWidth: Double = 1)
    -> Element
  {
    Element(name: name, kind: .grid(GridSpec(field: field, spacing: spacing, singleWidth: singleWidth)))
  }

  /// Wrapping chips from an array field.
  public static func flow(_ name: String, _ flow: FlowSpec) -> Element {
    Element(name: name, kind: .flow(flow))
  }

  /// `child` pinned over the element named `target` (`"cell"` for the whole cell).
  public static func overlay(
    _ name: String, on target: String, pin: OverlayPin = .topTrailing, margin: Double = 0,
    _ child: () -> Element
  ) -> Element {
    Element(name: name, kind: .overlay(OverlaySpec(target: target, pin: pin, margin: margin, child: child())))
  }

  /// A copy with padding and, for pictures, a background colour and corner radius.
  public func padding(_ padding: EdgeInsets, background: String? = nil, cornerRadius: Double? = nil)
    -> Element
  {
    var copy = self
    copy.padding = padding
    copy.background = background ?? copy.background
    copy.cornerRadius = cornerRadius ?? copy.cornerRadius
    return copy
  }

  /// A copy aligned differently in its stack.
  public func horizontallyAligned(_ alignment: HorizontalAlignment) -> Element {
    var copy = self
    copy.horizontalAlignment = alignment
    return copy
  }

  /// A copy whose text lines are aligned in its frame (pictures only).
  public func textAligned(_ alignment: HorizontalAlignment) -> Element {
    var copy = self
    copy.textAlignment = alignment
    return copy
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
