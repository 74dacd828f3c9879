import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A fixed set of threads for blocking work (password hashing, database access), each with its
/// own `Resource` (a database connection), and bounded queues.
///
/// Interactive jobs (a session lookup) are taken before hashing jobs, so a flood of sign-ins
/// delays pages by at most one hash. The threads run at a lower scheduling priority than the
/// event loops (nice +10): when every core hashes, the loops still get the CPU.
public final class WorkerPool<Resource>: Sendable {
    public enum Lane: Sendable {
        /// Short jobs someone is waiting on (database reads and writes).
        case interactive
        /// Long CPU-bound jobs (Argon2id).
        case hashing
    }

    public typealias Job = @Sendable (Resource) -> Void

    private struct State {
        var interactive: [Job] = []
        var hashing: [Job] = []
        var interactiveHead = 0
        var hashingHead = 0
        var stopping = false
    }

    private let state = Mutex(State())
    private let signal = Semaphore()
    private let threads: Mutex<[PosixThread]> = Mutex([])
    public let threadCount: Int
    public let interactiveCapacity: Int
    public let hashingCapacity: Int

    /// Starts `threads` threads, each creating its resource with `makeResource` first; throws the
    /// first failure (and stops the threads) if any cannot.
    public init(
        threads: Int, interactiveCapacity: Int = 4096, hashingCapacity: Int? = nil, niceness: Int32 = 10,
        makeResource: @escaping @Sendable () throws -> Resource
    ) throws {
        threadCount = max(1, threads)
        self.interactiveCapacity = interactiveCapacity
        self.hashingCapacity = hashingCapacity ?? max(1, threads) * 4
        let ready = Semaphore()
        let failure = Mutex<(any Error)?>(nil)
        var started: [PosixThread] = []
        for _ in 0..<threadCount {
            started.append(PosixThread { [self] in
                // Linux: PRIO_PROCESS with 0 is the calling thread.
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
                let resource: Resource
                do {
                    resource = try makeResource()
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                    ready.post()
                    return
                }
                ready.post()
                run(with: resource)
            })
        }
        self.threads.withLock { $0 = started }
        for _ in 0..<threadCount { ready.wait() }
        if let error = failure.withLock({ $0 }) {
            stop()
            throw error
        }
    }

    /// Queues `job`; false when its lane is full or the pool is stopping (the caller answers 503).
    public func submit(_ lane: Lane, _ job: @escaping Job) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            switch lane {
            case .interactive:
                guard state.interactive.count - state.interactiveHead < interactiveCapacity else { return false }
                state.interactive.append(job)
            case .hashing:
                guard state.hashing.count - state.hashingHead < hashingCapacity else { return false }
                state.hashing.append(job)
            }
            return true
        }
        if accepted { signal.post() }
        return accepted
    }

    /// A reply that runs `work` on this pool, then `next` on the request's loop with its result
    /// (which may answer at once or defer again). When the client has gone before the job starts,
    /// the work is skipped.
    public func reply<T: Sendable>(
        _ lane: Lane, _ work: @escaping @Sendable (Resource) -> T, then next: @escaping @Sendable (T) -> Reply
    ) -> Reply {
        .deferred(
            DeferredResponse { complete, clientGone in
                self.submit(lane) { resource in
                    if clientGone() {
                        complete { .response(HTTPResponse(status: 499, closesConnection: true)) }  // never sent
                        return
                    }
                    let value = work(resource)
                    complete { next(value) }
                }
            })
    }

    /// Runs the jobs already queued, then ends the threads and waits for them.
    public func stop() {
        state.withLock { $0.stopping = true }
        let all = threads.withLock { threads -> [PosixThread] in defer { threads = [] }; return threads }
        for _ in all { signal.post() }
        for thread in all { thread.join() }
    }

    private func run(with resource: Resource) {
        while true {
            signal.wait()
            let job = state.withLock { state -> Job?? in
                if state.interactiveHead < state.interactive.count {
                    defer { state.interactiveHead += 1; Self.compact(&state.interactive, &state.interactiveHead) }
                    return state.interactive[state.interactiveHead]
                }
                if state.hashingHead < state.hashing.count {
                    defer { state.hashingHead += 1; Self.compact(&state.hashing, &state.hashingHead) }
                    return state.hashing[state.hashingHead]
                }
                return state.stopping ? .some(nil) : nil
            }
            switch job {
            case .some(.some(let job)): job(resource)
            case .some(.none): return
            case .none: continue
            }
        }
    }

    /// Drops consumed jobs once they are most of the array (amortized O(1) dequeue).
    private static func compact(_ jobs: inout [Job], _ head: inout Int) {
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64 && head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
    }
}
