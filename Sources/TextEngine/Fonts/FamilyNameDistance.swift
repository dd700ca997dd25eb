/// Ranks family names by likeness to a name someone typed, for "did you mean" messages.
enum FamilyNameDistance {
  /// Up to `limit` of `names` closest to `wanted`: names sharing more words first, then by
  /// edit distance (case-insensitive), then alphabetically.
  static func closest(to wanted: String, among names: [String], limit: Int) -> [String] {
    let target = wanted.lowercased()
    let targetWords = Set(target.split(separator: " ").map(String.init))
    let ranked = names.map { name -> (name: String, shared: Int, distance: Int) in
      let lowered = name.lowercased()
      let words = Set(lowered.split(separator: " ").map(String.init))
      return (name, words.intersection(targetWords).count, editDistance(Array(target), Array(lowered)))
    }
    return ranked.sorted {
      ($1.shared, $0.distance, $0.name) < ($0.shared, $1.distance, $1.name)
    }.prefix(limit).map(\.name)
  }

  /// Levenshtein distance.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
