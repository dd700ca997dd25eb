/// Unicode character properties the engine needs, from ICU (`ICUProperties`) with fast paths.
enum UnicodeProperties {
  static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
    // Fast path for the common ranges that are never default-ignorable.
    if scalar < 0xAD { return false }
    return ICUProperties.isDefaultIgnorable(scalar)
  }

  static func isEmojiPresentation(_ scalar: UInt32) -> Bool {
    scalar >= 0x231A && ICUProperties.isEmojiPresentation(scalar)
  }

  /// C0/C1 control characters other than tab and the hard breaks: measured as zero width.
  static func isZeroWidthControl(_ scalar: UInt32) -> Bool {
    (scalar < 0x20 || (scalar >= 0x7F && scalar < 0xA0)) && scalar != 0x09 && !isHardBreak(scalar)
  }

  /// True when a grapheme cluster asks for emoji presentation: VS16, a keycap, a skin-tone
  /// modifier, regional indicators, or a first scalar that is emoji by default.
  static func wantsEmojiPresentation<C: Collection<UInt32>>(_ cluster: C) -> Bool {
    guard let first = cluster.first else { return false }
    if cluster.contains(0xFE0E) { return false }
    if isEmojiPresentation(first) { return true }
    return cluster.contains {
      $0 == 0xFE0F || $0 == 0x20E3 || (0x1F3FB...0x1F3FF).contains($0) || (0x1F1E6...0x1F1FF).contains($0)
    }
  }

  /// The ISO 15924 short name of the scalar's script ("Latn", "Hani", "Zyyy" for Common,
  /// "Zinh" for Inherited).
  static func scriptTag(_ scalar: UInt32) -> String { ICUProperties.scriptTag(scalar) }

  /// True for whitespace that hangs at the end of a line (spaces, not hard breaks).
  static func isHangingSpace(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x20, 0x09, 0x3000, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F: return true
    default: return false
    }
  }

  /// True for the scalars that force a line break.
  static func isHardBreak(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// True for a grapheme cluster a line's content width leaves out at its end: hanging spaces and
  /// hard breaks, and a space with marks that extend its cluster (ZWNJ, ZWJ, combining marks),
  /// which web and flutter break after and hang as the space (`LineBreaker`'s `marksJoinSpaces`).
  static func isTrailingWhitespace<C: Collection<UInt32>>(cluster: C) -> Bool {
    cluster.allSatisfy(isTrailingWhitespace)
      || (cluster.first == 0x20 && cluster.dropFirst().allSatisfy(ICUProperties.extendsGraphemeCluster))
  }

  /// True for the scalars a line's content width leaves out at its end: hanging spaces and hard
  /// breaks.
  @inline(__always) static func isTrailingWhitespace(_ scalar: UInt32) -> Bool {
    // Printable ASCII and everything past U+3000 (most text) in two comparisons.
    if scalar &- 0x21 < 0x85 - 0x21 || scalar > 0x3000 { return false }
    return isHangingSpace(scalar) || isHardBreak(scalar)
  }

  /// True for the space separators other than the space and the ideographic space (U+1680,
  /// U+2000–U+2006, U+2008–U+200A, U+205F), which hang at a line's end where the platform hangs
  /// them (`PlatformTextRules.hangsOtherSpaceSeparators`).
  @inline(__always) static func isOtherHangingSpace(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F: return true
    default: return false
    }
  }

  /// `isTrailingWhitespace(_:)` where the other space separators take room at a line's end
  /// unless `hangsOtherSpaces` (`isOtherHangingSpace`).
  @inline(__always) static func isTrailingWhitespace(_ scalar: UInt32, hangsOtherSpaces: Bool) -> Bool {
    isTrailingWhitespace(scalar) && (hangsOtherSpaces || !isOtherHangingSpace(scalar))
  }

  /// `isTrailingWhitespace(cluster:)` where the other space separators take room at a line's end
  /// unless `hangsOtherSpaces`. (A whitespace cluster is one scalar, a space with marks, or CR
  /// LF: its first scalar says.)
  @inline(__always) static func isTrailingWhitespace<C: Collection<UInt32>>(
    cluster: C, hangsOtherSpaces: Bool
  ) -> Bool {
    guard isTrailingWhitespace(cluster: cluster) else { return false }
    return hangsOtherSpaces || cluster.first.map { !isOtherHangingSpace($0) } ?? true
  }
}

extension UnicodeProperties {
  /// The scalars of Line_Break class CJ (small kana, the prolonged sound mark): UAX #14 makes
  /// them nonstarters (CSS `line-break: strict`); ICU's `lb=normal` and the platforms that use
  /// it break before them as before ideographs.
  static let conditionalJapaneseStarters: Set<UInt32> = {
    var set = Set<UInt32>()
    // ICU's U_LB_CONDITIONAL_JAPANESE_STARTER.
    let conditionalJapaneseStarter: Int32 = 37
    for range in [0x3000 as UInt32..<0x3200, 0xFF00..<0xFFF0] {
      for scalar in range where ICUProperties.lineBreakProperty(scalar).value == conditionalJapaneseStarter {
        set.insert(scalar)
      }
    }
    return set
  }()
}
