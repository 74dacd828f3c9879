import Foundation

/// A progress line on standard error, redrawn in place, while standard error is a terminal;
/// nothing otherwise (a log or a pipe gets the summary alone).
final class ProgressBar {
    private let label: String
    private var total: Int?
    private let enabled: Bool
    private var lastDrawn = ContinuousClock.now - .seconds(1)
    private static let width = 30

    init(_ label: String, total: Int? = nil, enabled: Bool = Terminal.isErrorInteractive) {
        self.label = label
        self.total = total
        self.enabled = enabled
    }

    /// Shows `done` users, at most ten times a second (and always the last).
    func update(_ done: Int) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard now - lastDrawn >= .milliseconds(100) || done == total else { return }
        lastDrawn = now
        var line = "\r\u{1B}[K\(label) "
        if let total, total > 0 {
            let filled = min(Self.width, done * Self.width / total)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: Self.width - filled) + "] "
            line += "\(Count.grouped(done)) / \(Count.grouped(total)) users"
        } else {
            line += "\(Count.grouped(done)) users"
        }
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Clears the line, so what follows starts at its beginning.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Numbers as the summaries print them.
enum Count {
    /// `12345` as `12,345`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// `1 user`, `2 users`.
    static func users(_ value: Int) -> String { "\(grouped(value)) user\(value == 1 ? "" : "s")" }
}
