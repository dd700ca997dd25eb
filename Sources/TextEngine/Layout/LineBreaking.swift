/// The algorithm that breaks a prepared text's lines, from its style: greedy, Blink's
/// `text-wrap-style` balance or pretty (web), or minikin's optimal breaker (Android's TextView).
enum LineBreaking: Sendable, Hashable {
  /// Every line takes as much as fits.
  case greedy
  /// Blink's `text-wrap-style: balance` (`WebWrapStyles`).
  case balance
  /// Blink's `text-wrap-style: pretty` (`WebWrapStyles`).
  case pretty
  /// minikin's optimal line breaker, `BREAK_STRATEGY_HIGH_QUALITY` (`MinikinOptimalLineBreaker`).
  case optimal

  /// How a style with `textWrap` and `androidStyle` breaks lines (validated for its platform
  /// when the text was prepared). It takes the two fields, not the style: copying a `TextStyle`
  /// (it holds a `String`) goes through its value witness on the measuring path.
  @inline(__always) init(textWrap: TextWrap, androidStyle: AndroidStyle) {
    switch textWrap {
    case .balance: self = .balance
    case .pretty: self = .pretty
    case .auto: self = androidStyle == .textView ? .optimal : .greedy
    }
  }
}
