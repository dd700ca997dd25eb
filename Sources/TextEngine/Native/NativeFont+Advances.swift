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
  ///
  /// With `breaks` (ascending offsets in `scalars`, left to right text only), `safeBreaks[i]`
  /// says whether the text may be cut at `breaks[i]` with each side shaping as it does here:
  /// a cluster starts there and HarfBuzz did not flag its first glyph unsafe to break.
  ///
  /// `mayHoldSoftHyphens` false (the caller knows the text holds none) skips the look for long
  /// runs of them (`addItem`).
  func addAdvances(
    _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, scriptCode: UInt8, isRightToLeft: Bool,
    language: String, to widths: UnsafeMutablePointer<Double>,
    breaks: UnsafeBufferPointer<Int32>? = nil, safeBreaks: UnsafeMutablePointer<Bool>? = nil,
    splitsLigatures: Bool = false, disabled: DisabledFeatures = [], mayHoldSoftHyphens: Bool = true
  ) {
    let buffer = hbBuffer
    hb_buffer_clear_contents(buffer)
    _ = Self.addItem(buffer, scalars, range: range, mayHoldSoftHyphens: mayHoldSoftHyphens)
    hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_t(rawValue: Self.harfBuzzScripts[Int(scriptCode)]))
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    if language.isEmpty {
      // What `hb_shape` does, with the plan looked up once per script and direction.
      let slot = Self.shapePlanSlot(scriptCode: scriptCode, isRightToLeft: isRightToLeft, disabled: disabled)
      let plan: OpaquePointer
      if let cached = shapePlans[slot] {
        plan = cached
      } else {
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(buffer, &properties)
        plan = disabled.withHarfBuzzFeatures { hb_shape_plan_create_cached(hbFace, &properties, $0, $1, nil) }
        shapePlans[slot] = plan
      }
      if disabled.isEmpty {
        hb_shape_plan_execute(plan, hbFont, buffer, nil, 0)
      } else {
        _ = disabled.withHarfBuzzFeatures { hb_shape_plan_execute(plan, hbFont, buffer, $0, $1) }
      }
    } else {
      hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
      disabled.withHarfBuzzFeatures { hb_shape(hbFont, buffer, $0, $1) }
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
    if splitsLigatures, !isRightToLeft {
      splitLigatures(scalars, infos: infos, count: Int(count), end: range.upperBound, widths: widths)
    }
    if let breaks, let safeBreaks {
      Self.findSafeBreaks(breaks, infos: infos, count: Int(count), into: safeBreaks)
    }
  }

  /// Shares the advance of each cluster of several scalars (a ligature: on the common path each
  /// scalar is a grapheme) among its scalars (`LigatureSplit`). `infos` are left to right; `end`
  /// is where the last cluster ends.
  private func splitLigatures(
    _ scalars: UnsafeBufferPointer<UInt32>, infos: UnsafePointer<hb_glyph_info_t>, count: Int, end: Int,
    widths: UnsafeMutablePointer<Double>
  ) {
    let unitsPerEm = Double(self.unitsPerEm)
    var index = 0
    while index < count {
      let cluster = Int(infos[index].cluster)
      var next = index + 1
      while next < count, Int(infos[next].cluster) == cluster { next += 1 }
      let clusterEnd = next < count ? Int(infos[next].cluster) : end
      if clusterEnd - cluster > 1 {
        LigatureSplit.share(widths[cluster], among: clusterEnd - cluster) { part in
          var glyph: hb_codepoint_t = 0
          guard hb_font_get_nominal_glyph(hbFont, scalars[cluster + part], &glyph) != 0 else { return nil }
          return Double(hb_font_get_glyph_h_advance(hbFont, glyph)) / unitsPerEm
        } _: { part, share in
          widths[cluster + part] = share
        }
      }
      index = next
    }
  }

  /// For each offset of `breaks`, whether a cluster of the shaped glyphs (in left to right
  /// order) starts there with its first glyph not flagged unsafe to break.
  private static func findSafeBreaks(
    _ breaks: UnsafeBufferPointer<Int32>, infos: UnsafePointer<hb_glyph_info_t>, count: Int,
    into safeBreaks: UnsafeMutablePointer<Bool>
  ) {
    var next = 0
    var previousCluster = -1
    for index in 0..<count where next < breaks.count {
      let cluster = Int(infos[index].cluster)
      guard cluster != previousCluster else { continue }
      previousCluster = cluster
      // A break passed over lies inside a cluster (a ligature or a merged cluster).
      while next < breaks.count, Int(breaks[next]) < cluster {
        safeBreaks[next] = false
        next += 1
      }
      if next < breaks.count, Int(breaks[next]) == cluster {
        safeBreaks[next] = infos[index].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue == 0
        next += 1
      }
    }
    while next < breaks.count {
      safeBreaks[next] = false
      next += 1
    }
  }
}
