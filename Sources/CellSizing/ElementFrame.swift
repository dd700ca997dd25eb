/// Where an element ended up, in points, relative to the cell's top-leading corner.
public struct ElementFrame: Sendable, Hashable {
  /// The element's name.
  public var name: String
  /// Leading edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width.
  public var width: Double
  /// Height.
  public var height: Double
  /// For labels: the number of lines shown.
  public var lineCount: Int?
  /// For labels: true when max lines cut the text.
  public var truncated: Bool?

  /// A frame.
  public init(
    name: String, x: Double, y: Double, width: Double, height: Double, lineCount: Int? = nil,
    truncated: Bool? = nil
  ) {
    self.name = name
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.lineCount = lineCount
    self.truncated = truncated
  }

  /// `[x, y, width, height]`, the CLI's `frame`.
  public var frame: [Double] { [x, y, width, height] }
}
