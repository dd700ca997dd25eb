import SelfSizingCore

/// The checks and the process-wide limit on the languages a style may name.
///
/// HarfBuzz keeps every language string it is given for the life of the process (and a shape
/// plan per face and language), and fontconfig's fallback lists are kept per language, so the
/// distinct languages a process accepts are counted: a long-running service cannot be made to
/// grow without bound by a client naming a new language in every request.
enum LanguageTag {
  /// The most characters a language tag may have (RFC 5646 asks implementations for 35 at least).
  static let maximumLength = 63

  /// The most distinct languages one process accepts besides `wellKnown`; further ones are
  /// rejected with `TextError.Code.tooManyLanguages`.
  static let maximumDistinct = 1_024

  /// Languages always accepted, outside the count (so that no client can use up the count
  /// before real languages arrive): ICU's ISO 639 codes, and the script and region variants
  /// whose glyphs or fallback fonts differ (Chinese, Serbian and the like), in canonical form.
  static let wellKnown: Set<String> = Set(ICUProperties.isoLanguages()).union([
    "zh-hans", "zh-hant", "zh-cn", "zh-tw", "zh-hk", "zh-mo", "zh-sg", "zh-hans-cn", "zh-hant-tw",
    "zh-hant-hk", "zh-hans-sg", "zh-hant-mo", "sr-latn", "sr-cyrl", "bs-latn", "bs-cyrl", "az-latn",
    "az-cyrl", "uz-latn", "uz-cyrl", "pa-arab", "pa-guru", "mn-mong", "mn-cyrl", "ms-arab", "ku-arab",
    "pt-br", "pt-pt", "en-us", "en-gb", "en-au", "en-ca", "en-in", "es-es", "es-419", "es-mx", "es-us",
    "fr-fr", "fr-ca", "de-de", "de-at", "de-ch", "ja-jp", "ko-kr", "ru-ru", "ar-sa", "ar-eg", "hi-in",
    "it-it", "nl-nl", "tr-tr", "vi-vn", "th-th", "id-id", "he-il", "fa-ir", "uk-ua", "pl-pl", "sv-se",
  ])

  /// What is wrong with `tag` as a BCP 47 language tag, as a phrase after the field's name, or
  /// nil when it is well formed: subtags of 1 to 8 ASCII letters and digits joined by `-` (or
  /// `_`), the first of 2 to 8 letters (or `x`, `i` for private and grandfathered tags), at most
  /// `maximumLength` characters. The empty tag (no language) is well formed.
  static func violation(_ tag: String) -> String? {
    if tag.isEmpty || isWellFormed(tag.utf8) { return nil }
    let shown = tag.unicodeScalars.count > 40 ? String(tag.unicodeScalars.prefix(40)) + "…" : tag
    return
      "must be a BCP 47 language tag such as \"en\", \"zh-Hant\" or \"pt-BR\" (ASCII letters and digits in "
      + "subtags of up to 8 joined by \"-\", at most \(maximumLength) characters), got \"\(shown)\""
  }

  private static func isWellFormed(_ bytes: String.UTF8View) -> Bool {
    guard bytes.count <= maximumLength else { return false }
    var subtagLength = 0
    var isFirst = true
    var firstIsLetters = true
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "-"), UInt8(ascii: "_"):
        guard subtagLength > 0 else { return false }
        if isFirst {
          guard firstIsLetters, subtagLength >= 2 || isSingletonPrefix(bytes.first!) else { return false }
          isFirst = false
        }
        subtagLength = 0
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        subtagLength += 1
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        subtagLength += 1
        if isFirst { firstIsLetters = false }
      default:
        return false
      }
      if subtagLength > 8 { return false }
    }
    guard subtagLength > 0 else { return false }
    // A tag of one subtag is a language: 2 to 8 letters.
    return !isFirst || (firstIsLetters && subtagLength >= 2)
  }

  private static func isSingletonPrefix(_ byte: UInt8) -> Bool {
    byte | 0x20 == UInt8(ascii: "x") || byte | 0x20 == UInt8(ascii: "i")
  }

  /// The form handed to HarfBuzz and fontconfig (both ignore case and read `_` as `-`): lower
  /// case with `-`, so that the spellings of one language count once.
  static func canonical(_ tag: String) -> String {
    // Most tags are canonical already (every prepare with a language comes here): no copy then.
    let needsChange = tag.utf8.contains {
      $0 == UInt8(ascii: "_") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
    }
    guard needsChange else { return tag }
    var bytes = Array(tag.utf8)
    for index in bytes.indices {
      if bytes[index] == UInt8(ascii: "_") {
        bytes[index] = UInt8(ascii: "-")
      } else if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index]) {
        bytes[index] |= 0x20
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A count of distinct languages with a limit.
  final class Registry: Sendable {
    /// The most languages counted.
    let capacity: Int
    private let tags = Locked<Set<String>>([])

    init(capacity: Int) { self.capacity = capacity }

    /// Counts `canonicalTag`: true when it is counted already or there is room for it, false
    /// when `capacity` others are.
    func accept(_ canonicalTag: String) -> Bool {
      tags.withLock { tags in
        if tags.contains(canonicalTag) { return true }
        guard tags.count < capacity else { return false }
        tags.insert(canonicalTag)
        return true
      }
    }
  }

  /// The process's languages.
  static let processRegistry = Registry(capacity: maximumDistinct)

  /// The canonical form of a style's language for shaping, after checking it.
  /// - Throws: `TextError` with `invalidStyle` (field `language`) for a malformed tag, or
  ///   `tooManyLanguages` when the process has accepted `maximumDistinct` other languages.
  static func shapingLanguage(
    _ tag: String, registry: Registry = processRegistry
  ) throws(TextError) -> String {
    if tag.isEmpty { return tag }
    if let violation = violation(tag) {
      throw TextError(.invalidStyle, "language \(violation)", field: "language", requirement: violation)
    }
    let canonicalTag = canonical(tag)
    guard wellKnown.contains(canonicalTag) || registry.accept(canonicalTag) else {
      throw TextError(
        .tooManyLanguages,
        "language \"\(tag)\" is new, and this process has shaped text in \(registry.capacity) other languages besides the well-known ones, "
          + "the most it accepts (each stays in memory for the life of the process)")
    }
    return canonicalTag
  }
}
