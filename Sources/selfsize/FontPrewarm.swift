import Foundation
import TextEngine

/// Loads the bundled fonts and the shared measurer on a second thread while the main thread
/// parses the command line: both take several milliseconds at start-up, and every measuring
/// command needs the fonts, so the first result comes that much sooner.
///
/// The process waits for the loading to end before it exits (`wait()`), so no font is being
/// read while the C libraries' exit handlers run.
struct FontPrewarm: Sendable {
  /// The commands that measure text with the bundled fonts.
  static let measuringCommands: Set<String> = ["text", "measure", "layout", "report", "serve"]

  private let finished: DispatchSemaphore?

  /// Starts loading when `arguments` (without the program name) run a measuring command.
  static func start(arguments: [String]) -> FontPrewarm {
    guard let command = arguments.first, measuringCommands.contains(command),
      !arguments.contains("--help"), !arguments.contains("-h")
    else { return FontPrewarm(finished: nil) }
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? BundledFonts.measurer()
      finished.signal()
    }
    return FontPrewarm(finished: finished)
  }

  /// Blocks until the loading has ended (at once when none was started or it is done).
  func wait() {
    guard let finished else { return }
    finished.wait()
    finished.signal()
  }
}
