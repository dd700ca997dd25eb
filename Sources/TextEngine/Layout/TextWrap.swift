/// How a paragraph's lines are broken, named as CSS `text-wrap-style`.
///
/// Every platform breaks greedily (``auto``): each line takes as much as fits. Chromium also
/// breaks as `text-wrap-style: balance` (lines of even length) and `pretty` (no short last line)
/// ask, with its own algorithms and limits (the web rules cite them); the other platforms have
/// no such setting, and preparing a text for them with ``balance`` or ``pretty`` is an
/// `invalidStyle` error naming the platforms that have it (``TextPlatform/wrapStyles``).
public enum TextWrap: String, Sendable, Hashable, CaseIterable, Codable {
  /// Greedy: every line takes as much as fits (CSS `text-wrap-style: auto`).
  case auto
  /// Even lines (CSS `text-wrap-style: balance`). Blink balances the block's first paragraph
  /// when it has 2 to 6 lines, never changing their number: scored like `pretty` with the last
  /// line scored as the others, else (too few break opportunities, or a different number of
  /// lines) by bisecting the width to the narrowest (to a pixel) that keeps the number of lines.
  case balance
  /// No short last line (CSS `text-wrap-style: pretty`). When a paragraph's last line is a single
  /// word shorter than a third of the width, Blink scores the breaks of its last 4 lines like
  /// Knuth and Plass with minikin's penalties, and keeps the greedy lines when the best breaks
  /// would change their number.
  case pretty

  /// The names, in the order usage messages list them.
  public static var names: [String] { allCases.map(\.rawValue) }
}

extension TextPlatform {
  /// True when the platform breaks lines as ``TextWrap/balance`` and ``TextWrap/pretty`` ask
  /// (only ``web``: Flutter, Android and UIKit have no such setting).
  public var hasWrapStyles: Bool { self == .web }

  /// The platforms that have ``TextWrap/balance`` and ``TextWrap/pretty``, in usage order.
  public static var wrapStyles: [TextPlatform] { allCases.filter(\.hasWrapStyles) }
}

extension TextStyle {
  /// Checks that `platform` breaks lines as the style's ``textWrap`` asks.
  /// - Throws: `TextError` with code `invalidStyle` and field `textWrap`, naming the platforms
  ///   that have the wrap style.
  func validateTextWrap(on platform: TextPlatform) throws(TextError) {
    guard textWrap != .auto, !platform.hasWrapStyles else { return }
    let names = TextPlatform.wrapStyles.map(\.rawValue).joined(separator: ", ")
    let requirement = "must be auto on \(platform.rawValue) (\(textWrap.rawValue) is only on \(names))"
    throw TextError(
      .invalidStyle, "text wrap \(requirement)", field: "textWrap", requirement: requirement)
  }
}
