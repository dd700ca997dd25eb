/// The one number formatter of the package: JSON output, tables, CSV and messages all print
/// numbers through it, so a value reads the same everywhere.
///
/// A finite value is written in its shortest round-trip form: the fewest significant digits
/// that read back as the same `Double` (Swift's `description` algorithm), integers without a fraction
/// (`170`, not `170.0`), negative zero as `0`. Exponents use
/// JSON's form (`1e-05`, `1e+20`), so every finite result is a valid JSON number.
public enum NumberFormat {
  /// The shortest round-trip text of a finite `value`; `inf`, `-inf` or `nan` otherwise (for
  /// messages; JSON writers print non-finite values as `null`).
  public static func string(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The most bytes `write(_:into:)` writes: "-1.7976931348623157e+308".
  public static let maximumByteCount = 24

  /// Appends the shortest round-trip text of `value` as UTF-8; a non-finite value appends
  /// `null`.
  @inlinable public static func append(_ value: Double, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumByteCount) { buffer in
      let count = write(value, into: buffer.baseAddress.unsafelyUnwrapped)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// Writes the shortest round-trip text of `value` as UTF-8 (`null` when not finite) to
  /// `destination`, which has room for `maximumByteCount` bytes; returns the bytes written.
  @inlinable public static func write(_ value: Double, into destination: UnsafeMutablePointer<UInt8>) -> Int {
    guard value.isFinite else {
      for (offset, byte) in "null".utf8.enumerated() { destination[offset] = byte }
      return 4
    }
    if value == value.rounded(.towardZero), abs(value) < 1e15 {
      return write(Int64(value), into: destination)
    }
    let sixtyFourths = value * 64
    if abs(value) < 1e8, sixtyFourths == sixtyFourths.rounded(.towardZero) {
      return write(sixtyFourths: Int64(sixtyFourths), into: destination)
    }
    // `description`'s digits, handed over as bytes straight to `destination` (no `String` is
    // made, and none allocated for the many values longer than a small string's 15 bytes).
    var output = DigitOutput(destination: destination)
    value.write(to: &output)
    let count = output.count
    // Integral values of 2⁵³ and more print as "9007199254740992.0": drop the fraction.
    if count > 2, destination[count &- 2] == UInt8(ascii: "."), destination[count &- 1] == UInt8(ascii: "0") {
      return count &- 2
    }
    return count
  }

  /// Writes `sixtyFourths` / 64, not a whole number and under 10^8 (a LayoutUnit length, as the
  /// web's), in `description`'s shortest form: its exact decimal, at most 8 digits before the
  /// point and 6 after (k/64 is k × 15625 millionths), the trailing zeros dropped. With at most
  /// 14 significant digits, no shorter decimal reads back as the same `Double`.
  @inlinable static func write(sixtyFourths: Int64, into destination: UnsafeMutablePointer<UInt8>) -> Int {
    var count = 0
    if sixtyFourths < 0 {
      destination.pointee = UInt8(ascii: "-")
      count = 1
    }
    let magnitude = sixtyFourths.magnitude
    count &+= write(Int64(magnitude >> 6), into: destination + count)
    destination[count] = UInt8(ascii: ".")
    count &+= 1
    var millionths = (magnitude & 63) &* 15_625
    var divisor: UInt64 = 100_000
    while millionths > 0 {
      destination[count] = UInt8(truncatingIfNeeded: millionths / divisor) &+ 48
      count &+= 1
      millionths %= divisor
      divisor /= 10
    }
    return count
  }

  /// Where `Double.write(to:)` puts its digits: `maximumByteCount` bytes at `destination`.
  /// The standard library hands them to `_writeASCII` as bytes, copied at once; `write(_:)`
  /// takes them as a string should a standard library ever send one.
  @usableFromInline struct DigitOutput: TextOutputStream {
    @usableFromInline let destination: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0

    @inlinable init(destination: UnsafeMutablePointer<UInt8>) { self.destination = destination }

    @inlinable mutating func write(_ string: String) {
      var string = string
      string.withUTF8 { _writeASCII($0) }
    }

    @inlinable mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
      let copied = min(buffer.count, NumberFormat.maximumByteCount &- count)
      guard copied > 0, let source = buffer.baseAddress else { return }
      (destination + count).update(from: source, count: copied)
      count &+= copied
    }
  }

  /// Appends the decimal digits of `value` (with a leading `-` when negative).
  @inlinable public static func append(_ value: Int64, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumByteCount) { buffer in
      let count = write(value, into: buffer.baseAddress.unsafelyUnwrapped)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// Writes the decimal digits of `value` (with a leading `-` when negative) to `destination`,
  /// which has room for `maximumByteCount` bytes; returns the bytes written.
  @inlinable public static func write(_ value: Int64, into destination: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = value.magnitude
    var sign = 0
    if value < 0 {
      destination.pointee = UInt8(ascii: "-")
      sign = 1
    }
    if magnitude < 10 {
      destination[sign] = UInt8(truncatingIfNeeded: magnitude) &+ 48
      return sign &+ 1
    }
    if magnitude < 1_000 {  // offsets, counts and widths: a byte at a time
      var at = sign
      if magnitude >= 100 {
        destination[at] = UInt8(truncatingIfNeeded: magnitude / 100) &+ 48
        at &+= 1
      }
      destination[at] = UInt8(truncatingIfNeeded: magnitude / 10 % 10) &+ 48
      destination[at &+ 1] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 48
      return at &+ 2
    }
    // At most 20 digits: count them, then write from the last.
    var digitCount = 4
    var bound: UInt64 = 10_000
    while digitCount < 20, magnitude >= bound {
      digitCount &+= 1
      bound &*= 10
    }
    var at = sign &+ digitCount
    while magnitude > 0 {
      let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
      at &-= 1
      destination[at] = UInt8(truncatingIfNeeded: remainder) &+ 48
      magnitude = quotient
    }
    return sign &+ digitCount
  }

  /// Appends the decimal digits of `value`.
  @inlinable public static func append(_ value: Int, to bytes: inout [UInt8]) {
    append(Int64(value), to: &bytes)
  }
}
