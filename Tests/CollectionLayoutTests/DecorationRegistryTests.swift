import CollectionLayout
import Testing

@Suite struct DecorationRegistryTests {
  @Test func registersInOrder() throws {
    var registry = DecorationRegistry()
    try registry.register("b")
    try registry.register("a")
    #expect(registry.kinds == ["b", "a"])
    #expect(registry.contains("a"))
    try registry.validate("a")
    registry.unregister("a")
    #expect(!registry.contains("a"))
  }

  @Test func registeringTwiceIsAnError() throws {
    var registry = DecorationRegistry()
    try registry.register("center")
    let error = #expect(throws: LayoutError.self) { try registry.register("center") }
    #expect(error?.code == .decorationKindAlreadyRegistered)
    #expect(error?.message.contains("\"center\"") == true)
  }

  @Test func emptyKindIsAnError() {
    var registry = DecorationRegistry()
    let error = #expect(throws: LayoutError.self) { try registry.register("") }
    #expect(error?.code == .unregisteredDecorationKind)
  }

  @Test func unregisteredKindIsAnError() throws {
    var registry = DecorationRegistry()
    try registry.register("grid")
    let error = #expect(throws: LayoutError.self) { try registry.validate("center", "asked for") }
    #expect(error?.code == .unregisteredDecorationKind)
    #expect(error?.message.contains("\"center\"") == true)
    #expect(error?.message.contains("\"grid\"") == true)
  }
}
