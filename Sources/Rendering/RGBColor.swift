/// An opaque sRGB colour, 8 bits per channel.
public struct RGBColor: Sendable, Hashable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  /// A colour from 0xRRGGBB.
  public init(_ hex: UInt32) {
    red = UInt8((hex >> 16) & 0xFF)
    green = UInt8((hex >> 8) & 0xFF)
    blue = UInt8(hex & 0xFF)
  }

  /// A colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// `#rrggbb`, for SVG and CSS.
  public var css: String {
    func hex(_ value: UInt8) -> String {
      let digits = String(value, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + hex(red) + hex(green) + hex(blue)
  }
}
