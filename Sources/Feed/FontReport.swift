public import TextEngine

/// Renderings of font chains for `selfsize fonts`.
public enum FontReport {
  /// `{"size", "chains": {"regular": [font...], "bold": [...]}, "systemFonts", "warnings",
  /// "clusters"?, "libraries": {...}}`; `clusters` (with `--text`) lists each grapheme
  /// cluster's font: `{"text", "range": [start, end], "weight", "source": "chain" | "system" |
  /// "missing", "family"?, "style"?, "path"?, "faceIndex"?, "missing": ["U+…"]}`.
  public static func json(
    chains: [(String, FontChain)], pointSize: Double, versions: LibraryVersions, systemFonts: Bool = false,
    warnings: [String] = [], clusters: [(weight: FontWeight, cluster: ClusterFont)]? = nil
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("size", .number(pointSize)),
      (
        "chains",
        .object(
          chains.map { name, chain in
            (
              name,
              .array(
                chain.fonts.enumerated().map {
                  fontJSON($1, role: $0 == 0 ? "primary" : "fallback", pointSize: pointSize)
                })
            )
          })
      ),
      ("systemFonts", .bool(systemFonts)),
      ("warnings", .array(warnings.map { .string($0) })),
    ]
    if let clusters {
      members.append(("clusters", .array(clusters.map { clusterJSON($0.cluster, weight: $0.weight) })))
    }
    members.append(
      (
        "libraries",
        .object([
          ("harfbuzz", .string(versions.harfBuzz)), ("freetype", .string(versions.freeType)),
          ("icu", .string(versions.icu)), ("unicode", .string(versions.unicode)),
        ])
      ))
    return .object(members)
  }

  static func clusterJSON(_ cluster: ClusterFont, weight: FontWeight) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("text", .string(cluster.text)),
      (
        "range",
        .array([
          .number(Double(cluster.scalarRange.lowerBound)), .number(Double(cluster.scalarRange.upperBound)),
        ])
      ),
      ("weight", .string(weight.rawValue)),
      ("source", .string(source(of: cluster))),
    ]
    if let font = cluster.font {
      members += [
        ("family", .string(font.familyName)), ("style", .string(font.styleName)),
        ("path", .string(font.path)),
        ("faceIndex", .number(Double(font.faceIndex))),
      ]
    }
    members.append(("missing", .array(cluster.missingScalars.map { .string(codePoint($0)) })))
    return .object(members)
  }

  static func source(of cluster: ClusterFont) -> String {
    cluster.font == nil ? "missing" : cluster.isSystemFallback ? "system" : "chain"
  }

  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// One row per grapheme cluster: its text, code points, weight and the font it got.
  public static func clusterTable(_ clusters: [(weight: FontWeight, cluster: ClusterFont)]) -> TextTable {
    var table = TextTable(columns: ["weight", "range", "cluster", "code points", "source", "font"])
    for (weight, cluster) in clusters {
      let font = cluster.font.map { font in
        "\(font.familyName) \(font.styleName) (\(font.faceIndex == 0 ? font.path : "\(font.path)#\(font.faceIndex)"))"
      }
      table.append([
        weight.rawValue, "\(cluster.scalarRange.lowerBound)..<\(cluster.scalarRange.upperBound)",
        cluster.text.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }
          ? cluster.text : "",
        cluster.text.unicodeScalars.map(codePoint).joined(separator: " "), source(of: cluster),
        font ?? "none: missing " + cluster.missingScalars.map(codePoint).joined(separator: " "),
      ])
    }
    return table
  }

  static func fontJSON(_ font: Font, role: String, pointSize: Double) -> JSONValue {
    let metrics = font.metrics
    let scaled = font.metrics(atPointSize: pointSize)
    func optional(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
    return .object([
      ("role", .string(role)),
      ("family", .string(font.familyName)),
      ("style", .string(font.styleName)),
      ("path", .string(font.path)),
      ("faceIndex", .number(Double(font.faceIndex))),
      ("unitsPerEm", .number(Double(metrics.unitsPerEm))),
      ("glyphCount", .number(Double(metrics.glyphCount))),
      ("color", .bool(font.hasColorGlyphs)),
      ("ascender", .number(Double(metrics.ascender))),
      ("descender", .number(Double(metrics.descender))),
      ("lineGap", .number(Double(metrics.lineGap))),
      ("typoAscender", optional(metrics.typoAscender)),
      ("typoDescender", optional(metrics.typoDescender)),
      ("typoLineGap", optional(metrics.typoLineGap)),
      ("capHeight", optional(metrics.capHeight)),
      ("xHeight", optional(metrics.xHeight)),
      ("useTypoMetrics", .bool(metrics.useTypoMetrics)),
      (
        "scaled",
        .object([
          ("ascender", .number(scaled.ascender)), ("descender", .number(scaled.descender)),
          ("lineGap", .number(scaled.lineGap)), ("naturalLineHeight", .number(scaled.naturalLineHeight)),
        ])
      ),
    ])
  }

  /// One row per font of each chain.
  public static func table(chains: [(String, FontChain)], pointSize: Double) -> TextTable {
    var table = TextTable(columns: [
      "chain", "#", "family", "style", "upem", "asc", "desc", "gap",
      "line height @\(JSONValue.format(pointSize))pt", "path",
    ])
    for (name, chain) in chains {
      for (index, font) in chain.fonts.enumerated() {
        let metrics = font.metrics
        table.append([
          name, "\(index)", font.familyName, font.styleName, "\(metrics.unitsPerEm)", "\(metrics.ascender)",
          "\(metrics.descender)", "\(metrics.lineGap)",
          JSONValue.format(font.metrics(atPointSize: pointSize).naturalLineHeight, decimals: 3),
          font.faceIndex == 0 ? font.path : "\(font.path)#\(font.faceIndex)",
        ])
      }
    }
    return table
  }
}
