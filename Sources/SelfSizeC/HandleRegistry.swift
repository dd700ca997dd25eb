import SelfSizingCore

/// The live objects of one kind (engines, text streams) by handle. A handle is a number handed
/// to C as an opaque pointer and never dereferenced, so a freed, foreign or forged handle is
/// found missing here, never followed. Numbers are not reused: a freed handle cannot come to
/// name a later object.
final class HandleRegistry<Value: Sendable>: Sendable {
  private struct State: Sendable {
    /// The next handle; it starts far from small integers and steps by 16, so handles look
    /// like aligned pointers and no small number is one.
    var next: UInt
    var values: [UInt: Value] = [:]
  }

  private let state: Locked<State>
  /// What a value is, for messages ("engine").
  private let noun: String
  /// The function that returns handles, for messages.
  private let creator: String

  init(first: UInt, noun: String, creator: String) {
    state = Locked(State(next: first))
    self.noun = noun
    self.creator = creator
  }

  /// Registers a value and returns its handle.
  func register(_ value: Value) -> UInt {
    state.withLock { state in
      let handle = state.next
      state.next += 16
      state.values[handle] = value
      return handle
    }
  }

  /// The value of a handle; a call holds it to its end, even when the handle is freed meanwhile.
  func value(_ handle: UInt) throws(BindingError) -> Value {
    guard let value = state.withLock({ $0.values[handle] }) else {
      throw invalid(handle)
    }
    return value
  }

  /// Removes a value and returns it.
  @discardableResult func remove(_ handle: UInt) throws(BindingError) -> Value {
    guard let value = state.withLock({ $0.values.removeValue(forKey: handle) }) else {
      throw invalid(handle)
    }
    return value
  }

  private func invalid(_ handle: UInt) -> BindingError {
    if handle == 0 { return BindingError(.invalidHandle, "the \(noun) handle is NULL") }
    return BindingError(
      .invalidHandle,
      "0x\(String(handle, radix: 16)) is not a live \(noun) (freed, or not returned by \(creator))"
    )
  }
}

/// The process's handles.
enum Registries {
  /// Engines (`selfsize_engine`).
  static let engines = HandleRegistry<BindingEngine>(
    first: 0x5E1F_0000_0010, noun: "engine", creator: "selfsize_engine_create")
  /// Text streams (`selfsize_text_stream`).
  static let streams = HandleRegistry<TextStream>(
    first: 0x5E2F_0000_0010, noun: "text stream", creator: "selfsize_text_begin")
}
