public import CollectionLayout

/// The numbers `selfsize report` prints: what was laid out, how it went and what was written.
public struct ReportSummary: Sendable, Hashable {
  /// A picture that was written.
  public struct Picture: Sendable, Hashable {
    /// The file path.
    public var path: String
    /// The format (`png`, `svg`, `html`).
    public var format: String
    /// Width and height in pixels (PNG) or CSS px.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The file size in bytes.
    public var bytes: Int

    /// A picture.
    public init(path: String, format: String, pixelWidth: Int, pixelHeight: Int, bytes: Int) {
      self.path = path
      self.format = format
      self.pixelWidth = pixelWidth
      self.pixelHeight = pixelHeight
      self.bytes = bytes
    }
  }

  /// The layout kind.
  public var layout: String
  /// Items laid out.
  public var items: Int
  /// Items covering more than one column (`"span"` above 1).
  public var spanningItems: Int
  /// Columns (0 for a circle).
  public var columns: Int
  /// The content size.
  public var contentSize: Size
  /// The column heights.
  public var columnHeights: [Double]
  /// Items measured (summed over pages).
  public var measured: Int
  /// Pages applied.
  public var pages: Int
  /// Inputs that failed.
  public var errors: Int
  /// Glyphs no font has, over every item.
  public var missingGlyphs: Int
  /// Seconds spent reading, measuring and laying out.
  public var layoutSeconds: Double
  /// Seconds spent drawing and writing pictures.
  public var pictureSeconds: Double
  /// The pictures written.
  public var pictures: [Picture]

  /// A summary of `layout`.
  public init(
    layout: FeedLayout, columns: Int, layoutSeconds: Double, pictureSeconds: Double, pictures: [Picture]
  ) {
    self.layout = layout.kind.rawValue
    self.items = layout.items.count
    self.spanningItems = layout.items.filter { $0.span > 1 }.count
    self.columns = layout.kind == .circle ? 0 : columns
    self.contentSize = layout.contentSize
    self.columnHeights = layout.columnHeights
    self.measured = layout.measuredCount
    self.pages = layout.pages.count
    self.errors = layout.failures.count
    self.missingGlyphs = layout.missingGlyphs
    self.layoutSeconds = layoutSeconds
    self.pictureSeconds = pictureSeconds
    self.pictures = pictures
  }

  /// Lines for people.
  public func lines() -> [String] {
    func format(_ value: Double) -> String { JSONValue.format(value, decimals: 2) }
    func seconds(_ value: Double) -> String { JSONValue.format(value, decimals: 3) + " s" }
    var lines = [
      "layout        \(layout)",
      "items         \(items)" + (spanningItems > 0 ? " (\(spanningItems) spanning several columns)" : ""),
      "columns       \(columns)"
        + (columnHeights.isEmpty ? "" : " (heights \(columnHeights.map(format).joined(separator: ", ")))"),
      "content size  \(format(contentSize.width)) × \(format(contentSize.height)) pt",
      "measured      \(measured) items in \(pages) page\(pages == 1 ? "" : "s")",
      "errors        \(errors)",
      "missing       \(missingGlyphs) glyph\(missingGlyphs == 1 ? "" : "s") (no font has them)",
      "time          \(seconds(layoutSeconds + pictureSeconds)) (layout \(seconds(layoutSeconds)), pictures \(seconds(pictureSeconds)))",
    ]
    for picture in pictures {
      let kilobytes = JSONValue.format((Double(picture.bytes) / 1024).rounded())
      lines.append(
        "wrote         \(picture.path) (\(picture.pixelWidth)×\(picture.pixelHeight) px, \(kilobytes) KB)")
    }
    return lines
  }

  /// The summary as JSON: `{"layout", "items", "columns", "contentSize", "columnHeights",
  /// "measured", "pages", "errors", "missingGlyphs", "seconds", "pictures": [{"path", "format", "width", "height", "bytes"}],
  /// "spanningItems"}`.
  public func jsonValue() -> JSONValue {
    .object([
      ("layout", .string(layout)), ("items", .number(Double(items))), ("columns", .number(Double(columns))),
      ("contentSize", .array([.number(contentSize.width), .number(contentSize.height)])),
      ("columnHeights", .array(columnHeights.map { .number($0) })),
      ("measured", .number(Double(measured))), ("pages", .number(Double(pages))),
      ("errors", .number(Double(errors))),
      ("missingGlyphs", .number(Double(missingGlyphs))),
      ("seconds", .number(layoutSeconds + pictureSeconds)),
      (
        "pictures",
        .array(
          pictures.map {
            .object([
              ("path", .string($0.path)), ("format", .string($0.format)),
              ("width", .number(Double($0.pixelWidth))),
              ("height", .number(Double($0.pixelHeight))), ("bytes", .number(Double($0.bytes))),
            ])
          })
      ),
      ("spanningItems", .number(Double(spanningItems))),
    ])
  }
}
