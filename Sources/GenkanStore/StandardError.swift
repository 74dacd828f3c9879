#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Lines for the operator on standard error (file descriptor 2, written whole with one `write`).
enum StandardError {
    static func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
