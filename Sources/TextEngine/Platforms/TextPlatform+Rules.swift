extension TextPlatform {
  /// The type that holds this platform's rules.
  var rules: any PlatformTextRules.Type {
    switch self {
    case .web: WebTextRules.self
    case .flutter: FlutterTextRules.self
    case .ios: IOSTextRules.self
    }
  }

  /// A line's height from its box, by this platform's rounding (a switch rather than an
  /// existential call: it runs once per line when a text's lines differ in height).
  @inline(__always) func height(of box: LineBox) -> Double {
    switch self {
    case .web: WebTextRules.height(of: box)
    case .flutter: FlutterTextRules.height(of: box)
    case .ios: IOSTextRules.height(of: box)
    }
  }
}
