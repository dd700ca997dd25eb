import ArgumentParser
import Foundation
import SelfSizingCore
import TextEngine

/// `--line-height natural|PT|Nx`: the font's natural line height (`UIFont.lineHeight`), a fixed
/// height in points, or a multiple of the font size (`1.4x` is 21 pt at 15 pt, as CSS's
/// `line-height: 1.4`).
enum LineHeightArgument: ExpressibleByArgument, Sendable, Hashable {
  case natural
  case points(Double)
  case fontSizeMultiple(Double)

  init?(argument: String) {
    let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
    if text == "natural" {
      self = .natural
    } else if text.hasSuffix("x"), let factor = Double(text.dropLast()) {
      self = .fontSizeMultiple(factor)
    } else if let points = Double(text.hasSuffix("pt") ? String(text.dropLast(2)) : text) {
      self = .points(points)
    } else {
      return nil
    }
  }

  /// The line height for text of `fontSize` points.
  func lineHeight(fontSize: Double) -> LineHeight {
    switch self {
    case .natural: .natural
    case .points(let points): .fixed(points)
    case .fontSizeMultiple(let factor): .fontSizeMultiple(factor)
    }
  }

  /// Throws a usage error unless the height is positive and finite.
  func validate() throws {
    switch self {
    case .natural: break
    case .points(let points):
      guard points.isFinite, points > 0 else {
        throw ValidationError(
          "--line-height must be natural, a positive number of points or a multiple like 1.4x, got \(JSONValue.format(points))"
        )
      }
    case .fontSizeMultiple(let factor):
      guard factor.isFinite, factor > 0 else {
        throw ValidationError(
          "--line-height must be natural, a positive number of points or a multiple like 1.4x, got \(JSONValue.format(factor))x"
        )
      }
    }
  }

  var defaultValueDescription: String {
    switch self {
    case .natural: "natural"
    case .points(let points): JSONValue.format(points)
    case .fontSizeMultiple(let factor): JSONValue.format(factor) + "x"
    }
  }
}
