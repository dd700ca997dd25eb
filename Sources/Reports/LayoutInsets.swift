import CollectionLayout

/// The collection layout's insets (`CollectionLayout.EdgeInsets`), named apart from the cell
/// template's `EdgeInsets` so files importing both modules can use it unambiguously.
public typealias LayoutInsets = EdgeInsets
