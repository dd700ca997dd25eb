/// Blink's script runs (`ScriptRunIterator`, `platform/fonts/script_run_iterator.cc`): the
/// scripts HarfBuzz shapes a range of text in, each character given the script it shares with its
/// neighbours.
///
/// A character's scripts are its Script_Extensions with its own script first (a Common one with
/// several extensions: the lowest-numbered, Latin last; an Inherited one: Inherited, then those).
/// A run goes on while the characters' script sets intersect (Common and Inherited join any
/// run; the run's script is the first script its set kept), a closing bracket takes the script of
/// the run its opening bracket was in, and an Inherited character with extensions after a Common
/// one gives that one its extensions. A run of Common characters takes the script of the first
/// Common character with one extension, if any.
struct WebScriptRuns {
  private typealias Script = ICUProperties.Script

  /// One run: where it ends (exclusive, a scalar offset) and its script.
  struct Run: Hashable, Sendable {
    var end: Int
    var script: Int32
  }

  /// The script set of the run so far, its first script its priority.
  private var current: [Int32] = [Script.common]
  /// The script of the first Common character with one extension (`common_preferred_`).
  private var commonPreferred = Script.common
  /// Opening brackets not yet closed, each with the script of the run it was in (resolved when
  /// that run ends), at most `maximumBrackets`.
  private var brackets: [(scalar: UInt32, script: Int32)] = []
  /// How many of the topmost brackets wait for their run's script.
  private var fixupDepth = 0
  private static let maximumBrackets = 32

  /// The runs of `codes[range]`, in order (none for an empty range).
  static func runs(of codes: UnsafeBufferPointer<UInt32>, in range: Range<Int>) -> [Run] {
    guard !range.isEmpty else { return [] }
    var iterator = WebScriptRuns()
    var runs: [Run] = []
    var ahead = scripts(of: codes[range.lowerBound])
    for index in range {
      var next = ahead
      if index + 1 < range.upperBound {
        ahead = scripts(of: codes[index + 1])
        // An Inherited character with extensions gives them to a Common one before it.
        if ahead.count > 1, ahead[0] == Script.inherited {
          if next[0] == Script.common { next = Array(ahead.dropFirst()) }
          ahead = [Script.inherited]
        }
      }
      let scalar = codes[index]
      let bracket = ICUProperties.pairedBracketType(scalar)
      switch bracket {
      case .open: iterator.open(scalar, next: &next)
      case .close: iterator.close(scalar, next: &next)
      case .none: break
      }
      if !iterator.merge(next) {
        let script = iterator.resolvedScript
        runs.append(Run(end: index, script: script))
        // (An opening bracket belongs to the run it starts.)
        iterator.fixUpBrackets(script, excludingLast: bracket == .open)
        iterator.current = next
      }
    }
    runs.append(Run(end: range.upperBound, script: iterator.resolvedScript))
    return runs
  }

  /// A character's scripts, its own first (`ICUScriptData::GetScripts`).
  static func scripts(of scalar: UInt32) -> [Int32] {
    var scripts = ICUProperties.scriptExtensions(scalar)
    var primary = ICUProperties.scriptCode(scalar)
    // (OpenType has one script for both kana: Blink takes Hiragana.)
    if primary == Script.katakana || primary == Script.katakanaOrHiragana { primary = Script.hiragana }
    guard let first = scripts.first else { return [primary] }
    if primary == first { return scripts }
    switch primary {
    case Script.common:
      if scripts.count == 1 { return [Script.common, first] }
      for index in 1..<scripts.count where scripts[0] == Script.latin || scripts[index] < scripts[0] {
        scripts.swapAt(0, index)
      }
    case Script.inherited:
      scripts.append(scripts[0])
      scripts[0] = Script.inherited
      for index in 2..<scripts.count where scripts[1] == Script.latin || scripts[index] < scripts[1] {
        scripts.swapAt(1, index)
      }
    default:
      if let index = scripts.firstIndex(of: primary) {
        scripts.swapAt(0, index)
      } else {
        scripts.append(primary)
        scripts.swapAt(0, scripts.count - 1)
      }
    }
    return scripts
  }

  private var resolvedScript: Int32 { current[0] == Script.common ? commonPreferred : current[0] }

  private static func isHan(_ script: Int32) -> Bool {
    script == Script.han || script == Script.hiragana || script == Script.bopomofo
  }

  /// The scripts of U+300C LEFT CORNER BRACKET, which East Asian brackets take (Blink's
  /// `FixScriptsByEastAsianWidth`).
  private static let hanScripts = scripts(of: 0x300C)

  private mutating func open(_ scalar: UInt32, next: inout [Int32]) {
    if brackets.count == Self.maximumBrackets {
      brackets.removeFirst()
      if fixupDepth == Self.maximumBrackets { fixupDepth -= 1 }
    }
    if next == [Script.common], ICUProperties.lineBreakProperty(scalar).isEastAsianWide {
      next = Self.hanScripts
    }
    brackets.append((scalar, Script.common))
    fixupDepth += 1
  }

  private mutating func close(_ scalar: UInt32, next: inout [Int32]) {
    let target = ICUProperties.pairedBracket(scalar)
    guard let match = brackets.lastIndex(where: { $0.scalar == target }) else { return }
    var script = brackets[match].script
    // A Han run may go on in any Han script.
    if Self.isHan(script), let han = current.first(where: Self.isHan) { script = han }
    if script != Script.common { next = [script] }
    // (The matched opening bracket stays, as in Blink: only those above it are popped.)
    let popped = brackets.count - 1 - match
    brackets.removeLast(popped)
    fixupDepth = max(0, fixupDepth - popped)
  }

  /// Whether the run goes on with a character of scripts `next`, keeping in `current` the scripts
  /// both have, its priority first where it stays (`ScriptRunIterator::MergeSets`).
  private mutating func merge(_ next: [Int32]) -> Bool {
    guard !next.isEmpty, !current.isEmpty else { return false }
    var priority = current[0]
    if next[0] <= Script.inherited {
      if next.count == 2, priority <= Script.inherited, commonPreferred == Script.common {
        commonPreferred = next[1]
      }
      return true
    }
    if priority <= Script.inherited {
      current = next
      return true
    }
    var hasPriority = next.contains(priority)
    if current.count == 1 { return hasPriority }
    var nextStart = 0
    if !hasPriority {
      priority = next[0]
      nextStart = 1
      hasPriority = current.dropFirst().contains(priority)
    }
    var kept: [Int32] = hasPriority ? [priority] : []
    if nextStart < next.count {
      for script in current.dropFirst() where next[nextStart...].contains(script) { kept.append(script) }
    }
    guard !kept.isEmpty else { return false }
    current = kept
    return true
  }

  /// Gives the brackets opened in the run that ends its script `script`.
  private mutating func fixUpBrackets(_ script: Int32, excludingLast: Bool) {
    var count = min(fixupDepth, brackets.count)
    guard count > 0 else { return }
    var index = brackets.count - 1
    if excludingLast {
      index -= 1
      count -= 1
      fixupDepth = 1
    } else {
      fixupDepth = 0
    }
    while count > 0 {
      brackets[index].script = script
      index -= 1
      count -= 1
    }
  }
}
