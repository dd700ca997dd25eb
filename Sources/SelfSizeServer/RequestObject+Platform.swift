import TextEngine

extension RequestObject {
  /// The request's `"platform"` (`"web"`, `"flutter"` or `"ios"`), or `absent` when it names none.
  /// - Throws: `ServiceError` (`invalidRequest`, a 400) for another value, listing the names.
  func platform(default absent: TextPlatform = .default) throws(ServiceError) -> TextPlatform {
    guard let name = try string("platform") else { return absent }
    guard let platform = TextPlatform(rawValue: name) else {
      throw ServiceError(
        .invalidRequest,
        "\(keyPath("platform")) must be one of \(TextPlatform.names.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(name.prefix(64))\""
      )
    }
    return platform
  }
}
