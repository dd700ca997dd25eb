import Feed
public import Foundation

/// Writes 8-bit RGB PNG files: signature, IHDR, one IDAT (zlib `compress2`), IEND, each chunk
/// with its CRC-32.
public enum PNGEncoder {
  /// The eight bytes every PNG file starts with.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Errors from encoding.
  public struct EncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed.
    public var message: String
    public var description: String { message }
  }

  /// Encodes `pixels` (rows top to bottom, 3 bytes per pixel) as a PNG file.
  /// - Throws: ``EncodingError`` when the size does not match or zlib fails.
  public static func encode(width: Int, height: Int, rgb pixels: [UInt8], level: Int32 = 6)
    throws(EncodingError) -> Data
  {
    guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
      throw EncodingError(message: "a PNG needs a positive size, got \(width)×\(height)")
    }
    let rowBytes = width * 3
    guard pixels.count == rowBytes * height else {
      throw EncodingError(message: "expected \(rowBytes * height) bytes of RGB, got \(pixels.count)")
    }
    // Each row starts with its filter type; 0 (None) — deflate finds the repeats.
    var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
    raw.withUnsafeMutableBufferPointer { target in
      pixels.withUnsafeBufferPointer { source in
        for row in 0..<height {
          let destination = target.baseAddress! + row * (rowBytes + 1) + 1
          destination.update(from: source.baseAddress! + row * rowBytes, count: rowBytes)
        }
      }
    }
    let compressed: [UInt8]
    switch Zlib.compress(raw, level: level) {
    case .success(let bytes): compressed = bytes
    case .failure(let error):
      throw EncodingError(message: "zlib compress2 failed with status \(error.status)")
    }

    var header: [UInt8] = []
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
    var file = signature
    appendChunk("IHDR", header, to: &file)
    appendChunk("IDAT", compressed, to: &file)
    appendChunk("IEND", [], to: &file)
    return Data(file)
  }

  static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    file.appendBigEndian(UInt32(data.count))
    let typeBytes = Array(type.utf8)
    file += typeBytes
    file += data
    file.appendBigEndian(crc32(typeBytes + data))
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// The CRC-32 (ISO 3309, as PNG uses it) of `bytes`.
  public static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }
}
