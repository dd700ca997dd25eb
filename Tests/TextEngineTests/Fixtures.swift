import Foundation
import TextEngine

/// Paths and loaders for the committed fixtures under Tests/Fixtures.
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

  static func json(_ relativePath: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(contentsOf: url(relativePath)))
  }

  static func jsonLines(_ relativePath: String) throws -> [[String: Any]] {
    let text = try String(contentsOf: url(relativePath), encoding: .utf8)
    return try text.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
  }

  static var fontsDirectory: String { try! BundledFonts.directory() }

  /// The bundled chains alone (no installed fallback fonts), so results do not depend on the machine.
  static func measurer() throws -> TextMeasurer {
    try BundledFonts.measurer(systemFonts: false, platform: .ios)
  }
}
