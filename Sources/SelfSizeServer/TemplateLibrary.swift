public import CellSizing
import Foundation
import SelfSizingCore

/// The named card templates a server offers to `/v1/measure` and `/v1/layout`: every
/// `NAME.template.json` (or `NAME.json`) file of a folder, by `NAME`.
public struct TemplateLibrary: Sendable {
  /// The templates by name.
  public var templates: [String: CellTemplate]

  /// A library of the given templates.
  public init(templates: [String: CellTemplate] = [:]) {
    self.templates = templates
  }

  /// Loads every `*.json` file of `directory` (not its subfolders).
  /// - Throws: ``TemplateLibraryError`` naming the folder or file and what is wrong with it.
  public init(directory: String) throws(TemplateLibraryError) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      throw TemplateLibraryError(path: directory, message: "cannot list the templates folder")
    }
    var templates: [String: CellTemplate] = [:]
    for file in names.sorted() where file.hasSuffix(".json") {
      let name = Self.templateName(ofFile: file)
      let path = (directory as NSString).appendingPathComponent(file)
      let bytes: [UInt8]
      do {
        bytes = try BoundedFile.bytes(atPath: path, limit: BoundedFile.templateLimit, kind: "template")
      } catch {
        throw TemplateLibraryError(path: path, message: "cannot read the template: \(error.message)")
      }
      do throws(CellSizingError) {
        templates[name] = try CellTemplate(json: Data(bytes))
      } catch {
        throw TemplateLibraryError(path: path, message: error.description)
      }
    }
    self.init(templates: templates)
  }

  /// `note-card` for `note-card.template.json` or `note-card.json`.
  public static func templateName(ofFile file: String) -> String {
    for suffix in [".template.json", ".json"] where file.hasSuffix(suffix) {
      return String(file.dropLast(suffix.count))
    }
    return file
  }

  /// The names, sorted.
  public var names: [String] { templates.keys.sorted() }
}
