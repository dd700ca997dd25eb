/// How an element takes width in a row or stack, from the template alone: what the tree
/// solver, the constraint compiler and the web style sheet all read.
extension Element {
  /// Labels and attributed labels: their width is their text's unless told otherwise.
  var isTextual: Bool {
    switch kind {
    case .label, .spans: true
    default: false
    }
  }

  /// A width fixed by the template: a `fixed` width rule, a fixed-size image, or (in a row) a
  /// spacer's length.
  func fixedWidth(inRow: Bool) -> Double? {
    if case .fixed(let width) = width { return width }
    switch kind {
    case .image(let image): if case .fixed(let width, _) = image.sizing { return width }
    case .spacer(let spacer): if inRow { return spacer.length }
    default: break
    }
    return nil
  }

  /// Whether the element hugs its content (labels do unless told otherwise; everything else
  /// fills).
  var hugsContent: Bool { (width ?? (isTextual ? .hug : .fill)) == .hug }

  /// Its content hugging priority: the template's, else 750 when it hugs and 250 when it fills.
  var effectiveHugging: LayoutPriority { hugging ?? (hugsContent ? .defaultHigh : .defaultLow) }

  /// Its compression resistance: the template's, else 751 when it hugs and 750 when it fills.
  var effectiveCompressionResistance: LayoutPriority {
    compressionResistance ?? (hugsContent ? LayoutPriority(751) : .defaultHigh)
  }
}
