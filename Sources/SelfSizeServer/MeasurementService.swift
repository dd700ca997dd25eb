import Baseline
import CellSizing
import CollectionLayout
import Feed
import Foundation
import NIOCore
import SelfSizingCore
public import TextEngine

/// The measuring behind the HTTP routes: one text measurer, the named templates, and bounded
/// least-recently-used caches of prepared texts, prepared cells and inline templates, shared by
/// every request. Each method reads a parsed request body and returns the response body; the
/// result objects are the very bytes `selfsize text` / `selfsize measure` / `selfsize layout`
/// print for the same input.
public final class MeasurementService: Sendable {
  /// The text engine for requests that name no platform.
  public let measurer: TextMeasurer
  /// The text engine of each platform (the same fonts and settings).
  let measurers: [TextPlatform: TextMeasurer]
  /// The request and cache bounds.
  public let limits: ServerLimits
  /// The named templates.
  public let library: TemplateLibrary
  /// What was wrong with the fonts asked for (as `selfsize fonts` reports them).
  public let fontWarnings: [String]
  /// The named templates' sizers, by platform.
  let namedSizers: [TextPlatform: [String: CellSizer]]
  let texts: LRUCache<TextKey, PreparedText>
  let cells: LRUCache<CellKey, PreparedCell>
  let inlineTemplates: LRUCache<TemplateKey, CellSizer>

  /// An inline template's cache key: its platform and the SHA-256 of its serialized JSON (not
  /// the text, which may be as large as a request body and would be held by every cell prepared
  /// with it).
  struct TemplateKey: Hashable, Sendable {
    var platform: TextPlatform
    var digest: String

    /// The estimated bytes the key holds.
    var cost: Int { 64 + digest.utf8.count }
  }

  struct TextKey: Hashable, Sendable {
    var text: String
    var style: TextStyle
    var platform: TextPlatform
  }

  struct CellKey: Hashable, Sendable {
    /// `platform:name:NAME` or `platform:inline:SHA-256`.
    var template: String
    var item: CellItem
  }

  /// A service over `measurer` (for requests that name no platform; the other platforms get
  /// measurers with the same fonts, ``TextMeasurer/measuring(for:)``) and the templates of
  /// `library`.
  /// - Throws: ``TemplateLibraryError`` when a template names a font the measurer lacks.
  public init(
    measurer: TextMeasurer, library: TemplateLibrary, limits: ServerLimits = ServerLimits(),
    fontWarnings: [String] = []
  ) throws(TemplateLibraryError) {
    self.measurer = measurer
    self.fontWarnings = fontWarnings
    self.limits = limits
    self.library = library
    var measurers: [TextPlatform: TextMeasurer] = [:]
    var sizers: [TextPlatform: [String: CellSizer]] = [:]
    for platform in TextPlatform.allCases {
      let platformMeasurer = measurer.measuring(for: platform)
      measurers[platform] = platformMeasurer
      for (name, template) in library.templates {
        do throws(CellSizingError) {
          sizers[platform, default: [:]][name] = try CellSizer(
            template: template, measurer: platformMeasurer, cacheCapacity: 0)
        } catch {
          throw TemplateLibraryError(path: name, message: error.description)
        }
      }
    }
    self.measurers = measurers
    self.namedSizers = sizers
    texts = LRUCache(maximumCount: limits.textCacheCount, maximumBytes: limits.textCacheBytes)
    cells = LRUCache(maximumCount: limits.cellCacheCount, maximumBytes: limits.cellCacheBytes)
    inlineTemplates = LRUCache(
      maximumCount: limits.templateCacheCount, maximumBytes: limits.templateCacheBytes)
  }

  // MARK: /v1/text

  /// `{"texts": [{"id", "text"}…], "widths": […], "style": {…}}` → `{"results": [one
  /// `selfsize text` object per text and width, in order]}`; a bad text gives an error object
  /// (`{"id", "width", "error": {"code", "message"}}`) for each width in its place.
  func text(
    _ body: JSONValue, deadline: Deadline, ticket: WorkInFlight.Ticket? = nil
  ) throws(ServiceError) -> (ByteBuffer, RequestOutcome) {
    let request = try RequestObject(body, path: "", keys: ["texts", "widths", "style", "platform"])
    let platform = try request.platform(default: measurer.platform)
    let measurer = measurers[platform]!
    let elements = try request.requiredArray("texts")
    try checkItemCount(elements.count, field: "texts")
    let widths = try request.widths(limit: limits.maximumWidths, allowsInfinity: true)
    let style = try TextStyle(request: request["style"])
    if style.pixelScale != nil, platform != .ios {
      throw ServiceError(
        .invalidRequest,
        "style.pixelScale rounds heights up to device pixels as UIKit does; it needs \"platform\": \"ios\" (got \"\(platform.rawValue)\")"
      )
    }
    if style.textWrap != .auto, !platform.hasWrapStyles {
      let names = TextPlatform.wrapStyles.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw ServiceError(
        .invalidRequest,
        "style.textWrap \"\(style.textWrap.rawValue)\" breaks lines as CSS text-wrap-style does, which only \(names) has (got \"platform\": \"\(platform.rawValue)\")"
      )
    }
    if style.textSpacingTrim != .spaceAll, !platform.hasTextSpacingTrim {
      throw ServiceError(
        .invalidRequest,
        "style.textSpacingTrim \"\(style.textSpacingTrim.rawValue)\" trims fullwidth punctuation as CSS text-spacing-trim does, which only \"web\" has (got \"platform\": \"\(platform.rawValue)\")"
      )
    }
    if !style.flutterRoundingHack, platform != .flutter {
      throw ServiceError(
        .invalidRequest,
        "style.flutterRoundingHack false turns SkParagraph's rounding hack off, which only \"flutter\" has (got \"platform\": \"\(platform.rawValue)\")"
      )
    }
    if style.androidStyle != .compose, platform != .android {
      throw ServiceError(
        .invalidRequest,
        "style.androidStyle \"\(style.androidStyle.rawValue)\" picks an Android widget's defaults, which only \"android\" has (got \"platform\": \"\(platform.rawValue)\")"
      )
    }
    var output = ResultsWriter(ticket: ticket)
    for (index, element) in elements.enumerated() {
      try output.check(deadline)
      let record: TextRecord
      do throws(RecordError) {
        record = try TextRecord(jsonLine: element.serialized(), line: index + 1)
      } catch {
        output.fail(
          id: Self.id(of: element), widths: widths, code: error.code.rawValue,
          message: "texts[\(index)]: \(error.message)")
        continue
      }
      let prepared: PreparedText
      do throws(TextError) {
        prepared = try texts.value(
          for: TextKey(text: record.text, style: style, platform: platform), cost: Self.cost(of:)
        ) {
          () throws(TextError) in try measurer.prepare(record.text, style: style)
        }.value
      } catch {
        output.fail(
          id: .string(record.id), widths: widths, code: error.code.rawValue,
          message: "texts[\(index)] (id \(record.id)): \(error.message)")
        continue
      }
      var text = record.text
      for width in widths {
        do throws(TextError) {
          let layout = try prepared.layout(width: width)
          output.beginResult(missingGlyphs: layout.missingGlyphs)
          text.withUTF8 { utf8 in
            layout.writeJSON(
              id: record.id, textUTF8: utf8, prepared: prepared, platform: measurer.platform,
              to: &output.writer)
          }
        } catch {
          output.fail(
            id: .string(record.id), widths: [width], code: error.code.rawValue,
            message: "texts[\(index)] (id \(record.id)): \(error.message)")
        }
      }
    }
    return try output.finish()
  }

  // MARK: /v1/measure

  /// `{"template": NAME | {…}, "items": [{…}], "widths": […]}` → `{"results": [one
  /// `selfsize measure` object per item and width, in order]}`; a bad item gives an error object
  /// for each width in its place.
  func measure(
    _ body: JSONValue, deadline: Deadline, ticket: WorkInFlight.Ticket? = nil
  ) throws(ServiceError) -> (ByteBuffer, RequestOutcome) {
    let request = try RequestObject(body, path: "", keys: ["template", "items", "widths", "platform"])
    let (sizer, templateKey) = try sizer(
      for: request["template"], platform: try request.platform(default: measurer.platform))
    let elements = try request.requiredArray("items")
    try checkItemCount(elements.count, field: "items")
    let widths = try request.widths(limit: limits.maximumWidths)
    var output = ResultsWriter(ticket: ticket)
    for (index, element) in elements.enumerated() {
      try output.check(deadline)
      let serialized = element.serialized()
      let cell: PreparedCell
      let item: CellItem
      do throws(CellSizingError) {
        item = try CellItem(json: Data(serialized.utf8))
        cell = try cells.value(
          for: CellKey(template: templateKey, item: item),
          cost: { _ in 512 + templateKey.utf8.count + 24 * serialized.utf8.count },
          make: { () throws(CellSizingError) in try sizer.prepare(item) }
        ).value
      } catch {
        output.fail(
          id: Self.id(of: element), widths: widths, code: error.code.rawValue,
          message: "items[\(index)]: \(error.description)")
        continue
      }
      for width in widths {
        do throws(CellSizingError) {
          let measurement = try cell.measure(width: width)
          output.beginResult(missingGlyphs: measurement.missingGlyphs)
          measurement.jsonValue(platform: sizer.measurer.platform).write(to: &output.writer)
        } catch {
          output.fail(
            id: .string(item.id), widths: [width], code: error.code.rawValue,
            message: "items[\(index)]: \(error.description)")
        }
      }
    }
    return try output.finish()
  }

  // MARK: /v1/layout

  /// A waterfall page (or pages) of items with a template → `{"layout": the `selfsize layout
  /// --format json` object, "failures": [{"location", "message"}]}`. With `"format": "tanstack"`
  /// or `"flashlist"` the layout is the `selfsize layout --format tanstack|flashlist` array;
  /// `"stableColumns": true` keeps items in their columns through refreshes, and `"previous"`
  /// (an earlier answer's layout) gives the columns to keep.
  func layout(
    _ body: JSONValue, deadline: Deadline, ticket: WorkInFlight.Ticket? = nil
  ) throws(ServiceError) -> (ByteBuffer, RequestOutcome) {
    let request = try RequestObject(
      body, path: "",
      keys: [
        "template", "items", "pages", "collectionWidth", "columns", "columnSpacing", "lineSpacing", "insets",
        "pageSize", "platform", "format", "stableColumns", "previous",
      ])
    let format = try request.string("format") ?? "json"
    guard ["json", "tanstack", "flashlist"].contains(format) else {
      throw ServiceError(
        .invalidRequest,
        "format must be \"json\", \"tanstack\" or \"flashlist\", got \"\(TerminalText.excerpt(format, limit: 40))\""
      )
    }
    let platform = try request.platform(default: measurer.platform)
    let (sizer, _) = try sizer(for: request["template"], platform: platform)
    var settings = try Self.settings(request)
    if try request.bool("stableColumns") == true { settings.stableColumns = true }
    if let previous = request["previous"] {
      guard settings.stableColumns else {
        throw ServiceError(.invalidRequest, "previous is for \"stableColumns\": true (the columns to keep)")
      }
      do throws(RecordError) {
        settings.previousColumns = try PreviousColumns(json: previous, source: "previous")
      } catch {
        throw ServiceError(.invalidRequest, error.description)
      }
    }
    var pages: [FeedPage] = []
    switch (try request.array("items"), try request.array("pages")) {
    case (let items?, nil):
      pages = [Self.page(items, source: "items")]
    case (nil, let list?):
      for (index, value) in list.enumerated() {
        guard case .array(let items) = value else {
          throw ServiceError(
            .invalidRequest, "pages[\(index)] must be an array of items, got \(value.typeName)")
        }
        pages.append(Self.page(items, source: "pages[\(index)]"))
      }
    case (nil, nil): throw ServiceError(.invalidRequest, "give \"items\" (one page) or \"pages\" (several)")
    case (_?, _?): throw ServiceError(.invalidRequest, "give either \"items\" or \"pages\", not both")
    }
    try checkItemCount(
      pages.reduce(0) { $0 + $1.items.count }, field: request["items"] == nil ? "pages" : "items")
    try deadline.check()
    let layout: FeedLayout
    do {
      layout = try FeedLayout.waterfall(
        template: sizer.template, pages: pages, settings: settings, measurer: sizer.measurer)
    } catch let error as CellSizingError {
      throw ServiceError(.invalidTemplate, "template: \(error.description)")
    } catch let error as LayoutError {
      throw ServiceError(.invalidRequest, error.message)
    } catch {
      throw ServiceError(.internal, "layout failed: \(error)")
    }
    try deadline.check()
    var body = JSONWriter(capacity: 4096)
    body.raw("{\"layout\":")
    switch format {
    case "tanstack": layout.tanstackValue().write(to: &body)
    case "flashlist": layout.flashListValue().write(to: &body)
    default: layout.jsonValue().write(to: &body)
    }
    body.raw(",\"failures\":")
    JSONValue.array(
      layout.failures.map { .object([("location", .string($0.location)), ("message", .string($0.message))]) }
    ).write(to: &body)
    body.raw("}\n")
    try ticket?.hold(body.count)
    return (
      ByteBuffer(bytes: body.bytes),
      RequestOutcome(
        measured: layout.measuredCount, failed: layout.failures.count, missingGlyphs: layout.missingGlyphs)
    )
  }

  // MARK: /v1/fonts

  /// The `selfsize fonts --format json` object for this server's measurer at `pointSize`.
  func fonts(pointSize: Double) -> String {
    let chains: [(String, FontChain)] = [("regular", measurer.regular), ("bold", measurer.bold)]
    return FontReport.json(
      chains: chains, pointSize: pointSize, versions: .current, systemFonts: measurer.usesSystemFonts,
      warnings: fontWarnings
    ).serialized() + "\n"
  }

  // MARK: Helpers

  func checkItemCount(_ count: Int, field: String) throws(ServiceError) {
    guard count <= limits.maximumItems else {
      throw ServiceError(
        .tooManyItems, "\(field) has \(count) items; the limit is \(limits.maximumItems) per request",
        limit: Double(limits.maximumItems))
    }
  }

  /// The sizer of a named or inline template for a platform, and the key its prepared cells are
  /// cached under.
  func sizer(for value: JSONValue?, platform: TextPlatform) throws(ServiceError) -> (CellSizer, String) {
    let measurer = measurers[platform]!
    switch value {
    case .string(let name)?:
      guard let sizer = namedSizers[platform]?[name] else {
        let known = library.names.map { "\"\($0)\"" }.joined(separator: ", ")
        throw ServiceError(
          .unknownTemplate,
          "unknown template \"\(name)\"; this server has \(known.isEmpty ? "no named templates" : known)")
      }
      return (sizer, platform.rawValue + ":name:" + name)
    case .object?:
      let text = value!.serialized()
      let key = TemplateKey(platform: platform, digest: SHA256.hex(of: text.utf8))
      do throws(CellSizingError) {
        let sizer = try inlineTemplates.value(
          for: key, cost: { _ in key.cost + Self.templateCost(jsonBytes: text.utf8.count) },
          make: { () throws(CellSizingError) in
            try CellSizer(
              template: try CellTemplate(json: Data(text.utf8)), measurer: measurer, cacheCapacity: 0)
          }
        ).value
        return (sizer, platform.rawValue + ":inline:" + key.digest)
      } catch {
        throw ServiceError(.invalidTemplate, "template: \(error.description)")
      }
    case nil: throw ServiceError(.invalidRequest, "missing field template (a template name or object)")
    case let other?:
      throw ServiceError(
        .invalidRequest, "template must be a template name or a template object, got \(other.typeName)")
    }
  }

  static func settings(_ request: RequestObject) throws(ServiceError) -> WaterfallSettings {
    var settings = WaterfallSettings()
    if let width = try request.number("collectionWidth", in: .size) {
      settings.collectionWidth = width
    }
    if let columns = try request.integer("columns", in: .columns) {
      settings.columns = columns
    }
    if let spacing = try request.number("columnSpacing", in: .length) { settings.columnSpacing = spacing }
    if let spacing = try request.number("lineSpacing", in: .length) { settings.lineSpacing = spacing }
    settings.pageSize = try request.integer("pageSize", in: .itemCount)
    if let insets = request["insets"] {
      guard case .array(let values) = insets, values.count == 4,
        case .number(let top) = values[0], case .number(let left) = values[1],
        case .number(let bottom) = values[2], case .number(let right) = values[3],
        [top, left, bottom, right].allSatisfy(MetricRange.length.contains)
      else {
        throw ServiceError(
          .invalidRequest,
          "insets must be four numbers [top, left, bottom, right]; each \(MetricRange.length.requirement); got \(insets.serialized())"
        )
      }
      settings.insets = LayoutInsets(top: top, left: left, bottom: bottom, right: right)
    }
    let insets = settings.insets
    let room =
      settings.collectionWidth - insets.left - insets.right - Double(settings.columns - 1)
      * settings.columnSpacing
    guard room > 0 else {
      throw ServiceError(
        .invalidRequest,
        "the collection (\(JSONValue.format(settings.collectionWidth)) pt) is narrower than its insets and spacing "
          + "(\(JSONValue.format(settings.collectionWidth - room)) pt for \(settings.columns) columns)")
    }
    return settings
  }

  static func page(_ elements: [JSONValue], source: String) -> FeedPage {
    FeedPage(
      source: source,
      items: elements.enumerated().map { index, element in
        do throws(CellSizingError) {
          return .success(try CellItem(json: Data(element.serialized().utf8)))
        } catch {
          var located = error
          located.location = "\(source)[\(index)]"
          return .failure(located)
        }
      })
  }

  /// The `id` of a request element when it is a string or an integer, else null.
  static func id(of element: JSONValue) -> JSONValue {
    guard case .object(let members) = element, let id = members.last(where: { $0.0 == "id" })?.1 else {
      return .null
    }
    switch id {
    case .string: return id
    case .number(let number) where Int(exactly: number) != nil: return .string(String(Int(number)))
    default: return .null
    }
  }

  /// The estimated bytes of a compiled template from its JSON text: its strings and nodes
  /// (about twice the text) and the sizer around them.
  static func templateCost(jsonBytes: Int) -> Int { 4096 + 2 * jsonBytes }

  /// The estimated bytes of a prepared text (its scalars, segments and grapheme arrays).
  static func cost(of prepared: PreparedText) -> Int { 256 + 32 * prepared.scalarCount }
}
