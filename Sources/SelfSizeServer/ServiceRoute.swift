/// The routes of the service, as the OpenAPI document lists them.
public enum ServiceRoute: String, Sendable, Hashable, CaseIterable {
  case text = "/v1/text"
  case measure = "/v1/measure"
  case layout = "/v1/layout"
  case fonts = "/v1/fonts"
  case health = "/healthz"
  case metrics = "/metrics"

  /// The route's path.
  public var path: String { rawValue }

  /// The HTTP method the route answers.
  public var method: String {
    switch self {
    case .text, .measure, .layout: "POST"
    case .fonts, .health, .metrics: "GET"
    }
  }
}
