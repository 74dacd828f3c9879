/// One `genkan` command or subcommand.
protocol Command: Sendable {
    /// The words that select it, such as `["validate", "email"]`.
    static var path: [String] { get }
    /// One sentence for the command list.
    static var summary: String { get }
    /// The full `--help` text: usage line, then one line per option.
    static var help: String { get }
    /// Runs the command and returns its exit status (0 success, 1 a failed check; usage errors
    /// are thrown and exit with 2).
    static func run(_ arguments: inout Arguments) throws -> Int32
}

enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
}
