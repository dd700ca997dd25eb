import CollectionLayout
import Foundation
public import TextEngine

/// What a baseline records about one font of a chain: enough to tell, on another run, that the
/// font is a different file or the same file changed.
public struct FontFingerprint: Sendable, Hashable {
  /// The chain: `regular` or `bold`.
  public var chain: String
  /// The position in the chain (0 is the primary font).
  public var index: Int
  /// The family name from the font's name table.
  public var family: String
  /// The style name (`Regular`, `Bold`).
  public var style: String
  /// The file name, without its folder (folders differ between machines).
  public var file: String
  /// The face index within a collection file.
  public var faceIndex: Int
  /// `sha256:` and the hex digest of the whole file.
  public var checksum: String

  /// A fingerprint.
  public init(
    chain: String, index: Int, family: String, style: String, file: String, faceIndex: Int, checksum: String
  ) {
    self.chain = chain
    self.index = index
    self.family = family
    self.style = style
    self.file = file
    self.faceIndex = faceIndex
    self.checksum = checksum
  }

  /// The file name with its face index when not 0 (`NotoSansCJK-Regular.ttc#2`).
  public var fileDescription: String { faceIndex == 0 ? file : "\(file)#\(faceIndex)" }

  /// Fingerprints of every font of `measurer`'s chains (the bold chain only when it differs).
  /// Each file is read and hashed once, however often it appears.
  /// - Throws: ``BaselineError`` with code `unreadableFile` when a font file cannot be read.
  public static func fingerprints(of measurer: TextMeasurer) throws(BaselineError) -> [FontFingerprint] {
    var chains: [(String, FontChain)] = [("regular", measurer.regular)]
    if measurer.bold != measurer.regular { chains.append(("bold", measurer.bold)) }
    var checksums: [String: String] = [:]
    var result: [FontFingerprint] = []
    for (name, chain) in chains {
      for (index, font) in chain.fonts.enumerated() {
        let checksum: String
        if let known = checksums[font.path] {
          checksum = known
        } else {
          checksum = try Self.checksum(ofFile: font.path)
          checksums[font.path] = checksum
        }
        result.append(
          FontFingerprint(
            chain: name, index: index, family: font.familyName, style: font.styleName,
            file: (font.path as NSString).lastPathComponent, faceIndex: font.faceIndex, checksum: checksum))
      }
    }
    return result
  }

  /// `sha256:<hex>` of a file's bytes.
  /// - Throws: ``BaselineError`` with code `unreadableFile`.
  public static func checksum(ofFile path: String) throws(BaselineError) -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw BaselineError(.unreadableFile, "cannot read \(path) to record its checksum")
    }
    defer { try? handle.close() }
    var hash = SHA256()
    while true {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: 1 << 20)
      } catch {
        throw BaselineError(.unreadableFile, "cannot read \(path) to record its checksum")
      }
      guard let chunk, !chunk.isEmpty else { break }
      hash.update([UInt8](chunk))
    }
    return "sha256:" + hash.finalizeHex()
  }
}
