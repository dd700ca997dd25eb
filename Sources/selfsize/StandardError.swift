import Foundation

/// Unbuffered writes to stderr that never fail loudly (a closed stderr is ignored).
enum StandardError {
  /// The most bytes of one message: whatever echoes input (a key, an id, a token) never floods
  /// a terminal or a log.
  static let messageLimit = 8 << 10

  static func write(_ text: String) {
    var text = text
    if text.utf8.count > messageLimit {
      let kept = String(decoding: text.utf8.prefix(messageLimit), as: UTF8.self)
      text = kept + "… (\(text.utf8.count - messageLimit) bytes more)\n"
    }
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
