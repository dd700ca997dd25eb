import Foundation

/// The 1,024 visible texts of the real feed corpus (Tests/Fixtures/corpus/feed-visible.jsonl).
public enum BenchmarkCorpus {
  /// The file the texts come from.
  public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/corpus/feed-visible.jsonl")

  /// The texts in file order.
  public static let texts: [String] = {
    let text = try! String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").map {
      (try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["text"] as! String
    }
  }()
}
