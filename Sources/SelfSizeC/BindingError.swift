/// A failure of a C ABI call as a whole (a bad record is that record's error object instead):
/// a status code of `selfsize.h` and a message.
struct BindingError: Error, Sendable, Hashable {
  /// The statuses of `selfsize.h` (`SELFSIZE_E_*`).
  enum Code: Int32, Sendable, Hashable, CaseIterable {
    /// `SELFSIZE_E_INVALID_ARGUMENT`.
    case invalidArgument = 1
    /// `SELFSIZE_E_INVALID_HANDLE`.
    case invalidHandle = 2
    /// `SELFSIZE_E_INVALID_UTF8`.
    case invalidUTF8 = 3
    /// `SELFSIZE_E_INVALID_JSON`.
    case invalidJSON = 4
    /// `SELFSIZE_E_FONT`.
    case font = 5
    /// `SELFSIZE_E_TEMPLATE`.
    case template = 6
    /// `SELFSIZE_E_RESOURCES`.
    case resources = 7
    /// `SELFSIZE_E_INTERNAL`.
    case `internal` = 99

    /// The status's name, as `selfsize_status_name` returns it.
    var name: StaticString {
      switch self {
      case .invalidArgument: "invalidArgument"
      case .invalidHandle: "invalidHandle"
      case .invalidUTF8: "invalidUTF8"
      case .invalidJSON: "invalidJSON"
      case .font: "fontError"
      case .template: "invalidTemplate"
      case .resources: "resourcesNotFound"
      case .internal: "internal"
      }
    }
  }

  /// The status.
  var code: Code
  /// What went wrong, in words.
  var message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }
}
