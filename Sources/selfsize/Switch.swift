import ArgumentParser

/// An option that is on or off (`--flutter-rounding-hack on|off`).
enum Switch: String, CaseIterable, ExpressibleByArgument {
  case on
  case off

  /// The names, in the order usage messages list them.
  static var names: [String] { allCases.map(\.rawValue) }
}
