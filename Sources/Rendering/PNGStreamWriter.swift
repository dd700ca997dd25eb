import CZlib
import Foundation

/// Writes an 8-bit RGB PNG row by row: the rows are deflated as they come (zlib stream) and
/// handed to `sink` in IDAT chunks, so a picture of any height needs only one strip of rows in
/// memory. A class because it owns a zlib stream.
public final class PNGStreamWriter {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  private let sink: (Data) throws -> Void
  private var stream = z_stream()
  private var rowsWritten = 0
  private var output: [UInt8]
  private var isOpen = false
  private var finished = false

  /// Starts a PNG of `width` × `height` pixels: writes the signature and header to `sink`.
  /// - Throws: ``PNGEncoder/EncodingError`` for a size PNG cannot hold or a zlib failure; what
  ///   `sink` throws.
  public init(width: Int, height: Int, level: Int32 = 6, sink: @escaping (Data) throws -> Void) throws {
    guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
      throw PNGEncoder.EncodingError(message: "a PNG needs a positive size below 2³¹, got \(width)×\(height)")
    }
    self.width = width
    self.height = height
    self.sink = sink
    output = [UInt8](repeating: 0, count: 1 << 16)
    let status = deflateInit_(&stream, level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      throw PNGEncoder.EncodingError(message: "zlib deflateInit failed (\(status))")
    }
    isOpen = true
    var header: [UInt8] = []
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
    try sink(Data(PNGEncoder.signature) + Self.chunk("IHDR", header))
  }

  deinit {
    if isOpen { deflateEnd(&stream) }
  }

  /// Appends rows top to bottom (3 bytes per pixel, a whole number of rows).
  public func append(rows pixels: UnsafeBufferPointer<UInt8>) throws {
    let rowBytes = width * 3
    guard pixels.count % rowBytes == 0, rowsWritten + pixels.count / rowBytes <= height else {
      throw PNGEncoder.EncodingError(message: "rows do not fit the \(width)×\(height) picture")
    }
    var filterByte: UInt8 = 0  // filter None; deflate finds the repeats
    for row in 0..<(pixels.count / rowBytes) {
      try withUnsafeMutablePointer(to: &filterByte) { try deflate($0, count: 1, flush: Z_NO_FLUSH) }
      try deflate(
        UnsafeMutablePointer(mutating: pixels.baseAddress! + row * rowBytes), count: rowBytes,
        flush: Z_NO_FLUSH)
      rowsWritten += 1
    }
  }

  /// Ends the picture (every row must have been appended): the last IDAT and IEND.
  public func finish() throws {
    guard rowsWritten == height else {
      throw PNGEncoder.EncodingError(message: "\(rowsWritten) of \(height) rows were written")
    }
    guard !finished else { return }
    var empty: UInt8 = 0
    try withUnsafeMutablePointer(to: &empty) { try deflate($0, count: 0, flush: Z_FINISH) }
    finished = true
    deflateEnd(&stream)
    isOpen = false
    try sink(Self.chunk("IEND", []))
  }

  private func deflate(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, flush: Int32) throws {
    stream.next_in = bytes
    stream.avail_in = uInt(count)
    while true {
      let status = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
        stream.next_out = buffer.baseAddress
        stream.avail_out = uInt(buffer.count)
        return CZlib.deflate(&stream, flush)
      }
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        throw PNGEncoder.EncodingError(message: "zlib deflate failed (\(status))")
      }
      let produced = output.count - Int(stream.avail_out)
      if produced > 0 { try sink(Self.chunk("IDAT", output[0..<produced])) }
      if flush == Z_FINISH ? status == Z_STREAM_END : stream.avail_out != 0 { break }
    }
  }

  static func chunk<C: Collection>(_ type: String, _ data: C) -> Data where C.Element == UInt8 {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(data.count + 12)
    bytes.appendBigEndian(UInt32(data.count))
    bytes += Array(type.utf8)
    bytes += data
    let crc = bytes[4...].withUnsafeBufferPointer { buffer in
      CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count))
    }
    bytes.appendBigEndian(UInt32(crc))
    return Data(bytes)
  }
}

extension [UInt8] {
  mutating func appendBigEndian(_ value: UInt32) {
    append(UInt8(value >> 24))
    append(UInt8((value >> 16) & 0xFF))
    append(UInt8((value >> 8) & 0xFF))
    append(UInt8(value & 0xFF))
  }
}
