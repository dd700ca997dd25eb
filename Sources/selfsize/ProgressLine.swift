import Foundation

/// A one-line progress display on stderr (counts and rate), redrawn at most every 100 ms; does
/// nothing when disabled (stderr not a terminal, or --quiet).
struct ProgressLine {
  let enabled: Bool
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var lastDraw: ContinuousClock.Instant?
  private var drawn = false

  init(enabled: Bool) {
    self.enabled = enabled
    start = clock.now
  }

  mutating func update(_ what: String, _ count: Int, _ total: Int) {
    guard enabled else { return }
    let now = clock.now
    if let lastDraw, now - lastDraw < .milliseconds(100), count < total { return }
    lastDraw = now
    let elapsed = (now - start).seconds
    let rate = elapsed > 0 ? Int((Double(count) / elapsed).rounded()) : 0
    draw("\(what) \(count)/\(total) items (\(rate)/s)")
  }

  /// `what done/total (percent)`, redrawn at most every 100 ms.
  mutating func fraction(_ what: String, _ done: Int, _ total: Int) {
    guard enabled else { return }
    let now = clock.now
    if let lastDraw, now - lastDraw < .milliseconds(100), done < total { return }
    lastDraw = now
    let percent = total > 0 ? done * 100 / total : 100
    draw("\(what) \(done)/\(total) (\(percent)%)")
  }

  mutating func message(_ text: String) {
    guard enabled else { return }
    draw(text + "…")
  }

  mutating func finish() {
    guard enabled, drawn else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    drawn = false
  }

  private mutating func draw(_ text: String) {
    drawn = true
    FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
  }
}
