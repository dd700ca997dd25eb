/// How tall each line is.
public enum LineHeight: Sendable, Hashable {
  /// The primary font's `ascender − descender + lineGap` at the font size (`UIFont.lineHeight`).
  case natural
  /// A fixed height in points; fallback fonts never change it.
  case fixed(Double)
  /// A multiple of the natural line height.
  case multiple(Double)
}
