import Foundation

/// The 1,024 visible texts of the real feed corpus (Tests/Fixtures/corpus/feed-visible.jsonl).
public enum BenchmarkCorpus {
  /// The file the texts come from.
  public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/corpus/feed-visible.jsonl")

  /// The texts as `selfsize text` input lines (`{"id", "text"}`, UTF-8, no newline), in file order.
  public static let jsonLines: [[UInt8]] = {
    let text = try! String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").map { line in
      let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let record: [String: Any] = ["id": object["id"] as! String, "text": object["text"] as! String]
      return Array(try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]))
    }
  }()

  /// The texts in file order.
  public static let texts: [String] = {
    let text = try! String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").map {
      (try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["text"] as! String
    }
  }()
}
