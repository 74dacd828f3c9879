import Foundation
import GenkanHTTPTesting
import GenkanThreads
import Synchronization
import Testing
@testable import GenkanHTTP

/// The worker pool's hashing lane with fake slow jobs on one thread: fairness by client, a
/// client's share, the deadline and making room. Deterministic: a gate
/// job holds the thread while the queue is filled.
@Suite struct HashingQueueTests {
    /// What ran, and what was refused, in order.
    final class Journal: Sendable {
        let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// A job the test opens when it wants the thread back.
    final class Gate: Sendable {
        private let open = Atomic<Bool>(false)
        let started = Atomic<Bool>(false)
        func wait() {
            started.store(true, ordering: .releasing)
            while !open.load(ordering: .acquiring) { usleep(1000) }
        }
        func release() { open.store(true, ordering: .releasing) }
    }

    /// A pool of one thread, busy with a gate job until the test releases it.
    func heldPool(capacity: Int = 64, perKey: Int = 8, maximumWait: Duration = .seconds(30)) throws -> (WorkerPool<Int>, Gate) {
        let pool = try WorkerPool(threads: 1, hashingCapacity: capacity, hashingPerKey: perKey, maximumWait: maximumWait) { 0 }
        let gate = Gate()
        #expect(pool.submit(.hashing(for: "gate")) { _ in gate.wait() })
        while !gate.started.load(ordering: .acquiring) { usleep(1000) }
        return (pool, gate)
    }

    func submit(_ pool: WorkerPool<Int>, _ name: String, from client: String, journal: Journal) -> Bool {
        pool.submit(.hashing(for: client), { _ in
            usleep(2000)  // a "hash"
            journal.add(name)
        }, refused: { seconds in journal.add("refused \(name) after \(seconds)") })
    }

    func finish(_ pool: WorkerPool<Int>) {
        pool.stop()  // runs what is queued, then joins
    }

    @Test func aLegitimateJobWaitsForOneJobOfEachFloodingClientNotForTheWholeFlood() throws {
        let journal = Journal()
        let (pool, gate) = try heldPool()
        // Four flooding addresses, twelve jobs each: each gets its share (8) queued, 4 refused.
        var accepted = 0
        for address in 1...4 {
            for index in 0..<12 where submit(pool, "flood-\(address)-\(index)", from: "10.0.0.\(address)", journal: journal) {
                accepted += 1
            }
        }
        #expect(accepted == 32)
        #expect(submit(pool, "legit", from: "198.51.100.7", journal: journal))
        gate.release()
        finish(pool)
        let ran = journal.all.filter { !$0.hasPrefix("refused") }
        #expect(ran.count == 33)
        // Round-robin: one job of each flooding address, then the legitimate one.
        #expect(ran.firstIndex(of: "legit") == 4)
        #expect(ran.prefix(4).map { $0.split(separator: "-")[1] } == ["1", "2", "3", "4"])
    }

    @Test func aJobThatWaitedItsLongestIsRefusedWithRetryAfterAndNeverRuns() throws {
        let journal = Journal()
        let (pool, gate) = try heldPool(maximumWait: .milliseconds(50))
        #expect(submit(pool, "late", from: "192.0.2.1", journal: journal))
        usleep(100_000)
        gate.release()
        finish(pool)
        #expect(journal.all == ["refused late after 1"])
    }

    @Test func aFullQueueMakesRoomForAClientWithFewerJobsWaiting() throws {
        let journal = Journal()
        let (pool, gate) = try heldPool(capacity: 8, perKey: 8)
        for index in 0..<8 { #expect(submit(pool, "flood-\(index)", from: "10.0.0.1", journal: journal)) }
        #expect(!submit(pool, "flood-8", from: "10.0.0.1", journal: journal))  // its share is full
        // A newcomer takes the place of the flood's newest job.
        #expect(submit(pool, "legit", from: "198.51.100.7", journal: journal))
        #expect(journal.all == ["refused flood-7 after 1"])
        // A second newcomer too; a third client with one job does not displace the second.
        #expect(submit(pool, "other", from: "198.51.100.8", journal: journal))
        gate.release()
        finish(pool)
        let ran = journal.all.filter { !$0.hasPrefix("refused") }
        #expect(ran.count == 8 && ran.contains("legit") && ran.contains("other"))
        #expect(Array(ran.prefix(3)) == ["flood-0", "legit", "other"])
    }

    @Test func jobsWithoutARefusalAreNeverDroppedAndInteractiveJobsGoFirst() throws {
        let journal = Journal()
        let (pool, gate) = try heldPool(capacity: 2, perKey: 2, maximumWait: .milliseconds(10))
        #expect(pool.submit(.hashing(for: "a")) { _ in journal.add("must run") })
        #expect(submit(pool, "may go", from: "b", journal: journal))
        #expect(pool.submit(.interactive) { _ in journal.add("interactive") })
        usleep(50_000)
        gate.release()
        finish(pool)
        #expect(journal.all == ["interactive", "refused may go after 1", "must run"])
    }

    /// With every niced thread busy, the priority thread still runs priority hashing and
    /// interactive jobs at once, priority first; it never takes an ordinary hashing job.
    @Test func thePriorityThreadTakesPriorityAndInteractiveJobsWhileTheOthersAreBusy() throws {
        let journal = Journal()
        let pool = try WorkerPool(threads: 1, priorityThreads: 1, maximumWait: .seconds(30)) { 0 }
        let gate = Gate()
        #expect(pool.submit(.hashing(for: "gate")) { _ in gate.wait() })
        while !gate.started.load(ordering: .acquiring) { usleep(1000) }
        #expect(submit(pool, "ordinary", from: "10.0.0.1", journal: journal))
        let done = GenkanThreads.Semaphore()
        #expect(pool.submit(.priorityHashing(for: "192.0.2.1")) { _ in journal.add("priority"); done.post() })
        #expect(pool.submit(.interactive) { _ in journal.add("interactive"); done.post() })
        let deadline = Deadline.after(.seconds(10))
        #expect(done.wait(until: deadline) && done.wait(until: deadline), "the priority thread did not run them")
        // Both ran while the niced thread was still held; the ordinary job waits for it.
        #expect(journal.all == ["priority", "interactive"])
        gate.release()
        finish(pool)
        #expect(journal.all == ["priority", "interactive", "ordinary"])
    }

    /// Interactive and hashing jobs queued together all run, round after round. A wake-up is
    /// posted for one job, but the niced thread it wakes takes an interactive job first, the one
    /// the priority thread was claimed for; the hashing job it was posted for then waited for a
    /// post that never came, unless a thread looks again after each job before it waits.
    @Test func aHashingJobIsNotLeftBehindWhenItsWakeUpRanAnInteractiveJob() throws {
        let pool = try WorkerPool(threads: 1, priorityThreads: 1, maximumWait: .seconds(30)) { 0 }
        defer { finish(pool) }
        var stranded = 0
        for round in 0..<400 {
            let done = GenkanThreads.Semaphore()
            #expect(pool.submit(.interactive) { _ in done.post() })
            #expect(pool.submit(.hashing(for: "10.0.0.\(round % 250)")) { _ in done.post() })
            let deadline = Deadline.after(.seconds(2))
            if !(done.wait(until: deadline) && done.wait(until: deadline)) {
                stranded += 1
                break
            }
        }
        #expect(stranded == 0, "a queued job never ran")
    }

    /// With a priority thread, a priority job is that thread's alone: a niced thread that is free
    /// leaves it (it would hash it at nice +10) and takes the ordinary job queued behind it.
    @Test func nicedThreadsLeaveThePriorityLaneToThePriorityThread() throws {
        let journal = Journal()
        // Two niced threads: the priority thread's hash counts against theirs, one slot is left.
        let pool = try WorkerPool(threads: 2, priorityThreads: 1, maximumWait: .seconds(30)) { 0 }
        #expect(pool.hashingConcurrency == 2)
        // Hold the priority thread with a priority job, then queue another and an ordinary hash:
        // the free niced thread must take the ordinary one.
        let gate = Gate()
        #expect(pool.submit(.priorityHashing(for: "192.0.2.9")) { _ in gate.wait() })
        while !gate.started.load(ordering: .acquiring) { usleep(1000) }
        let done = GenkanThreads.Semaphore()
        #expect(pool.submit(.priorityHashing(for: "192.0.2.1")) { _ in journal.add("priority"); done.post() })
        #expect(pool.submit(.hashing(for: "10.0.0.1")) { _ in journal.add("ordinary"); done.post() })
        #expect(done.wait(until: .after(.seconds(10))), "the ordinary job did not run")
        usleep(50_000)
        #expect(journal.all == ["ordinary"], "the niced thread took the priority job")
        gate.release()
        #expect(done.wait(until: .after(.seconds(10))), "the priority thread did not run its job")
        finish(pool)
        #expect(journal.all == ["ordinary", "priority"])
    }

    /// A pool with more threads than may hash (a networked database's pool): while the hashing
    /// slots are busy, the other threads take interactive jobs and leave hashing jobs waiting,
    /// and every queued hash still runs, the slots passing from one to the next.
    @Test func threadsBeyondTheHashingSlotsServeInteractiveJobs() throws {
        final class Counts: Sendable {
            struct Values { var running = 0, mostAtOnce = 0, hashed = 0, interactive = false }
            let values = Mutex(Values())
        }
        let pool = try WorkerPool(threads: 3, hashingThreads: 1) { 0 }
        #expect(pool.hashingConcurrency == 1)
        let gate = Gate(), counts = Counts()
        #expect(pool.submit(.hashing(for: "a")) { _ in gate.wait() })
        while !gate.started.load(ordering: .acquiring) { usleep(1000) }
        for client in ["b", "c", "d"] {
            #expect(pool.submit(.hashing(for: client)) { _ in
                counts.values.withLock { $0.running += 1; $0.mostAtOnce = max($0.mostAtOnce, $0.running) }
                usleep(5000)
                counts.values.withLock { $0.running -= 1; $0.hashed += 1 }
            })
        }
        // The hashing slot is held by the gate: an interactive job still runs at once.
        #expect(pool.submit(.interactive) { _ in counts.values.withLock { $0.interactive = true } })
        let deadline = ContinuousClock.now + .seconds(10)
        while !counts.values.withLock({ $0.interactive }) && ContinuousClock.now < deadline { usleep(1000) }
        let during = counts.values.withLock { $0 }
        #expect(during.interactive)
        #expect(during.hashed == 0, "a hash ran while the only slot was held")
        gate.release()
        while counts.values.withLock({ $0.hashed }) < 3 && ContinuousClock.now < deadline { usleep(1000) }
        let after = counts.values.withLock { $0 }
        #expect(after.hashed == 3 && after.mostAtOnce == 1)
        finish(pool)
    }
}
