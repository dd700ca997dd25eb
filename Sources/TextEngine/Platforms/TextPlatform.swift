/// The client whose text rendering a measurement reproduces.
///
/// Browsers, Flutter, Android and iOS round line boxes, grow them for fallback fonts and split
/// leading differently, so the same paragraph at the same width is a different number of pixels
/// on each. A ``TextMeasurer`` measures as one platform renders; each platform's rules live in
/// one type of this folder, with the sources they come from.
public enum TextPlatform: String, Sendable, Hashable, CaseIterable, Codable {
  /// Chromium (Blink LayoutNG) on Linux: ascent and descent rounded to whole pixels, CSS
  /// half-leading, line boxes grown by fallback fonts under `line-height: normal` and by spans
  /// of other sizes in every mode, lengths on the 1/64 px LayoutUnit grid. Verified against
  /// Chromium.
  case web
  /// Flutter's SkParagraph: per-run metrics, `TextStyle.height` as a multiple of each run's font
  /// size, every line's height rounded to a whole pixel. Verified against SkParagraph.
  case flutter
  /// A model of Android (StaticLayout, minikin, Jetpack Compose): `Paint.getFontMetricsInt`'s
  /// whole-pixel metrics without leading, fallback fonts growing lines, StaticLayout's line
  /// spacing and font padding, Compose's `lineHeight` with `LineHeightStyle`; Compose's defaults,
  /// or TextView's with ``AndroidStyle/textView``. Read from AOSP's sources, not verified on a
  /// device.
  case android
  /// A model of UIKit (`UILabel`, `NSParagraphStyle`): the primary font's natural line height
  /// (`UIFont.lineHeight`), `lineHeightMultiple` for multiples, heights rounded up to device
  /// pixels when a pixel scale is given. Not verified on a device.
  case ios

  /// The platform measurements use when none is named.
  public static let `default` = TextPlatform.web

  /// The names, in the order usage messages list them.
  public static var names: [String] { allCases.map(\.rawValue) }
}
