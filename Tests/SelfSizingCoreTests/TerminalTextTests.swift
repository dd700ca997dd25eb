import SelfSizingCore
import Testing

@Suite struct TerminalTextTests {
  @Test func shortTokensAreQuotedWhole() {
    #expect(TerminalText.excerpt("12345", limit: 5) == "12345")
    #expect(TerminalText.excerpt("a\u{1B}b") == "a\\eb")
  }

  @Test func longTokensShowTheirStartAndLength() {
    let digits = "1" + String(repeating: "0", count: 100_000)
    let excerpt = TerminalText.excerpt(digits)
    #expect(excerpt == "1" + String(repeating: "0", count: 39) + "… (100001 characters)")
  }
}
