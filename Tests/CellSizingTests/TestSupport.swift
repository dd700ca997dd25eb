import CellSizing
import Foundation
import TextEngine

/// Shared fixtures: the bundled measurer and the package's Examples folder.
enum TestSupport {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  static func example(_ name: String) throws -> Data {
    try Data(contentsOf: packageRoot.appendingPathComponent("Examples/\(name)"))
  }

  static func measurer() throws -> TextMeasurer { try BundledFonts.measurer(platform: .ios) }

  static func template(_ json: String) throws(CellSizingError) -> CellTemplate {
    try CellTemplate(json: Data(json.utf8))
  }

  static func item(_ json: String, line: Int? = nil) throws(CellSizingError) -> CellItem {
    try CellItem(json: Data(json.utf8), line: line)
  }

  /// The text height the engine gives on its own.
  static func textHeight(_ text: String, _ style: TextStyle, width: Double) throws -> Double {
    try measurer().prepare(text, style: style).measure(width: width).height
  }

  /// Catches the typed error of a throwing closure.
  static func error<T>(_ body: () throws -> T) -> CellSizingError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error as? CellSizingError
    }
  }
}
