import Synchronization

/// The out-of-band codes the API sent, as the Auth emulator lists them
/// (`GET /emulator/v1/projects/{id}/oobCodes`): kept in memory, in emulator mode only, because the
/// store keeps only hashes of codes. The most recent `capacity` are kept.
final class OOBCodeLog: Sendable {
    struct Entry: Sendable, Hashable {
        let email: String
        let code: String
        let link: String
        /// `PASSWORD_RESET`, `VERIFY_EMAIL`, `VERIFY_AND_CHANGE_EMAIL`, `RECOVER_EMAIL`.
        let requestType: String
    }

    private let entries = Mutex<[Entry]>([])
    let capacity: Int

    init(capacity: Int = 1000) {
        self.capacity = capacity
    }

    func record(_ entry: Entry) {
        entries.withLock { entries in
            entries.append(entry)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }

    var all: [Entry] { entries.withLock { $0 } }
}
