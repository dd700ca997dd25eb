#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// The C library's trigonometric functions, in one place.
enum Trig {
  static func cos(_ x: Double) -> Double { cLibCos(x) }
  static func sin(_ x: Double) -> Double { cLibSin(x) }
}

private func cLibCos(_ x: Double) -> Double { cos(x) }
private func cLibSin(_ x: Double) -> Double { sin(x) }
