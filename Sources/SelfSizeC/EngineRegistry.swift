import SelfSizingCore

/// The live engines by handle. A handle is a number handed to C as an opaque pointer and never
/// dereferenced, so a freed, foreign or forged handle is found missing here, never followed.
/// Numbers are not reused: a freed handle cannot come to name a later engine.
final class EngineRegistry: Sendable {
  /// The process's engines.
  static let shared = EngineRegistry()

  private struct State {
    /// The next handle; it starts far from small integers and steps by 16, so handles look
    /// like aligned pointers and no small number is one.
    var next: UInt = 0x5E1F_0000_0010
    var engines: [UInt: BindingEngine] = [:]
  }

  private let state = Locked(State())

  /// Registers an engine and returns its handle.
  func register(_ engine: BindingEngine) -> UInt {
    state.withLock { state in
      let handle = state.next
      state.next += 16
      state.engines[handle] = engine
      return handle
    }
  }

  /// The engine of a handle; a call holds it to its end, even when the handle is freed meanwhile.
  func engine(_ handle: UInt) throws(BindingError) -> BindingEngine {
    guard let engine = state.withLock({ $0.engines[handle] }) else {
      throw Self.invalid(handle)
    }
    return engine
  }

  /// Removes an engine.
  func remove(_ handle: UInt) throws(BindingError) {
    guard state.withLock({ $0.engines.removeValue(forKey: handle) }) != nil else {
      throw Self.invalid(handle)
    }
  }

  private static func invalid(_ handle: UInt) -> BindingError {
    if handle == 0 { return BindingError(.invalidHandle, "the engine handle is NULL") }
    return BindingError(
      .invalidHandle,
      "0x\(String(handle, radix: 16)) is not a live engine (freed, or not returned by selfsize_engine_create)"
    )
  }
}
