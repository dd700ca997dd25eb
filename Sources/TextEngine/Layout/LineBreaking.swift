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

  /// How `style` breaks lines (validated for its platform when the text was prepared).
  init(_ style: TextStyle) {
    switch style.textWrap {
    case .balance: self = .balance
    case .pretty: self = .pretty
    case .auto: self = style.androidStyle == .textView ? .optimal : .greedy
    }
  }
}
