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

  /// Appends the shortest round-trip text of `value` as UTF-8; a non-finite value appends
  /// `null`.
  @inlinable public static func append(_ value: Double, to bytes: inout [UInt8]) {
    guard value.isFinite else {
      bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
      return
    }
    if value == value.rounded(.towardZero), abs(value) < 1e15 {
      append(Int64(value), to: &bytes)
      return
    }
    // `description`'s digits, handed over as bytes (no `String` is made, and none allocated for
    // the many values longer than a small string's 15 bytes).
    var digits = DigitBuffer()
    value.write(to: &digits)
    digits.withBytes { text in
      // Integral values of 2⁵³ and more print as "9007199254740992.0": drop the fraction.
      let isIntegral =
        text.count > 2 && text[text.count - 2] == UInt8(ascii: ".")
        && text[text.count - 1] == UInt8(ascii: "0")
      bytes.append(contentsOf: isIntegral ? UnsafeRawBufferPointer(rebasing: text.dropLast(2)) : text)
    }
  }

  /// Room for the text of one `Double` (at most 24 bytes, "-1.7976931348623157e+308"), on the
  /// stack. `Double.write(to:)` gives its digits to `_writeASCII` as bytes; `write(_:)` takes
  /// them as a string should a standard library ever send one.
  @usableFromInline struct DigitBuffer: TextOutputStream {
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    @usableFromInline var count = 0

    @inlinable init() {}

    @inlinable mutating func write(_ string: String) {
      for byte in string.utf8 { append(byte) }
    }

    @inlinable mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
      for byte in buffer { append(byte) }
    }

    @inlinable mutating func append(_ byte: UInt8) {
      guard count < 32 else { return }
      let index = count
      withUnsafeMutableBytes(of: &storage) { $0[index] = byte }
      count &+= 1
    }

    @inlinable func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
      withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
  }

  /// Appends the decimal digits of `value` (with a leading `-` when negative).
  @inlinable public static func append(_ value: Int64, to bytes: inout [UInt8]) {
    var magnitude = value.magnitude
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    if magnitude < 10 {
      bytes.append(UInt8(truncatingIfNeeded: magnitude) &+ 48)
      return
    }
    if magnitude < 1_000 {  // offsets, counts and widths: a byte at a time beats a buffer copy
      if magnitude >= 100 { bytes.append(UInt8(truncatingIfNeeded: magnitude / 100) &+ 48) }
      bytes.append(UInt8(truncatingIfNeeded: magnitude / 10 % 10) &+ 48)
      bytes.append(UInt8(truncatingIfNeeded: magnitude % 10) &+ 48)
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      while magnitude > 0 {
        let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
        buffer[23 - count] = UInt8(truncatingIfNeeded: remainder) &+ 48
        count += 1
        magnitude = quotient
      }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
    }
  }

  /// Appends the decimal digits of `value`.
  @inlinable public static func append(_ value: Int, to bytes: inout [UInt8]) {
    append(Int64(value), to: &bytes)
  }
}
