import Foundation
import Testing
import TextEngine

/// Fonts named by a user (files and family names) resolved into regular and bold chains.
@Suite struct FontSelectionTests {
  static let noto = "/usr/share/fonts/truetype/noto"

  @Test func nothingNamedGivesTheBundledChains() throws {
    let fonts = try FontSelection().resolve()
    #expect(fonts.regular == (try BundledFonts.regularChain()))
    #expect(fonts.bold == (try BundledFonts.boldChain()))
    #expect(fonts.warnings.isEmpty)
  }

  @Test func familiesGiveRegularAndBoldFacesAndKeepTheBundledEmoji() throws {
    let fonts = try FontSelection(regular: ["Noto Sans", "Noto Sans Hebrew"]).resolve()
    #expect(fonts.regular.fonts.map(\.styleName) == ["Regular", "Regular", "Regular"])
    #expect(fonts.bold.fonts.map(\.styleName) == ["Bold", "Bold", "Regular"])
    #expect(fonts.bold.fonts[1].path == Self.noto + "/NotoSansHebrew-Bold.ttf")
    #expect(fonts.regular.fonts[2] === (try BundledFonts.emoji()))
    #expect(fonts.bold.fonts[2] === (try BundledFonts.emoji()))
    #expect(fonts.warnings.isEmpty)
  }

  @Test func emojiIsNotAppendedTwiceOrWhenTurnedOff() throws {
    let named = try FontSelection(regular: ["Noto Sans", "Noto Color Emoji"]).resolve()
    #expect(named.regular.fonts.count == 2)
    #expect(named.regular.fonts[1].path == Self.noto + "/NotoColorEmoji.ttf")
    #expect(named.warnings.isEmpty)
    let off = try FontSelection(regular: ["Noto Sans"], appendsBundledEmoji: false).resolve()
    #expect(off.regular.fonts.count == 1)
    #expect(off.bold.fonts.count == 1)
  }

  @Test func fileGetsItsBoldSibling() throws {
    let fonts = try FontSelection(regular: [Self.noto + "/NotoSansThai-Regular.ttf"]).resolve()
    #expect(fonts.bold.primary.path == Self.noto + "/NotoSansThai-Bold.ttf")
    let collection = try FontSelection(
      regular: ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#2"]
    ).resolve()
    #expect(collection.bold.primary.path.hasSuffix("NotoSansCJK-Bold.ttc"))
    #expect(collection.bold.primary.faceIndex == 2)
    #expect(collection.bold.primary.familyName == "Noto Sans CJK SC")
  }

  @Test func familyAndFileWithoutABoldFaceAreReported() throws {
    let family = try FontSelection(regular: ["Noto Sans Mongolian"]).resolve()
    #expect(family.bold.primary === family.regular.primary)
    #expect(family.warnings.count == 1)
    #expect(family.warnings.first?.contains("family \"Noto Sans Mongolian\" has no bold face") == true)
    let file = try FontSelection(regular: [Self.noto + "/NotoSansMongolian-Regular.ttf"]).resolve()
    #expect(file.bold.primary === file.regular.primary)
    #expect(file.warnings.first?.contains("has no bold sibling") == true)
  }

  @Test func aFontNamedManyTimesIsLoadedOnce() throws {
    let file = Self.noto + "/NotoSans-Regular.ttf"
    let fonts = try FontSelection(
      regular: Array(repeating: file, count: 500) + ["Noto Sans Hebrew", file],
      bold: Array(repeating: "Noto Sans Hebrew", count: 500), appendsBundledEmoji: false
    ).resolve()
    #expect(fonts.regular.fonts.map(\.path) == [file, Self.noto + "/NotoSansHebrew-Regular.ttf"])
    #expect(fonts.bold.fonts.map(\.path) == [Self.noto + "/NotoSansHebrew-Bold.ttf"])
  }

  @Test func explicitBoldFontsReplaceTheDerivedOnes() throws {
    let fonts = try FontSelection(regular: ["Noto Sans"], bold: ["Noto Sans Hebrew"]).resolve()
    #expect(fonts.bold.primary.path == Self.noto + "/NotoSansHebrew-Bold.ttf")
    #expect(fonts.regular.primary.path == Self.noto + "/NotoSans-Regular.ttf")
  }

  @Test func unknownFamilyIsAnErrorNamingTheClosestInstalledFamilies() {
    do throws(FontError) {
      _ = try FontSelection(regular: ["Noto Sans Hebrw"]).resolve()
      Issue.record("expected familyNotFound")
    } catch {
      #expect(error.code == .familyNotFound)
      #expect(error.path == "Noto Sans Hebrw")
      #expect(error.message.contains("\"Noto Sans Hebrew\""))
    }
  }

  @Test(arguments: [
    ("Noto Sans", false), ("a/b.ttf", true), ("Font.otf", true), ("x.ttc#2", true), ("DejaVu Sans", false),
  ])
  func specsAreFilesOrFamilies(spec: String, isFile: Bool) {
    #expect(FontSelection.isFilePath(spec) == isFile)
  }
}
