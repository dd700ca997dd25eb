internal import CFreeType
internal import CHarfBuzz
import Foundation
import SelfSizingCore

/// The C handles of one font face: a FreeType library and face (tables, rasterization) and a
/// HarfBuzz blob, face, font and reusable buffer (shaping with HarfBuzz's own OpenType
/// functions, in design units). Non-copyable; `Font` keeps it behind a mutex, so no two threads
/// ever touch these handles at once.
struct NativeFont: ~Copyable {
  private let library: FT_Library
  let ftFace: FT_Face
  private let hbBlob: OpaquePointer
  let hbFace: OpaquePointer
  let hbFont: OpaquePointer
  let hbBuffer: OpaquePointer
  let unitsPerEm: Int32
  /// HarfBuzz shape plans for the default language, by ICU script code and direction
  /// (`shapePlanSlot(scriptCode:isRightToLeft:)`), made on first use: `hb_shape` would look the
  /// plan up in the face's list on every call (~4% of preparing new text).
  let shapePlans: UnsafeMutablePointer<OpaquePointer?>
  /// One slot per ICU script code (below 256), direction and set of features turned off
  /// (``DisabledFeatures``).
  static let shapePlanSlots = 8 * 256

  /// The slot of `shapePlans` for a script, direction and set of features turned off.
  @inline(__always) static func shapePlanSlot(
    scriptCode: UInt8, isRightToLeft: Bool, disabled: DisabledFeatures = []
  ) -> Int {
    Int(scriptCode) &* 8 &+ (isRightToLeft ? 1 : 0) &+ Int(disabled.rawValue) &* 2
  }

  /// Default features a shaping leaves off: `kern`, for a font whose only kerning is a legacy
  /// `kern` table the platform does not see (``WebFontSanitizer``), and the ligatures (`liga`,
  /// `clig`, `calt`), which Blink turns off under letter spacing (`FontFeatures`).
  struct DisabledFeatures: OptionSet, Sendable {
    let rawValue: UInt8
    static let kerning = DisabledFeatures(rawValue: 1)
    static let ligatures = DisabledFeatures(rawValue: 2)

    /// HarfBuzz's features for each set (by raw value), each off over the whole buffer.
    static let harfBuzzFeatures: [[hb_feature_t]] = (0..<4).map { raw in
      let set = DisabledFeatures(rawValue: UInt8(raw))
      let tags =
        (set.contains(.kerning) ? ["kern"] : []) + (set.contains(.ligatures) ? ["liga", "clig", "calt"] : [])
      return tags.map { hb_feature_t(tag: NativeFont.tag($0), value: 0, start: 0, end: UInt32.max) }
    }

    /// Runs `body` with the set's HarfBuzz features and their count.
    @inline(__always) func withHarfBuzzFeatures<Result>(
      _ body: (UnsafePointer<hb_feature_t>?, UInt32) -> Result
    ) -> Result {
      Self.harfBuzzFeatures[Int(rawValue)].withUnsafeBufferPointer { body($0.baseAddress, UInt32($0.count)) }
    }
  }

  /// Opens face `faceIndex` of the file at `path`, mapping every failure to a `FontError`.
  init(path: String, faceIndex: Int) throws(FontError) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      if errno == ENOENT { throw FontError(.fileNotFound, path: path, message: "no such font file") }
      throw FontError(.unreadable, path: path, message: String(cString: strerror(errno)))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FontError(.unreadable, path: path, message: "is a directory, not a font file")
    default:
      // A FIFO would block and a device such as /dev/zero never ends: fonts are mapped files.
      throw FontError(
        .unreadable, path: path, message: "is not a regular file (a pipe or a device), not a font file")
    }
    guard Int(status.st_size) <= BoundedFile.fontLimit else {
      throw FontError(
        .unreadable, path: path,
        message:
          "a font file holds at most \(BoundedFile.describe(bytes: BoundedFile.fontLimit)); this one is larger"
      )
    }
    guard access(path, R_OK) == 0 else {
      throw FontError(.unreadable, path: path, message: "font file is not readable")
    }
    guard faceIndex >= 0 else {
      throw FontError(.faceIndexOutOfRange, path: path, message: "face index \(faceIndex) is negative")
    }
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw FontError(.unreadable, path: path, message: "FreeType could not be initialised")
    }
    // Face index -1 only counts the faces and validates the format.
    var probe: FT_Face?
    let probeError = FT_New_Face(library, path, -1, &probe)
    guard probeError == 0, let probe else {
      FT_Done_FreeType(library)
      throw FontError(
        .invalidFont, path: path,
        message:
          "not a supported font file (FreeType error \(probeError): \(Self.freeTypeErrorName(probeError)))")
    }
    let faceCount = Int(probe.pointee.num_faces)
    FT_Done_Face(probe)
    guard faceIndex < faceCount else {
      FT_Done_FreeType(library)
      throw FontError(
        .faceIndexOutOfRange, path: path,
        message:
          "face index \(faceIndex) out of range: the file has \(faceCount) face\(faceCount == 1 ? "" : "s")")
    }
    var face: FT_Face?
    let faceError = FT_New_Face(library, path, FT_Long(faceIndex), &face)
    guard faceError == 0, let face else {
      FT_Done_FreeType(library)
      throw FontError(
        .invalidFont, path: path,
        message:
          "face \(faceIndex) cannot be loaded (FreeType error \(faceError): \(Self.freeTypeErrorName(faceError)))"
      )
    }
    guard face.pointee.num_glyphs > 0 else {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      throw FontError(.invalidFont, path: path, message: "face \(faceIndex) has no glyphs")
    }
    guard let blob = hb_blob_create_from_file_or_fail(path) else {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      throw FontError(.unreadable, path: path, message: "HarfBuzz could not read the file")
    }
    let hbFace = hb_face_create(blob, UInt32(faceIndex))!
    let upem = Int32(hb_face_get_upem(hbFace))
    guard upem > 0 else {
      hb_face_destroy(hbFace)
      hb_blob_destroy(blob)
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      throw FontError(.invalidFont, path: path, message: "face \(faceIndex) has no units per em")
    }
    let hbFont = hb_font_create(hbFace)!
    hb_font_set_scale(hbFont, upem, upem)
    hb_font_make_immutable(hbFont)
    self.library = library
    self.ftFace = face
    self.hbBlob = blob
    self.hbFace = hbFace
    self.hbFont = hbFont
    self.hbBuffer = hb_buffer_create()!
    self.unitsPerEm = upem
    self.shapePlans = .allocate(capacity: Self.shapePlanSlots)
    self.shapePlans.initialize(repeating: nil, count: Self.shapePlanSlots)
  }

  deinit {
    for slot in 0..<Self.shapePlanSlots { if let plan = shapePlans[slot] { hb_shape_plan_destroy(plan) } }
    shapePlans.deallocate()
    hb_buffer_destroy(hbBuffer)
    hb_font_destroy(hbFont)
    hb_face_destroy(hbFace)
    hb_blob_destroy(hbBlob)
    FT_Done_Face(ftFace)
    FT_Done_FreeType(library)
  }

  static func freeTypeErrorName(_ error: FT_Error) -> String {
    FT_Error_String(error).map { String(cString: $0) } ?? "unknown error"
  }

  // MARK: Tables

  var familyName: String { ftFace.pointee.family_name.map { String(cString: $0) } ?? "" }
  /// True for colour fonts (CBDT/sbix/COLR), i.e. emoji fonts.
  var hasColorGlyphs: Bool { (ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0 }
  var styleName: String { ftFace.pointee.style_name.map { String(cString: $0) } ?? "" }

  func readMetrics() -> FontMetrics {
    let face = ftFace
    var metrics = FontMetrics(
      unitsPerEm: Int(unitsPerEm), ascender: Int(face.pointee.ascender),
      descender: Int(face.pointee.descender), lineGap: 0, useTypoMetrics: false,
      glyphCount: Int(face.pointee.num_glyphs))
    if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
      let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
      metrics.ascender = Int(hhea.Ascender)
      metrics.descender = Int(hhea.Descender)
      metrics.lineGap = Int(hhea.Line_Gap)
    } else {
      metrics.lineGap = Int(face.pointee.height) - metrics.ascender + metrics.descender
    }
    if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) {
      let head = raw.assumingMemoryBound(to: TT_Header.self).pointee
      metrics.boundsTop = Int(head.yMax)
      metrics.boundsBottom = Int(head.yMin)
    }
    if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
      let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
      if os2.version != 0xFFFF {
        metrics.typoAscender = Int(os2.sTypoAscender)
        metrics.typoDescender = Int(os2.sTypoDescender)
        metrics.typoLineGap = Int(os2.sTypoLineGap)
        metrics.winAscent = Int(os2.usWinAscent)
        metrics.winDescent = Int(os2.usWinDescent)
        metrics.useTypoMetrics = (os2.fsSelection & (1 << 7)) != 0
        if os2.version >= 2 {
          metrics.capHeight = Int(os2.sCapHeight)
          metrics.xHeight = Int(os2.sxHeight)
        }
      }
    }
    if face.pointee.num_fixed_sizes > 0 && (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) == 0,
      FT_Select_Size(face, 0) == 0, let size = face.pointee.size
    {
      let strike = size.pointee.metrics
      metrics.bitmapStrike = FontMetrics.BitmapStrike(
        pixelsPerEm: Int(strike.y_ppem), ascender: Int(strike.ascender), descender: Int(strike.descender),
        height: Int(strike.height))
    }
    return metrics
  }

  /// Every Unicode scalar the face's cmap maps to a glyph.
  func collectCoverage() -> CoverageSet {
    let set = hb_set_create()!
    defer { hb_set_destroy(set) }
    hb_face_collect_unicodes(hbFace, set)
    var coverage = CoverageSet()
    var codePoint = hb_codepoint_t.max  // HB_SET_VALUE_INVALID
    while hb_set_next(set, &codePoint) != 0 {
      coverage.insert(codePoint)
    }
    return coverage
  }

  /// Every Unicode scalar whose glyph may start a pair that HarfBuzz's default horizontal
  /// positioning adjusts: the input glyphs of the GPOS lookups of `kern` and `dist` (pair
  /// adjustments apply to the first glyph), mapped back through the cmap. A font that kerns
  /// with a legacy `kern` table instead gives its whole coverage.
  /// The scalars whose glyph is in a `kern` or `dist` lookup of `GPOS` (as a first or a second
  /// glyph: HarfBuzz collects both), the whole coverage for a font with only a legacy `kern`
  /// table; and whether a class-based pair of those lookups kerns second glyphs outside the set
  /// (`PairPositioningTable`).
  func collectKerningScalars(coverage: CoverageSet) -> (scalars: CoverageSet, kernsOtherSeconds: Bool) {
    let lookups = hb_set_create()!
    let glyphs = hb_set_create()!
    defer {
      hb_set_destroy(lookups)
      hb_set_destroy(glyphs)
    }
    var features: [hb_tag_t] = [Self.tag("kern"), Self.tag("dist"), 0]
    hb_ot_layout_collect_lookups(hbFace, Self.tag("GPOS"), nil, nil, &features, lookups)
    var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID
    while hb_set_next(lookups, &lookup) != 0 {
      hb_ot_layout_lookup_collect_glyphs(hbFace, Self.tag("GPOS"), lookup, nil, glyphs, nil, nil)
    }
    if hb_set_is_empty(glyphs) != 0 {
      let legacy = hb_face_reference_table(hbFace, Self.tag("kern"))
      defer { hb_blob_destroy(legacy) }
      return (hb_blob_get_length(legacy) > 0 ? coverage : CoverageSet(), false)
    }
    var lookupIndices: [Int] = []
    lookup = hb_codepoint_t.max
    while hb_set_next(lookups, &lookup) != 0 { lookupIndices.append(Int(lookup)) }
    let gpos = hb_face_reference_table(hbFace, Self.tag("GPOS"))
    defer { hb_blob_destroy(gpos) }
    var length: UInt32 = 0
    let kernsOtherSeconds =
      hb_blob_get_data(gpos, &length).map {
        PairPositioningTable(UnsafeRawBufferPointer(start: $0, count: Int(length)))
          .adjustsUnclassedSecondGlyphs(lookupIndices: lookupIndices)
      } ?? true
    let unicodes = hb_set_create()!
    defer { hb_set_destroy(unicodes) }
    hb_face_collect_unicodes(hbFace, unicodes)
    var scalars = CoverageSet()
    var codePoint = hb_codepoint_t.max
    var glyph: hb_codepoint_t = 0
    while hb_set_next(unicodes, &codePoint) != 0 {
      if hb_font_get_nominal_glyph(hbFont, codePoint, &glyph) != 0, hb_set_has(glyphs, glyph) != 0 {
        scalars.insert(codePoint)
      }
    }
    return (scalars, kernsOtherSeconds)
  }

  /// Runs `body` with the font's legacy `kern` table and whether it has TrueType outlines
  /// (`glyf`) when HarfBuzz applies that table (`GPOS` has no `kern` feature); nil otherwise.
  func withLegacyKerningTable<Result>(
    _ body: (UnsafeRawBufferPointer, _ hasTrueTypeOutlines: Bool) -> Result
  ) -> Result? {
    // (HarfBuzz uses the legacy table only when no script of `GPOS` has a `kern` feature.)
    let face = hbFace
    let gpos = Self.tag("GPOS")
    if Self.harfBuzzList({ hb_ot_layout_table_get_feature_tags(face, gpos, $0, $1, $2) }).contains(
      Self.tag("kern"))
    {
      return nil
    }
    let table = hb_face_reference_table(hbFace, Self.tag("kern"))
    let outlines = hb_face_reference_table(hbFace, Self.tag("glyf"))
    defer {
      hb_blob_destroy(table)
      hb_blob_destroy(outlines)
    }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(table, &length), length > 0 else { return nil }
    return body(UnsafeRawBufferPointer(start: data, count: Int(length)), hb_blob_get_length(outlines) > 0)
  }

  /// The whole list a HarfBuzz query of the "count, then fill" kind gives
  /// (`query(startOffset, count, array)`, returning the total): asked for its length, then for
  /// its elements.
  static func harfBuzzList(
    _ query: (UInt32, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?) -> UInt32
  ) -> [UInt32] {
    let total = Int(query(0, nil, nil))
    guard total > 0 else { return [] }
    var list = [UInt32](repeating: 0, count: total)
    var count = UInt32(total)
    _ = list.withUnsafeMutableBufferPointer { query(0, &count, $0.baseAddress) }
    return Array(list.prefix(Int(count)))
  }

  /// The features HarfBuzz applies by default to horizontal text (`hb-ot-shape.cc`'s common and
  /// horizontal features, and the complex shapers' positional and reordering features), whose
  /// lookups can differ between a font's scripts.
  static let defaultFeatureTags: Set<hb_tag_t> = Set(
    [
      "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist", "kern", "liga",
      "rclt", "rvrn", "ltra", "ltrm", "rtla", "rtlm", "init", "medi", "fina", "isol", "med2", "fin2", "fin3",
      "stch", "akhn", "rphf", "pref", "rkrf", "abvf", "blwf", "half", "pstf", "vatu", "cjct", "nukt", "abvs",
      "blws", "psts", "haln", "pres", "ljmo", "vjmo", "tjmo",
    ].map(tag))

  /// Those of `scalars` (Common characters) that are as wide as the font shapes them alone in
  /// one of its scripts and not in another, in order: a substitution of a default feature (`defaultFeatureTags`) that only some of its
  /// scripts take (their default language systems' `GSUB` lookups) reaches its glyph, and
  /// shaping it under each script gives different advances. Noto Serif CJK JP's `latn` `locl`
  /// gives digits proportional forms (549 units instead of 471); Noto Sans CJK SC's swaps them
  /// for forms as wide, and sets `…` 1,059 units wide under `latn` (1,000 under `hani`).
  func scalarsShapedByScript(_ scalars: [UInt32]) -> [UInt32] {
    let face = hbFace
    let table = Self.tag("GSUB")
    let scriptTags = Self.harfBuzzList { hb_ot_layout_table_get_script_tags(face, table, $0, $1, $2) }
    guard scriptTags.count > 1 else { return [] }
    let featureTags = Self.harfBuzzList { hb_ot_layout_table_get_feature_tags(face, table, $0, $1, $2) }
    let language = UInt32(HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX)
    let lookupsByScript = (0..<UInt32(scriptTags.count)).map { script in
      let features = Self.harfBuzzList {
        hb_ot_layout_language_get_feature_indexes(face, table, script, language, $0, $1, $2)
      }
      var lookups: Set<UInt32> = []
      for feature in features
      where Int(feature) < featureTags.count && Self.defaultFeatureTags.contains(featureTags[Int(feature)]) {
        lookups.formUnion(
          Self.harfBuzzList { hb_ot_layout_feature_get_lookups(face, table, feature, $0, $1, $2) })
      }
      return lookups
    }
    let all = lookupsByScript.reduce(into: Set<UInt32>()) { $0.formUnion($1) }
    let shared = lookupsByScript.dropFirst().reduce(lookupsByScript[0]) { $0.intersection($1) }
    let differing = all.subtracting(shared)
    guard !differing.isEmpty else { return [] }
    let input = hb_set_create()!
    defer { hb_set_destroy(input) }
    for lookup in differing.sorted() {
      hb_ot_layout_lookup_collect_glyphs(hbFace, table, lookup, nil, input, nil, nil)
    }
    var glyph: hb_codepoint_t = 0
    let scripts = scriptTags.map { hb_ot_tag_to_script($0) }
    var found: [UInt32] = []
    for scalar in scalars
    where hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 && hb_set_has(input, glyph) != 0 {
      var advances: Set<Int32> = []
      for script in scripts {
        hb_buffer_clear_contents(hbBuffer)
        var code = scalar
        hb_buffer_add_utf32(hbBuffer, &code, 1, 0, 1)
        hb_buffer_set_direction(hbBuffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(hbBuffer, script == HB_SCRIPT_INVALID ? HB_SCRIPT_COMMON : script)
        hb_shape(hbFont, hbBuffer, nil, 0)
        var glyphCount: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(hbBuffer, &glyphCount) else { continue }
        advances.insert((0..<Int(glyphCount)).reduce(Int32(0)) { $0 + positions[$1].x_advance })
      }
      if advances.count > 1 { found.append(scalar) }
    }
    return found
  }

  // MARK: Shaping

  /// Shapes `scalars[range]` (with the whole array as context) and returns the glyphs, with
  /// clusters relative to `range.lowerBound`.
  func shape(
    _ scalars: [UInt32], range: Range<Int>, properties: RunProperties, disabled: DisabledFeatures = []
  ) -> [ShapedGlyph] {
    var glyphs: [ShapedGlyph] = []
    let buffer = hbBuffer
    hb_buffer_clear_contents(buffer)
    let leftOut = scalars.withUnsafeBufferPointer { Self.addItem(buffer, $0, range: range) }
    hb_buffer_set_direction(buffer, properties.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(Self.tag(properties.scriptTag)))
    if !properties.language.isEmpty {
      hb_buffer_set_language(buffer, hb_language_from_string(properties.language, -1))
    }
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    disabled.withHarfBuzzFeatures { hb_shape(hbFont, buffer, $0, $1) }
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    guard let infos, let positions else { return [] }
    glyphs.reserveCapacity(Int(count))
    let base = UInt32(range.lowerBound)
    for index in 0..<Int(count) {
      glyphs.append(
        ShapedGlyph(
          glyphID: infos[index].codepoint, cluster: infos[index].cluster - base,
          xAdvance: positions[index].x_advance, xOffset: positions[index].x_offset,
          yOffset: positions[index].y_offset))
    }
    guard leftOut.isEmpty else {
      return Self.restoringSoftHyphens(
        leftOut, to: glyphs, base: base, isRightToLeft: properties.isRightToLeft)
    }
    return glyphs
  }

  /// The advance of `scalar`'s own glyph (the cmap's), in design units, or nil without one.
  func nominalAdvance(of scalar: UInt32) -> Int32? {
    var glyph: hb_codepoint_t = 0
    guard hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 else { return nil }
    return hb_font_get_glyph_h_advance(hbFont, glyph)
  }

  /// `hb_tag_from_string`: the first four bytes of `text`, padded with spaces (without
  /// handing HarfBuzz a C string, which a small Swift string must first copy into an array).
  static func tag(_ text: String) -> hb_tag_t {
    guard !text.isEmpty else { return 0 }
    var tag: hb_tag_t = 0
    var count = 0
    for byte in text.utf8.prefix(4) {
      tag = tag << 8 | hb_tag_t(byte)
      count += 1
    }
    for _ in count..<4 { tag = tag << 8 | 0x20 }
    return tag
  }

  // MARK: Rasterization

  /// Renders a glyph at a pixel size with FreeType (anti-aliased; colour bitmaps for emoji).
  func rasterize(glyphID: UInt32, pixelSize: Double) -> GlyphBitmap? {
    let face = ftFace
    var drawScale = 1.0
    if face.pointee.num_fixed_sizes > 0 && (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) == 0 {
      // Bitmap-only (CBDT) fonts: select the strike and scale it at draw time.
      guard FT_Select_Size(face, 0) == 0 else { return nil }
      let strike = Double(face.pointee.available_sizes[0].y_ppem) / 64.0
      drawScale = strike > 0 ? pixelSize / strike : 1
    } else {
      guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else { return nil }
    }
    let flags = Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_NO_HINTING)
    guard FT_Load_Glyph(face, glyphID, flags) == 0 else { return nil }
    guard FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
    let slot = face.pointee.glyph!.pointee
    let bitmap = slot.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    let isColour = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
    let bytesPerPixel = isColour ? 4 : 1
    var pixels = [UInt8](repeating: 0, count: width * height * bytesPerPixel)
    if width > 0, height > 0, let source = bitmap.buffer {
      let pitch = Int(bitmap.pitch)
      for row in 0..<height {
        let sourceRow = pitch >= 0 ? source + row * pitch : source + (height - 1 - row) * -pitch
        for column in 0..<(width * bytesPerPixel) {
          pixels[row * width * bytesPerPixel + column] = sourceRow[column]
        }
      }
    }
    return GlyphBitmap(
      width: width, height: height, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
      format: isColour ? .bgra : .gray, pixels: pixels, drawScale: drawScale)
  }
}
