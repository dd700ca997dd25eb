import CZlib
import CellSizing
import CollectionLayout
import Feed
import Foundation
import Rendering
import SelfSizingResources
import TextEngine

/// The default report's inputs and layout, computed once for all tests.
enum Sample {
  static let measurer = try! BundledFonts.measurer()
  static let template = try! CellTemplate(
    json: Data(contentsOf: URL(fileURLWithPath: try! SampleFeed.templatePath())))
  static let feedData = try! Data(contentsOf: URL(fileURLWithPath: try! SampleFeed.itemsPath()))
  static let page = FeedPage(source: "feed.jsonl", items: CellItem.decodeLines(feedData))
  static let layout = try! FeedLayout.waterfall(
    template: template, pages: [page], settings: WaterfallSettings(), measurer: measurer)
  static let scene = ReportScene(layout: layout, measurer: measurer)
}

/// A parsed PNG chunk.
struct PNGChunk {
  var type: String
  var data: [UInt8]
  var crc: UInt32
}

enum PNGReader {
  static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The chunks after the signature (nil when the file is malformed).
  static func chunks(_ data: Data) -> [PNGChunk]? {
    let bytes = [UInt8](data)
    guard bytes.count >= 8 else { return nil }
    var offset = 8
    var chunks: [PNGChunk] = []
    while offset + 12 <= bytes.count {
      let length = Int(bigEndian(bytes[offset..<offset + 4]))
      guard offset + 12 + length <= bytes.count else { return nil }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let body = Array(bytes[offset + 8..<offset + 8 + length])
      let crc = bigEndian(bytes[offset + 8 + length..<offset + 12 + length])
      chunks.append(PNGChunk(type: type, data: body, crc: crc))
      offset += 12 + length
    }
    return offset == bytes.count ? chunks : nil
  }

  /// Inflates IDAT data with zlib.
  static func inflate(_ data: [UInt8], expected: Int) -> [UInt8]? {
    var size = uLong(expected)
    var output = [UInt8](repeating: 0, count: expected)
    let status = output.withUnsafeMutableBufferPointer { target in
      data.withUnsafeBufferPointer { uncompress(target.baseAddress, &size, $0.baseAddress, uLong($0.count)) }
    }
    return status == Z_OK && Int(size) == expected ? output : nil
  }
}
