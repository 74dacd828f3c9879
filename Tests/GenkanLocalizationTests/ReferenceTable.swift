import Foundation
import Testing

/// The reference table of Firebase Authentication errors (a copy of the project's
/// `reference/firebase-auth-errors.tsv` in Fixtures), read independently of the generator.
struct ReferenceRow: Sendable, CustomStringConvertible {
    let line: Int
    let iosCase: String
    let iosCode: Int?
    let iosNameKey: String
    let androidCode: String
    let webCode: String
    /// Server strings with the only platform that maps them (nil: both) and a web alias.
    let serverStrings: [(value: String, platform: String?, webAlias: String?)]
    let status: String
    let notes: String

    var description: String { "line \(line): \(webCode.isEmpty ? iosCase : webCode)" }

    static let all: [ReferenceRow] = {
        guard let url = Bundle.module.url(forResource: "firebase-auth-errors", withExtension: "tsv", subdirectory: "Fixtures"),
              let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        var rows: [ReferenceRow] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated().dropFirst() {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 9 else { continue }
            let server = cells[5].split(separator: ",").map { item -> (String, String?, String?) in
                let item = item.trimmingCharacters(in: .whitespaces)
                guard let open = item.firstIndex(of: "[") else { return (item, nil, nil) }
                let annotation = item[item.index(after: open)..<item.index(before: item.endIndex)]
                let parts = annotation.components(separatedBy: "->")
                return (String(item[..<open]), parts[0], parts.count > 1 ? parts[1] : nil)
            }
            rows.append(ReferenceRow(
                line: offset + 1, iosCase: cells[0], iosCode: Int(cells[1]), iosNameKey: cells[2], androidCode: cells[3],
                webCode: cells[4], serverStrings: server, status: cells[6], notes: cells[8]))
        }
        return rows
    }()
}
