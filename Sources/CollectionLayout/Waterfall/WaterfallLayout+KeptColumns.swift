extension WaterfallLayout {
  /// Columns items had in an earlier layout this one did not make — typically the layout a
  /// client shows, sent back with a refresh — for the next update with
  /// ``Configuration/stableColumns``: an item of `section` found here (and not placed by this
  /// layout already, whose own columns come first) goes back to its column there.
  ///
  /// They are used once, by the next update that lays `section` out. When `columnCount` is not
  /// the section's column count then, they are not used: the section's items are placed afresh
  /// and the update's report lists the section in ``LayoutUpdateReport/columnsReset``. Columns
  /// outside `0..<columnCount` are taken as the nearest one.
  public func keepColumns(_ columns: [ItemID: Int], columnCount: Int, inSection section: Int = 0) {
    let last = Swift.max(0, columnCount - 1)
    keptColumns[section] = KeptColumns(
      columnCount: columnCount,
      columns: columns.mapValues { Int32(Swift.min(Swift.max($0, 0), last)) })
  }
}

/// Columns given by ``WaterfallLayout/keepColumns(_:columnCount:inSection:)``.
struct KeptColumns {
  var columnCount: Int
  var columns: [ItemID: Int32]
}
