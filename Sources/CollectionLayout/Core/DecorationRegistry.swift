/// The decoration-view kinds registered on a layout (as
/// `UICollectionViewLayout.register(_:forDecorationViewOfKind:)`), in registration order.
///
/// Unlike UIKit, which silently replaces a registration and crashes later when a returned kind
/// was never registered, this registry reports both as ``LayoutError``s.
public struct DecorationRegistry: Sendable, Hashable {
  /// The registered kinds, in registration order.
  public private(set) var kinds: [String] = []

  /// Creates an empty registry.
  public init() {}

  /// Registers `kind`.
  ///
  /// - Throws: ``LayoutError/Code/decorationKindAlreadyRegistered`` when `kind` is already
  ///   registered, ``LayoutError/Code/unregisteredDecorationKind`` when `kind` is empty.
  public mutating func register(_ kind: String) throws(LayoutError) {
    guard !kind.isEmpty else {
      throw LayoutError(.unregisteredDecorationKind, "cannot register an empty decoration kind")
    }
    guard !kinds.contains(kind) else {
      throw LayoutError(
        .decorationKindAlreadyRegistered, "decoration kind \"\(kind)\" is already registered")
    }
    kinds.append(kind)
  }

  /// Removes `kind` (no effect when it is not registered).
  public mutating func unregister(_ kind: String) {
    kinds.removeAll { $0 == kind }
  }

  /// Whether `kind` is registered.
  public func contains(_ kind: String) -> Bool { kinds.contains(kind) }

  /// Throws unless `kind` is registered.
  ///
  /// - Throws: ``LayoutError/Code/unregisteredDecorationKind`` naming the kind and `context`.
  public func validate(_ kind: String, _ context: String = "") throws(LayoutError) {
    guard contains(kind) else {
      let registered = kinds.isEmpty ? "none" : kinds.map { "\"\($0)\"" }.joined(separator: ", ")
      throw LayoutError(
        .unregisteredDecorationKind,
        "decoration kind \"\(kind)\" is not registered\(context.isEmpty ? "" : " (\(context))")"
          + "; registered: \(registered)")
    }
  }
}
