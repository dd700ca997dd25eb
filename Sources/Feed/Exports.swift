// `JSONValue` (ordered, deterministic JSON that the reports write and the readers parse) and
// `EdgeInsets` are defined in SelfSizingCore: importing Reports imports them.
@_exported import SelfSizingCore
