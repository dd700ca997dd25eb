/// Compact JSON text written straight into UTF-8 bytes: the output path of every command
/// (no `String` is built per value).
///
/// The writer does not track commas or nesting: callers write the punctuation (`raw`) and
/// the values in order. `JSONValue.write(to:)` is the general form; hot paths write their
/// fixed keys with `raw`.
public struct JSONWriter: Sendable {
  /// The text (the first `length` bytes), then room to write into. The room is always
  /// initialized (zeros when new), so a fragment is one copy through a buffer pointer: an
  /// array growing by `append(contentsOf:)` checks and copies through generic code per fragment,
  /// which cost about 100 instructions each on the `selfsize text` path.
  @usableFromInline var storage: [UInt8]
  /// The number of bytes written.
  @usableFromInline var length = 0

  /// An empty writer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    storage = [UInt8](repeating: 0, count: max(capacity, Self.smallestCapacity))
  }

  @usableFromInline static let smallestCapacity = 64

  /// The text written so far.
  public var bytes: ArraySlice<UInt8> { storage[..<length] }

  /// The number of bytes written.
  public var count: Int { length }

  /// Forgets the text, keeping the storage.
  public mutating func removeAll() { length = 0 }

  /// Writes at most `maximumByteCount` bytes at the end of the text: `body` gets where to write
  /// (room for `maximumByteCount` bytes) and returns how many it wrote.
  @inlinable @inline(__always) mutating func append(
    atMost maximumByteCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    if storage.count &- length < maximumByteCount { grow(toHold: length &+ maximumByteCount) }
    let start = length
    let written = storage.withUnsafeMutableBufferPointer { body($0.baseAddress.unsafelyUnwrapped + start) }
    length = start &+ written
  }

  /// Appends `count` bytes from `source`.
  @inlinable @inline(__always) mutating func append(_ source: UnsafeRawPointer, count: Int) {
    append(atMost: count) { destination in
      UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: count)
      return count
    }
  }

  /// Makes room for `byteCount` bytes in all, at least doubling the storage.
  @usableFromInline @inline(never) mutating func grow(toHold byteCount: Int) {
    let grown = max(byteCount, storage.count * 2)
    storage.append(contentsOf: repeatElement(0, count: grown - storage.count))
  }

  /// Appends ASCII punctuation or a fixed fragment such as `{"id":` as it is.
  @inlinable public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { append($0.baseAddress.unsafelyUnwrapped, count: $0.count) }
  }

  /// Appends one byte as it is (`,`, `\n`, `]`).
  @inlinable public mutating func raw(byte: UInt8) {
    append(atMost: 1) { destination in
      destination.pointee = byte
      return 1
    }
  }

  /// Appends bytes as they are (an already serialized fragment).
  public mutating func raw(_ fragment: some Sequence<UInt8>) {
    let copied: Void? = fragment.withContiguousStorageIfAvailable { buffer in
      if let base = buffer.baseAddress { append(base, count: buffer.count) }
    }
    if copied == nil {
      for byte in fragment { raw(byte: byte) }
    }
  }

  /// Appends a number (shortest round-trip; `null` when not finite).
  @inlinable public mutating func number(_ value: Double) {
    append(atMost: NumberFormat.maximumByteCount) { NumberFormat.write(value, into: $0) }
  }

  /// Appends an integer.
  @inlinable public mutating func integer(_ value: Int) {
    append(atMost: NumberFormat.maximumByteCount) { NumberFormat.write(Int64(value), into: $0) }
  }

  /// Appends `true` or `false`.
  @inlinable public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

  /// Appends `null`.
  @inlinable public mutating func null() { raw("null") }

  /// Appends a string literal.
  public mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { string(utf8: $0) }
  }

  /// Appends a string literal whose content is `utf8` (valid UTF-8): quotes, backslashes and
  /// control characters escaped, and U+2028 / U+2029 escaped so the line is also valid
  /// JavaScript; everything else copied as it is (`JSONRoom.string(utf8:)`).
  public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    guard utf8.count > Self.largestReservedString else {
      write(atMost: JSONRoom.maximumStringBytes(utf8Count: utf8.count)) { $0.string(utf8: utf8) }
      return
    }
    // A long string in pieces (cut between scalars), so as not to reserve six times its size.
    raw(byte: UInt8(ascii: "\""))
    var start = 0
    while start < utf8.count {
      var end = min(start + Self.largestReservedString, utf8.count)
      while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end -= 1 }
      let piece = UnsafeBufferPointer(rebasing: utf8[start..<end])
      write(atMost: JSONRoom.maximumStringBytes(utf8Count: piece.count)) { $0.stringContent(utf8: piece) }
      start = end
    }
    raw(byte: UInt8(ascii: "\""))
  }

  /// The longest string written into room reserved once (`string(utf8:)`).
  static let largestReservedString = 1 << 14

  /// Writes through a cursor into room for at most `maximumByteCount` bytes, reserved once: the
  /// fragments `body` writes cost a store each, not a check of room and of the storage's
  /// uniqueness each. `body` writes no more than `maximumByteCount` bytes.
  @inlinable @inline(__always) public mutating func write(
    atMost maximumByteCount: Int, _ body: (inout JSONRoom) -> Void
  ) {
    append(atMost: maximumByteCount) { start in
      var room = JSONRoom(start)
      body(&room)
      let written = start.distance(to: room.cursor)
      precondition(written <= maximumByteCount, "a JSON fragment overran the room reserved for it")
      return written
    }
  }
}
