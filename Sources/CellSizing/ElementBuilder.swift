/// Builds lists of elements: `CellTemplate(styles: ...) { Element.label(...); Element.row(...) { ... } }`.
@resultBuilder
public enum ElementBuilder {
  /// One element.
  public static func buildExpression(_ element: Element) -> [Element] { [element] }
  /// A list of elements, spliced in.
  public static func buildExpression(_ elements: [Element]) -> [Element] { elements }
  /// The elements of a block, in order.
  public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }
  /// The elements of an `if` without `else`, or none.
  public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }
  /// The elements of the first branch of an `if`/`else` or `switch`.
  public static func buildEither(first part: [Element]) -> [Element] { part }
  /// The elements of the second branch of an `if`/`else` or `switch`.
  public static func buildEither(second part: [Element]) -> [Element] { part }
  /// The elements of every iteration of a `for` loop, in order.
  public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }
}
