import Testing

@testable import TextEngine

/// Blink's script runs (`ScriptRunIterator`), checked on hand-worked texts: Common characters
/// join the run around them (the first strong script when they lead), a character whose
/// extensions do not meet the run's script starts a run in them, a closing bracket takes the
/// script of its opening bracket's run, and an Inherited mark with extensions gives them to the
/// Common character before it.
@Suite struct WebScriptRunsTests {
  let arabic: Int32 = 2
  let latin: Int32 = 25

  func runs(_ text: String) -> [WebScriptRuns.Run] {
    let codes = text.unicodeScalars.map(\.value)
    return codes.withUnsafeBufferPointer { WebScriptRuns.runs(of: $0, in: 0..<$0.count) }
  }

  @Test func commonCharactersJoinTheRunAroundThem() {
    // "abc مرحبا. 12 def": the space, period and digits after the Arabic stay Arabic.
    #expect(
      runs("abc مرحبا. 12 def") == [
        .init(end: 4, script: latin), .init(end: 14, script: arabic), .init(end: 17, script: latin),
      ])
    // Leading Common characters take the first script that follows.
    #expect(runs("12, مرحبا") == [.init(end: 9, script: arabic)])
    // Only Common characters: Common.
    #expect(runs("12, 34.") == [.init(end: 7, script: 0)])
  }

  /// U+060C ARABIC COMMA is Common with Arabic among its extensions: after Latin it starts an
  /// Arabic run, which the Common characters after it join (`*.PPD، *.ppd`).
  @Test func anArabicCommaAfterLatinStartsAnArabicRun() {
    #expect(
      runs("*.PPD، *.ppd") == [
        .init(end: 5, script: latin), .init(end: 9, script: arabic), .init(end: 12, script: latin),
      ])
  }

  /// A closing bracket takes its opening bracket's run's script: `(عربي)` in Latin text closes
  /// in Latin, where the Arabic run would otherwise have kept it.
  @Test func aClosingBracketTakesItsOpeningBracketsScript() {
    #expect(
      runs("see (عربي) now") == [
        .init(end: 5, script: latin), .init(end: 9, script: arabic), .init(end: 14, script: latin),
      ])
    // Unpaired, the bracket stays in the run before it.
    #expect(runs("عربي) now") == [.init(end: 6, script: arabic), .init(end: 9, script: latin)])
  }

  /// U+0651 ARABIC SHADDA is Inherited with Arabic and Syriac as extensions: after a Common
  /// character it gives that character its extensions, so `x ّ`'s space starts an Arabic run.
  @Test func anInheritedMarkGivesItsExtensionsToTheCommonCharacterBeforeIt() {
    #expect(runs("x \u{651}") == [.init(end: 1, script: latin), .init(end: 3, script: arabic)])
  }

  /// A character's scripts: its own first; a Common one with several extensions the
  /// lowest-numbered (ICU's numbering: Arabic 2 before Syriac 34); a Common one with one
  /// extension Common, then it.
  @Test func aCharactersScriptsPutItsOwnFirst() {
    #expect(WebScriptRuns.scripts(of: 0x61) == [latin])
    #expect(WebScriptRuns.scripts(of: 0x060C).first == arabic)
    #expect(WebScriptRuns.scripts(of: 0x2E) == [0])
    // Katakana is taken as Hiragana (one OpenType script for both).
    #expect(WebScriptRuns.scripts(of: 0x30A2).first == 20)
  }
}
