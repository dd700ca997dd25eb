internal import CHarfBuzz

extension NativeFont {
  /// HarfBuzz's script of every ICU script code below 255, through the ISO 15924 tag.
  static let harfBuzzScripts: [UInt32] = (0..<255).map { code in
    ICUProperties.scriptTag(ofCode: Int32(code)).map { hb_script_from_string($0, -1).rawValue }
      ?? HB_SCRIPT_UNKNOWN.rawValue
  }

  /// Shapes `scalars[range]` (the whole buffer as context) in script `scriptCode` (ICU's code)
  /// and adds each glyph's advance, in ems, to `widths[cluster]` (the cluster an offset in
  /// `scalars`, at most `scalars.count - 1`), in glyph order. Allocates nothing: the glyphs are
  /// read from HarfBuzz's buffer.
  func addAdvances(
    _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, scriptCode: UInt8, isRightToLeft: Bool,
    language: String, to widths: UnsafeMutablePointer<Double>
  ) {
    let buffer = hbBuffer
    hb_buffer_clear_contents(buffer)
    hb_buffer_add_utf32(
      buffer, scalars.baseAddress, Int32(scalars.count), UInt32(range.lowerBound), Int32(range.count))
    hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_t(rawValue: Self.harfBuzzScripts[Int(scriptCode)]))
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    if language.isEmpty {
      // What `hb_shape` does, with the plan looked up once per script and direction.
      let slot = Self.shapePlanSlot(scriptCode: scriptCode, isRightToLeft: isRightToLeft)
      let plan: OpaquePointer
      if let cached = shapePlans[slot] {
        plan = cached
      } else {
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(buffer, &properties)
        plan = hb_shape_plan_create_cached(hbFace, &properties, nil, 0, nil)
        shapePlans[slot] = plan
      }
      hb_shape_plan_execute(plan, hbFont, buffer, nil, 0)
    } else {
      hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
      hb_shape(hbFont, buffer, nil, 0)
    }
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    guard let infos, let positions else { return }
    let unitsPerEm = Double(self.unitsPerEm)
    let last = scalars.count - 1
    for index in 0..<Int(count) {
      widths[min(Int(infos[index].cluster), last)] += Double(positions[index].x_advance) / unitsPerEm
    }
  }
}
