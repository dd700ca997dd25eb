import SelfSizingCore
import Synchronization

/// A thread-safe least-recently-used cache bounded by entry count and by an estimated size in
/// bytes: inserting beyond either bound drops the least recently used entries first.
public final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// What the cache holds and has done, read in one lock.
  public struct Statistics: Sendable, Hashable {
    /// Entries held.
    public var count: Int
    /// The estimated bytes of the entries held.
    public var bytes: Int
    /// Lookups that found their entry.
    public var hits: Int
    /// Lookups that did not.
    public var misses: Int
    /// Entries dropped to stay within the bounds.
    public var evictions: Int
  }

  private struct Node {
    var key: Key
    var value: Value?
    var cost: Int
    var newer: Int
    var older: Int
  }

  private struct State: ~Copyable {
    var index: [Key: Int] = [:]
    var nodes: [Node] = []
    var free: [Int] = []
    var newest = -1
    var oldest = -1
    var bytes = 0
    var hits = 0
    var misses = 0
    var evictions = 0
  }

  /// The most entries kept.
  public let maximumCount: Int
  /// The most estimated bytes kept.
  public let maximumBytes: Int
  private let state = Locked(State())

  /// An empty cache; a bound of 0 keeps nothing.
  public init(maximumCount: Int, maximumBytes: Int) {
    self.maximumCount = max(0, maximumCount)
    self.maximumBytes = max(0, maximumBytes)
  }

  /// The value for `key`, marking it most recently used; nil when absent.
  public func value(for key: Key) -> Value? {
    state.withLock { state in
      guard let slot = state.index[key] else {
        state.misses += 1
        return nil
      }
      state.hits += 1
      Self.unlink(slot, in: &state)
      Self.linkNewest(slot, in: &state)
      return state.nodes[slot].value
    }
  }

  /// Stores `value` for `key` as the most recently used entry, with its estimated size; a value
  /// larger than the byte bound is not kept.
  public func insert(_ value: Value, for key: Key, cost: Int) {
    let cost = max(0, cost)
    guard maximumCount > 0, cost <= maximumBytes else { return }
    state.withLock { state in
      if let slot = state.index[key] {
        state.bytes += cost - state.nodes[slot].cost
        state.nodes[slot].value = value
        state.nodes[slot].cost = cost
        Self.unlink(slot, in: &state)
        Self.linkNewest(slot, in: &state)
      } else {
        let node = Node(key: key, value: value, cost: cost, newer: -1, older: -1)
        let slot: Int
        if let reused = state.free.popLast() {
          slot = reused
          state.nodes[slot] = node
        } else {
          slot = state.nodes.count
          state.nodes.append(node)
        }
        state.index[key] = slot
        state.bytes += cost
        Self.linkNewest(slot, in: &state)
      }
      while state.index.count > maximumCount || state.bytes > maximumBytes, state.oldest >= 0 {
        let slot = state.oldest
        Self.unlink(slot, in: &state)
        state.index[state.nodes[slot].key] = nil
        state.bytes -= state.nodes[slot].cost
        state.nodes[slot].value = nil
        state.free.append(slot)
        state.evictions += 1
      }
    }
  }

  /// The cached value for `key`, or `make()`'s value stored with `cost(value)`; the flag says
  /// whether it was a hit. `make` runs outside the lock, so two threads may both make a missing
  /// value (the same value: the cache holds pure results).
  public func value<E: Error>(
    for key: Key, cost: (Value) -> Int, make: () throws(E) -> Value
  ) throws(E) -> (value: Value, hit: Bool) {
    if let cached = value(for: key) { return (cached, true) }
    let made = try make()
    insert(made, for: key, cost: cost(made))
    return (made, false)
  }

  /// The current count, size and counters.
  public var statistics: Statistics {
    state.withLock {
      Statistics(
        count: $0.index.count, bytes: $0.bytes, hits: $0.hits, misses: $0.misses, evictions: $0.evictions)
    }
  }

  /// The keys from most to least recently used.
  public var keysByRecency: [Key] {
    state.withLock { state in
      var keys: [Key] = []
      var slot = state.newest
      while slot >= 0 {
        keys.append(state.nodes[slot].key)
        slot = state.nodes[slot].older
      }
      return keys
    }
  }

  private static func unlink(_ slot: Int, in state: inout State) {
    let node = state.nodes[slot]
    if node.newer >= 0 { state.nodes[node.newer].older = node.older } else { state.newest = node.older }
    if node.older >= 0 { state.nodes[node.older].newer = node.newer } else { state.oldest = node.newer }
    state.nodes[slot].newer = -1
    state.nodes[slot].older = -1
  }

  private static func linkNewest(_ slot: Int, in state: inout State) {
    state.nodes[slot].older = state.newest
    state.nodes[slot].newer = -1
    if state.newest >= 0 { state.nodes[state.newest].newer = slot }
    state.newest = slot
    if state.oldest < 0 { state.oldest = slot }
  }
}
