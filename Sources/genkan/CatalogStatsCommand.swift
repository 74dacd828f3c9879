import Foundation
import GenkanCatalogTools

/// `genkan catalog stats [FILE] [--html report.html]`
struct CatalogStatsCommand: Command {
    static let path = ["catalog", "stats"]
    static let summary = "Show translation coverage per locale, as a table or an HTML report."
    static let help = """
        Usage: genkan catalog stats [FILE] [--html report.html]

        Prints, per locale, how many keys are translated, need review or miss a string. FILE
        defaults to Genkan's own Resources/Localizable.xcstrings.

          --html FILE   also write a self-contained HTML page with a bar chart of the same

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let html = try arguments.option("--html")
        let positionals = try arguments.positionals()
        guard positionals.count <= 1 else { throw UsageError("expected at most one FILE, got \(positionals.count)") }
        let file = try CatalogFile.open(positionals.first)
        let stats = CatalogStats(file.catalog)
        Terminal.write(stats.table)
        if let html {
            let url = URL(fileURLWithPath: html)
            try Data(stats.html(title: "Translation coverage: \(file.url.lastPathComponent)").utf8).write(to: url, options: .atomic)
            Terminal.writeLine("wrote \(url.path)")
        }
        return ExitStatus.success
    }
}
