#if canImport(Glibc)
import Glibc
#endif

/// The one place that reads the status a pthread function returns.
///
/// pthread functions return an error number instead of setting `errno`. A failure here is a
/// programming error (a mutex unlocked by a thread that does not hold it, caught by the
/// error-checking mutexes of debug builds) or a resource the process cannot run without, so it
/// stops the process with the function's name rather than continuing with a broken lock.
package enum Pthread {
    package static func check(_ status: Int32, _ function: StaticString, file: StaticString = #fileID, line: UInt = #line) {
        precondition(status == 0, "\(function) failed: \(String(cString: strerror(status))) (\(status))", file: file, line: line)
    }
}
