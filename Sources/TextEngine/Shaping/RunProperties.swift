/// The properties HarfBuzz needs to shape one run, given explicitly rather than guessed.
struct RunProperties: Sendable, Hashable {
  /// ISO 15924 tag such as "Latn", "Hani", "Zyyy".
  var scriptTag: String
  var isRightToLeft: Bool
  /// BCP 47 language such as "en", "zh-Hans"; empty for none.
  var language: String
}
