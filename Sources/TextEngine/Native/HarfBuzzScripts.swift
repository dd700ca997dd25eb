internal import CHarfBuzz

/// What HarfBuzz knows of a script.
enum HarfBuzzScripts {
  /// Whether HarfBuzz writes script `code` (an ICU code) right to left
  /// (`hb_script_get_horizontal_direction`): a run of it given left to right is reversed into
  /// that direction and shaped so, unless it holds a decimal digit or a regional indicator and
  /// no letter (`hb_ensure_native_direction`).
  static func isRightToLeft(_ code: Int32) -> Bool {
    guard let tag = ICUProperties.scriptTag(ofCode: code) else { return false }
    return hb_script_get_horizontal_direction(hb_script_from_string(tag, -1)) == HB_DIRECTION_RTL
  }
}
