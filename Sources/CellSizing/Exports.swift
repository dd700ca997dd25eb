// `EdgeInsets` (a template's insets) is one type shared with CollectionLayout, defined in
// SelfSizingCore: importing CellSizing imports it.
@_exported import SelfSizingCore
