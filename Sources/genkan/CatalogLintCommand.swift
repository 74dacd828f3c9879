import GenkanJSON
import Foundation
import GenkanCatalogTools

/// `genkan catalog lint [FILE] [--format text|json]`
struct CatalogLintCommand: Command {
    static let path = ["catalog", "lint"]
    static let summary = "Check a String Catalog's translations (exit 1 when an error is found)."
    static var help: String {
        """
        Usage: genkan catalog lint [FILE] [--format text|json]

        Checks every string of a String Catalog. FILE defaults to Genkan's own
        Resources/Localizable.xcstrings (the copy built into genkan when there is none in this
        directory or above it). Exit status 1 when any error is found.

          --format text|json   text (default): one line per finding; json: an array of findings
                               with check, severity, key, locale, path and message.

        Checks (an error fails the run, a warning does not):
        \(LintCheck.all.map(row).joined(separator: "\n"))

        What a string may use is what the code passes when it formats it. In a catalog Xcode
        extracts, the key is the code's interpolation (Text("Delete \\(name)?") is the key
        "Delete %@?"), so the key's specifiers are the arguments: the source value is one
        rendering of them and may leave one out ("Delete this file?"), and so may a translation
        (a warning while the source shows the argument, since the reader loses it). A key the
        developer names ("password.too-short") passes nothing itself; the code formats the
        source value, so the source value declares the arguments and a translation that leaves
        one out is an error. A key and source value with no arguments are not formatted at all:
        a '%' in any of their strings ("70%向上", "%70'e kadar", "100%。") is text, and only a
        '%@' or a numbered specifier, which nobody writes as text, gets a warning.

        Arguments are matched as Xcode and Foundation match them, by number and type: a
        substitution (%#@name@) is the argument its argNum and formatSpecifier give, whatever
        its name, so a translation may rename substitutions or write as plain specifiers what
        the source writes as a plural (%lld … %2$@). What stays an error: a type other than the
        one passed (a dropped %@ with a %d in its place), an argument nobody passes, a broken
        specifier (%$11d), and a look-alike percent sign where a specifier was meant (Arabic
        ٪@, U+066A). A plural form or a phrase is compared with every form or phrase of the
        source; the forms of a plural together must show every argument the source shows. A
        key Xcode marked stale (extractionState stale) is not checked for missing translations;
        its strings are still checked.

        """
    }

    /// One line of the check table: name, severity, and the summary wrapped under its column.
    static func row(_ check: LintCheck) -> String {
        let indent = 2 + 25 + 9, width = 96
        var lines: [String] = []
        var line = ""
        for word in check.summary.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        let head = "  \(check.name.padding(24)) \(check.severity.rawValue.padding(8)) "
        return head + lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let format = try arguments.choice("--format", of: ["text", "json"], default: "text")
        let positionals = try arguments.positionals()
        guard positionals.count <= 1 else { throw UsageError("expected at most one FILE, got \(positionals.count)") }
        let file = try CatalogFile.open(positionals.first)
        var linter = CatalogLinter()
        if file.isGenkanCatalog {
            let codes = CatalogFile.genkanCodes
            linter.expectedKeys = codes.isEmpty ? nil : codes
            linter.declaredKeys = CatalogFile.genkanDeclaredKeys
        }
        let findings = linter.lint(file.catalog)
        if format == "json" {
            Terminal.write(JSONWriter.xcode.text(.array(findings.map { json($0, file: file.displayPath) })) + "\n")
        } else {
            let color = Terminal.isInteractive
            for finding in findings {
                let severity = finding.severity == .error ? paint("error", "31", color) : paint("warning", "33", color)
                let locale = finding.locale.map { " [\($0)]" } ?? ""
                let path = finding.path.isPlain ? "" : " (\(finding.path))"
                Terminal.writeLine("\(file.displayPath): \(paint(finding.key, "1", color))\(locale)\(path): \(severity) \(finding.check.name): \(finding.message)")
            }
            let errors = findings.filter { $0.severity == .error }.count
            Terminal.writeLine("\(file.displayPath): \(errors) error\(errors == 1 ? "" : "s"), \(findings.count - errors) warning\(findings.count - errors == 1 ? "" : "s")")
        }
        return findings.contains { $0.severity == .error } ? ExitStatus.failure : ExitStatus.success
    }

    static func json(_ finding: LintFinding, file: String) -> JSONValue {
        .object([
            ("check", .string(finding.check.name)),
            ("severity", .string(finding.severity.rawValue)),
            ("key", .string(finding.key)),
            ("locale", finding.locale.map(JSONValue.string) ?? .null),
            ("path", .string(finding.path.description)),
            ("message", .string(finding.message)),
            ("file", .string(file)),
        ])
    }

    static func paint(_ text: String, _ code: String, _ enabled: Bool) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
