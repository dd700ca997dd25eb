import ArgumentParser
import Baseline
import CellSizing
import Feed
import Foundation
import Rendering
import TextEngine

struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Lay out template cells in a waterfall (or the circle layout) and print frames or pictures.",
    discussion: """
      Pagination. Several --items files (or --page-size pages of one file) are applied in order, \
      as a feed's data source receives them. The first page is the initial data. A later page \
      is a refresh (it replaces the data) when its first item has the feed's first id, or when \
      it starts with items that are not in the feed and then repeats the feed's head — a \
      pull-to-refresh with new items on top; any other page is a load-more (appended). With \
      --pagination identity (the default) a load-more measures only its new items and a \
      refresh only new or changed ones (heights are cached by id and content). With \
      --pagination count --page-size N the count rule decides instead: data of at most N \
      items is a refresh (the cache is dropped and everything is measured again; exactly N \
      counts as a refresh), longer data a load-more that measures only the items after the old \
      count. Each page's kind and measured count are in the output.

      Spacing. --line-spacing goes between items of a column, not above the first row (as \
      UICollectionViewFlowLayout and CHTCollectionViewWaterfallLayout do). For spacing above \
      the first row too, add the line spacing to the top inset: --line-spacing 8 --insets \
      16,8,8,8.

      Spans. An item's "span": k (a whole number, 1 to 1000) covers k adjacent columns: the k \
      columns whose lowest bottom is highest (the leftmost on ties), as wide as k columns and \
      the k - 1 gaps between them, measured at that width; above the column count it covers \
      every column. Any other span is that item's error; the rest is laid out. Items carry \
      "span", and "column" is their first column.

      Stable columns. With --stable-columns an item a later page sends again (the same id) \
      goes back into its column, under whatever is above it now; new items go to the shortest \
      column. A refresh with new items on top and edited items moves no old item to another \
      column. --previous FILE (an earlier --format json output) gives the columns a client \
      shows: they are kept when the column count is the same; otherwise every item is placed \
      afresh and the first page's kind ends in /columns-reset.

      List libraries. --format tanstack prints TanStack Virtual's VirtualItem array (key, \
      index, start, end, size, lane, span) for initialMeasurementsCache; --format flashlist \
      an array of {span, size} per index for FlashList's overrideItemLayout.

      Circle: --layout circle --items N (default 20, at most 100000) --collection-size WxH, \
      with --item-size, --overlap allow|shrink|grow (allow keeps the 34x34 cells as they are), \
      --content-size (e.g. 375x2000), --header-height, --footer-height, \
      --decoration-size and --decoration-kind (none for no decoration).

      Regression checks: --write-baseline FILE records every item's height, frame, elements \
      and lines with what produced them; --baseline FILE [--tolerance PT] compares a run with \
      it, prints what moved and exits 1 when anything moved beyond the tolerance.

      Examples:
        selfsize layout --template Examples/note-card.template.json --items Examples/feed.jsonl --format table
        selfsize layout --layout circle --items 20 --overlap allow --content-size 375x2000
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case table, json, jsonl, csv, svg, html, png, tanstack, flashlist
  }

  @OptionGroup var options: FeedLayoutOptions
  @Option(
    help:
      "Output format: json (the whole layout), jsonl (one item per line), table, csv, svg, html, png, tanstack (TanStack Virtual's VirtualItem array) or flashlist (FlashList's span and size per index)."
  )
  var format: Format = .json
  @Option(
    help: ArgumentHelp(
      "Item fields for csv and table, comma-separated: id,section,item,column,x,y,width,height,frame,missingGlyphs (default: the item table with content size and pages).",
      valueName: "names"))
  var fields: String?
  @Option(
    help: ArgumentHelp(
      "Round printed numbers (json, jsonl, csv, table) to this many decimals (0…15; default: the shortest form that reads back exactly).",
      valueName: "digits"))
  var precision: Int?
  @Option(
    name: [.short, .long],
    help: ArgumentHelp("Write to this file instead of stdout (required for png).", valueName: "file"))
  var output: String?
  @OptionGroup var baselineOptions: BaselineOptions

  func validate() throws {
    try options.validateLayout()
    if format == .png && output == nil { throw ValidationError("--format png needs --output FILE") }
    try OutputOptions.validate(precision: precision)
    if fields != nil && ![.csv, .table].contains(format) {
      throw ValidationError("--fields is for --format csv or table")
    }
  }

  func run() throws {
    let stored = try baselineOptions.loadBaseline(command: "layout")
    let measurer = try options.measurer()
    var diagnostics = Diagnostics()
    let layout = try options.run(
      defaultTemplate: nil, defaultItems: ["-"], measurer: measurer, diagnostics: &diagnostics)
    if baselineOptions.isActive {
      try checkBaseline(layout, stored: stored, measurer: measurer, failures: diagnostics.failureCount)
      return
    }
    let data: Data
    let printed = precision.map { layout.rounded(decimals: $0) } ?? layout
    switch format {
    case .json: data = Data((printed.jsonValue().serialized() + "\n").utf8)
    case .jsonl:
      data = Data(printed.itemObjects(withFrameFields: false).map { $0.serialized() + "\n" }.joined().utf8)
    case .table where fields != nil, .csv where fields != nil:
      data = Data(try itemRows(printed).utf8)
    case .table: data = Data(printed.table().utf8)
    case .tanstack: data = Data((printed.tanstackValue().serialized() + "\n").utf8)
    case .flashlist: data = Data((printed.flashListValue().serialized() + "\n").utf8)
    case .csv: data = Data(printed.csv().utf8)
    case .svg, .html, .png:
      let scene = ReportScene(layout: layout, measurer: measurer, clipHeight: options.clipHeight)
      switch format {
      case .svg: data = Data(scene.svg(scale: options.scale).utf8)
      case .html: data = Data(scene.html(title: "selfsize layout").utf8)
      default:
        try scene.writePNGFile(scale: Double(options.scale), to: output)
        try diagnostics.finish()
        return
      }
    }
    try OutputFile.write(data, to: output)
    try diagnostics.finish()
  }

  /// The `--fields` columns of every item, as csv or a table.
  func itemRows(_ layout: FeedLayout) throws -> String {
    let formatter = try RecordFormatter(
      format: format == .csv ? .csv : .table, fields: fields, available: FeedLayout.itemFields,
      defaultFields: FeedLayout.itemFields)
    var output = BatchOutput()
    formatter.append(layout.itemObjects(withFrameFields: true), to: &output)
    if format == .csv {
      return formatter.fields.joined(separator: ",") + "\n"
        + String(decoding: output.writer.bytes, as: UTF8.self)
    }
    var table = TextTable(columns: formatter.fields)
    table.rows = output.rows
    return table.rendered()
  }

  /// Records or compares the layout's items (`--write-baseline`, `--baseline`).
  func checkBaseline(_ layout: FeedLayout, stored: Baseline?, measurer: TextMeasurer, failures: Int) throws {
    let templateData = try options.template.map { (path: $0, data: try readTemplate($0)) }
    var styles: [String: TextStyle] = [:]
    for item in layout.items {
      if let measurement = item.measurement, let cell = item.cell {
        DiffReport.collectStyles(of: cell, measurement: measurement, into: &styles)
      }
    }
    try baselineOptions.check(
      provenance: try BaselineOptions.provenance(
        command: "layout", measurer: measurer, template: templateData, settings: options.baselineSettings),
      records: layout.items.map(BaselineRecord.init(placed:)), stored: stored, measurer: measurer,
      styles: styles, imageNames: DiffReport.imageNames(of: layout.template), failures: failures)
  }
}
