/// Translation coverage of a catalog, per locale, counted in keys that should be translated.
public struct CatalogStats: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public let locale: String
        /// Every expected string has a reviewed translation.
        public var translated = 0
        /// Every expected string has text, and at least one waits for a reviewer: any state but
        /// `translated` (`new`, `needs_review`, `machine_translated`, `stale`, ...). In the source
        /// language `new` is how Xcode marks text it extracted, and counts as done.
        public var needsReview = 0
        /// At least one expected string has no text.
        public var missing = 0
        public var total: Int { translated + needsReview + missing }
        /// Translated share in percent, 0...100.
        public var percent: Double { total == 0 ? 100 : Double(translated) * 100 / Double(total) }
    }

    public let rows: [Row]

    /// Counts `locales` (every locale of the catalog when nil). A key whose source text is empty
    /// (the key `""`) asks for no translation and is not counted.
    public init(_ catalog: StringCatalog, locales: [String]? = nil) {
        var rows: [Row] = []
        for locale in locales ?? catalog.locales {
            let isSource = locale == catalog.sourceLanguage
            var row = Row(locale: locale)
            for entry in catalog.entries where entry.shouldTranslate {
                let existing = Dictionary(entry.units(locale).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
                var expected = catalog.expectedPaths(entry.key, locale: locale)
                if isSource, existing.isEmpty {
                    if entry.key.isEmpty { continue }
                    expected = []   // the key is the source text
                } else if !isSource, expected.isEmpty {
                    continue
                }
                let units = expected.map { existing[$0] }
                if units.contains(where: { $0 == nil || $0!.value.trimmingWhitespace.isEmpty }) {
                    row.missing += 1
                } else if units.contains(where: { !TranslationState.isReviewed($0!.state) && !(isSource && $0!.state == TranslationState.new) }) {
                    row.needsReview += 1
                } else {
                    row.translated += 1
                }
            }
            rows.append(row)
        }
        self.rows = rows
    }

    /// A plain-text table.
    public var table: String {
        let header = ["Locale", "Translated", "Needs review", "Missing", "Total", "Coverage"]
        let body = rows.map { row in
            [row.locale, String(row.translated), String(row.needsReview), String(row.missing), String(row.total),
             String(format1(row.percent)) + "%"]
        }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == 0 ? cell.padding(widths[column]) : cell.leftPadding(widths[column])
            }.joined(separator: "  ")
        }
        return ([line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")] + body.map(line))
            .joined(separator: "\n") + "\n"
    }

    func format1(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
