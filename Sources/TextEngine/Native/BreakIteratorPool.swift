import CShims
import Synchronization

/// A pool of ICU break iterators of one kind. Opening an ICU iterator costs microseconds (it
/// loads and clones rules), so iterators are reused: `withIterator` takes one out of the pool
/// for the exclusive use of the caller and returns it afterwards. The pool stores addresses
/// only; an iterator is touched by one thread at a time because it is out of the pool while used.
final class BreakIteratorPool: Sendable {
  enum Kind: Int32 {
    case grapheme = 0
    case line = 2
  }

  private let kind: Kind
  private let locale: String
  private let idle = Mutex<[UInt]>([])

  init(kind: Kind, locale: String) {
    self.kind = kind
    self.locale = locale
  }

  deinit {
    idle.withLock { addresses in
      for address in addresses {
        cshims_ubrk_close(OpaquePointer(bitPattern: address))
      }
    }
  }

  /// Runs `body` with an iterator set to `text`. Returns nil if ICU cannot open an iterator.
  func withIterator<Result>(
    over text: UnsafeBufferPointer<UInt16>, _ body: (BreakIterator) -> Result
  ) -> Result? {
    var status: Int32 = 0
    let reused = idle.withLock { $0.popLast() }
    let iterator: OpaquePointer
    if let reused, let pointer = OpaquePointer(bitPattern: reused) {
      iterator = pointer
      cshims_ubrk_set_text(iterator, text.baseAddress, Int32(text.count), &status)
    } else {
      guard
        let opened = locale.withCString({
          cshims_ubrk_open(kind.rawValue, $0, text.baseAddress, Int32(text.count), &status)
        })
      else { return nil }
      iterator = opened
    }
    defer {
      let address = UInt(bitPattern: iterator)
      idle.withLock { $0.append(address) }
    }
    guard status <= 0 else { return nil }
    return body(BreakIterator(pointer: iterator))
  }
}

/// A borrowed ICU break iterator, valid inside `BreakIteratorPool.withIterator`.
struct BreakIterator {
  fileprivate let pointer: OpaquePointer

  fileprivate init(pointer: OpaquePointer) { self.pointer = pointer }

  /// The next boundary (UTF-16 offset), or nil at the end.
  func next() -> Int? {
    let next = cshims_ubrk_next(pointer)
    return next < 0 ? nil : Int(next)
  }

  /// True when the last boundary returned is a mandatory (hard) line break.
  var isHardBreak: Bool { cshims_ubrk_rule_status(pointer) >= 100 }
}
