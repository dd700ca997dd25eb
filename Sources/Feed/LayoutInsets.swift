import SelfSizingCore

/// The collection layout's insets: the one `EdgeInsets` type that cell templates use too
/// (kept for source compatibility from when the two modules had an `EdgeInsets` each).
public typealias LayoutInsets = SelfSizingCore.EdgeInsets
