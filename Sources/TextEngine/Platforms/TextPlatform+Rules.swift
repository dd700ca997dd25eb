extension TextPlatform {
  /// The type that holds this platform's rules.
  var rules: any PlatformTextRules.Type {
    switch self {
    case .web: WebTextRules.self
    case .flutter: FlutterTextRules.self
    case .android: AndroidTextRules.self
    case .ios: IOSTextRules.self
    }
  }

  /// How far a line's content may reach at `width` in a paragraph of `style` and still fit (the
  /// platform's fit test as a limit that content ends are compared with by `<=`).
  @inline(__always) func lineLimit(forWidth width: Double, in style: TextStyle) -> Double {
    switch self {
    case .web: WebTextRules.lineLimit(forWidth: width)
    case .flutter: FlutterTextRules.lineLimit(forWidth: width, in: style)
    case .android: AndroidTextRules.lineLimit(forWidth: width)
    case .ios: IOSTextRules.lineLimit(forWidth: width)
    }
  }

  /// True when a hard break at the very end of a text starts one more (empty) line.
  var finalHardBreakStartsLine: Bool {
    switch self {
    case .web: WebTextRules.finalHardBreakStartsLine
    case .flutter: FlutterTextRules.finalHardBreakStartsLine
    case .android: AndroidTextRules.finalHardBreakStartsLine
    case .ios: IOSTextRules.finalHardBreakStartsLine
    }
  }

  /// True when a word wider than any line starts on the line before it, filling it, when at least
  /// two of its clusters fit there (else it starts a line of its own).
  var overlongWordsFillLines: Bool {
    switch self {
    case .web: WebTextRules.overlongWordsFillLines
    case .flutter: FlutterTextRules.overlongWordsFillLines
    case .android: AndroidTextRules.overlongWordsFillLines
    case .ios: IOSTextRules.overlongWordsFillLines
    }
  }

  /// True when a space that does not fit ends its line where no break opportunity follows it.
  var endsLinesAfterOverflowingSpaces: Bool {
    switch self {
    case .web: WebTextRules.endsLinesAfterOverflowingSpaces
    case .flutter: FlutterTextRules.endsLinesAfterOverflowingSpaces
    case .android: AndroidTextRules.endsLinesAfterOverflowingSpaces
    case .ios: IOSTextRules.endsLinesAfterOverflowingSpaces
    }
  }

  /// True when laying out a prepared text reads its scalars: its line rules look for spaces inside
  /// segments.
  var layoutReadsScalars: Bool {
    switch self {
    case .web: WebTextRules.layoutReadsScalars
    case .flutter: FlutterTextRules.layoutReadsScalars
    case .android: AndroidTextRules.layoutReadsScalars
    case .ios: IOSTextRules.layoutReadsScalars
    }
  }

  /// A line's height from its box, by this platform's rounding (a switch rather than an
  /// existential call: it runs once per line when a text's lines differ in height).
  @inline(__always) func height(of box: LineBox) -> Double {
    switch self {
    case .web: WebTextRules.height(of: box)
    case .flutter: FlutterTextRules.height(of: box)
    case .android: AndroidTextRules.height(of: box)
    case .ios: IOSTextRules.height(of: box)
    }
  }
}
