public import CFuzzerDriver

/// Runs libFuzzer's driver with `test` as the fuzz function, from a target's `<Module>_main`.
///
/// SwiftPM links every executable with `main` aliased to `<Module>_main`, which
/// `-parse-as-library` never emits, so libFuzzer's own `main` cannot be used: each target
/// defines `<Module>_main` with `@_cdecl` and hands over to the driver here.
public func runFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv, test)
}
