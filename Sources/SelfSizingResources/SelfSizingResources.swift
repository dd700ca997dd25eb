import Foundation

/// The files SelfSizing ships beside its code: the default fonts (`Fonts/`) and the sample feed
/// and templates (`Examples/`), packaged as this target's SwiftPM resource bundle.
///
/// The bundle is looked up without the build folder's path: a `selfsize` binary copied together
/// with `SelfSizing_SelfSizingResources.resources` into any folder finds its files. The lookup
/// order for each folder is its environment override (``fontsEnvironmentVariable``,
/// ``examplesEnvironmentVariable``), then the bundle beside the running executable (symbolic
/// links resolved), then the bundle beside the shared library holding this code (`libselfsize.so`
/// loaded by Python or Node, whose executable is the interpreter), then the bundle beside
/// `Bundle.main`.
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

  /// The resource bundle folder beside the running executable (symbolic links resolved).
  static var bundleBesideExecutable: String? {
    guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    else { return nil }
    let resolved = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
    return resolved.deletingLastPathComponent().appendingPathComponent(bundleName).path
  }

  /// The resource bundle folder beside the image (executable or shared library) that holds this
  /// code (symbolic links resolved): the file `/proc/self/maps` shows mapped at this image's
  /// address; nil when there is none.
  static var bundleBesideImage: String? {
    // Read to its end: procfs files report a size of 0.
    guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"),
      let data = try? handle.readToEnd()
    else { return nil }
    try? handle.close()
    let maps = String(decoding: data, as: UTF8.self)
    let address = UInt(bitPattern: #dsohandle)
    for line in maps.split(separator: "\n") {
      // start-end perms offset dev inode path
      let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
      guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
        let start = UInt(fields[0][..<dash], radix: 16),
        let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
        (start..<end).contains(address)
      else { continue }
      let path = fields[5].trimmingCharacters(in: .whitespaces)
      guard path.hasPrefix("/") else { return nil }
      let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
      return resolved.deletingLastPathComponent().appendingPathComponent(bundleName).path
    }
    return nil
  }

  /// The resource bundle folders beside `Bundle.main` (set up only when the first place has no
  /// bundle: `Bundle.main` costs milliseconds at start-up).
  static var bundlesBesideMain: [String] {
    var candidates: [String] = []
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      candidates.append(executable.deletingLastPathComponent().appendingPathComponent(bundleName).path)
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent(bundleName).path)
    return candidates
  }

  private static func directory(named name: String, override variable: String) throws(ResourceError) -> String
  {
    if let value = getenv(variable), case let override = String(cString: value), !override.isEmpty {
      guard isDirectory(override) else {
        throw ResourceError(
          .notFound, path: override, message: "\(variable) names \"\(override)\", which is not a folder")
      }
      return override
    }
    // The places in order; the ones beside `Bundle.main` are set up only when the first fails.
    var candidates: [String] = []
    func look(in bundle: String) -> String? {
      let folder = bundle + "/" + name
      guard !candidates.contains(folder) else { return nil }
      candidates.append(folder)
      return isDirectory(folder) ? folder : nil
    }
    if let beside = bundleBesideExecutable, let folder = look(in: beside) { return folder }
    if let beside = bundleBesideImage, let folder = look(in: beside) { return folder }
    for bundle in bundlesBesideMain { if let folder = look(in: bundle) { return folder } }
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
