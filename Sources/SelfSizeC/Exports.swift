import Foundation

// The C ABI of `selfsize.h`. Each function reads its C arguments, calls the engine, and turns a
// `BindingError` into a status and a message; nothing here prints. Buffers handed out come from
// `malloc` and are freed by `selfsize_free`.

/// The version of the ABI (`SELFSIZE_ABI_VERSION` in `selfsize.h`).
let abiVersion: UInt32 = 3

/// The package version, as `selfsize --version` prints it.
let packageVersion = "0.3.0"

/// Static C strings: the version and the status names, made once and never freed (kept as
/// addresses, which are `Sendable`).
private let staticStrings: [Int32: UInt] = {
  var strings: [Int32: UInt] = [
    -1: UInt(bitPattern: strdup(packageVersion)), 0: UInt(bitPattern: strdup("ok")),
  ]
  for code in BindingError.Code.allCases {
    strings[code.rawValue] = UInt(bitPattern: strdup(code.name.description))
  }
  strings[-2] = UInt(bitPattern: strdup("unknown"))
  return strings
}()

private func staticString(_ key: Int32) -> UnsafePointer<CChar>? {
  UnsafePointer(bitPattern: staticStrings[key] ?? staticStrings[-2]!)
}

/// Runs `body`, storing a failure's message in `*error` (when `error` is not NULL) and returning
/// its status; `*error` is NULL after a success.
private func status(
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: () throws(BindingError) -> Void
) -> Int32 {
  error?.pointee = nil
  do throws(BindingError) {
    try body()
    return 0
  } catch let failure {
    error?.pointee = strdup(failure.message)
    return failure.code.rawValue
  }
}

/// The bytes of a borrowed C buffer; a NULL pointer is empty only when its length is 0.
private func bytes(_ pointer: UnsafePointer<CChar>?, _ length: Int, _ name: String) throws(BindingError)
  -> UnsafeBufferPointer<UInt8>
{
  guard length >= 0 else { throw BindingError(.invalidArgument, "\(name)_length is negative") }
  guard let pointer else {
    guard length == 0 else { throw BindingError(.invalidArgument, "\(name) is NULL") }
    return UnsafeBufferPointer(start: nil, count: 0)
  }
  return UnsafeBufferPointer(
    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
}

/// A borrowed C string as a `String`.
private func string(_ pointer: UnsafePointer<CChar>, _ name: String) throws(BindingError) -> String {
  guard let string = String(validatingCString: pointer) else {
    throw BindingError(.invalidUTF8, "\(name) is not valid UTF-8")
  }
  return string
}

/// The strings of a borrowed C array of C strings.
private func strings(_ array: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ name: String)
  throws(BindingError) -> [String]
{
  guard count > 0 else { return [] }
  guard let array else { throw BindingError(.invalidArgument, "\(name) is NULL with a count of \(count)") }
  var result: [String] = []
  for index in 0..<count {
    guard let element = array[index] else {
      throw BindingError(.invalidArgument, "\(name)[\(index)] is NULL")
    }
    result.append(try string(element, "\(name)[\(index)]"))
  }
  return result
}

/// The ABI version of this library (`SELFSIZE_ABI_VERSION`).
@_cdecl("selfsize_abi_version")
public func selfsizeABIVersion() -> UInt32 { abiVersion }

/// The library's version; a static string.
@_cdecl("selfsize_version")
public func selfsizeVersion() -> UnsafePointer<CChar>? { staticString(-1) }

/// The name of a status; a static string.
@_cdecl("selfsize_status_name")
public func selfsizeStatusName(_ status: Int32) -> UnsafePointer<CChar>? {
  staticString(status == 0 || BindingError.Code(rawValue: status) != nil ? status : -2)
}

/// Creates an engine (see `selfsize.h`).
@_cdecl("selfsize_engine_create")
public func selfsizeEngineCreate(
  _ platform: UnsafePointer<CChar>?, _ fonts: UnsafePointer<UnsafePointer<CChar>?>?, _ fontCount: Int,
  _ boldFonts: UnsafePointer<UnsafePointer<CChar>?>?, _ boldFontCount: Int, _ systemFonts: Int32,
  _ engine: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  engine?.pointee = nil
  return status(error) { () throws(BindingError) in
    guard let engine else {
      throw BindingError(.invalidArgument, "engine (the handle's destination) is NULL")
    }
    let created = try BindingEngine(
      platform: try platform.map { pointer throws(BindingError) in try string(pointer, "platform") },
      fonts: try strings(fonts, fontCount, "fonts"),
      boldFonts: try strings(boldFonts, boldFontCount, "bold_fonts"),
      systemFonts: systemFonts != 0)
    engine.pointee = OpaquePointer(bitPattern: Registries.engines.register(created))
  }
}

/// Frees an engine (see `selfsize.h`).
@_cdecl("selfsize_engine_free")
public func selfsizeEngineFree(_ engine: OpaquePointer?) -> Int32 {
  status(nil) { () throws(BindingError) in try Registries.engines.remove(UInt(bitPattern: engine)) }
}

/// An engine's platform and fonts as JSON (see `selfsize.h`).
@_cdecl("selfsize_engine_info")
public func selfsizeEngineInfo(
  _ engine: OpaquePointer?, _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ resultLength: UnsafeMutablePointer<Int>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  result?.pointee = nil
  resultLength?.pointee = 0
  return status(error) { () throws(BindingError) in
    guard let result else { throw BindingError(.invalidArgument, "result is NULL") }
    let info = try Registries.engines.value(UInt(bitPattern: engine)).info()
    result.pointee = strdup(info)
    resultLength?.pointee = info.utf8.count
  }
}

/// Measures paragraphs (see `selfsize.h`).
@_cdecl("selfsize_text")
public func selfsizeText(
  _ engine: OpaquePointer?, _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
  _ records: UnsafePointer<CChar>?, _ recordsLength: Int,
  _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ resultLength: UnsafeMutablePointer<Int>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  result?.pointee = nil
  resultLength?.pointee = 0
  return status(error) { () throws(BindingError) in
    guard let result else { throw BindingError(.invalidArgument, "result is NULL") }
    let engine = try Registries.engines.value(UInt(bitPattern: engine))
    let (buffer, length) = try engine.text(
      options: try bytes(options, optionsLength, "options"),
      records: try bytes(records, recordsLength, "records"))
    result.pointee = buffer
    resultLength?.pointee = length
  }
}

/// Measures template cards (see `selfsize.h`).
@_cdecl("selfsize_measure")
public func selfsizeMeasure(
  _ engine: OpaquePointer?, _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
  _ items: UnsafePointer<CChar>?, _ itemsLength: Int,
  _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ resultLength: UnsafeMutablePointer<Int>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  result?.pointee = nil
  resultLength?.pointee = 0
  return status(error) { () throws(BindingError) in
    guard let result else { throw BindingError(.invalidArgument, "result is NULL") }
    let engine = try Registries.engines.value(UInt(bitPattern: engine))
    let (buffer, length) = try engine.measure(
      options: try bytes(options, optionsLength, "options"), items: try bytes(items, itemsLength, "items"))
    result.pointee = buffer
    resultLength?.pointee = length
  }
}

/// Starts measuring packed texts (see `selfsize.h`).
@_cdecl("selfsize_text_begin")
public func selfsizeTextBegin(
  _ engine: OpaquePointer?, _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
  _ ids: UnsafePointer<CChar>?, _ idsLength: Int, _ texts: UnsafePointer<CChar>?, _ textsLength: Int,
  _ count: Int, _ stream: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  stream?.pointee = nil
  return status(error) { () throws(BindingError) in
    guard let stream else {
      throw BindingError(.invalidArgument, "stream (the handle's destination) is NULL")
    }
    let engine = try Registries.engines.value(UInt(bitPattern: engine))
    let started = try engine.textStream(
      options: try bytes(options, optionsLength, "options"), ids: try bytes(ids, idsLength, "ids"),
      texts: try bytes(texts, textsLength, "texts"), count: count)
    stream.pointee = OpaquePointer(bitPattern: Registries.streams.register(started))
  }
}

/// The next chunk of a text stream's results (see `selfsize.h`).
@_cdecl("selfsize_text_next")
public func selfsizeTextNext(
  _ stream: OpaquePointer?, _ columns: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  columns?.pointee = nil
  return status(error) { () throws(BindingError) in
    guard let columns else { throw BindingError(.invalidArgument, "columns is NULL") }
    columns.pointee = try Registries.streams.value(UInt(bitPattern: stream)).next()
  }
}

/// Ends a text stream (see `selfsize.h`).
@_cdecl("selfsize_text_end")
public func selfsizeTextEnd(_ stream: OpaquePointer?) -> Int32 {
  status(nil) { () throws(BindingError) in try Registries.streams.remove(UInt(bitPattern: stream)).cancel() }
}

/// Frees a buffer this library returned.
@_cdecl("selfsize_free")
public func selfsizeFree(_ buffer: UnsafeMutableRawPointer?) { free(buffer) }
