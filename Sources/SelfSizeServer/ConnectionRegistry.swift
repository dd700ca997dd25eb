import NIOCore
import SelfSizingCore

/// The server's open connections: which have a request in flight, which idled longest. Past
/// ``ServerLimits/maximumConnections`` a new connection closes the one idle longest (or itself,
/// when every open connection has a request in flight), so the server never runs out of file
/// descriptors and a health check always gets in; at the shutdown deadline it closes them all.
final class ConnectionRegistry: Sendable {
  private struct Entry {
    var channel: any Channel
    var busy = false
    /// When it last became idle (a counter: larger is more recent).
    var idleSince: UInt64
  }

  private struct State {
    var open: [ObjectIdentifier: Entry] = [:]
    var clock: UInt64 = 0
    var shed = 0
    var closingAll = false
  }

  /// The most connections kept open.
  let maximumConnections: Int
  private let state = Locked(State())

  init(maximumConnections: Int) {
    self.maximumConnections = max(1, maximumConnections)
  }

  /// Connections open now.
  var count: Int { state.withLock { $0.open.count } }

  /// Whether ``closeAll()`` was called (the shutdown deadline passed).
  var isClosingAll: Bool { state.withLock { $0.closingAll } }

  /// Connections closed to make room so far.
  var shedCount: Int { state.withLock { $0.shed } }

  /// Adds a new connection (removed when it closes); closes the connection idle longest when
  /// this one is over the limit, or this one when none is idle.
  func add(_ channel: any Channel) {
    let key = ObjectIdentifier(channel)
    let victim: (any Channel)? = state.withLock { state in
      state.clock += 1
      state.open[key] = Entry(channel: channel, idleSince: state.clock)
      if state.closingAll { return channel }
      guard state.open.count > maximumConnections else { return nil }
      state.shed += 1
      let idle = state.open.filter { $0.key != key && !$0.value.busy }.min {
        $0.value.idleSince < $1.value.idleSince
      }
      let victim = idle?.key ?? key
      // Counted out now: it closes on its own event loop.
      return state.open.removeValue(forKey: victim)?.channel
    }
    channel.closeFuture.whenComplete { _ in
      _ = self.state.withLock { $0.open.removeValue(forKey: key) }
    }
    victim?.close(promise: nil)
  }

  /// Marks a connection as having a request in flight or not.
  func setBusy(_ channel: any Channel, _ busy: Bool) {
    state.withLock { state in
      state.clock += 1
      let clock = state.clock
      guard var entry = state.open[ObjectIdentifier(channel)] else { return }
      entry.busy = busy
      if !busy { entry.idleSince = clock }
      state.open[ObjectIdentifier(channel)] = entry
    }
  }

  /// Closes every open connection, and every connection opened from now on.
  func closeAll() {
    let channels = state.withLock { state in
      state.closingAll = true
      return state.open.values.map(\.channel)
    }
    for channel in channels { channel.close(promise: nil) }
  }
}
