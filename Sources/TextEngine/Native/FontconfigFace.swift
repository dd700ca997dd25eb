internal import CFontconfig

/// One font face as fontconfig describes it.
struct FontconfigFace: Sendable, Hashable {
  /// The font file.
  var path: String
  /// The face index inside the file (named-instance bits removed).
  var faceIndex: Int
  /// Every family name the face declares, in fontconfig's order.
  var families: [String]
  /// The style name ("Regular", "Bold").
  var style: String
  /// The fontconfig weight (80 regular, 200 bold).
  var weight: Int
  /// True when fontconfig asks for a synthetic bold of a lighter face (the face is not bold).
  var isEmboldened: Bool

  /// True for semibold and heavier faces (not synthetic ones).
  var isBold: Bool { weight >= Int(FC_WEIGHT_DEMIBOLD) && !isEmboldened }
}
