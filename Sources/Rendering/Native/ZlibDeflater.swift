internal import CZlib

/// A zlib deflate stream fed in pieces (for pictures written strip by strip). A class because it
/// owns the C stream; ended in `deinit` if not finished.
final class ZlibDeflater {
  private var stream = z_stream()
  private var output = [UInt8](repeating: 0, count: 1 << 16)
  private var isOpen = false

  /// Starts a zlib stream at `level` (0–9).
  init(level: Int32) throws(Zlib.StatusError) {
    let status = deflateInit_(&stream, level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw Zlib.StatusError(status: status) }
    isOpen = true
  }

  deinit {
    if isOpen { deflateEnd(&stream) }
  }

  /// Compresses `count` bytes at `bytes`; `emit` receives compressed output as it is produced.
  func append(_ bytes: UnsafeRawPointer, count: Int, emit: (ArraySlice<UInt8>) throws -> Void) throws {
    try run(bytes, count: count, flush: Z_NO_FLUSH, emit: emit)
  }

  /// Ends the stream; `emit` receives the rest.
  func finish(emit: (ArraySlice<UInt8>) throws -> Void) throws {
    var empty: UInt8 = 0
    try run(&empty, count: 0, flush: Z_FINISH, emit: emit)
    deflateEnd(&stream)
    isOpen = false
  }

  private func run(
    _ bytes: UnsafeRawPointer, count: Int, flush: Int32, emit: (ArraySlice<UInt8>) throws -> Void
  ) throws {
    stream.next_in = UnsafeMutablePointer(mutating: bytes.assumingMemoryBound(to: UInt8.self))
    stream.avail_in = uInt(count)
    while true {
      let status = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
        stream.next_out = buffer.baseAddress
        stream.avail_out = uInt(buffer.count)
        return deflate(&stream, flush)
      }
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        throw Zlib.StatusError(status: status)
      }
      let produced = output.count - Int(stream.avail_out)
      if produced > 0 { try emit(output[0..<produced]) }
      if flush == Z_FINISH ? status == Z_STREAM_END : stream.avail_out != 0 { break }
    }
  }

  /// The CRC-32 of `bytes` (zlib's).
  static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    UInt32(CZlib.crc32(0, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), uInt(bytes.count)))
  }
}
