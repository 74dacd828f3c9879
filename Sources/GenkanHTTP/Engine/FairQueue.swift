/// The hashing jobs of a `WorkerPool`: one first-in first-out queue per key (a client's address),
/// served in turn, one job per key per round (round-robin). A key with one job waits for at most
/// one job of each other key, however many a flood queued; a key is forgotten when its queue
/// empties, so memory is what is queued. Not thread-safe: the pool holds it under its lock.
@usableFromInline
struct FairQueue<Resource> {
    @usableFromInline
    struct Waiting {
        @usableFromInline let job: WorkerPool<Resource>.Job
        /// Tells the job it will not run; nil for a job that must run (it is never dropped).
        @usableFromInline let refused: WorkerPool<Resource>.Refusal?
        /// When it stops waiting (nil: never).
        @usableFromInline let deadline: ContinuousClock.Instant?

        @inlinable
        init(job: @escaping WorkerPool<Resource>.Job, refused: WorkerPool<Resource>.Refusal?, deadline: ContinuousClock.Instant?) {
            self.job = job
            self.refused = refused
            self.deadline = deadline
        }
    }

    @usableFromInline var queues: [String: [Waiting]] = [:]
    /// The keys with jobs, in the order they are served; `cursor` is the next.
    @usableFromInline var rotation: [String] = []
    @usableFromInline var cursor = 0
    @usableFromInline var count = 0

    @inlinable
    func count(for key: String) -> Int { queues[key]?.count ?? 0 }

    @inlinable
    mutating func append(_ waiting: Waiting, for key: String) {
        if queues[key] == nil {
            // A new key joins the round just before the cursor: it is served after every key
            // already waiting has had its turn.
            rotation.insert(key, at: cursor)
            cursor += 1
        }
        queues[key, default: []].append(waiting)
        count += 1
    }

    /// The next job: the oldest of the key whose turn it is.
    @inlinable
    mutating func next() -> Waiting? {
        guard !rotation.isEmpty else { return nil }
        if cursor >= rotation.count { cursor = 0 }
        let key = rotation[cursor]
        guard var queue = queues[key], !queue.isEmpty else { preconditionFailure("a key in the rotation has jobs") }
        let waiting = queue.removeFirst()
        count -= 1
        if queue.isEmpty {
            queues[key] = nil
            rotation.remove(at: cursor)  // the cursor now names the next key
        } else {
            queues[key] = queue
            cursor += 1
        }
        return waiting
    }

    /// Removes the jobs whose deadline has passed (each queue is in arrival order, so they are at
    /// its head) and returns how to tell them.
    @inlinable
    mutating func removeExpired(now: ContinuousClock.Instant) -> [WorkerPool<Resource>.Refusal] {
        var expired: [WorkerPool<Resource>.Refusal] = []
        var index = 0
        while index < rotation.count {
            let key = rotation[index]
            var queue = queues[key] ?? []
            var removed = 0
            while removed < queue.count, let deadline = queue[removed].deadline, deadline <= now, let refused = queue[removed].refused {
                expired.append(refused)
                removed += 1
            }
            if removed == 0 {
                index += 1
                continue
            }
            queue.removeFirst(removed)
            count -= removed
            if queue.isEmpty {
                queues[key] = nil
                rotation.remove(at: index)
                if index < cursor { cursor -= 1 }
            } else {
                queues[key] = queue
                index += 1
            }
        }
        return expired
    }

    /// When the queue is full: drops the newest job of the key with the most jobs waiting, if it
    /// has at least two more than `key` (the newcomer's), and returns how to tell it. Nil means
    /// `key` already has its share: the newcomer is the one refused.
    @inlinable
    mutating func makeRoom(for key: String) -> WorkerPool<Resource>.Refusal? {
        let own = count(for: key)
        guard let (longest, queue) = queues.max(by: { $0.value.count < $1.value.count }), queue.count >= own + 2,
            let refused = queue.last?.refused
        else { return nil }
        var shortened = queue
        shortened.removeLast()
        queues[longest] = shortened
        count -= 1
        return refused
    }
}
