public import Foundation

/// Writes an 8-bit RGB PNG row by row: the rows are deflated as they come and handed to `sink`
/// in IDAT chunks, so a picture of any height needs only one strip of rows in memory.
public final class PNGStreamWriter {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  private let sink: (Data) throws -> Void
  private let deflater: ZlibDeflater
  private var rowsWritten = 0
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
    do {
      deflater = try ZlibDeflater(level: level)
    } catch {
      throw PNGEncoder.EncodingError(message: "zlib deflateInit failed with status \(error.status)")
    }
    var header: [UInt8] = []
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
    try sink(Data(PNGEncoder.signature) + Self.chunk("IHDR", header[...]))
  }

  /// Appends rows top to bottom (3 bytes per pixel, a whole number of rows).
  public func append(rows pixels: UnsafeBufferPointer<UInt8>) throws {
    let rowBytes = width * 3
    guard pixels.count % rowBytes == 0, rowsWritten + pixels.count / rowBytes <= height,
      let base = pixels.baseAddress
    else {
      throw PNGEncoder.EncodingError(message: "rows do not fit the \(width)×\(height) picture")
    }
    var filter: UInt8 = 0  // filter None; deflate finds the repeats
    for row in 0..<(pixels.count / rowBytes) {
      try deflate { emit in
        try withUnsafePointer(to: &filter) { try deflater.append($0, count: 1, emit: emit) }
        try deflater.append(base + row * rowBytes, count: rowBytes, emit: emit)
      }
      rowsWritten += 1
    }
  }

  /// Ends the picture (every row must have been appended): the last IDAT and IEND.
  public func finish() throws {
    guard rowsWritten == height else {
      throw PNGEncoder.EncodingError(message: "\(rowsWritten) of \(height) rows were written")
    }
    guard !finished else { return }
    try deflate { try deflater.finish(emit: $0) }
    finished = true
    try sink(Self.chunk("IEND", [][...]))
  }

  /// Runs zlib, turning its output into IDAT chunks and its failures into encoding errors.
  private func deflate(_ body: ((ArraySlice<UInt8>) throws -> Void) throws -> Void) throws {
    do {
      try body { try self.sink(Self.chunk("IDAT", $0)) }
    } catch let error as Zlib.StatusError {
      throw PNGEncoder.EncodingError(message: "zlib deflate failed with status \(error.status)")
    }
  }

  static func chunk(_ type: String, _ data: ArraySlice<UInt8>) -> Data {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(data.count + 12)
    bytes.appendBigEndian(UInt32(data.count))
    bytes += Array(type.utf8)
    bytes += data
    let crc = bytes[4...].withUnsafeBytes { ZlibDeflater.crc32($0) }
    bytes.appendBigEndian(crc)
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
