/// How tall each line is.
public enum LineHeight: Sendable, Hashable {
  /// The primary font's `ascender − descender + lineGap` at the font size (`UIFont.lineHeight`).
  case natural
  /// A fixed height in points; fallback fonts never change it. On ``TextPlatform/android``,
  /// Compose's `TextStyle.lineHeight` in `sp` (with ``AndroidStyle/textView``,
  /// `TextView.setLineHeight`, where fallback fonts still grow lines).
  case fixed(Double)
  /// A multiple of the natural line height (`NSParagraphStyle.lineHeightMultiple`) on ``TextPlatform/ios``,
  /// StaticLayout's line spacing multiplier (`setLineSpacing(add, mult)`) on ``TextPlatform/android``;
  /// on ``TextPlatform/web`` and ``TextPlatform/flutter``, which have no such notion, the same
  /// as ``fontSizeMultiple(_:)`` (CSS `line-height: <number>`, Flutter `TextStyle.height`).
  case multiple(Double)
  /// A multiple of the font size: CSS `line-height: <number>` (each span's own size) and
  /// Flutter's `TextStyle.height`; on ``TextPlatform/ios`` the fixed height `factor × fontSize`, on
  /// ``TextPlatform/android`` Compose's `TextStyle.lineHeight` in `em`.
  case fontSizeMultiple(Double)
}
