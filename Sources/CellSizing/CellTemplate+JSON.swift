public import Foundation
import SelfSizingCore
import TextEngine

extension CellTemplate {
  /// Decodes a JSON template (format: `Docs/Templates.md`) and validates it.
  /// - Throws: `CellSizingError` whose location is the JSON path of the offending value, e.g.
  ///   `stack[2].row.children[1].style: unknown style "titel" (...)`.
  public init(json data: Data) throws(CellSizingError) {
    let root = JSONReader(try JSONValue.parse(data, location: "template"))
    let object = try root.object(allowed: [
      "name", "description", "insets", "spacing", "minHeight", "maxHeight", "styles", "stack",
    ])
    var styles: [String: TemplateStyle] = [:]
    if let reader = root.child("styles", in: object) {
      guard case .object(let table) = reader.value else {
        throw reader.error(.wrongType, "expected an object of named styles, got \(reader.value.typeName)")
      }
      // In document order; of a repeated name, the first (as for every other key).
      for (name, value) in table where styles[name] == nil {
        styles[name] = try Self.style(JSONReader(value, path: reader.path(name)))
      }
    }
    guard let stackReader = root.child("stack", in: object) else {
      throw root.error(.missingKey, "a template needs a \"stack\" of elements", key: "stack")
    }
    var count = 0
    let stack = try Self.elements(stackReader, depth: 1, inRow: false, count: &count)
    self.init(
      name: try root.child("name", in: object)?.string() ?? "",
      styles: styles,
      insets: try root.child("insets", in: object).map(Self.insets) ?? .zero,
      spacing: try root.child("spacing", in: object)?.length() ?? 8,
      minHeight: try root.child("minHeight", in: object)?.length(),
      maxHeight: try root.child("maxHeight", in: object)?.length(),
      stack: stack)
    try validate()
  }

  static func insets(_ reader: JSONReader) throws(CellSizingError) -> EdgeInsets {
    switch reader.value {
    case .number:
      return EdgeInsets(all: try reader.length())
    case .array:
      let values = try reader.array()
      guard values.count == 4 else {
        throw reader.error(.invalidValue, "expected [top, left, bottom, right], got \(values.count) numbers")
      }
      return EdgeInsets(
        top: try values[0].length(), left: try values[1].length(), bottom: try values[2].length(),
        right: try values[3].length())
    default:
      let object = try reader.object(allowed: ["top", "left", "bottom", "right"])
      return EdgeInsets(
        top: try reader.child("top", in: object)?.length() ?? 0,
        left: try reader.child("left", in: object)?.length() ?? 0,
        bottom: try reader.child("bottom", in: object)?.length() ?? 0,
        right: try reader.child("right", in: object)?.length() ?? 0)
    }
  }

  /// The value of string enumeration `key` in a style `object`, if present: an error listing the
  /// names for any other string.
  private static func choice<Choice: RawRepresentable<String> & CaseIterable>(
    _ key: String, of type: Choice.Type, in object: [String: JSONValue], _ reader: JSONReader
  ) throws(CellSizingError) -> Choice? {
    guard let value = reader.child(key, in: object) else { return nil }
    let name = try value.string()
    guard let choice = Choice(rawValue: name) else {
      let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw value.error(.invalidValue, "unknown \(key) \"\(name)\"; expected \(names)")
    }
    return choice
  }

  private static func style(_ reader: JSONReader) throws(CellSizingError) -> TemplateStyle {
    let object = try reader.object(allowed: [
      "fontSize", "weight", "lineHeight", "lineSpacing", "letterSpacing", "maxLines", "language",
      "pixelScale", "font", "color", "strikethrough", "textWrap", "androidStyle", "textSpacingTrim",
    ])
    var style = TextStyle()
    if let size = reader.child("fontSize", in: object) { style.fontSize = try size.number() }
    if let weight = reader.child("weight", in: object) {
      let name = try weight.string()
      guard let value = FontWeight(rawValue: name) else {
        throw weight.error(.invalidValue, "unknown weight \"\(name)\"; expected regular or bold")
      }
      style.weight = value
    }
    if let lineHeight = reader.child("lineHeight", in: object) {
      switch lineHeight.value {
      case .number: style.lineHeight = .fixed(try lineHeight.number())
      case .string where try lineHeight.string() == "natural": style.lineHeight = .natural
      case .object:
        let multiple = try lineHeight.object(allowed: ["multiple"])
        guard let factor = lineHeight.child("multiple", in: multiple) else {
          throw lineHeight.error(.missingKey, "expected {\"multiple\": factor}", key: "multiple")
        }
        style.lineHeight = .multiple(try factor.number())
      default:
        throw lineHeight.error(
          .wrongType, "expected a number of points, \"natural\" or {\"multiple\": factor}")
      }
    }
    if let value = reader.child("lineSpacing", in: object) { style.lineSpacing = try value.number() }
    if let value = reader.child("letterSpacing", in: object) { style.letterSpacing = try value.number() }
    if let value = reader.child("maxLines", in: object) { style.maxLines = try value.integer(in: .lineLimit) }
    if let value = reader.child("language", in: object) { style.language = try value.string() }
    if let value = reader.child("pixelScale", in: object) { style.pixelScale = try value.number() }
    if let wrap = try Self.choice("textWrap", of: TextWrap.self, in: object, reader) { style.textWrap = wrap }
    if let trim = try Self.choice("textSpacingTrim", of: TextSpacingTrim.self, in: object, reader) {
      style.textSpacingTrim = trim
    }
    if let androidStyle = try Self.choice("androidStyle", of: AndroidStyle.self, in: object, reader) {
      style.androidStyle = androidStyle
    }
    // The ranges are the text engine's own, as for the CLI's options and the service's styles.
    do throws(TextError) {
      try style.validate()
    } catch {
      var path = error.field ?? ""
      if case .multiple = style.lineHeight, path == "lineHeight" { path = "lineHeight.multiple" }
      throw CellSizingError(.invalidValue, at: reader.path(path), error.requirement ?? error.message)
    }
    return TemplateStyle(
      style, font: try reader.child("font", in: object)?.string(),
      color: try reader.child("color", in: object)?.string(),
      strikethrough: try reader.child("strikethrough", in: object)?.bool() ?? false)
  }

  private static let kindKeys = [
    "label", "spans", "image", "grid", "flow", "spacer", "row", "stack", "overlay",
  ]

  /// An array of elements, counting them and checking the limits as they are read.
  private static func elements(_ reader: JSONReader, depth: Int, inRow: Bool, count: inout Int)
    throws(CellSizingError) -> [Element]
  {
    var result: [Element] = []
    for child in try reader.array() {
      result.append(try element(child, depth: depth, inRow: inRow, count: &count))
    }
    return result
  }

  private static func element(_ reader: JSONReader, depth: Int, inRow: Bool, count: inout Int)
    throws(CellSizingError) -> Element
  {
    count += 1
    guard count <= CellTemplate.maximumElementCount else {
      throw reader.error(
        .limitExceeded,
        "the template has more than \(CellTemplate.maximumElementCount) elements; at most "
          + "\(CellTemplate.maximumElementCount) are allowed")
    }
    guard depth <= CellTemplate.maximumDepth else {
      throw reader.error(
        .limitExceeded,
        "elements are nested \(depth) levels deep; at most \(CellTemplate.maximumDepth) levels are allowed")
    }
    let common: Set<String> = [
      "name", "spacingBefore", "spacingAfter", "hiddenWhenEmpty", "width", "hugging", "compression", "align",
      "padding", "background", "cornerRadius", "textAlign",
    ]
    guard let raw = reader.value.firstMembers else {
      throw reader.error(.wrongType, "expected an element object, got \(reader.value.typeName)")
    }
    let kinds = kindKeys.filter { raw[$0] != nil }
    guard kinds.count == 1, let kind = kinds.first else {
      throw reader.error(
        kinds.isEmpty ? .missingKey : .invalidValue,
        "an element needs exactly one of "
          + kindKeys.map { "\"\($0)\"" }.joined(separator: ", ")
          + (kinds.isEmpty ? "" : "; got \(kinds.joined(separator: ", "))"))
    }
    let extra: Set<String> =
      switch kind {
      case "label": ["label", "style", "maxLines", "format", "more"]
      case "spans": ["spans", "style", "maxLines", "more"]
      default: [kind]
      }
    let object = try reader.object(allowed: common.union(extra))
    let kindReader = reader.child(kind, in: object)!
    let elementKind: Element.Kind
    var defaultName = reader.path
    switch kind {
    case "label":
      let field = try kindReader.string()
      defaultName = field
      guard let style = reader.child("style", in: object) else {
        throw reader.error(.missingKey, "a label needs a \"style\"", key: "style")
      }
      elementKind = .label(
        LabelSpec(
          field: field, style: try style.string(),
          maxLines: try reader.child("maxLines", in: object)?.integer(in: .lineLimit),
          format: try reader.child("format", in: object)?.string(),
          more: try reader.child("more", in: object).map(more)))
    case "spans":
      var spans: [SpanSpec] = []
      for span in try kindReader.array() { spans.append(try self.span(span)) }
      elementKind = .spans(
        SpansSpec(
          spans: spans, paragraphStyle: try reader.child("style", in: object)?.string(),
          maxLines: try reader.child("maxLines", in: object)?.integer(in: .lineLimit),
          more: try reader.child("more", in: object).map(more)))
    case "grid":
      elementKind = .grid(try grid(kindReader))
    case "flow":
      elementKind = .flow(try flow(kindReader))
    case "stack":
      let stackObject = try kindReader.object(allowed: ["children", "spacing", "align"])
      guard let children = kindReader.child("children", in: stackObject) else {
        throw kindReader.error(.missingKey, "a stack needs \"children\"", key: "children")
      }
      elementKind = .stack(
        StackSpec(
          children: try elements(children, depth: depth + 1, inRow: false, count: &count),
          spacing: try kindReader.child("spacing", in: stackObject)?.length() ?? 0,
          alignment: try kindReader.child("align", in: stackObject).map(horizontalAlignment) ?? .leading))
    case "overlay":
      let overlayObject = try kindReader.object(allowed: ["on", "pin", "margin", "child"])
      guard let target = kindReader.child("on", in: overlayObject) else {
        throw kindReader.error(.missingKey, "an overlay names the element it covers in \"on\"", key: "on")
      }
      guard let child = kindReader.child("child", in: overlayObject) else {
        throw kindReader.error(.missingKey, "an overlay needs a \"child\" element", key: "child")
      }
      var pin = OverlayPin.topTrailing
      if let pinReader = kindReader.child("pin", in: overlayObject) {
        let name = try pinReader.string()
        guard let value = OverlayPin(rawValue: name) else {
          throw pinReader.error(
            .invalidValue,
            "unknown pin \"\(name)\"; expected one of \(OverlayPin.allCases.map(\.rawValue).joined(separator: ", "))"
          )
        }
        pin = value
      }
      elementKind = .overlay(
        OverlaySpec(
          target: try target.string(), pin: pin,
          margin: try kindReader.child("margin", in: overlayObject)?.length() ?? 0,
          child: try element(child, depth: depth + 1, inRow: false, count: &count)))
    case "image":
      elementKind = .image(try image(kindReader))
    case "spacer":
      if case .string = kindReader.value {
        guard try kindReader.string() == "fill" else {
          throw kindReader.error(.invalidValue, "expected a length or \"fill\"")
        }
        elementKind = .spacer(SpacerSpec(length: nil))
      } else {
        elementKind = .spacer(SpacerSpec(length: try kindReader.length()))
      }
    default:
      let rowObject = try kindReader.object(allowed: ["children", "spacing", "align"])
      guard let children = kindReader.child("children", in: rowObject) else {
        throw kindReader.error(.missingKey, "a row needs \"children\"", key: "children")
      }
      elementKind = .row(
        RowSpec(
          children: try elements(children, depth: depth + 1, inRow: true, count: &count),
          spacing: try kindReader.child("spacing", in: rowObject)?.length() ?? 8,
          alignment: try kindReader.child("align", in: rowObject).map(alignment) ?? .center))
    }
    var width: RowWidth?
    if let value = reader.child("width", in: object) {
      switch value.value {
      case .number: width = .fixed(try value.length())
      case .string:
        switch try value.string() {
        case "hug": width = .hug
        case "fill": width = .fill
        default: throw value.error(.invalidValue, "expected a number of points, \"hug\" or \"fill\"")
        }
      default: throw value.error(.wrongType, "expected a number of points, \"hug\" or \"fill\"")
      }
    }
    var verticalAlignment: VerticalAlignment?
    var horizontal: HorizontalAlignment?
    if let align = reader.child("align", in: object) {
      if inRow {
        verticalAlignment = try alignment(align)
      } else {
        horizontal = try horizontalAlignment(align)
      }
    }
    return Element(
      name: try reader.child("name", in: object)?.string() ?? defaultName,
      kind: elementKind,
      spacingBefore: try reader.child("spacingBefore", in: object)?.length(),
      spacingAfter: try reader.child("spacingAfter", in: object)?.length(),
      hiddenWhenEmpty: try reader.child("hiddenWhenEmpty", in: object)?.bool() ?? false,
      width: width,
      hugging: try reader.child("hugging", in: object).map(priority),
      compressionResistance: try reader.child("compression", in: object).map(priority),
      alignment: verticalAlignment, horizontalAlignment: horizontal,
      padding: try reader.child("padding", in: object).map(insets) ?? .zero,
      background: try reader.child("background", in: object)?.string(),
      cornerRadius: try reader.child("cornerRadius", in: object)?.length(),
      textAlignment: try reader.child("textAlign", in: object).map(horizontalAlignment))
  }

  private static func horizontalAlignment(_ reader: JSONReader) throws(CellSizingError) -> HorizontalAlignment
  {
    let name = try reader.string()
    guard let value = HorizontalAlignment(rawValue: name) else {
      throw reader.error(.invalidValue, "unknown alignment \"\(name)\"; expected leading, center or trailing")
    }
    return value
  }

  private static func more(_ reader: JSONReader) throws(CellSizingError) -> TruncationToken {
    if case .string = reader.value { return TruncationToken(try reader.string()) }
    let object = try reader.object(allowed: ["text", "style"])
    guard let text = reader.child("text", in: object) else {
      throw reader.error(.missingKey, "a \"more\" token needs a \"text\"", key: "text")
    }
    return TruncationToken(try text.string(), style: try reader.child("style", in: object)?.string())
  }

  private static func span(_ reader: JSONReader) throws(CellSizingError) -> SpanSpec {
    let object = try reader.object(allowed: ["text", "field", "style", "format"])
    guard let style = reader.child("style", in: object) else {
      throw reader.error(.missingKey, "a span needs a \"style\"", key: "style")
    }
    let source: SpanSpec.Source
    switch (reader.child("text", in: object), reader.child("field", in: object)) {
    case (let text?, nil): source = .text(try text.string())
    case (nil, let field?): source = .field(try field.string())
    case (nil, nil): throw reader.error(.missingKey, "a span needs a \"text\" or a \"field\"")
    case (_?, _?): throw reader.error(.conflict, "a span has either a \"text\" or a \"field\", not both")
    }
    let format = try reader.child("format", in: object)?.string()
    if format != nil, case .text = source {
      throw reader.error(.conflict, "a \"format\" applies to a \"field\" span", key: "format")
    }
    return SpanSpec(source, style: try style.string(), format: format)
  }

  private static func grid(_ reader: JSONReader) throws(CellSizingError) -> GridSpec {
    let object = try reader.object(allowed: [
      "field", "spacing", "singleWidth", "singleAspect", "minAspect", "maxAspect",
    ])
    guard let field = reader.child("field", in: object) else {
      throw reader.error(.missingKey, "a grid needs the \"field\" holding its images", key: "field")
    }
    var grid = GridSpec(field: try field.string())
    if let value = reader.child("spacing", in: object) { grid.spacing = try value.length() }
    if let value = reader.child("singleWidth", in: object) { grid.singleWidth = try value.positive() }
    if let value = reader.child("singleAspect", in: object) { grid.singleAspect = try value.positive() }
    if let value = reader.child("minAspect", in: object) { grid.minAspect = try value.positive() }
    if let value = reader.child("maxAspect", in: object) { grid.maxAspect = try value.positive() }
    return grid
  }

  private static func flow(_ reader: JSONReader) throws(CellSizingError) -> FlowSpec {
    let object = try reader.object(allowed: [
      "field", "style", "format", "padding", "spacing", "lineSpacing", "maxLines", "more", "background",
    ])
    guard let field = reader.child("field", in: object) else {
      throw reader.error(.missingKey, "a flow needs the \"field\" holding its chips", key: "field")
    }
    guard let style = reader.child("style", in: object) else {
      throw reader.error(.missingKey, "a flow needs a chip \"style\"", key: "style")
    }
    var flow = FlowSpec(field: try field.string(), style: try style.string())
    flow.format = try reader.child("format", in: object)?.string()
    if let value = reader.child("padding", in: object) { flow.padding = try insets(value) }
    if let value = reader.child("spacing", in: object) { flow.spacing = try value.length() }
    if let value = reader.child("lineSpacing", in: object) { flow.lineSpacing = try value.length() }
    if let value = reader.child("maxLines", in: object) {
      flow.maxLines = try value.integer(in: .lineLimit)
    }
    if let value = reader.child("more", in: object) {
      flow.moreFormat = try value.string()
      guard flow.moreFormat.contains("{}") else {
        throw value.error(.invalidValue, "the \"+N\" chip's format needs \"{}\" for the number")
      }
    }
    flow.background = try reader.child("background", in: object)?.string()
    return flow
  }

  private static func priority(_ reader: JSONReader) throws(CellSizingError) -> LayoutPriority {
    LayoutPriority(try reader.integer(in: .priority))
  }

  private static func alignment(_ reader: JSONReader) throws(CellSizingError) -> VerticalAlignment {
    let name = try reader.string()
    guard let value = VerticalAlignment(rawValue: name) else {
      throw reader.error(.invalidValue, "unknown alignment \"\(name)\"; expected top, center or bottom")
    }
    return value
  }

  private static func image(_ reader: JSONReader) throws(CellSizingError) -> ImageSpec {
    let object = try reader.object(allowed: [
      "aspect", "aspectFrom", "fallbackAspect", "minAspect", "maxAspect", "size", "field",
    ])
    let field = try reader.child("field", in: object)?.string()
    if let size = reader.child("size", in: object) {
      if let other = ["aspect", "aspectFrom", "fallbackAspect", "minAspect", "maxAspect"].first(where: {
        object[$0] != nil
      }) {
        throw reader.error(
          .conflict,
          "an image has either a fixed \"size\" or an aspect ratio, not both (\"size\" and \"\(other)\")")
      }
      let values = try size.array()
      guard values.count == 2 else { throw size.error(.invalidValue, "expected [width, height]") }
      return ImageSpec(.fixed(width: try values[0].length(), height: try values[1].length()), field: field)
    }
    var rule = AspectRule()
    if let aspect = reader.child("aspect", in: object) { rule.ratio = try aspect.positive() }
    if let from = reader.child("aspectFrom", in: object) {
      let names = try from.array()
      guard names.count == 2 else { throw from.error(.invalidValue, "expected [widthField, heightField]") }
      rule.widthField = try names[0].string()
      rule.heightField = try names[1].string()
    }
    guard (rule.ratio == nil) != (rule.widthField == nil) else {
      throw reader.error(
        rule.ratio == nil ? .missingKey : .conflict,
        "an image needs exactly one of \"aspect\", \"aspectFrom\" or \"size\"")
    }
    rule.fallback = try reader.child("fallbackAspect", in: object)?.positive()
    rule.minimum = try reader.child("minAspect", in: object)?.positive()
    rule.maximum = try reader.child("maxAspect", in: object)?.positive()
    return ImageSpec(.aspect(rule), field: field)
  }
}
