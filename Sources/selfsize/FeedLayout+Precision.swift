import CollectionLayout
import Feed
import TextEngine

extension FeedLayout {
  /// The layout with every printed length (frames, content and collection size, column
  /// heights) rounded to `decimals` places, for `--precision`.
  func rounded(decimals: Int) -> FeedLayout {
    func round(_ value: Double) -> Double { value.rounded(decimals: decimals) }
    func round(_ rect: Rect) -> Rect {
      Rect(x: round(rect.minX), y: round(rect.minY), width: round(rect.width), height: round(rect.height))
    }
    func round(_ size: Size) -> Size { Size(width: round(size.width), height: round(size.height)) }
    var layout = self
    layout.collectionSize = round(collectionSize)
    layout.contentSize = round(contentSize)
    layout.columnHeights = columnHeights.map(round)
    layout.columnFrames = columnFrames.map(round)
    for index in layout.items.indices { layout.items[index].frame = round(items[index].frame) }
    for index in layout.supplementary.indices {
      layout.supplementary[index].frame = round(supplementary[index].frame)
    }
    for index in layout.decorations.indices {
      layout.decorations[index].frame = round(decorations[index].frame)
    }
    return layout
  }

  /// The item objects of `--format jsonl` and `--fields`: the JSON's `items` entries, plus
  /// `x`, `y`, `width` and `height` of the frame for csv and table.
  func itemObjects(withFrameFields: Bool) -> [JSONValue] {
    guard case .object(let members) = jsonValue(),
      case .array(let objects)? = members.first(where: { $0.0 == "items" })?.1
    else { return [] }
    let platform: (String, JSONValue) = ("platform", .string(platform.rawValue))
    return zip(objects, items).map { object, item in
      guard case .object(let members) = object else { return object }
      guard withFrameFields else { return .object(members + [platform]) }
      let frame = item.frame
      return .object(
        members + [
          ("x", .number(frame.minX)), ("y", .number(frame.minY)), ("width", .number(frame.width)),
          ("height", .number(frame.height)), platform,
        ])
    }
  }

  /// The field names `--fields` takes on `selfsize layout`.
  static let itemFields = [
    "id", "section", "item", "column", "span", "x", "y", "width", "height", "frame", "missingGlyphs",
    "platform",
  ]
}
