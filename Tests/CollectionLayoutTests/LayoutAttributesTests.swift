import CollectionLayout
import Testing

@Suite struct LayoutAttributesTests {
  @Test func centerAndSizeStayConsistent() {
    var attributes = LayoutAttributes.cell(
      at: IndexPath(section: 0, item: 1), frame: Rect(x: 0, y: 0, width: 10, height: 20))
    #expect(attributes.center == Point(x: 5, y: 10))
    attributes.center = Point(x: 100, y: 100)
    #expect(attributes.frame == Rect(x: 95, y: 90, width: 10, height: 20))
    attributes.size = Size(width: 20, height: 40)
    #expect(attributes.frame == Rect(x: 90, y: 80, width: 20, height: 40))
    #expect(attributes.center == Point(x: 100, y: 100))
  }

  @Test func defaultsAndCategories() {
    let cell = LayoutAttributes(indexPath: IndexPath(section: 0, item: 0))
    #expect(cell.alpha == 1 && cell.zIndex == 0 && !cell.isHidden && cell.transform.isIdentity)
    #expect(cell.representedElementKind == nil)
    let header = LayoutAttributes.supplementary(
      ofKind: "header", at: IndexPath(section: 2, item: 0), frame: .zero)
    #expect(header.category == .supplementary(kind: "header"))
    #expect(header.representedElementKind == "header")
    let decoration = LayoutAttributes.decoration(
      ofKind: "center", at: IndexPath(section: 0, item: 0), frame: .zero)
    #expect(decoration.zIndex == -1 && decoration.category.kind == "center")
    #expect(decoration != header)
  }
}
