public import TextEngine

/// One element of a `CellModel`: a name, its intrinsic content, and how strongly it resists
/// growing (hugging) and shrinking (compression resistance) horizontally in a row.
public struct ModelElement: Sendable, Hashable {
  /// What an element knows about its own size.
  public enum Content: Sendable, Hashable {
    /// No intrinsic size: constraints alone size it (images, spacers, rows).
    case none
    /// A prepared label text: intrinsic width is its single-line width, its height is
    /// measured by the text engine at the resolved width.
    case text(PreparedText)
    /// A prepared attributed paragraph, measured like `text`.
    case attributed(AttributedText)
    /// A stand-in text of a fixed size (used to check a template's structure without data).
    case placeholder(width: Double, height: Double)
  }

  /// Unique name (`CellModel.cellName` is reserved for the cell).
  public var name: String
  /// Intrinsic content.
  public var content: Content
  /// Priority of staying at the intrinsic width when there is spare room.
  public var hugging: LayoutPriority
  /// Priority of staying at the intrinsic width when room is short.
  public var compressionResistance: LayoutPriority

  /// An element named `name`.
  public init(
    _ name: String, content: Content = .none, hugging: LayoutPriority = .defaultLow,
    compressionResistance: LayoutPriority = .defaultHigh
  ) {
    self.name = name
    self.content = content
    self.hugging = hugging
    self.compressionResistance = compressionResistance
  }

  /// The intrinsic width: a text's single-line width, 0 without content.
  var intrinsicWidth: Double {
    switch content {
    case .none: 0
    case .text(let text): text.unconstrainedWidth
    case .attributed(let text): text.unconstrainedWidth
    case .placeholder(let width, _): width
    }
  }
}
