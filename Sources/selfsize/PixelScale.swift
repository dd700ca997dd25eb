import ArgumentParser
import SelfSizingCore

/// `--pixel-scale N`: device pixels per point.
enum PixelScale {
  /// Throws a usage error naming `option` unless `scale` is in ``MetricRange/pixelScale`` (1 to
  /// 16, the range templates and the service take too).
  static func validate(_ scale: Double, option: String = "--pixel-scale") throws {
    if let violation = MetricRange.pixelScale.violation(scale) {
      throw ValidationError("\(option) \(violation)")
    }
  }
}
