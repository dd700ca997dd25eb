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
      try ReportScene.checkPixelSize(width: width, height: height)
    } catch {
      throw ValidationError(error.message)
    }
    func draw(_ sink: @escaping (Data) throws -> Void) throws {
      do {
        try writePNG(scale: scale, top: top, bottom: bottom, progress: progress, to: sink)
      } catch {
        throw ValidationError("\(path ?? "<stdout>"): \(error.message)")
      }
    }
    guard let path, path != "-" else {
      try draw { FileHandle.standardOutput.write($0) }
      return
    }
    try AtomicFile.stream(to: path) { try draw($0) }
  }
}
