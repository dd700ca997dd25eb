import CollectionLayout
import Testing

@Suite struct GeometryTests {
  @Test func rectEdges() {
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(rect.minX == 10 && rect.midX == 25 && rect.maxX == 40)
    #expect(rect.minY == 20 && rect.midY == 40 && rect.maxY == 60)
    #expect(rect.center == Point(x: 25, y: 40))
    #expect(Rect(center: Point(x: 25, y: 40), size: Size(width: 30, height: 40)) == rect)
    #expect(rect.array == [10, 20, 30, 40])
  }

  @Test(arguments: [
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 10, height: 10), true),
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10), false),
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 10, width: 10, height: 10), false),
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 2, y: 2, width: 2, height: 2), true),
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 0, height: 0), false),
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 0, height: 3), false),
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: -5, y: -5, width: 5.5, height: 5.5), true),
  ])
  func intersects(a: Rect, b: Rect, expected: Bool) {
    #expect(a.intersects(b) == expected)
    #expect(b.intersects(a) == expected)
    #expect((a.intersection(b) != nil) == expected)
  }

  @Test func containsAndUnion() {
    let rect = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(rect.contains(Point(x: 0, y: 0)))
    #expect(!rect.contains(Point(x: 10, y: 5)))
    #expect(rect.contains(Rect(x: 0, y: 0, width: 10, height: 10)))
    #expect(!rect.contains(Rect(x: 1, y: 1, width: 10, height: 1)))
    #expect(rect.union(Rect(x: 20, y: -5, width: 1, height: 1)) == Rect(x: 0, y: -5, width: 21, height: 15))
    #expect(
      rect.intersection(Rect(x: 5, y: -5, width: 10, height: 10)) == Rect(x: 5, y: 0, width: 5, height: 5))
    #expect(rect.insetBy(dx: 2, dy: 3) == Rect(x: 2, y: 3, width: 6, height: 4))
    #expect(rect.insetBy(dx: 20, dy: 20).size == .zero)
    #expect(rect.offsetBy(dx: 1, dy: 2).origin == Point(x: 1, y: 2))
  }

  @Test func emptinessAndFiniteness() {
    #expect(Rect.zero.isEmpty)
    #expect(!Rect(x: 0, y: 0, width: 1, height: 1).isEmpty)
    #expect(Size(width: .nan, height: 1).isEmpty)
    #expect(!Rect(x: .nan, y: 0, width: 1, height: 1).isFinite)
    #expect(!Rect(x: 0, y: 0, width: .infinity, height: 1).isFinite)
  }

  @Test func indexPathOrder() {
    let paths = [
      IndexPath(section: 1, item: 0), IndexPath(section: 0, item: 2), IndexPath(section: 0, item: 1),
    ]
    #expect(
      paths.sorted() == [
        IndexPath(section: 0, item: 1), IndexPath(section: 0, item: 2), IndexPath(section: 1, item: 0),
      ])
    #expect(IndexPath(item: 3) == IndexPath(section: 0, item: 3))
  }

  @Test func affineTransform() {
    let point = Point(x: 2, y: 3)
    #expect(AffineTransform.identity.apply(to: point) == point)
    #expect(AffineTransform(translationX: 1, y: -1).apply(to: point) == Point(x: 3, y: 2))
    #expect(AffineTransform(scaleX: 2, y: 3).apply(to: point) == Point(x: 4, y: 9))
    let rotated = AffineTransform(rotationAngle: Double.pi / 2).apply(to: Point(x: 1, y: 0))
    #expect(abs(rotated.x) < 1e-12 && abs(rotated.y - 1) < 1e-12)
    let combined = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 5, y: 0))
    #expect(combined.apply(to: Point(x: 1, y: 1)) == Point(x: 7, y: 2))
    #expect(AffineTransform.identity.isIdentity)
  }

  @Test func edgeInsets() {
    let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    #expect(insets.horizontal == 6 && insets.vertical == 4 && insets.isValid)
    #expect(!EdgeInsets(top: -1).isValid)
    #expect(!EdgeInsets(left: .nan).isValid)
    #expect(EdgeInsets(all: 5) == EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
  }
}
