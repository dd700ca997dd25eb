import ArgumentParser
import SelfSizingCore
import TextEngine

/// `--pixel-scale N`: device pixels per point.
enum PixelScale {
  /// The scales the CLI takes (1x to 16x screens).
  static let range = 1.0...16.0

  /// Throws a usage error naming `option` unless the text engine takes `scale` and it is from
  /// 1 to 16.
  static func validate(_ scale: Double, option: String = "--pixel-scale") throws {
    do {
      try TextStyle(fontSize: 15, pixelScale: scale).validate()
    } catch {
      throw ValidationError("\(option): \(error.message)")
    }
    guard range.contains(scale) else {
      throw ValidationError(
        "\(option) must be from 1 to 16 (device pixels per point), got \(JSONValue.format(scale))")
    }
  }
}
