#if SELFSIZE_THREAD_SANITIZER
  import Foundation
#else
  public import Synchronization
#endif

#if SELFSIZE_THREAD_SANITIZER
  /// A value behind a lock: `Synchronization.Mutex` in normal builds; in ThreadSanitizer builds
  /// (`-DSELFSIZE_THREAD_SANITIZER`, set by `Scripts/sanitize.sh tsan`) a pthread mutex.
  ///
  /// `Mutex` on Linux hands a contended lock over in the standard library's futex code, which
  /// ThreadSanitizer does not see, so it would report races between accesses that the lock
  /// orders. pthread mutexes are intercepted by ThreadSanitizer, so its reports stay real.
  public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `initialValue`.
    public init(_ initialValue: consuming sending Value) { value = initialValue }

    /// Calls `body` with the value while holding the lock.
    public func withLock<Result: ~Copyable, E: Error>(
      _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
      lock.lock()
      defer { lock.unlock() }
      return try body(&value)
    }
  }
#else
  /// A value behind a lock: `Synchronization.Mutex` in normal builds; in ThreadSanitizer builds
  /// (`-DSELFSIZE_THREAD_SANITIZER`, set by `Scripts/sanitize.sh tsan`) a pthread mutex.
  ///
  /// `Mutex` on Linux hands a contended lock over in the standard library's futex code, which
  /// ThreadSanitizer does not see, so it would report races between accesses that the lock
  /// orders. pthread mutexes are intercepted by ThreadSanitizer, so its reports stay real.
  public struct Locked<Value: ~Copyable>: ~Copyable, Sendable {
    @usableFromInline let mutex: Mutex<Value>

    /// A lock around `initialValue`.
    @inlinable public init(_ initialValue: consuming sending Value) { mutex = Mutex(initialValue) }

    /// Calls `body` with the value while holding the lock.
    @inlinable public borrowing func withLock<Result: ~Copyable, E: Error>(
      _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
      try mutex.withLock(body)
    }
  }
#endif
