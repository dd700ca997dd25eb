/// Where an overlay sits over its target: one of nine positions.
public enum OverlayPin: String, Sendable, Hashable, CaseIterable {
  /// Along the top edge: the leading corner, the middle, the trailing corner.
  case topLeading, top, topTrailing
  /// At mid-height: the leading edge, the centre, the trailing edge.
  case leading, center, trailing
  /// Along the bottom edge: the leading corner, the middle, the trailing corner.
  case bottomLeading, bottom, bottomTrailing

  /// 0 (leading), 0.5 (centre) or 1 (trailing).
  var horizontalFactor: Double {
    switch self {
    case .topLeading, .leading, .bottomLeading: 0
    case .top, .center, .bottom: 0.5
    case .topTrailing, .trailing, .bottomTrailing: 1
    }
  }

  /// 0 (top), 0.5 (centre) or 1 (bottom).
  var verticalFactor: Double {
    switch self {
    case .topLeading, .top, .topTrailing: 0
    case .leading, .center, .trailing: 0.5
    case .bottomLeading, .bottom, .bottomTrailing: 1
    }
  }
}
