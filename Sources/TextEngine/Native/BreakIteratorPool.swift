internal import CShims
import SelfSizingCore
import Synchronization

/// A pool of ICU break iterators of one kind. Opening an ICU iterator costs microseconds (it
/// loads and clones rules), so iterators are reused: `withIterator` takes one out of the pool
/// for the exclusive use of the caller and puts it back afterwards.
///
/// The idle iterators live inside the lock; an iterator out of the pool belongs to the one call
/// of `withIterator` that took it, and goes back in (`sending`) when that call ends.
final class BreakIteratorPool: Sendable {
  enum Kind: Sendable {
    case grapheme
    case line

    fileprivate var icuKind: cshims_break_kind {
      switch self {
      case .grapheme: .character
      case .line: .line
      }
    }
  }

  private let kind: Kind
  private let locale: String
  private let idle = Locked<[OwnedBreakIterator]>([])

  init(kind: Kind, locale: String) {
    self.kind = kind
    self.locale = locale
  }

  /// Runs `body` with an iterator set to `text`. Returns nil if ICU cannot open an iterator.
  func withIterator<Result>(
    over text: UnsafeBufferPointer<UInt16>, _ body: (BreakIterator) -> Result
  ) -> Result? {
    let reused: OwnedBreakIterator? = idle.withLock { $0.popLast() }
    guard let iterator = reused ?? OwnedBreakIterator(kind: kind.icuKind, locale: locale) else { return nil }
    defer { idle.withLock { $0.append(iterator) } }
    guard iterator.setText(text) else { return nil }
    return body(BreakIterator(owner: iterator))
  }
}

/// One ICU break iterator, closed when the last reference goes.
///
/// `@unchecked Sendable`: it moves between threads only through the pool, and one call of
/// `withIterator` at a time uses it (taken out under the lock, put back when the call ends).
private final class OwnedBreakIterator: @unchecked Sendable {
  let handle: OpaquePointer

  init?(kind: cshims_break_kind, locale: String) {
    var status: Int32 = 0
    guard let handle = locale.withCString({ cshims_ubrk_open(kind, $0, nil, 0, &status) }), status <= 0
    else { return nil }
    self.handle = handle
  }

  deinit { cshims_ubrk_close(handle) }

  /// Points the iterator at `text`; false if ICU refuses.
  func setText(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
    var status: Int32 = 0
    cshims_ubrk_set_text(handle, text.baseAddress, Int32(text.count), &status)
    return status <= 0
  }
}

/// An ICU break iterator lent out by `BreakIteratorPool.withIterator`, set to the text given
/// there; use it only inside that call.
struct BreakIterator {
  private let owner: OwnedBreakIterator

  fileprivate init(owner: OwnedBreakIterator) { self.owner = owner }

  /// The next boundary (UTF-16 offset), or nil at the end.
  func next() -> Int? {
    let next = cshims_ubrk_next(owner.handle)
    return next < 0 ? nil : Int(next)
  }

  /// True when the last boundary returned is a mandatory (hard) line break.
  var isHardBreak: Bool { cshims_ubrk_rule_status(owner.handle) >= 100 }
}
