import GenkanThreads
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A fixed set of threads for blocking work (password hashing, database access), each with its
/// own `Resource` (a database connection), and bounded queues. At most `hashingConcurrency` of
/// them hash at once (one per core): a pool with more threads than cores (a database over the
/// network, whose round trips leave a thread waiting) keeps its other threads for the
/// interactive jobs, so a page is not held up behind hashes.
///
/// Interactive jobs (a session lookup) are taken before hashing jobs, so a flood of sign-ins
/// delays pages by at most one hash. Hashing jobs wait in a `FairQueue`: one queue per key (the
/// client's address), taken in turn, so a client waits for one job of each other client, not for
/// everything a flood queued. The threads run at a lower scheduling priority than the event loops
/// (nice +10): when every core hashes, the loops still get the CPU.
///
/// That cuts both ways: when a flood keeps the loops busy (thousands of refusals a second), nice
/// +10 threads get a tenth of a core and one hash takes ten times as long, whatever its place in
/// the queue. `priorityThreads` more threads, at the loops' priority, take only the priority
/// lane and the interactive one, so a known browser's sign-in and a session look-up keep their
/// speed through such a flood; a device's priority is rate-limited, so they cannot be kept busy
/// at will.
public final class WorkerPool<Resource>: Sendable {
    public enum Lane: Sendable, Hashable {
        /// Short jobs someone is waiting on (database reads and writes), first come first served.
        case interactive
        /// Long CPU-bound jobs (Argon2id), queued fairly by `key` (the client's address).
        case hashing(for: String)
        /// Hashing jobs served before every `hashing` job, queued fairly by `key` among themselves:
        /// sign-ins from a browser the account signed in from before (`KnownDevices`), so that the
        /// owner signs in quickly while a flood fills the ordinary queue.
        case priorityHashing(for: String)
    }

    public typealias Job = @Sendable (Resource) -> Void
    /// Tells a job that will not run why not: the seconds a client should wait before trying again.
    public typealias Refusal = @Sendable (_ retryAfter: Int) -> Void

    @usableFromInline
    struct State {
        @usableFromInline var interactive = RingQueue<Job>()
        @usableFromInline var hashing = FairQueue<Resource>()
        @usableFromInline var priorityHashing = FairQueue<Resource>()
        /// How long a hashing job takes, on average (an exponential moving average, seconds).
        @usableFromInline var hashingSeconds = 0.05
        /// Threads running a hashing job now.
        @usableFromInline var hashingNow = 0
        /// Wake-ups a thread used without taking the hashing job it was for (every hashing slot
        /// was busy): each finished hash passes one on.
        @usableFromInline var parkedWakeUps = 0
        /// Priority threads waiting for work and not yet woken: a job for them claims one (and
        /// posts `prioritySignal` once) instead of waking every kind of thread.
        @usableFromInline var idlePriorityThreads = 0
        @usableFromInline var stopping = false
    }

    @usableFromInline let state = Mutex(State())
    @usableFromInline let signal = Semaphore()
    /// Wakes a priority thread, posted once for each idle one a job claimed.
    @usableFromInline let prioritySignal = Semaphore()
    @usableFromInline let threads: Mutex<[PosixThread]> = Mutex([])
    public let threadCount: Int
    /// Threads at normal priority that take priority hashing and interactive jobs only.
    public let priorityThreadCount: Int
    /// How many threads may run hashing jobs at once.
    public let hashingConcurrency: Int
    public let interactiveCapacity: Int
    /// Hashing jobs waiting, in all.
    public let hashingCapacity: Int
    /// Hashing jobs waiting for one key.
    public let hashingPerKey: Int
    /// How long a hashing job may wait for a thread before it is refused (503).
    public let maximumWait: Duration
    /// Runs on the job's thread after every job, with its resource (the site wakes the outbox's
    /// sender when a job queued mail).
    @usableFromInline let afterEachJob: (@Sendable (Resource) -> Void)?

    /// Starts `threads` threads, each creating its resource with `makeResource` first; throws the
    /// first failure (and stops the threads) if any cannot.
    ///
    /// - Parameters:
    ///   - hashingCapacity: hashing jobs waiting in all (default 64 per thread: about what the
    ///     threads work off in `maximumWait`).
    ///   - hashingPerKey: hashing jobs waiting for one client.
    ///   - maximumWait: how long a hashing job that can be refused waits its turn at most.
    ///   - hashingThreads: how many of `threads` may hash at once (default: every one).
    ///   - priorityThreads: threads besides `threads`, not niced, for the priority and interactive
    ///     lanes only.
    @inlinable
    public init(
        threads: Int, hashingThreads: Int? = nil, priorityThreads: Int = 0, interactiveCapacity: Int = 4096, hashingCapacity: Int? = nil,
        hashingPerKey: Int = 8,
        maximumWait: Duration = .seconds(3), niceness: Int32 = 10,
        afterEachJob: (@Sendable (Resource) -> Void)? = nil,
        makeResource: @escaping @Sendable () throws -> Resource
    ) throws {
        self.afterEachJob = afterEachJob
        threadCount = max(1, threads)
        priorityThreadCount = max(0, priorityThreads)
        hashingConcurrency = min(threadCount, max(1, hashingThreads ?? threadCount))
        self.interactiveCapacity = interactiveCapacity
        self.hashingCapacity = max(1, hashingCapacity ?? hashingConcurrency * 64)
        self.hashingPerKey = max(1, hashingPerKey)
        self.maximumWait = maximumWait
        let ready = Semaphore()
        let failure = Mutex<(any Error)?>(nil)
        var started: [PosixThread] = []
        for index in 0..<(threadCount + priorityThreadCount) {
            let priorityOnly = index >= threadCount
            started.append(PosixThread { [self] in
                // Linux: PRIO_PROCESS with 0 is the calling thread.
                if !priorityOnly { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness) }
                let resource: Resource
                do {
                    resource = try makeResource()
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                    ready.post()
                    return
                }
                ready.post()
                run(with: resource, priorityOnly: priorityOnly)
            })
        }
        self.threads.withLock { $0 = started }
        for _ in started { ready.wait() }
        if let error = failure.withLock({ $0 }) {
            stop()
            throw error
        }
    }

    /// Queues `job`; false when it cannot wait (its lane or its client's queue is full, or the
    /// pool is stopping: the caller answers 503).
    ///
    /// A hashing job given `refused` may be refused after it was queued instead of run: when it
    /// waited `maximumWait`, or when the queue is full and a client with more jobs waiting must
    /// make room for a client with fewer. A job without `refused` is always run.
    @inlinable
    public func submit(_ lane: Lane, _ job: @escaping Job, refused: Refusal? = nil) -> Bool {
        enqueue(lane, job, refused: refused) == nil
    }

    /// Hashing jobs waiting now, for every client.
    @inlinable
    public var waitingHashingJobs: Int { state.withLock { $0.hashing.count + $0.priorityHashing.count } }

    /// A reply that runs `work` on this pool, then `next` on the request's loop with its result
    /// (which may answer at once or defer again). When the client has gone before the job starts,
    /// the work is skipped.
    ///
    /// With `refused`, a job that cannot wait its turn, now or later, ends in `refused(retryAfter)`
    /// instead of the engine's bare 503 — a reply that passes back through the middleware, so a
    /// limit that counted the request can give its attempt back.
    @inlinable
    public func reply<T: Sendable>(
        _ lane: Lane, _ work: @escaping @Sendable (Resource) -> T, then next: @escaping @Sendable (T) -> Reply,
        refused: (@Sendable (_ retryAfter: Int) -> Reply)? = nil
    ) -> Reply {
        .deferred(
            DeferredResponse { complete, clientGone in
                let job: Job = { resource in
                    if clientGone() {
                        complete { .response(HTTPResponse(status: 499, closesConnection: true)) }  // never sent
                        return
                    }
                    let value = work(resource)
                    complete { next(value) }
                }
                guard let refused else { return self.submit(lane, job) }
                if let retryAfter = self.enqueue(lane, job, refused: { seconds in complete { refused(seconds) } }) {
                    complete { refused(retryAfter) }
                }
                return true
            })
    }

    /// Runs the jobs already queued, then ends the threads and waits for them.
    @inlinable
    public func stop() {
        state.withLock { $0.stopping = true }
        let all = threads.withLock { threads -> [PosixThread] in defer { threads = [] }; return threads }
        for _ in all {
            signal.post()
            prioritySignal.post()
        }
        for thread in all { thread.join() }
    }

    // MARK: Queues

    /// Queues `job`; nil when it was queued, else the seconds its client should wait. A job that
    /// made room is refused (outside the lock).
    @inlinable
    func enqueue(_ lane: Lane, _ job: @escaping Job, refused: Refusal?) -> Int? {
        // Decided under the lock, acted on outside it: the refusal of a job that made room, and
        // the thread to wake.
        let (refusal, displaced, wake) = state.withLock { state -> (Int?, (refusal: Refusal, retryAfter: Int)?, Wake) in
            guard !state.stopping else { return (1, nil, .nobody) }
            var displaced: (refusal: Refusal, retryAfter: Int)?
            switch lane {
            case .interactive:
                guard state.interactive.count < interactiveCapacity else { return (1, nil, .nobody) }
                state.interactive.append(job)
            case .hashing(let key):
                let waiting = FairQueue<Resource>.Waiting(job: job, refused: refused, deadline: refused == nil ? nil : ContinuousClock.now + maximumWait)
                if let refusal = Self.enqueue(waiting, for: key, in: &state.hashing, capacity: hashingCapacity, perKey: hashingPerKey, displaced: &displaced, retryAfter: retryAfter(state)) {
                    return (refusal, nil, .nobody)
                }
            case .priorityHashing(let key):
                let waiting = FairQueue<Resource>.Waiting(job: job, refused: refused, deadline: refused == nil ? nil : ContinuousClock.now + maximumWait)
                if let refusal = Self.enqueue(waiting, for: key, in: &state.priorityHashing, capacity: hashingCapacity, perKey: hashingPerKey, displaced: &displaced, retryAfter: retryAfter(state)) {
                    return (refusal, nil, .nobody)
                }
            }
            return (nil, displaced, whomToWake(for: lane, in: &state))
        }
        if let displaced { displaced.refusal(displaced.retryAfter) }
        switch wake {
        case .priorityThread: prioritySignal.post()
        case .nicedThread: signal.post()
        case .nobody: break
        }
        return refusal
    }

    /// Which thread a queued job wakes.
    @usableFromInline
    enum Wake {
        case priorityThread
        case nicedThread
        case nobody
    }

    /// One wake-up a job, decided under the lock: an idle priority thread (claimed here, so that
    /// two jobs never wake the same one) for the lanes it serves; else a niced thread, except for
    /// the priority lane, which only the priority threads take when there are any (a busy one looks
    /// at the queues before it waits again, so the job does not wait for a wake-up). Waking both
    /// kinds for every job (as this pool once did) cost a futex wake, a context switch and a turn
    /// of the lock each, for a thread that found nothing: 10 % of an `accounts:lookup`.
    @inlinable
    func whomToWake(for lane: Lane, in state: inout State) -> Wake {
        switch lane {
        case .interactive, .priorityHashing:
            if state.idlePriorityThreads > 0 {
                state.idlePriorityThreads -= 1
                return .priorityThread
            }
            if case .priorityHashing = lane, priorityThreadCount > 0 { return .nobody }
            return .nicedThread
        case .hashing:
            return .nicedThread
        }
    }

    /// Adds `waiting` to `queue` unless its key has `perKey` jobs waiting or the queue is full and
    /// no key has two more than it (then the seconds to wait); a job that made room goes in
    /// `displaced`.
    @inlinable
    static func enqueue(
        _ waiting: FairQueue<Resource>.Waiting, for key: String, in queue: inout FairQueue<Resource>, capacity: Int, perKey: Int,
        displaced: inout (refusal: Refusal, retryAfter: Int)?, retryAfter: Int
    ) -> Int? {
        guard queue.count(for: key) < perKey else { return retryAfter }
        if queue.count >= capacity {
            guard let removed = queue.makeRoom(for: key) else { return retryAfter }
            displaced = (removed, retryAfter)
        }
        queue.append(waiting, for: key)
        return nil
    }

    /// How long the hashing jobs waiting now will take, in whole seconds, at least 1.
    @inlinable
    func retryAfter(_ state: State) -> Int {
        let seconds = Double(state.hashing.count + state.priorityHashing.count) * state.hashingSeconds / Double(hashingConcurrency)
        return min(60, max(1, Int(seconds.rounded(.up))))
    }

    @usableFromInline
    enum Taken {
        case interactive(Job)
        case hashing(Job)
        case nothing
        case stop
    }

    /// Takes jobs until the pool stops: a priority thread (`priorityOnly`) the priority hashing
    /// jobs first, then the interactive ones; the others interactive, then hashing, and the
    /// priority lane only in a pool without priority threads. A niced thread that took a known
    /// browser's hash would run it at nice +10 behind every busy thread: measured under a flood of
    /// refusals, that was the known browser's 300–500 ms sign-ins, one in three runs.
    @inlinable
    func run(with resource: Resource, priorityOnly: Bool) {
        // A priority thread looks for work first and waits only when it found none (and said so
        // under the lock, where a job claims it); the others wait for a post first. Every thread
        // looks at the queues again after a job, before it waits: a post is made for one job, but
        // the thread it wakes takes whatever comes first (an interactive job before a hashing
        // one), so the job it was posted for may be left for the next thread that looks. Waiting
        // at once after a job left such a hashing job queued with no post to come: requests that
        // never got an answer, seen in the limit tests under load.
        var mayTake = priorityOnly
        while true {
            if !mayTake { (priorityOnly ? prioritySignal : signal).wait() }
            var expired: [Refusal] = []
            var wait = 1
            let now = ContinuousClock.now
            let taken = state.withLock { state -> Taken in
                if priorityOnly {
                    expired = state.priorityHashing.removeExpired(now: now)
                    if !expired.isEmpty { wait = retryAfter(state) }
                    // Counted with the others' hashing (so they hash on one core fewer meanwhile),
                    // but never parked: this thread exists so that these jobs need not wait.
                    if let next = state.priorityHashing.next() {
                        state.hashingNow += 1
                        return .hashing(next.job)
                    }
                }
                if let job = state.interactive.popFirst() { return .interactive(job) }
                if priorityOnly {
                    if state.stopping { return .stop }
                    state.idlePriorityThreads += 1
                    return .nothing
                }
                expired = state.priorityHashing.removeExpired(now: now) + state.hashing.removeExpired(now: now)
                if !expired.isEmpty { wait = retryAfter(state) }
                let priorityLane = priorityThreadCount == 0
                if (priorityLane ? state.priorityHashing.count : 0) + state.hashing.count > 0 {
                    guard state.hashingNow < hashingConcurrency else {
                        state.parkedWakeUps += 1
                        return .nothing
                    }
                    if let next = (priorityLane ? state.priorityHashing.next() : nil) ?? state.hashing.next() {
                        state.hashingNow += 1
                        return .hashing(next.job)
                    }
                }
                return state.stopping ? .stop : .nothing
            }
            for refusal in expired { refusal(wait) }
            switch taken {
            case .interactive(let job):
                job(resource)
                afterEachJob?(resource)
                mayTake = true
            case .hashing(let job):
                let started = ContinuousClock.now
                job(resource)
                afterEachJob?(resource)
                let elapsed = started.duration(to: .now)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let wakeParked = state.withLock { state -> Bool in
                    state.hashingSeconds = state.hashingSeconds * 0.9 + seconds * 0.1
                    state.hashingNow -= 1
                    guard state.parkedWakeUps > 0 else { return false }
                    state.parkedWakeUps -= 1
                    return true
                }
                if wakeParked { signal.post() }
                mayTake = true
            case .nothing:
                mayTake = false
            case .stop:
                return
            }
        }
    }
}
