/// The bundled sample feed and templates (the `Examples/` resource folder).
public enum SampleFeed {
  /// The 240-item sample feed (JSON Lines).
  public static func itemsPath() throws(ResourceError) -> String {
    try SelfSizingResources.examplesDirectory() + "/feed.jsonl"
  }

  /// The default card template.
  public static func templatePath() throws(ResourceError) -> String {
    try SelfSizingResources.examplesDirectory() + "/note-card.template.json"
  }
}
