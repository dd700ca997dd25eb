import SelfSizingCore
import TextEngine

extension TextStyle {
  /// The `style` object of a `/v1/text` request: `fontSize`, `weight` (`regular` | `bold`),
  /// `lineHeight` (points, `"natural"` or a multiple such as `"1.2x"`), `letterSpacing`,
  /// `lineSpacing`, `maxLines`, `pixelScale`, `language`, `textWrap` (`auto` | `balance` |
  /// `pretty`, CSS `text-wrap-style`: balance and pretty on the `web` platform), `androidStyle`
  /// (`compose` | `textview`: an Android widget's defaults, on the `android` platform),
  /// `flutterRoundingHack` (`true` | `false`: SkParagraph's rounding hack, off on the `flutter`
  /// platform only), `textSpacingTrim` (`space-all` | `normal`, CSS `text-spacing-trim`: normal
  /// on the `web` platform); absent keys keep the CLI's defaults.
  init(request value: JSONValue?) throws(ServiceError) {
    self.init()
    guard let value, value != .null else { return }
    let object = try RequestObject(
      value, path: "style",
      keys: [
        "fontSize", "weight", "lineHeight", "letterSpacing", "lineSpacing", "maxLines", "pixelScale",
        "language", "textWrap", "androidStyle", "flutterRoundingHack", "textSpacingTrim",
      ])
    if let fontSize = try object.number("fontSize") { self.fontSize = fontSize }
    if let weight = try object.string("weight") {
      guard let parsed = FontWeight(rawValue: weight) else {
        throw ServiceError(.invalidRequest, "style.weight must be \"regular\" or \"bold\", got \"\(weight)\"")
      }
      self.weight = parsed
    }
    switch object["lineHeight"] {
    case nil, .string("natural"): lineHeight = .natural
    case .number(let points): lineHeight = .fixed(points)
    case .string(let text) where text.hasSuffix("x") && Double(text.dropLast()) != nil:
      lineHeight = .multiple(Double(text.dropLast())!)
    case let other?:
      throw ServiceError(
        .invalidRequest,
        "style.lineHeight must be a number of points, \"natural\" or a multiple such as \"1.2x\", got \(other.serialized())"
      )
    }
    if let letterSpacing = try object.number("letterSpacing") { self.letterSpacing = letterSpacing }
    if let lineSpacing = try object.number("lineSpacing") { self.lineSpacing = lineSpacing }
    if let maxLines = try object.integer("maxLines", in: .lineLimit) { self.maxLines = maxLines }
    pixelScale = try object.number("pixelScale")
    if let language = try object.string("language") { self.language = language }
    if let textWrap = try object.choice("textWrap", of: TextWrap.self) { self.textWrap = textWrap }
    if let androidStyle = try object.choice("androidStyle", of: AndroidStyle.self) {
      self.androidStyle = androidStyle
    }
    if let isOn = try object.bool("flutterRoundingHack") { flutterRoundingHack = isOn }
    if let trim = try object.choice("textSpacingTrim", of: TextSpacingTrim.self) { textSpacingTrim = trim }
    do throws(TextError) {
      try validate()
    } catch {
      if let field = error.field, let requirement = error.requirement {
        throw ServiceError(.invalidRequest, "style.\(field) \(requirement)")
      }
      throw ServiceError(.invalidRequest, "style: \(error.message)")
    }
  }
}
