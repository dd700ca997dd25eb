import SelfSizingCore
import TextEngine

/// A template's card model as CSS, for the `web` platform: every template element becomes a
/// class (`ss-e0`, `ss-e1`, … in document order) whose rules say what the solver does — flexbox
/// columns for stacks, flexbox rows whose one lowest-hugging child grows and one
/// lowest-compression child shrinks (by `:has()`, so that hidden children hand the role on),
/// `aspect-ratio` for images, grids and wrapping flows, `-webkit-line-clamp` for line limits,
/// absolute positions for overlays — and every style a text class (`ss-t0`, …). Gaps between
/// neighbours are sibling rules, so a hidden element takes its gap with it. Nothing in the
/// sheet depends on an item or a width.
public struct WebCardStyleSheet: Sendable {
  /// The template.
  public let template: CellTemplate
  /// The fonts the page loads.
  public let fonts: WebCardFonts
  /// Each element's class number, by name.
  let elementClass: [String: Int]
  /// Each style's class number, by name.
  let styleClass: [String: Int]

  /// The style sheet of `template` with `fonts`.
  public init(template: CellTemplate, fonts: WebCardFonts) {
    self.template = template
    self.fonts = fonts
    var classes: [String: Int] = [:]
    func number(_ elements: [Element]) {
      for element in elements {
        classes[element.name] = classes.count
        number(element.children)
      }
    }
    number(template.stack)
    elementClass = classes
    styleClass = Dictionary(uniqueKeysWithValues: template.styles.keys.sorted().enumerated().map { ($1, $0) })
  }

  /// The `@font-face` rules and the template's rules.
  public var css: String {
    var css = fonts.faces
    css += """
      .ss-card { position: relative; box-sizing: border-box; display: flex; flex-direction: column; \
      align-items: stretch; padding: \(Self.box(template.insets));\(template.minHeight.map { " min-height: \(Self.px($0));" } ?? "")\
      \(template.maxHeight.map { " max-height: \(Self.px($0)); overflow: hidden;" } ?? "") }
      .ss-card div { box-sizing: border-box; position: relative; min-width: 0; flex: none; margin: 0; }
      .ss-card .ss-text { white-space: pre-wrap; overflow-wrap: break-word; word-break: normal; line-break: auto; \
      hyphens: manual; text-spacing-trim: space-all; text-autospace: no-autospace; }
      .ss-card .ss-more { position: absolute; }

      """
    for (name, index) in styleClass.sorted(by: { $0.value < $1.value }) {
      guard let style = template.styles[name] else { continue }
      css += ".ss-card .ss-t\(index) { \(textRules(style, paragraph: true)) }\n"
      css += ".ss-card .ss-u\(index) { \(textRules(style, paragraph: false)) }\n"
    }
    css += rules(forChildren: template.stack, parent: nil, context: .stack(.leading))
    return css
  }

  // MARK: Element rules

  enum Context {
    case stack(HorizontalAlignment)
    case row(RowSpec)
    case overlayChild
  }

  /// The class of an element (`ss-e3`).
  func className(_ element: Element) -> String { "ss-e\(elementClass[element.name] ?? 0)" }

  func selector(_ element: Element) -> String { ".ss-card .\(className(element))" }

  func rules(forChildren children: [Element], parent: Element?, context: Context) -> String {
    var css = ""
    let inFlow = children.filter { if case .overlay = $0.kind { false } else { true } }
    let isRow: Bool
    if case .row = context { isRow = true } else { isRow = false }
    let spacing: Double =
      switch context {
      case .row(let row): row.spacing
      case .stack:
        parent.map { if case .stack(let stack) = $0.kind { stack.spacing } else { 0 } } ?? template.spacing
      case .overlayChild: 0
      }
    let (before, after) = isRow ? ("margin-left", "margin-right") : ("margin-top", "margin-bottom")
    // Gaps: every earlier sibling may be the visible one before (those between it are hidden).
    for (later, next) in inFlow.enumerated() {
      if let spacingBefore = next.spacingBefore, spacingBefore != 0 {
        css += "\(selector(next)):nth-child(1 of .ss-i) { \(before): \(Self.px(spacingBefore)); }\n"
      }
      if let spacingAfter = next.spacingAfter {
        css += "\(selector(next)):nth-last-child(1 of .ss-i) { \(after): \(Self.px(spacingAfter)); }\n"
      }
      for previous in inFlow[..<later] {
        let gap = CellTreeSolver.gap(previous, next, default: spacing)
        css += "\(selector(previous)) + .\(className(next)) { \(before): \(Self.px(gap)); }\n"
      }
    }
    for child in children {
      if case .overlay = child.kind {
        css += rules(for: child, parent: parent, context: .overlayChild)
      } else {
        css += rules(for: child, parent: parent, context: context, siblings: inFlow)
      }
    }
    return css
  }

  func rules(for element: Element, parent: Element?, context: Context, siblings: [Element] = []) -> String {
    var declarations: [String] = []
    var css = ""
    let selector = selector(element)
    if element.padding != .zero { declarations.append("padding: \(Self.box(element.padding))") }
    if let background = element.background { declarations.append("background: \(Self.color(background))") }
    if let radius = element.cornerRadius { declarations.append("border-radius: \(Self.px(radius))") }
    if let textAlignment = element.textAlignment {
      declarations.append("text-align: \(Self.textAlign(textAlignment))")
    }
    switch context {
    case .stack(let alignment):
      let align = Self.alignSelf(element.horizontalAlignment ?? alignment)
      if let width = element.fixedWidth(inRow: false) {
        declarations += ["width: \(Self.px(width))", "align-self: \(align)"]
      } else if element.width == .hug {
        declarations += ["align-self: \(align)", "max-width: 100%"]
      }
    case .row(let row):
      if let alignment = element.alignment, alignment != row.alignment {
        declarations.append("align-self: \(Self.alignItems(alignment))")
      }
      if let width = element.fixedWidth(inRow: true) {
        declarations.append("width: \(Self.px(width))")
      } else {
        // The one flexible child with the lowest hugging grows, the one with the lowest
        // compression resistance shrinks; a visible sibling with a lower one takes the role.
        declarations.append("flex: 1 1 auto")
        let flexible = siblings.filter { $0.fixedWidth(inRow: true) == nil && $0.name != element.name }
        let rowSelector = parent.map(self.selector) ?? ".ss-card"
        for other in flexible where other.effectiveHugging < element.effectiveHugging {
          css += "\(rowSelector):has(> .\(className(other))) > .\(className(element)) { flex-grow: 0; }\n"
        }
        for other in flexible
        where other.effectiveCompressionResistance < element.effectiveCompressionResistance {
          css += "\(rowSelector):has(> .\(className(other))) > .\(className(element)) { flex-shrink: 0; }\n"
        }
      }
    case .overlayChild:
      break
    }
    switch element.kind {
    case .label(let label):
      let maxLines = label.maxLines ?? template.styles[label.style]?.text.maxLines ?? 0
      declarations += Self.clamp(maxLines)
    case .spans(let spans):
      let paragraph = spans.paragraphStyle ?? spans.spans.first?.style ?? ""
      let maxLines = spans.maxLines ?? template.styles[paragraph]?.text.maxLines ?? 0
      declarations += Self.clamp(maxLines)
    case .image(let image):
      if case .fixed(let width, let height) = image.sizing {
        declarations += ["width: \(Self.px(width))", "height: \(Self.px(height))"]
      }
    case .spacer(let spacer):
      if case .row = context {
        if let length = spacer.length { declarations.append("width: \(Self.px(length))") }
      } else {
        declarations.append("height: \(Self.px(spacer.length ?? 0))")
      }
    case .row(let row):
      declarations += [
        "display: flex", "flex-direction: row", "align-items: \(Self.alignItems(row.alignment))",
      ]
      css += rules(forChildren: row.children, parent: element, context: .row(row))
    case .stack(let stack):
      declarations += ["display: flex", "flex-direction: column", "align-items: stretch"]
      css += rules(forChildren: stack.children, parent: element, context: .stack(stack.alignment))
    case .grid(let grid):
      for columns in [2, 3] {
        css +=
          "\(selector).ss-g\(columns) { display: grid; grid-template-columns: repeat(\(columns), minmax(0, 1fr)); "
          + "gap: \(Self.px(grid.spacing)); }\n"
        css += "\(selector).ss-g\(columns) > .ss-cell { aspect-ratio: 1; }\n"
      }
      css += "\(selector).ss-g1 > .ss-cell { width: calc(100% * \(Self.number(grid.singleWidth))); }\n"
    case .flow(let flow):
      declarations += [
        "display: flex", "flex-wrap: wrap", "align-items: flex-start", "align-content: flex-start",
        "column-gap: \(Self.px(flow.spacing))", "row-gap: \(Self.px(flow.lineSpacing))",
      ]
      var chip = [
        "flex: none", "max-width: 100%", "white-space: pre", "overflow: hidden", "text-overflow: ellipsis",
        "padding: \(Self.box(flow.padding))",
      ]
      if let background = flow.background { chip.append("background: \(Self.color(background))") }
      css += "\(selector) > .ss-chip { \(chip.joined(separator: "; ")); }\n"
      css += "\(selector) > .ss-replaced { visibility: hidden; }\n"
      if flow.maxLines > 0 {
        // `maxLines` lines of chips: each a line of its text (`1lh`) and the chip's padding.
        let lines = Double(flow.maxLines)
        declarations += [
          "overflow: hidden",
          "max-height: calc(\(Self.number(lines)) * (1lh + \(Self.number(flow.padding.vertical))px) + "
            + "\(Self.number((lines - 1) * flow.lineSpacing + element.padding.vertical))px)",
        ]
      }
    case .overlay(let overlay):
      declarations += overlayPlacement(overlay)
      css += rules(forChildren: overlay.children, parent: element, context: .overlayChild)
    }
    var seen = Set<String>()
    declarations = declarations.filter { seen.insert($0).inserted }
    if !declarations.isEmpty { css = "\(selector) { \(declarations.joined(separator: "; ")); }\n" + css }
    return css
  }

  /// An overlay's box: absolutely placed at its pin inside its target, as wide as its child's
  /// width rule makes it.
  func overlayPlacement(_ overlay: OverlaySpec) -> [String] {
    let margin = Self.px(overlay.margin)
    var declarations = ["position: absolute"]
    let child = overlay.child
    let isHug = child.hugsContent
    if let width = child.fixedWidth(inRow: false) {
      declarations.append("width: \(Self.px(width))")
    } else if isHug {
      declarations += ["width: fit-content", "max-width: calc(100% - \(Self.px(2 * overlay.margin)))"]
    } else {
      declarations += ["left: \(margin)", "right: \(margin)"]
    }
    if child.fixedWidth(inRow: false) != nil || isHug {
      switch overlay.pin.horizontalFactor {
      case 0: declarations.append("left: \(margin)")
      case 1: declarations.append("right: \(margin)")
      default:
        declarations += ["left: \(margin)", "right: \(margin)", "margin-left: auto", "margin-right: auto"]
      }
    }
    switch overlay.pin.verticalFactor {
    case 0: declarations.append("top: \(margin)")
    case 1: declarations.append("bottom: \(margin)")
    default:
      declarations += [
        "top: \(margin)", "bottom: \(margin)", "margin-top: auto", "margin-bottom: auto",
        "height: fit-content",
      ]
    }
    return declarations
  }

  /// A style's text rules; spans (`paragraph` false) inherit the paragraph's line height.
  func textRules(_ style: TemplateStyle, paragraph: Bool) -> String {
    let text = style.text
    var declarations = [
      "font-family: \(fonts.familyList)", "font-size: \(Self.px(text.fontSize))",
      "font-weight: \(text.weight == .bold ? 700 : 400)",
    ]
    if paragraph {
      let lineHeight: String =
        switch text.lineHeight {
        case .natural: "normal"
        case .fixed(let points): Self.px(points)
        case .multiple(let factor), .fontSizeMultiple(let factor): Self.number(factor)
        }
      declarations.append("line-height: \(lineHeight)")
      if text.textWrap != .auto { declarations.append("text-wrap-style: \(text.textWrap.rawValue)") }
    }
    if text.letterSpacing != 0 { declarations.append("letter-spacing: \(Self.px(text.letterSpacing))") }
    // (A span says its own: it would inherit a paragraph's `normal`, where its style may not trim.)
    if !paragraph || text.textSpacingTrim != .spaceAll {
      declarations.append("text-spacing-trim: \(text.textSpacingTrim.rawValue)")
    }
    if let color = style.color { declarations.append("color: \(Self.color(color))") }
    if style.strikethrough { declarations.append("text-decoration: line-through") }
    return declarations.joined(separator: "; ") + ";"
  }

  // MARK: Values

  static func clamp(_ maxLines: Int) -> [String] {
    guard maxLines > 0 else { return [] }
    return [
      "display: -webkit-box", "-webkit-box-orient: vertical", "-webkit-line-clamp: \(maxLines)",
      "overflow: hidden",
    ]
  }

  static func alignSelf(_ alignment: HorizontalAlignment) -> String {
    switch alignment {
    case .leading: "flex-start"
    case .center: "center"
    case .trailing: "flex-end"
    }
  }

  static func alignItems(_ alignment: VerticalAlignment) -> String {
    switch alignment {
    case .top: "flex-start"
    case .center: "center"
    case .bottom: "flex-end"
    }
  }

  static func textAlign(_ alignment: HorizontalAlignment) -> String {
    switch alignment {
    case .leading: "start"
    case .center: "center"
    case .trailing: "end"
    }
  }

  /// `#RRGGBBAA` and `#RRGGBB` are CSS already; anything else (validated elsewhere) is dropped.
  static func color(_ hex: String) -> String {
    hex.allSatisfy { $0 == "#" || $0.isHexDigit } ? hex : "transparent"
  }

  static func number(_ value: Double) -> String { NumberFormat.string(value) }

  static func px(_ value: Double) -> String { value == 0 ? "0" : number(value) + "px" }

  static func box(_ insets: EdgeInsets) -> String {
    [insets.top, insets.right, insets.bottom, insets.left].map(px).joined(separator: " ")
  }
}
