import Foundation

/// The files SelfSizing ships beside its code: the default fonts (`Fonts/`) and the sample feed
/// and templates (`Examples/`), packaged as this target's SwiftPM resource bundle.
///
/// The bundle is looked up without the build folder's path: a `selfsize` binary copied together
/// with `SelfSizing_SelfSizingResources.resources` into any folder finds its files. The lookup
/// order for each folder is its environment override (``fontsEnvironmentVariable``,
/// ``examplesEnvironmentVariable``), then the bundle beside the running executable (symbolic
/// links resolved), then the bundle beside `Bundle.main`.
public enum SelfSizingResources {
  /// The resource bundle's folder name, as SwiftPM names it (`<package>_<target>.resources`).
  public static let bundleName = "SelfSizing_SelfSizingResources.resources"
  /// Environment variable naming a folder that holds the bundled font files.
  public static let fontsEnvironmentVariable = "SELFSIZE_FONTS_DIR"
  /// Environment variable naming a folder that holds the sample feed and templates.
  public static let examplesEnvironmentVariable = "SELFSIZE_EXAMPLES_DIR"

  /// The folder with the bundled fonts.
  ///
  /// - Throws: ``ResourceError`` naming the places looked in and ``fontsEnvironmentVariable``.
  public static func fontsDirectory() throws(ResourceError) -> String {
    try directory(named: "Fonts", override: fontsEnvironmentVariable)
  }

  /// The folder with the sample feed (`feed.jsonl`) and templates.
  ///
  /// - Throws: ``ResourceError`` naming the places looked in and ``examplesEnvironmentVariable``.
  public static func examplesDirectory() throws(ResourceError) -> String {
    try directory(named: "Examples", override: examplesEnvironmentVariable)
  }

  /// The resource bundle folders that may exist, most specific first.
  static var bundleCandidates: [String] {
    var candidates: [String] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      let resolved = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
      candidates.append(resolved.deletingLastPathComponent().appendingPathComponent(bundleName).path)
    }
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      candidates.append(executable.deletingLastPathComponent().appendingPathComponent(bundleName).path)
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent(bundleName).path)
    var seen = Set<String>()
    return candidates.filter { seen.insert($0).inserted }
  }

  private static func directory(named name: String, override variable: String) throws(ResourceError) -> String
  {
    if let override = ProcessInfo.processInfo.environment[variable], !override.isEmpty {
      guard isDirectory(override) else {
        throw ResourceError(
          .notFound, path: override, message: "\(variable) names \"\(override)\", which is not a folder")
      }
      return override
    }
    let candidates = bundleCandidates.map { $0 + "/" + name }
    if let found = candidates.first(where: isDirectory) { return found }
    throw ResourceError(
      .notFound, path: candidates.first ?? bundleName,
      message: "cannot find the bundled \(name) folder; looked in "
        + candidates.joined(separator: ", ")
        + ". Copy \(bundleName) beside the selfsize binary, or set \(variable) to a folder holding the files")
  }

  private static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
