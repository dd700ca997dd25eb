import Foundation

/// The bundled sample feed and templates in the package's `Examples/` folder.
public enum SampleFeed {
  /// Environment variable naming a folder with the example files, for installed binaries that
  /// live outside the source tree.
  public static let directoryEnvironmentVariable = "SELFSIZE_EXAMPLES_DIR"

  /// The folder with the examples: `$SELFSIZE_EXAMPLES_DIR`, else the package's `Examples/`.
  public static var directory: String {
    if let override = ProcessInfo.processInfo.environment[directoryEnvironmentVariable], !override.isEmpty {
      return override
    }
    // Sources/Reports/SampleFeed.swift → <package>/Examples
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples").path
  }

  /// The 240-item sample feed (JSON Lines).
  public static var itemsPath: String { directory + "/feed.jsonl" }
  /// The default card template.
  public static var templatePath: String { directory + "/note-card.template.json" }
}
