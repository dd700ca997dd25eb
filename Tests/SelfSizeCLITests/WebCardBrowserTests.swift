import Foundation
import Testing

/// `selfsize measure --platform web --format html` judged by the browser: the exported page is
/// laid out by headless Chromium (fonts isolated to the bundled ones, as the measurement uses)
/// and every `[data-name]` rect must equal the JSON frame within 1/64 px — at the exported width
/// and again after changing only each card's width. Skipped (and listed as skipped) without
/// Chromium; `Scripts/setup.sh` installs it.
@Suite(.serialized) struct WebCardBrowserTests {
  static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The example templates with their items, and a kitchen-sink template of every feature CSS
  /// can express (Tests/Fixtures/webcards).
  static let examples: [(template: String, items: String)] =
    [
      ("note-card", "feed"), ("text-post", "feed"), ("comments", "comments"), ("products", "products"),
      ("tags", "tags"), ("weibo", "weibo"),
    ].map { ("Examples/\($0).template.json", "Examples/\($1).jsonl") } + [
      ("Tests/Fixtures/webcards/kitchen.template.json", "Tests/Fixtures/webcards/kitchen.jsonl")
    ]

  /// One Chromium LayoutUnit.
  static let tolerance = 1.0 / 64 + 1e-9

  struct RenderedCard: Decodable {
    var id: String
    /// The width the card was exported at (`data-width`).
    var width: Double
    var height: Double
    /// name → [x, y, width, height, measured (1) or not (0)], relative to the card.
    var elements: [String: [Double]]
  }

  /// Renders `page` in headless Chromium, optionally after setting every card's width to
  /// `width`, and returns each card's rects.
  static func render(_ page: String, resizingTo width: Double? = nil) throws -> [RenderedCard] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-web-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Cards are measured one over another at the page's origin: far down a long page,
    // getBoundingClientRect's float coordinates could not hold 1/64 px.
    let script = """
      <script>
      document.fonts.ready.then(() => {
        const cards = [...document.querySelectorAll('.ss-card')];
        for (const card of cards) {
          card.style.position = 'absolute'; card.style.left = '0'; card.style.top = '0';
          \(width.map { "card.style.width = '\($0)px';" } ?? "")
        }
        const out = cards.map(card => {
          const c = card.getBoundingClientRect();
          const elements = {};
          for (const e of card.querySelectorAll('[data-name]')) {
            const b = e.getBoundingClientRect();
            elements[e.dataset.name] = [b.x - c.x, b.y - c.y, b.width, b.height, e.closest('[data-measured]') ? 1 : 0];
          }
          return {id: card.dataset.id, width: +card.dataset.width, height: c.height, elements};
        });
        const json = JSON.stringify(out);
        document.body.setAttribute('data-result', btoa(unescape(encodeURIComponent(json))));
      });
      </script>
      """
    let file = folder.appendingPathComponent("cards.html")
    try Data(page.replacingOccurrences(of: "</body>", with: script + "</body>").utf8).write(to: file)
    // Only the bundled fonts, as `--no-system-fonts` measures, unhinted (fractional advances), as
    // the web platform's Chromium renders them.
    let fonts = CLIRunner.packageDirectory.appendingPathComponent("Sources/SelfSizingResources/Fonts").path
    let config = folder.appendingPathComponent("fonts.conf")
    try Data(
      """
      <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
      <fontconfig><dir>\(fonts)</dir><cachedir>\(folder.path)/cache</cachedir>
      <match target="font"><edit name="hinting" mode="assign"><bool>false</bool></edit>
      <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
      <edit name="antialias" mode="assign"><bool>true</bool></edit></match></fontconfig>
      """.utf8
    ).write(to: config)
    var environment = ProcessInfo.processInfo.environment
    environment["FONTCONFIG_FILE"] = config.path
    let result = try CLIRunner.run(
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
        "--font-render-hinting=none",
        "--virtual-time-budget=20000", "--user-data-dir=\(folder.path)/profile", "--dump-dom", file.path,
      ], executable: URL(fileURLWithPath: try #require(chromium)), environment: environment)
    let encoded = try #require(
      result.stdout.firstRange(of: #/data-result="([A-Za-z0-9+/=]*)"/#).map {
        String(result.stdout[$0].dropFirst(13).dropLast())
      },
      "Chromium printed no result: \(result.stderr.suffix(500))")
    return try JSONDecoder().decode([RenderedCard].self, from: try #require(Data(base64Encoded: encoded)))
  }

  /// `selfsize measure` of an example at `widths` as JSON objects by (id, width).
  static func measured(_ example: (template: String, items: String), widths: [Double]) throws -> [String:
    [String: Any]]
  {
    let result = try CLIRunner.run(
      [
        "measure", "--template", example.template, "-i", example.items,
        "--no-system-fonts", "-w", widths.map { "\($0)" }.joined(separator: ","),
      ])
    #expect(result.status == 0, "\(result.stderr)")
    var byKey: [String: [String: Any]] = [:]
    for object in result.jsonLines {
      byKey["\(object["id"] as? String ?? "") \(object["width"] as? Double ?? 0)"] = object
    }
    return byKey
  }

  /// The differences between Chromium's rects and the JSON frames (empty when all agree), and
  /// how many cards and frames were compared.
  static func compare(
    _ rendered: [RenderedCard], resizedTo resized: Double?, with measured: [String: [String: Any]]
  )
    -> (differences: [String], cards: Int, frames: Int)
  {
    var differences: [String] = []
    var frames = 0
    for card in rendered {
      let width = resized ?? card.width
      guard let object = measured["\(card.id) \(width)"], let height = object["height"] as? Double else {
        differences.append("\(card.id) at \(width): not measured")
        continue
      }
      if abs(card.height - height) > tolerance {
        differences.append("\(card.id) at \(width): height \(card.height) in Chromium, \(height) measured")
      }
      for element in object["elements"] as? [[String: Any]] ?? [] {
        guard let name = element["name"] as? String, let frame = element["frame"] as? [Double] else {
          continue
        }
        guard let rect = card.elements[name] else {
          // A truncation token that appears only at the new width is placed from a measurement
          // the page does not have.
          if resized != nil && name.hasSuffix(".more") { continue }
          differences.append("\(card.id) at \(width): \(name) is not in the page")
          continue
        }
        if resized != nil && rect[4] == 1 { continue }
        frames += 1
        if zip(rect.prefix(4), frame).contains(where: { abs($0 - $1) > tolerance }) {
          differences.append(
            "\(card.id) at \(width): \(name) is \(Array(rect.prefix(4))) in Chromium, \(frame) measured")
        }
      }
    }
    return (differences, rendered.count, frames)
  }

  @Test(
    .enabled(if: chromium != nil, "headless Chromium is not installed (Scripts/setup.sh installs it)"),
    arguments: examples.indices)
  func chromiumLaysTheExportedCardsOutAsMeasured(example index: Int) throws {
    let example = Self.examples[index]
    let widths = [150.0, 170, 255.5, 343, 390]
    let page = try CLIRunner.run(
      [
        "measure", "--template", example.template, "-i", example.items,
        "--no-system-fonts", "--format", "html", "-w", widths.map { "\($0)" }.joined(separator: ","),
      ])
    #expect(page.status == 0, "\(page.stderr)")
    let measured = try Self.measured(example, widths: widths)
    let rendered = try Self.render(page.stdout)
    let result = Self.compare(rendered, resizedTo: nil, with: measured)
    #expect(result.cards == measured.count)
    #expect(
      result.differences.isEmpty,
      "\(example.template): \(result.differences.count) of \(result.frames) frames differ: \(result.differences.prefix(5))"
    )

    // Only the width changes: the same page re-laid out at another width.
    let resized = 201.5
    let remeasured = try Self.measured(example, widths: [resized])
    let again = Self.compare(
      try Self.render(page.stdout, resizingTo: resized), resizedTo: resized, with: remeasured)
    #expect(
      again.differences.isEmpty,
      "\(example.template) resized: \(again.differences.count) of \(again.frames) frames differ: \(again.differences.prefix(5))"
    )
  }
}
