/// The coverage report as one self-contained HTML page with an inline SVG bar chart: no script,
/// no external style sheet, no font or image to fetch.
extension CatalogStats {
    public func html(title: String) -> String {
        let barHeight = 28, gap = 12, labelWidth = 90, chartWidth = 520, legendHeight = 30
        let height = rows.count * (barHeight + gap) + legendHeight + 10
        let colors = (translated: "#2e7d32", review: "#f9a825", missing: "#c62828")
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"chart-title\" width=\"\(labelWidth + chartWidth + 80)\" height=\"\(height)\" viewBox=\"0 0 \(labelWidth + chartWidth + 80) \(height)\">\n"
        svg += "<title id=\"chart-title\">Translation coverage per locale</title>\n"
        for (index, row) in rows.enumerated() {
            let y = index * (barHeight + gap)
            let total = max(row.total, 1)
            var x = Double(labelWidth)
            svg += "<text x=\"\(labelWidth - 8)\" y=\(quote(y + barHeight / 2 + 5)) text-anchor=\"end\" font-size=\"14\">\(escape(row.locale))</text>\n"
            for (count, color, label) in [(row.translated, colors.translated, "translated"), (row.needsReview, colors.review, "needs review"), (row.missing, colors.missing, "missing")] where count > 0 {
                let width = Double(chartWidth) * Double(count) / Double(total)
                svg += "<rect x=\"\(format1(x))\" y=\"\(y)\" width=\"\(format1(width))\" height=\"\(barHeight)\" fill=\"\(color)\"><title>\(escape(row.locale)): \(count) \(label)</title></rect>\n"
                x += width
            }
            svg += "<text x=\"\(labelWidth + chartWidth + 8)\" y=\(quote(y + barHeight / 2 + 5)) font-size=\"14\">\(format1(row.percent))%</text>\n"
        }
        let legendY = rows.count * (barHeight + gap) + 6
        var legendX = labelWidth
        for (color, label) in [(colors.translated, "Translated"), (colors.review, "Needs review"), (colors.missing, "Missing")] {
            svg += "<rect x=\"\(legendX)\" y=\"\(legendY)\" width=\"14\" height=\"14\" fill=\"\(color)\"/><text x=\"\(legendX + 20)\" y=\"\(legendY + 12)\" font-size=\"13\">\(label)</text>\n"
            legendX += 140
        }
        svg += "</svg>"
        var tableRows = ""
        for row in rows {
            tableRows += "<tr><th scope=\"row\">\(escape(row.locale))</th><td>\(row.translated)</td><td>\(row.needsReview)</td><td>\(row.missing)</td><td>\(row.total)</td><td>\(format1(row.percent))%</td></tr>\n"
        }
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font-family: system-ui, sans-serif; margin: 2rem; color: #1b1b1b; }
        table { border-collapse: collapse; margin-top: 1.5rem; }
        th, td { padding: .35rem .8rem; border-bottom: 1px solid #ddd; text-align: right; }
        th:first-child, thead th { text-align: left; }
        svg text { fill: #1b1b1b; font-family: system-ui, sans-serif; }
        </style>
        </head>
        <body>
        <h1>\(escape(title))</h1>
        <figure>
        \(svg)
        <figcaption>Keys per locale: translated and reviewed, waiting for review, or missing a string.</figcaption>
        </figure>
        <table>
        <thead><tr><th scope="col">Locale</th><th scope="col">Translated</th><th scope="col">Needs review</th><th scope="col">Missing</th><th scope="col">Total</th><th scope="col">Coverage</th></tr></thead>
        <tbody>
        \(tableRows)</tbody>
        </table>
        </body>
        </html>

        """
    }

    private func quote(_ value: Int) -> String { "\"\(value)\"" }

    private func escape(_ text: String) -> String {
        text.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;").replacingAll("\"", "&quot;")
    }
}
