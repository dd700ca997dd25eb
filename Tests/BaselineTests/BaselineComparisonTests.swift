import Baseline
import Testing

@Suite struct BaselineComparisonTests {
  static let libraries = BaselineProvenance.Libraries(
    harfBuzz: "6.0.0", freeType: "2.12.1", icu: "72.1", unicode: "15.0")
  static let font = FontFingerprint(
    chain: "regular", index: 0, family: "Noto Sans CJK SC", style: "Regular",
    file: "NotoSansCJKsc-Regular.otf",
    faceIndex: 0, checksum: "sha256:" + String(repeating: "a", count: 64))

  static func provenance(
    fonts: [FontFingerprint] = [font], template: String = "sha256:" + String(repeating: "1", count: 64),
    settings: [(name: String, value: String)] = [("columns", "2")]
  ) -> BaselineProvenance {
    BaselineProvenance(
      command: "measure", engine: "0.3.0", libraries: libraries, fonts: fonts,
      template: .init(file: "card.json", checksum: template), settings: settings)
  }

  static func card(_ id: String, height: Double, title: [String], width: Double = 170) -> BaselineRecord {
    BaselineRecord(
      id: id, width: width, height: height,
      elements: [
        BaselineElement(name: "cover", frame: [8, 0, width - 16, 100]),
        BaselineElement(
          name: "title", frame: [8, 108, width - 16, Double(title.count) * 21], lineCount: title.count,
          lines: title, truncated: false),
      ])
  }

  static let before = Baseline(
    provenance: provenance(),
    records: [
      card("a", height: 150, title: ["one two", "three"]),
      card("b", height: 129, title: ["short"]),
      card("c", height: 129, title: ["gone"]),
    ])

  @Test func identicalRunsHaveNoChanges() {
    let comparison = BaselineComparison(baseline: Self.before, current: Self.before)
    #expect(comparison.changes.isEmpty && comparison.added.isEmpty && comparison.removed.isEmpty)
    #expect(comparison.unchangedCount == 3 && !comparison.hasMoved && comparison.causes.isEmpty)
    #expect(comparison.report().contains("3 unchanged, 0 moved beyond 0 pt"))
  }

  @Test func aTallerCardMovesWithItsFirstChangedLine() throws {
    var current = Self.before
    current.records[0] = Self.card("a", height: 171, title: ["one", "two", "three"])
    let comparison = BaselineComparison(baseline: Self.before, current: current)
    #expect(comparison.hasMoved && comparison.movedCount == 1)
    let change = try #require(comparison.changes.first)
    #expect(change.key == BaselineKey(id: "a", width: 170))
    #expect(change.elements == ["title"] && change.delta == 21)
    #expect(change.oldLineCount == 2 && change.newLineCount == 3)
    #expect(change.firstChangedLine == .init(number: 1, old: "one two", new: "one"))
    #expect(change.changedLines["title"] == [0, 1, 2])
    let report = comparison.report()
    #expect(report.contains("moved") && report.contains("150 → 171 (+21)") && report.contains("2 → 3"))
    #expect(report.contains("title line 1: \"one two\" → \"one\""))
  }

  @Test(arguments: [(0.0, true), (0.4, true), (0.5, false), (2.0, false)])
  func tolerance(tolerance: Double, moves: Bool) throws {
    var current = Self.before
    current.records[1].height += 0.5
    current.records[1].elements[1].frame[3] += 0.5
    let comparison = BaselineComparison(baseline: Self.before, current: current, tolerance: tolerance)
    #expect(comparison.hasMoved == moves)
    let change = try #require(comparison.changes.first)
    #expect(change.status == (moves ? .moved : .changed))
    #expect(comparison.changes.count == 1)
  }

  @Test func roundingIsNotAChange() {
    var current = Self.before
    current.records[0].height += 3e-14
    current.records[0].elements[1].frame[1] -= 3e-14
    let comparison = BaselineComparison(baseline: Self.before, current: current)
    #expect(comparison.changes.isEmpty && comparison.unchangedCount == 3)
  }

  @Test func differentBreaksAtTheSameHeightAreAChangeNotAMove() throws {
    var current = Self.before
    current.records[0] = Self.card("a", height: 150, title: ["one", "two three"])
    let comparison = BaselineComparison(baseline: Self.before, current: current)
    #expect(!comparison.hasMoved)
    let change = try #require(comparison.changes.first)
    #expect(change.status == .changed && change.firstChangedLine?.number == 1)
  }

  @Test func addedAndRemovedItemsAreListedNotMoved() {
    var current = Self.before
    current.records.removeLast()
    current.records.append(Self.card("d", height: 129, title: ["new"]))
    current.records.append(Self.card("a", height: 150, title: ["one two", "three"], width: 343))
    let comparison = BaselineComparison(baseline: Self.before, current: current)
    #expect(!comparison.hasMoved && comparison.changes.isEmpty)
    #expect(comparison.added == [BaselineKey(id: "d", width: 170), BaselineKey(id: "a", width: 343)])
    #expect(comparison.removed == [BaselineKey(id: "c", width: 170)])
    let report = comparison.report()
    #expect(report.contains("added (not in the baseline): d @ 170, a @ 343"))
    #expect(report.contains("removed (in the baseline, not measured now): c @ 170"))
  }

  @Test func aHiddenElementMoves() throws {
    var current = Self.before
    current.records[1].elements.removeLast()
    let comparison = BaselineComparison(baseline: Self.before, current: current, tolerance: 100)
    #expect(comparison.hasMoved)
    #expect(comparison.changes.first?.elements == ["title"])
  }

  @Test func causesNameTheFontTemplateSettingAndVersions() {
    var swapped = Self.font
    swapped.checksum = "sha256:" + String(repeating: "b", count: 64)
    var other = Self.font
    other.index = 1
    other.file = "NotoColorEmoji.ttf"
    other.family = "Noto Color Emoji"
    var provenance = Self.provenance(
      fonts: [swapped, other], template: "sha256:" + String(repeating: "2", count: 64),
      settings: [("columns", "3"), ("lineHeight", "21")])
    provenance.engine = "0.4.0"
    provenance.libraries.harfBuzz = "7.0.0"
    let comparison = BaselineComparison(
      baseline: Self.before, current: Baseline(provenance: provenance, records: Self.before.records))
    #expect(
      comparison.causes == [
        "font NotoSansCJKsc-Regular.otf changed: checksum sha256:aaaaaaaaaaaa… → sha256:bbbbbbbbbbbb…",
        "font NotoColorEmoji.ttf (Noto Color Emoji Regular) added to the regular chain at position 1",
        "template card.json changed: checksum sha256:111111111111… → sha256:222222222222…",
        "setting columns: 2 → 3",
        "setting lineHeight 21 is new",
        "engine 0.3.0 → 0.4.0",
        "HarfBuzz 6.0.0 → 7.0.0",
      ])
  }

  @Test func aDifferentFontFileIsNamed() {
    var replacement = Self.font
    replacement.file = "DejaVuSans.ttf"
    replacement.family = "DejaVu Sans"
    replacement.style = "Book"
    replacement.checksum = "sha256:" + String(repeating: "c", count: 64)
    let comparison = BaselineComparison(
      baseline: Self.before,
      current: Baseline(provenance: Self.provenance(fonts: [replacement]), records: Self.before.records))
    #expect(
      comparison.causes == [
        "font regular #0 changed: NotoSansCJKsc-Regular.otf (Noto Sans CJK SC Regular) → DejaVuSans.ttf (DejaVu Sans Book)"
      ])
  }

  @Test func aHugeStoredHeightPrintsAsANumberNotNull() {
    var stored = Self.before
    stored.records[0] = Self.card("a", height: 1.7e307, title: ["one two", "three"])
    let report = BaselineComparison(baseline: stored, current: Self.before).report()
    #expect(report.contains("1.7e+307 → 150 (-1.7e+307)"), "\(report)")
    #expect(!report.contains("null"))
  }
}
