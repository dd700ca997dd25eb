internal import CZlib

/// zlib's one-shot deflate: the only place Rendering calls C.
enum Zlib {
  /// `bytes` compressed as one zlib stream at `level` (0–9), or zlib's status code on failure.
  static func compress(_ bytes: [UInt8], level: Int32) -> Result<[UInt8], StatusError> {
    var compressedSize = compressBound(uLong(bytes.count))
    var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
    let status = compressed.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &compressedSize, source.baseAddress, uLong(source.count), level)
      }
    }
    guard status == Z_OK else { return .failure(StatusError(status: status)) }
    compressed.removeSubrange(Int(compressedSize)...)
    return .success(compressed)
  }

  /// A zlib status other than `Z_OK`.
  struct StatusError: Error, Sendable, Hashable {
    var status: Int32
  }
}
