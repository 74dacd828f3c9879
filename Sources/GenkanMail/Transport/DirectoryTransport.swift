import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Delivers each message as an `.eml` file in a directory: the embedded default, so a site runs
/// with no mail server and a developer opens the mail in any mail client.
///
/// Names sort by the time of delivery and are unique across threads and processes:
/// `20261201T111356.123456Z-000001-k3vq9x2m.eml` (UTC to the microsecond, a counter of this
/// process, random characters). A file is written under a hidden temporary name, flushed to
/// disk, then renamed, so a reader never sees half a message and a crash leaves none. Files are
/// readable by their owner only (mode 0600, directory 0700): they carry one-time codes.
public struct DirectoryTransport: MailTransport {
    public let directory: String

    /// Delivers into `directory`, which is created (with its parents) when a message is first
    /// written to it and is missing.
    public init(directory: String) {
        self.directory = directory
    }

    public func send(_ bytes: [UInt8], envelope: MailEnvelope) throws(MailError) -> MailDelivery {
        _ = try envelope.validated()
        let name = Self.fileName()
        let path = directory + "/" + name
        let temporary = directory + "/." + name + ".tmp"
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw MailError(.directoryWrite, "cannot create \(directory): \(error.localizedDescription)")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("cannot create \(temporary)") }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                let error = Self.failure("cannot write \(temporary)")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += result
        }
        guard fsync(descriptor) == 0 else {
            let error = Self.failure("cannot flush \(temporary)")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = Self.failure("cannot rename \(temporary) to \(name)")
            unlink(temporary)
            throw error
        }
        // The rename itself survives a crash once the directory is flushed.
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
        return MailDelivery(location: path)
    }

    private static let counter = Atomic<UInt64>(0)

    /// A name that sorts by time and that no other writer picks.
    static func fileName() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let stamp = padded(1900 + Int(parts.tm_year), 4) + padded(Int(parts.tm_mon) + 1, 2) + padded(Int(parts.tm_mday), 2)
            + "T" + padded(Int(parts.tm_hour), 2) + padded(Int(parts.tm_min), 2) + padded(Int(parts.tm_sec), 2)
            + "." + padded(now.tv_nsec / 1000, 6) + "Z"
        let sequence = counter.add(1, ordering: .relaxed).newValue % 1_000_000
        return "\(stamp)-\(padded(Int(sequence), 6))-\(RandomToken.make(8)).eml"
    }

    private static func failure(_ what: String) -> MailError {
        MailError(.directoryWrite, "\(what): \(String(cString: strerror(errno)))")
    }
}
