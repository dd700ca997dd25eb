import CollectionLayout
// `JSONValue` and `TextTable` come from SelfSizingCore.
@_exported import SelfSizingCore
