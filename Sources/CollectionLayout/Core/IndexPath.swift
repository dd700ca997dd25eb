/// The position of an item in a sectioned collection: a section and an item within it.
///
/// Index paths order by section, then by item.
public struct IndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The section index.
  public var section: Int
  /// The item index within the section.
  public var item: Int

  /// Creates an index path.
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Creates an index path in section 0 (or `section`).
  public init(item: Int, section: Int = 0) {
    self.init(section: section, item: item)
  }

  /// Orders by section, then item.
  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// `[section, item]`.
  public var description: String { "[\(section), \(item)]" }
}
