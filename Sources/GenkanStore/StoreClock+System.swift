#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

extension StoreClock {
    /// The system's wall clock.
    public static let system = StoreClock { Int64(time(nil)) }
}
