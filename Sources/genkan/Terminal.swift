import Foundation

/// Standard output and error for commands, with line-buffered writes that never interleave.
enum Terminal {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeLine(_ text: String) { write(text + "\n") }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Whether standard output is a terminal (for color).
    static var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal (for progress bars, which only a person watches).
    static var isErrorInteractive: Bool { isatty(STDERR_FILENO) == 1 }
}
