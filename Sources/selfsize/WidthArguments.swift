import ArgumentParser
import Foundation
import SelfSizingCore

/// The `-w/--width` option of `text` and `measure`: repeatable, and each value may list several
/// widths separated by commas (`-w 150,343`).
///
/// Repeating an option is quadratic in swift-argument-parser (every occurrence copies what was
/// parsed so far), so ``collapsed(_:)`` joins the repeated widths of a command line into one
/// value before parsing: 20,000 `-w` options parse as fast as one.
enum WidthArguments {
  /// The commands whose `-w` is `--width`.
  static let commands: Set<String> = ["text", "measure"]

  /// `arguments` with every `-w W`, `--width W` and `--width=W` of a `text` or `measure` command
  /// line joined into one `--width W1,W2,…` at the place of the first; unchanged when there is at
  /// most one. Nothing after `--` is touched.
  static func collapsed(_ arguments: [String]) -> [String] {
    guard let command = arguments.first(where: { !$0.hasPrefix("-") }), commands.contains(command) else {
      return arguments
    }
    var result: [String] = []
    result.reserveCapacity(arguments.count)
    var values: [String] = []
    var firstIndex: Int?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        result.append(contentsOf: arguments[index...])
        break
      }
      if argument == "-w" || argument == "--width", index + 1 < arguments.count {
        if firstIndex == nil { firstIndex = result.count }
        values.append(arguments[index + 1])
        index += 2
        continue
      }
      if argument.hasPrefix("--width=") {
        if firstIndex == nil { firstIndex = result.count }
        values.append(String(argument.dropFirst("--width=".count)))
        index += 1
        continue
      }
      result.append(argument)
      index += 1
    }
    guard let firstIndex, values.count > 1 else { return arguments }
    result.insert(contentsOf: ["--width", values.joined(separator: ",")], at: firstIndex)
    return result
  }

  /// Parses the `--width` values: each lists widths separated by commas, each a number in
  /// ``MetricRange/size``, or `inf` (no wrapping) when `allowsInfinity`. A number too large for
  /// a `Double` (`1e400`) is a range error, never infinity.
  static func parse(_ values: [String], allowsInfinity: Bool) throws -> [Double] {
    var widths: [Double] = []
    widths.reserveCapacity(values.count)
    for text in values {
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        let value = part.trimmingCharacters(in: .whitespaces)
        if allowsInfinity, ["inf", "+inf", "infinity"].contains(value.lowercased()) {
          widths.append(.infinity)
          continue
        }
        let or = allowsInfinity ? " (or inf for no wrapping)" : ""
        guard let width = Double(value), !width.isNaN else {
          throw ValidationError("--width must be a number of points\(or), got \"\(value)\"")
        }
        guard MetricRange.size.contains(width) else {
          throw ValidationError("--width \(value) is out of range: \(MetricRange.size.requirement)\(or)")
        }
        widths.append(width)
      }
    }
    return widths
  }
}
