/// `KerningPairs`' cache: a value (ems) for each pair key, in an open-addressing table (linear
/// probing, key 0 for an empty slot) that grows by doubling up to twice `capacity` slots and is
/// emptied when it holds `capacity` values.
///
/// A paragraph looks up several pairs under its lock; `Dictionary` spent about 100 instructions
/// a look-up hashing with SipHash, this table one multiplication. Keys are never 0: the first
/// scalar of a pair is above U+0020 (`KerningPairs.key`).
struct KerningPairTable {
  /// The most values held; the table is emptied (keeping its memory) before one more is stored.
  let capacity: Int
  private var keys: [UInt64] = []
  private var values: [Double] = []
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// The slot where a probe for `key` starts, in a table of `slotCount` (a power of two) slots.
  @inline(__always) private static func firstSlot(_ key: UInt64, slotCount: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slotCount &- 1)
  }

  /// The value stored for `key`, or nil.
  @inline(__always) func value(for key: UInt64) -> Double? {
    let slotCount = keys.count
    guard slotCount > 0 else { return nil }
    return keys.withUnsafeBufferPointer { keys in
      var slot = Self.firstSlot(key, slotCount: slotCount)
      while true {
        let found = keys[slot]
        if found == key { return values[slot] }
        if found == 0 { return nil }
        slot = (slot &+ 1) & (slotCount &- 1)
      }
    }
  }

  /// Stores `value` for `key` (replacing one stored before).
  mutating func store(_ value: Double, for key: UInt64) {
    precondition(key != 0, "key 0 marks an empty slot")
    if count >= capacity { removeAll() }
    if (count + 1) * 2 > keys.count { grow() }
    let slotCount = keys.count
    var slot = Self.firstSlot(key, slotCount: slotCount)
    while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (slotCount - 1) }
    if keys[slot] == 0 { count += 1 }
    keys[slot] = key
    values[slot] = value
  }

  /// Empties the table, keeping its memory unless told otherwise.
  mutating func removeAll(keepingCapacity: Bool = true) {
    guard keepingCapacity else {
      (keys, values, count) = ([], [], 0)
      return
    }
    guard count > 0 else { return }
    for slot in keys.indices { keys[slot] = 0 }
    count = 0
  }

  /// Doubles the slots (at least 64), moving every value.
  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    let slotCount = max(64, keys.count * 2)
    keys = Array(repeating: 0, count: slotCount)
    values = Array(repeating: 0, count: slotCount)
    count = 0
    for (key, value) in zip(oldKeys, oldValues) where key != 0 { store(value, for: key) }
  }
}
