import Foundation
import SelfSizingCore
import Testing

@Suite struct JSONLineTests {
  @Test func splitsAtNewlinesAndCountsBlankLines() {
    let data = Data("{\"a\": 1}\r\n\n  \t\r\n[2]\n{\"é\": 3}".utf8)
    let lines = JSONLine.split(data)
    #expect(lines.map(\.number) == [1, 4, 5])
    #expect(lines.map(\.text) == ["{\"a\": 1}", "[2]", "{\"é\": 3}"])
  }

  @Test func emptyTextHasNoLines() {
    #expect(JSONLine.split(Data()).isEmpty)
    #expect(JSONLine.split(Data("\n\r\n \n".utf8)).isEmpty)
  }

  @Test func invalidUTF8IsKeptInBytesAndRepairedInText() {
    let lines = JSONLine.split(Data([0x22, 0xFF, 0x22, 0x0A]))
    #expect(lines.count == 1)
    #expect(lines[0].bytes == Data([0x22, 0xFF, 0x22]))
    #expect(lines[0].text == "\"\u{FFFD}\"")
  }
}
