import CellSizing
import CollectionLayout
import Feed
import Foundation
import Rendering
import Testing
import TextEngine

@Suite struct PictureTests {
  @Test(arguments: [1, 2])
  func pngDimensionsFollowTheContentSizeAndScale(scale: Int) throws {
    let scene = ReportScene(layout: Sample.layout, measurer: Sample.measurer, clipHeight: 600)
    let data = try scene.png(scale: scale)
    let header = try #require(PNGReader.chunks(data)?.first)
    #expect(header.type == "IHDR")
    #expect(PNGReader.bigEndian(header.data[0..<4]) == UInt32(375 * scale))
    #expect(PNGReader.bigEndian(header.data[4..<8]) == UInt32(600 * scale))
  }

  @Test func fullPictureHasTheContentHeight() {
    let canvas = Sample.scene.raster(scale: 1)
    #expect(canvas.width == 375)
    #expect(canvas.height == Int(Sample.layout.contentSize.height.rounded()))
  }

  /// Every label of every card has ink (pixels darker than the card) inside its frame, from
  /// real glyphs: the labels' text colours are grey-to-black, the card is white.
  @Test func everyLabelFrameHasGlyphPixels() {
    let canvas = Sample.scene.raster(scale: 1)
    var labels = 0
    for cell in Sample.scene.cells {
      for label in cell.labels {
        labels += 1
        let frame = label.frame
        var ink = 0
        for y in Int(frame.minY.rounded(.down))..<min(canvas.height, Int(frame.maxY.rounded(.up))) {
          for x in Int(frame.minX.rounded(.down))..<min(canvas.width, Int(frame.maxX.rounded(.up))) {
            let color = canvas.color(x: x, y: y)
            if Int(color.red) + Int(color.green) + Int(color.blue) < 3 * 200 { ink += 1 }
          }
        }
        #expect(ink > 3, "label \(label.name) of \(cell.id) has no glyph pixels")
      }
    }
    #expect(labels == Sample.layout.items.count * 3)
  }

  @Test func colourEmojiAreDrawnInColour() throws {
    // note-0001's author is "小太阳☀️": the sun is a colour glyph (yellow/orange pixels).
    let cell = try #require(Sample.scene.cells.first { $0.id == "note-0001" })
    let author = try #require(cell.labels.first { $0.name == "author" })
    let canvas = Sample.scene.raster(scale: 2)
    var coloured = 0
    for y in Int(author.frame.minY * 2)..<Int(author.frame.maxY * 2) {
      for x in Int(author.frame.minX * 2)..<Int(author.frame.maxX * 2) {
        let color = canvas.color(x: x, y: y)
        if Int(color.red) - Int(color.blue) > 80 { coloured += 1 }
      }
    }
    #expect(coloured > 20)
  }

  @Test func baselinesFollowTheDocumentedRule() throws {
    let cell = try #require(Sample.scene.cells.first)
    let title = try #require(cell.labels.first { $0.name == "title" })
    #expect(title.lines.count == 2)
    for (index, line) in title.lines.enumerated() {
      let top = title.frame.minY + Double(index) * (title.lineHeight + title.style.lineSpacing)
      #expect(abs(line.top - top) < 1e-9)
      let baseline = top + (title.lineHeight - (title.ascender - title.descender)) / 2 + title.ascender
      #expect(abs(line.baseline - baseline) < 1e-9)
      #expect(line.baseline > line.top && line.baseline < line.top + title.lineHeight)
    }
    #expect(title.lines.last?.text.hasSuffix("…") == true)
  }

  @Test func svgAndHTMLContainEveryItem() {
    let svg = Sample.scene.svg(scale: 2)
    let html = Sample.scene.html(summary: ["240 items"])
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"750\""))
    for item in Sample.layout.items {
      #expect(svg.contains("data-id=\"\(item.id)\""), "SVG misses \(item.id)")
      #expect(html.contains("<div class=\"cell\" data-id=\"\(item.id)\""), "HTML misses \(item.id)")
    }
    #expect(html.contains("@font-face"))
    #expect(html.contains("NotoSansCJKsc-Bold.otf"))
    #expect(html.contains("id=\"overflow-report\""))
    // Every label carries its measured line count for the overflow check.
    #expect(html.components(separatedBy: "class=\"label\"").count - 1 == Sample.layout.items.count * 3)
  }

  @Test func htmlFontsByAbsoluteOrRelativeURL() {
    let absolute = Sample.scene.html()
    #expect(absolute.contains("src: url(\"file:///"))
    let relative = Sample.scene.html(fontFolder: "fonts")
    #expect(!relative.contains("file:"))
    // Only the files its glyphs use, under their names in the fonts folder.
    let used = Sample.scene.usedFontPaths
    #expect(!used.isEmpty && used.count < Sample.scene.fontFileNames.count)
    for (path, fileName) in Sample.scene.fontFileNames {
      #expect(relative.contains("src: url(\"fonts/\(fileName)\")") == used.contains(path), "\(fileName)")
    }
  }

  @Test func fontFileNamesAreDistinct() {
    var scene = Sample.scene
    scene.regularFonts = ["/a/Font.otf", "/b/Emoji Font.ttf"]
    scene.boldFonts = ["/c/Font.otf", "/b/Emoji Font.ttf"]
    #expect(scene.fontFileNames.map(\.fileName) == ["0-Font.otf", "Emoji Font.ttf", "2-Font.otf"])
    #expect(
      scene.fontFileNames(in: ["/b/Emoji Font.ttf", "/c/Font.otf"]).map(\.fileName) == [
        "Emoji Font.ttf", "2-Font.otf",
      ])
  }

  @Test func textIsEscapedInMarkup() throws {
    let template = try CellTemplate(
      json: Data(#"{"styles": {"t": {"fontSize": 15}}, "stack": [{"label": "title", "style": "t"}]}"#.utf8))
    let page = FeedPage(
      source: "x", items: CellItem.decodeLines(Data(#"{"id": "a<&>\"", "title": "<b>&amp;</b>"}"#.utf8)))
    let layout = try FeedLayout.waterfall(
      template: template, pages: [page], settings: WaterfallSettings(), measurer: Sample.measurer)
    let scene = ReportScene(layout: layout, measurer: Sample.measurer)
    for markup in [scene.svg(), scene.html()] {
      #expect(markup.contains("&lt;b&gt;&amp;amp;&lt;/b&gt;"))
      #expect(markup.contains("data-id=\"a&lt;&amp;&gt;&quot;\""))
      #expect(!markup.contains("<b>"))
    }
  }

  @Test func circlePictureHasCellsAndTheDecoration() throws {
    let layout = try FeedLayout.circle(size: Size(width: 375, height: 667), count: 20)
    let scene = ReportScene(layout: layout, measurer: Sample.measurer)
    #expect(scene.cells.count == 20)
    let allRound = scene.cells.allSatisfy { $0.isRound }
    #expect(allRound)
    #expect(scene.captions.count == 1)
    let canvas = scene.raster(scale: 1)
    #expect(canvas.width == 375 && canvas.height == 667)
    let center = try #require(layout.decorations.first).frame.center
    // The decoration's fill at its centre's left part (the caption sits in the middle).
    let fill = canvas.color(x: Int(center.x) - 60, y: Int(center.y))
    #expect(fill != canvas.color(x: 2, y: 2))
    let svg = scene.svg()
    #expect(svg.components(separatedBy: "<ellipse").count - 1 == 20)
    #expect(svg.contains("data-kind=\"center\""))
  }
}
