/// The column of each placed item of a waterfall section, -1 for a full-span item: one byte per
/// item when the section has at most `Int8.max` columns, four bytes otherwise.
///
/// One byte instead of four saves 300 KB per 100k items: memory a fresh layout would otherwise
/// fault in and write, and the per-column lists are built from these bytes.
struct ItemColumns {
  /// The columns when they fit in a byte (else empty).
  var narrow: [Int8] = []
  /// The columns when they do not fit in a byte (else empty).
  var wide: [Int32] = []
  let isWide: Bool

  /// Columns of a section with `columnCount` columns.
  init(columnCount: Int) {
    isWide = columnCount > Int(Int8.max)
  }

  /// The column of item `index`.
  subscript(index: Int) -> Int {
    isWide ? Int(wide[index]) : Int(narrow[index])
  }

  /// Forgets the columns from item `index` on.
  mutating func removeSubrange(from index: Int) {
    if isWide { wide.removeSubrange(index...) } else { narrow.removeSubrange(index...) }
  }

  /// Forgets every column, keeping the storage.
  mutating func removeAll() {
    if isWide { wide.removeAll(keepingCapacity: true) } else { narrow.removeAll(keepingCapacity: true) }
  }
}
