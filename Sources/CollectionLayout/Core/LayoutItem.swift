/// What a layout knows about one item of the data: its identity, the revision of its content,
/// whether it spans all columns and how many columns it covers.
///
/// Two items with the same `id` but different `revision` are the same item with changed content:
/// its cached size is stale and it is measured again.
public struct LayoutItem: Sendable, Hashable {
  /// The stable identity.
  public var id: ItemID
  /// A value that changes whenever the item's content (and so its size) changes, e.g. a hash of
  /// its text. Items are equal for the size cache only when both `id` and `revision` match.
  public var revision: Int
  /// Whether the item spans every column of its section (a waterfall "full-span" item), across
  /// the section's whole width, below every column.
  public var isFullSpan: Bool
  /// The span as stored: four bytes, so that an item stays 32 bytes.
  var storedSpan: Int32

  /// The number of adjacent columns a waterfall item covers (default 1).
  ///
  /// A span above the section's column count covers every column; a span below 1 is placed in one
  /// column and reported as ``LayoutError/Code/invalidSpan`` in the update's diagnostics. Values
  /// beyond the 32-bit range are kept at its ends (they are out of range either way). Ignored for
  /// full-span items.
  public var span: Int {
    get { Int(storedSpan) }
    set { storedSpan = Int32(clamping: newValue) }
  }

  /// Creates an item.
  public init(id: ItemID, revision: Int = 0, isFullSpan: Bool = false, span: Int = 1) {
    self.id = id
    self.revision = revision
    self.isFullSpan = isFullSpan
    self.storedSpan = Int32(clamping: span)
  }

  /// The number of columns the item covers in a section of `columns` columns: its span, at most
  /// `columns`, 1 for a span below 1 (full-span items are not asked).
  @inline(__always)
  func span(inColumns columns: Int) -> Int {
    let span = Int(storedSpan)
    return span <= 1 ? 1 : Swift.min(span, columns)
  }
}
