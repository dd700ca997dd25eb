import ArgumentParser
import Foundation
import Rendering

extension ReportScene {
  /// Writes the PNG of the scene (drawn in strips) to `path`, or to stdout for nil or "-"; a usage
  /// error (exit 2) when it exceeds the pixel ceilings or cannot be written.
  func writePNGFile(
    scale: Double, to path: String?, top: Double = 0, bottom: Double? = nil,
    progress: ((Int, Int) -> Void)? = nil
  ) throws {
    let (width, height) = pixelSize(scale: scale, top: top, bottom: bottom)
    do {
      try PictureCeiling.check(width: width, height: height)
    } catch {
      throw ValidationError(error.message)
    }
    try OutputFile.stream(to: path) { sink in
      // The output's own error (a full disk, a closed pipe) is passed on as it is, not as a
      // picture error.
      var writeError: (any Error)?
      do {
        try writePNG(scale: scale, top: top, bottom: bottom, progress: progress) { data in
          do { try sink(data) } catch {
            writeError = error
            throw error
          }
        }
      } catch {
        if let writeError { throw writeError }
        throw ValidationError("\(path ?? "<stdout>"): \((error as? PictureError)?.message ?? "\(error)")")
      }
    }
  }
}
