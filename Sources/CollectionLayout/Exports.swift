// `EdgeInsets` (insets for the four edges of a rectangle, as `UIEdgeInsets`) is one type shared
// with CellSizing, defined in SelfSizingCore: importing CollectionLayout imports it.
@_exported import SelfSizingCore
