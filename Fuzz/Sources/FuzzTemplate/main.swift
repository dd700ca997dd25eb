import CellSizing
import Foundation
import FuzzSupport
import TextEngine

// Template decoding and solving: the bytes up to the first NUL are a JSON template, the lines
// after it are items (one default item with the usual fields when there is no NUL). A template
// that decodes is measured for every item at a few widths; every height and frame must be
// finite and no height negative, or the item is an error.

private let measurer: TextMeasurer = {
  do throws(FontError) {
    return try BundledFonts.measurer(systemFonts: false)
  } catch {
    fatalError("the bundled fonts do not load (set SELFSIZE_FONTS_DIR): \(error)")
  }
}()

// A literal, not a global `Data`: LeakSanitizer reports a lazily built global `Data` as leaked.
private let defaultItem =
  #"{"id":"fuzz","title":"Title 标题 ✨","body":"Body text that wraps, 正文。","author":"A","likes":12,"imageWidth":1200,"imageHeight":900,"tags":["a","bb","标签"],"price":"16","currency":"¥"}"#

private let widths: [Double] = [0.5, 150, 375, 4096]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = FuzzInput(start, count).rest
  let split = bytes.firstIndex(of: 0) ?? bytes.count
  let templateData = Data(bytes[..<split])
  let itemData = split < bytes.count ? Data(bytes[(split + 1)...]) : Data(defaultItem.utf8)
  let sizer: CellSizer
  do throws(CellSizingError) {
    let template = try CellTemplate(json: templateData)
    sizer = try CellSizer(template: template, measurer: measurer, cacheCapacity: 4)
  } catch {
    require(!error.message.isEmpty, "a template error says what is wrong")
    return 0
  }
  for result in CellItem.decodeLines(itemData).prefix(4) {
    guard case .success(let item) = result else { continue }
    for width in widths {
      do throws(CellSizingError) {
        let measurement = try sizer.measure(item, width: width)
        check(measurement, width: width)
      } catch {
        require(!error.message.isEmpty, "a measuring error says what is wrong")
      }
    }
  }
  return 0
}

private func check(_ measurement: CellMeasurement, width: Double) {
  require(
    measurement.height.isFinite && measurement.height >= 0,
    "height \(measurement.height) at width \(width) is finite and not negative")
  for element in measurement.elements {
    let numbers = [element.x, element.y, element.width, element.height]
    require(numbers.allSatisfy(\.isFinite), "frame of \(element.name) is finite: \(numbers)")
    require(element.height >= 0, "frame of \(element.name) has a height ≥ 0: \(numbers)")
  }
  require(measurement.missingGlyphs >= 0, "missing glyphs are counted up")
}

/// The entry point SwiftPM links as `main` (see `runFuzzer`).
@_cdecl("FuzzTemplate_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzTemplate)
}
