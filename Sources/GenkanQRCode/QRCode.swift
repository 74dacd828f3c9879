/// A QR code (ISO/IEC 18004) as a square of modules, and its drawing as SVG.
///
/// Made by libqrencode (`QRCode+QRencode.swift`); this file only reads the modules. The SVG is
/// drawn from numbers alone, with presentation attributes rather than `style`, so a page under
/// `style-src 'self'` (no inline styles) can carry it inline.
///
/// ```swift
/// let code = try QRCode(encoding: "otpauth://totp/Genkan:taro%40example.com?secret=…")
/// page.raw(code.svg(label: "QR code"))
/// ```
package struct QRCode: Sendable, Equatable {
    /// Modules on a side, without the quiet zone (21 for version 1, 4 more each version).
    package let width: Int
    /// `width` × `width` values, row by row from the top left: true for a dark module.
    package let modules: [Bool]

    package init(width: Int, modules: [Bool]) {
        precondition(width > 0 && modules.count == width * width, "a QR code is a square of modules")
        self.width = width
        self.modules = modules
    }

    /// Whether the module in `row`, `column` (from the top left, quiet zone excluded) is dark.
    package subscript(row: Int, column: Int) -> Bool {
        modules[row * width + column]
    }

    /// The light border every reader needs around the symbol: four modules (ISO/IEC 18004 §6.3.8).
    package static let quietZone = 4

    /// SVG markup of the code: one path for the dark modules, one horizontal run at a time, over a
    /// light square that includes the quiet zone.
    ///
    /// - Parameters:
    ///   - moduleSize: CSS pixels per module for the `width` and `height` attributes (the drawing
    ///     scales with its `viewBox` when a style sets another size).
    ///   - attributes: further attributes for the `<svg>` element, as written (the caller escapes
    ///     their values); a page gives `role="img"` and an `aria-label` here.
    package func svg(moduleSize: Int = 4, attributes: String = "") -> String {
        let side = self.side
        let extra = attributes.isEmpty ? "" : " " + attributes
        // crispEdges: no anti-aliased seams between neighbouring runs, which some cameras read as
        // grey modules; fixed colours, since a reader needs dark on light whatever the page's theme.
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(side * moduleSize)" \
            height="\(side * moduleSize)" shape-rendering="crispEdges"\(extra)>\
            <path fill="#ffffff" d="M0 0h\(side)v\(side)h-\(side)z"/><path fill="#000000" d="\(darkModules)"/></svg>
            """
    }

    /// Modules on a side with the quiet zone: the drawing's `viewBox` is `0 0 side side`.
    package var side: Int { width + 2 * Self.quietZone }

    /// The dark modules as one SVG path in `viewBox` units, a horizontal run at a time (for a
    /// writer that draws the `<svg>` element itself, escaping as it goes).
    package var darkModules: String {
        var path = ""
        path.reserveCapacity(width * width)
        for row in 0..<width {
            var column = 0
            while column < width {
                guard self[row, column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < width && self[row, column] { column += 1 }
                path += "M\(start + Self.quietZone) \(row + Self.quietZone)h\(column - start)v1h-\(column - start)z"
            }
        }
        return path
    }
}
