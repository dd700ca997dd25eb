import CZlib
import Feed
import Foundation
import Rendering
import Testing

@Suite struct PNGEncoderTests {
  @Test func crcMatchesZlib() {
    let samples: [[UInt8]] = [
      [], Array("IEND".utf8), Array("The quick brown fox".utf8), (0..<1000).map { UInt8($0 % 251) },
    ]
    for bytes in samples {
      let expected = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
      #expect(PNGEncoder.crc32(bytes) == expected)
    }
    #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
  }

  @Test func fileStructureAndPixelsRoundTrip() throws {
    let width = 5
    let height = 3
    let pixels = (0..<(width * height * 3)).map { UInt8(($0 * 37) % 256) }
    let data = try PNGEncoder.encode(width: width, height: height, rgb: pixels)
    #expect(Array(data.prefix(8)) == PNGEncoder.signature)
    let chunks = try #require(PNGReader.chunks(data))
    #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
    for chunk in chunks {
      #expect(chunk.crc == PNGEncoder.crc32(Array(chunk.type.utf8) + chunk.data), "CRC of \(chunk.type)")
    }
    let header = chunks[0].data
    #expect(header.count == 13)
    #expect(PNGReader.bigEndian(header[0..<4]) == UInt32(width))
    #expect(PNGReader.bigEndian(header[4..<8]) == UInt32(height))
    #expect(Array(header[8..<13]) == [8, 2, 0, 0, 0])
    let raw = try #require(PNGReader.inflate(chunks[1].data, expected: (width * 3 + 1) * height))
    for row in 0..<height {
      #expect(raw[row * (width * 3 + 1)] == 0)
      #expect(
        Array(raw[(row * (width * 3 + 1) + 1)..<((row + 1) * (width * 3 + 1))])
          == Array(pixels[(row * width * 3)..<((row + 1) * width * 3)]))
    }
  }

  @Test func rejectsBadSizes() {
    #expect(throws: PNGEncoder.EncodingError.self) { try PNGEncoder.encode(width: 0, height: 1, rgb: []) }
    #expect(throws: PNGEncoder.EncodingError.self) {
      try PNGEncoder.encode(width: 2, height: 2, rgb: [0, 0, 0])
    }
  }
}
