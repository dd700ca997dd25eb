import Foundation

/// One line of progress on stderr, redrawn at most every 100 ms: items done, items per second
/// and, when the amount of work is known, the fraction and the time left. Draws nothing when
/// disabled (stderr not a terminal, or --quiet).
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

  /// Progress on for a terminal stderr unless `quiet`.
  static func forTerminal(quiet: Bool) -> ProgressLine {
    ProgressLine(enabled: !quiet && isatty(STDERR_FILENO) == 1)
  }

  /// `what count/total items (rate/s, ETA 12 s)`.
  mutating func update(_ what: String, _ count: Int, _ total: Int) {
    guard enabled, let now = due(final: count >= total) else { return }
    let elapsed = (now - start).seconds
    let fraction = total > 0 ? Double(count) / Double(total) : 1
    draw("\(what) \(count)/\(total) items (\(rate(count, elapsed))\(eta(fraction, elapsed)))")
  }

  /// `count items (rate/s, 42%, ETA 12 s)` for a stream; the fraction from bytes read of a
  /// file's size when known.
  mutating func update(items count: Int, bytesRead: Int, totalBytes: Int?) {
    guard enabled, let now = due(final: false) else { return }
    let elapsed = (now - start).seconds
    var text = "\(count) items (\(rate(count, elapsed))"
    if let totalBytes, totalBytes > 0 {
      let fraction = min(1, Double(bytesRead) / Double(totalBytes))
      text += ", \(Int((fraction * 100).rounded(.down)))%\(eta(fraction, elapsed))"
    }
    draw(text + ")")
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
    StandardError.write("\r\u{1B}[K")
    drawn = false
  }

  private mutating func due(final: Bool) -> ContinuousClock.Instant? {
    let now = clock.now
    if let lastDraw, now - lastDraw < .milliseconds(100), !final { return nil }
    lastDraw = now
    return now
  }

  private func rate(_ count: Int, _ elapsed: Double) -> String {
    "\(elapsed > 0 ? Int((Double(count) / elapsed).rounded()) : 0)/s"
  }

  private func eta(_ fraction: Double, _ elapsed: Double) -> String {
    guard fraction > 0, fraction < 1, elapsed > 0.2 else { return "" }
    let left = elapsed / fraction - elapsed
    return left >= 60
      ? ", ETA \(Int(left / 60)) min \(Int(left) % 60) s" : ", ETA \(Int(left.rounded(.up))) s"
  }

  private mutating func draw(_ text: String) {
    drawn = true
    StandardError.write("\r\u{1B}[K\(text)")
  }
}
