import Testing

@testable import TextEngine

/// Installed fonts through fontconfig (the setup script installs fonts-noto-core,
/// fonts-noto-cjk and fonts-noto-color-emoji).
@Suite struct SystemFontsTests {
  static var system: SystemFonts {
    get throws { try #require(SystemFonts.shared, "fontconfig has no configuration") }
  }

  @Test(arguments: [
    ("Noto Sans", "NotoSans-Regular.ttf", 0),
    ("Noto Sans Arabic", "NotoSansArabic-Regular.ttf", 0),
    ("noto sans hebrew", "NotoSansHebrew-Regular.ttf", 0),
    ("Noto Sans CJK SC", "NotoSansCJK-Regular.ttc", 2),
    ("Noto Color Emoji", "NotoColorEmoji.ttf", 0),
  ])
  func familyResolvesToTheInstalledFace(family: String, file: String, faceIndex: Int) throws {
    let (font, hasWeight) = try Self.system.font(family: family)
    #expect(font.path.hasSuffix("/" + file))
    #expect(font.faceIndex == faceIndex)
    #expect(font.familyName.lowercased() == family.lowercased())
    #expect(hasWeight)
  }

  @Test func boldFaceOfAFamily() throws {
    let (font, hasWeight) = try Self.system.font(family: "Noto Sans", weight: .bold)
    #expect(font.path.hasSuffix("/NotoSans-Bold.ttf"))
    #expect(font.styleName == "Bold")
    #expect(hasWeight)
    let cjk = try Self.system.font(family: "Noto Sans CJK SC", weight: .bold).font
    #expect(cjk.path.hasSuffix("/NotoSansCJK-Bold.ttc") && cjk.faceIndex == 2)
  }

  @Test func familyWithoutABoldFaceSaysSo() throws {
    let (font, hasWeight) = try Self.system.font(family: "Noto Color Emoji", weight: .bold)
    #expect(font.hasColorGlyphs)
    #expect(!hasWeight)
  }

  @Test func unknownFamilyNamesTheSubstituteAndTheClosestFamilies() throws {
    let system = try Self.system
    do throws(FontError) {
      _ = try system.font(family: "Noto Sans Arabik")
      Issue.record("expected familyNotFound")
    } catch {
      #expect(error.code == .familyNotFound)
      #expect(error.path == "Noto Sans Arabik")
      #expect(error.message.contains("fontconfig substitutes"))
      #expect(error.message.contains("closest installed: \"Noto Sans Arabic\""))
    }
  }

  @Test func installedFamiliesIncludeTheNotoFonts() throws {
    let names = try Self.system.familyNames()
    for family in ["Noto Sans", "Noto Sans Thai", "Noto Sans Devanagari", "Noto Sans CJK SC"] {
      #expect(names.contains(family))
    }
    #expect(names == names.sorted())
  }
}

/// Fallback into installed fonts for clusters no font of the chain has.
@Suite struct SystemFontFallbackTests {
  static let style = TextStyle(fontSize: 15)
  static let tibetan = "a\u{0F00}b"

  @Test func clusterTheChainLacksComesFromAnInstalledFace() throws {
    let measurer = try BundledFonts.measurer(systemFonts: true)
    #expect(measurer.usesSystemFonts)
    #expect(try measurer.prepare(Self.tibetan, style: Self.style).missingGlyphs == 0)
    let clusters = measurer.clusterFonts(Self.tibetan, style: Self.style)
    #expect(clusters.map(\.text) == ["a", "\u{0F00}", "b"])
    #expect(clusters.map(\.isSystemFallback) == [false, true, false])
    #expect(clusters[1].font?.path.hasSuffix("/NotoSerifTibetan-Regular.ttf") == true)
    let bold = measurer.clusterFonts(Self.tibetan, style: TextStyle(fontSize: 15, weight: .bold))
    #expect(bold[1].font?.path.hasSuffix("/NotoSerifTibetan-Bold.ttf") == true)
  }

  /// The fallback answers are bounded: text full of distinct uncovered clusters (characters of
  /// the Supplementary Private Use Area-B, which no installed font has; the BMP's private use
  /// area is not safe: Inter, for one, draws icons at U+E000…) does not grow them past the
  /// capacity, and an answer dropped is found again the same.
  @Test func fallbackAnswersStayWithinTheirCapacity() throws {
    let system = try #require(SystemFonts(fallbackCapacity: 4))
    let tibetan: [UInt32] = [0x0F00]
    let first = system.fallbackFont(forCluster: tibetan, language: "", weight: .regular)
    #expect(first?.path.hasSuffix("/NotoSerifTibetan-Regular.ttf") == true)
    for scalar in UInt32(0x10_FFF0)..<0x10_FFFA {
      #expect(system.fallbackFont(forCluster: [scalar], language: "", weight: .regular) == nil)
      #expect(system.fallbackAnswerCount <= 4)
    }
    let again = system.fallbackFont(forCluster: tibetan, language: "", weight: .regular)
    #expect(again === first)
  }

  @Test func offMeansMissingAndNamed() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false)
    let prepared = try measurer.prepare(Self.tibetan, style: Self.style)
    #expect(prepared.missingGlyphs == 1)
    #expect(measurer.missingScalars(of: prepared) == ["\u{0F00}"])
    let clusters = measurer.clusterFonts(Self.tibetan, style: Self.style)
    #expect(clusters[1].font == nil)
    #expect(clusters[1].missingScalars == ["\u{0F00}"])
  }

  @Test func missingScalarsAreDistinctInOrderOfAppearance() throws {
    let measurer = try BundledFonts.measurer(systemFonts: true)
    // Private use: no installed font has it either.
    let prepared = try measurer.prepare("\u{10FFFD}x\u{10FFFD} \u{0F00}\u{10FFFC}", style: Self.style)
    #expect(prepared.missingGlyphs == 3)
    #expect(measurer.missingScalars(of: prepared) == ["\u{10FFFD}", "\u{10FFFC}"])
  }

  @Test func fallbackFacesDoNotChangeTheLineHeight() throws {
    let measurer = try BundledFonts.measurer(systemFonts: true)
    let plain = try measurer.prepare("ab", style: Self.style)
    let mixed = try measurer.prepare(Self.tibetan, style: Self.style)
    #expect(mixed.lineHeight == plain.lineHeight)
    #expect(mixed.ascender == plain.ascender)
  }

  @Test func concurrentFallbackGivesIdenticalResults() async throws {
    let measurer = TextMeasurer(
      regular: try BundledFonts.regularChain(), bold: try BundledFonts.boldChain(), systemFonts: true)
    let texts = (0..<48).map { "ཀ\($0) ᠮᠣᠩ \u{0F00}\($0 % 5) ꦗꦮ" }
    let widths = try await withThrowingTaskGroup(of: (Int, Double, Int).self) { group in
      for (index, text) in texts.enumerated() {
        group.addTask {
          let prepared = try measurer.prepare(text, style: Self.style)
          return (index, prepared.unconstrainedWidth, prepared.missingGlyphs)
        }
      }
      var results = [(Double, Int)](repeating: (0, 0), count: texts.count)
      for try await (index, width, missing) in group { results[index] = (width, missing) }
      return results
    }
    let serial = TextMeasurer(regular: try BundledFonts.regularChain(), systemFonts: true)
    for (index, text) in texts.enumerated() {
      let prepared = try serial.prepare(text, style: Self.style)
      #expect(widths[index].0 == prepared.unconstrainedWidth)
      #expect(widths[index].1 == prepared.missingGlyphs)
    }
  }
}
