import GenkanHTTPTesting
import GenkanThreads
import Synchronization
import Testing
@testable import GenkanHTTP

#if canImport(Glibc)
import Glibc
#endif

/// The package's semaphore, not Glibc's `Semaphore` (semaphore.h) that the test module also sees.
private typealias Semaphore = GenkanThreads.Semaphore

/// The engine's lock and timers on real threads. Every wait in these tests has a deadline, so a
/// lost wake-up fails the test instead of hanging the run.
@Suite(.serialized) struct EngineThreadingTests {
    // MARK: ConditionLock and Semaphore

    @Test func conditionLockKeepsAPlainCounterExactUnderContention() {
        let counter = ConditionLock(0)
        let threads = 8, increments = 20_000
        let finished = startThreads(threads) { _ in
            for _ in 0..<increments { counter.withLock { $0 += 1 } }
        }
        #expect(finished.finish(within: .seconds(20)), "threads still running: a lock that never unlocks")
        #expect(counter.withLock { $0 } == threads * increments)
    }

    @Test func broadcastWakesEveryWaiter() {
        let open = ConditionLock(false)
        let woken = Atomic<Int>(0)
        let waiters = 6
        let finished = startThreads(waiters) { _ in
            open.withLock(when: { $0 }) { _, _ in }
            woken.add(1, ordering: .relaxed)
        }
        sleep(for: .milliseconds(50))  // let them reach the wait (a late one finds `open` true anyway)
        #expect(woken.load(ordering: .relaxed) == 0)
        open.withLock { state in
            state = true
            open.broadcast()
        }
        #expect(finished.finish(within: .seconds(5)), "a waiter was not woken by broadcast()")
        #expect(woken.load(ordering: .relaxed) == waiters)
    }

    @Test func semaphorePostsAndWaitsAddUpUnderContention() {
        let semaphore = Semaphore()
        let taken = Atomic<Int>(0)
        let pairs = 4, perThread = 5_000
        // Waiters first, so that most posts find a thread blocked in pthread_cond_wait.
        let waiters = startThreads(pairs) { _ in
            for _ in 0..<perThread {
                semaphore.wait()
                taken.add(1, ordering: .relaxed)
            }
        }
        let posters = startThreads(pairs) { _ in
            for _ in 0..<perThread { semaphore.post() }
        }
        #expect(posters.finish(within: .seconds(20)))
        #expect(waiters.finish(within: .seconds(20)), "waiters still blocked: a post was lost")
        #expect(taken.load(ordering: .relaxed) == pairs * perThread)
        #expect(!semaphore.wait(until: .after(.milliseconds(20))), "the count went past the posts")
    }

    @Test func aTimedWaitEndsAtItsDeadlineOnTheMonotonicClock() {
        let semaphore = Semaphore()
        let start = Deadline.now
        #expect(!semaphore.wait(until: .after(.milliseconds(100))))
        let waited = Deadline.now.nanoseconds - start.nanoseconds
        // Not at once (a deadline read on the wrong clock lies in the past) and not much later.
        #expect(waited >= 99_000_000)
        #expect(waited < 2_000_000_000)

        let poster = PosixThread {
            sleep(for: .milliseconds(30))
            semaphore.post()
        }
        let posted = Deadline.now
        #expect(semaphore.wait(until: .after(.seconds(10))))
        #expect(Deadline.now.nanoseconds - posted.nanoseconds < 2_000_000_000)
        poster.join()
    }

    // MARK: RepeatingTask

    @Test func aRepeatingTaskRunsEveryIntervalAndNothingAfterStop() {
        let runs = Atomic<Int>(0)
        let ran = Semaphore()
        let task = RepeatingTask(interval: .milliseconds(20)) {
            runs.add(1, ordering: .relaxed)
            ran.post()
        }
        let deadline = Deadline.after(.seconds(5))
        var observed = 0
        while observed < 5, ran.wait(until: deadline) { observed += 1 }
        #expect(observed == 5, "ran \(observed) times in 5 s at a 20 ms interval")
        #expect(returns(within: .seconds(5)) { task.stop() })
        let atStop = runs.load(ordering: .relaxed)
        sleep(for: .milliseconds(100))  // five more intervals
        #expect(runs.load(ordering: .relaxed) == atStop)
        task.stop()  // a second call returns
    }

    @Test func stoppingAnHourlyTaskReturnsAtOnce() {
        let runs = Atomic<Int>(0)
        let task = RepeatingTask(interval: .seconds(3600)) { runs.add(1, ordering: .relaxed) }
        sleep(for: .milliseconds(50))  // the thread is now in its timed wait
        #expect(returns(within: .seconds(1)) { task.stop() }, "stop() waited for the interval")
        #expect(runs.load(ordering: .relaxed) == 0)
    }

    /// A task every millisecond whose first run posts `started`, lasts `length` and then sets
    /// `ended`; the runs after it do nothing.
    private final class SlowRun: Sendable {
        let started = Semaphore()
        let ended = Atomic<Bool>(false)
        let length: Duration

        init(lasting length: Duration) { self.length = length }

        func start() -> RepeatingTask {
            RepeatingTask(interval: .milliseconds(1)) { [self] in
                guard !ended.load(ordering: .relaxed) else { return }
                started.post()
                sleep(for: length)
                ended.store(true, ordering: .relaxed)
            }
        }
    }

    @Test func stopWaitsForARunInProgress() {
        let run = SlowRun(lasting: .milliseconds(150))
        let task = run.start()
        #expect(run.started.wait(until: .after(.seconds(5))))
        #expect(returns(within: .seconds(5)) { task.stop() })
        let finishedAtStop = run.ended.load(ordering: .relaxed)
        #expect(finishedAtStop, "stop() returned while the task was still running")
    }

    @Test func concurrentStopsAllWaitForTheEnd() {
        let run = SlowRun(lasting: .milliseconds(100))
        let task = run.start()
        #expect(run.started.wait(until: .after(.seconds(5))))
        let sawEnd = Atomic<Int>(0)
        let stoppers = startThreads(4) { _ in
            task.stop()
            if run.ended.load(ordering: .relaxed) { sawEnd.add(1, ordering: .relaxed) }
        }
        #expect(stoppers.finish(within: .seconds(5)))
        #expect(sawEnd.load(ordering: .relaxed) == 4)
    }

    // MARK: AccessLog

    @Test func theAccessLogWritesEachLineThroughAtOnce() throws {
        let pipe = try TestPipe()
        let log = AccessLog(format: .text, descriptor: pipe.writeEnd, loops: 2)
        log.record(request: HTTPRequest(method: "GET", path: "/hello", peerAddress: "192.0.2.7", loop: 1), status: 200)
        // Already in the pipe: nothing waits in the process for a flush.
        let text = pipe.read(untilLines: 1, within: .milliseconds(50))
        let line = try #require(text.split(separator: "\n").first.map(String.init))
        #expect(text == line + "\n")
        #expect(
            line.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 192\.0\.2\.7 GET \/hello 200 \d+\.\d{3}ms/) != nil, "\(line)")
        let jsonLog = AccessLog(format: .json, descriptor: pipe.writeEnd, loops: 1)
        jsonLog.record(request: HTTPRequest(method: "POST", path: "/a\"b", peerAddress: "2001:db8::1", loop: 0), status: 303)
        let object = pipe.read(untilLines: 1, within: .milliseconds(50))
        #expect(object.hasPrefix("{\"time\":\""))
        #expect(object.contains(",\"client\":\"2001:db8::1\",\"method\":\"POST\",\"path\":\"/a%22b\",\"status\":303,"), "\(object)")
        log.close()
    }

    @Test func aRequestWithoutAPeerAddressIsLoggedWithADash() throws {
        let pipe = try TestPipe()
        AccessLog(format: .text, descriptor: pipe.writeEnd, loops: 1).record(request: HTTPRequest(method: "", path: ""), status: 400)
        #expect(pipe.read(untilLines: 1, within: .milliseconds(50)).split(separator: " ").dropFirst().prefix(4) == ["-", "-", "-", "400"])
    }

    /// A line is one write(2) of at most PIPE_BUF bytes: lines from many threads never interleave,
    /// even on a pipe and with paths of any length.
    @Test func linesFromManyThreadsNeverInterleave() throws {
        let pipe = try TestPipe()
        let log = AccessLog(format: .text, descriptor: pipe.writeEnd, loops: 4)
        let threads = 8, perThread = 300
        let reader = PosixThread { [readEnd = pipe.readEnd] in
            // Drain while the writers write, so a full pipe never blocks them.
            // Newlines are counted in each chunk as it arrives: counting the whole buffer again
            // after every read made the reader quadratic, and on a loaded machine the writers
            // then waited on a full pipe past the test's limit.
            var bytes: [UInt8] = []
            var lines = 0
            var chunk = [UInt8](repeating: 0, count: 65536)
            while lines < threads * perThread {
                let got = chunk.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
                if got <= 0 { break }
                lines += chunk[..<got].count(where: { $0 == UInt8(ascii: "\n") })
                bytes += chunk[..<got]
            }
            drained.withLock { $0 = bytes }
        }
        let finished = startThreads(threads) { thread in
            for index in 0..<perThread {
                // Every third path is longer than a pipe writes atomically (then it is cut).
                let path = "/t\(thread)-\(index)/" + String(repeating: "é", count: index % 3 == 0 ? 3000 : 20)
                log.record(request: HTTPRequest(method: "GET", path: path, peerAddress: "127.0.0.\(thread)", loop: thread % 4), status: 200)
            }
        }
        #expect(finished.finish(within: .seconds(30)))
        reader.join()
        let lines = String(decoding: drained.withLock { $0 }, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == threads * perThread)
        let pattern = /\S+Z 127\.0\.0\.(\d) GET \/t(\d)-\d+\/(%C3|%A9)+(\.\.\.)? 200 \d+\.\d{3}ms/
        let broken = lines.filter { line in
            guard let match = line.wholeMatch(of: pattern) else { return true }
            return match.output.1 != match.output.2 || line.utf8.count >= AccessLog.maxLineBytes
        }
        #expect(broken.isEmpty, "\(broken.prefix(2).map { $0.prefix(120) })")
    }
}

/// What the reader thread of `linesFromManyThreadsNeverInterleave` received.
private let drained = Mutex<[UInt8]>([])

// MARK: Helpers

/// Threads started together, each posting `done` when its body returns.
private struct StartedThreads {
    let threads: [PosixThread]
    let done: Semaphore

    /// Waits for every thread to finish by `within`; joins them only then, so a stuck thread fails
    /// the test instead of blocking it (the stuck thread is left behind).
    func finish(within limit: Duration) -> Bool {
        let deadline = Deadline.after(limit)
        for _ in threads {
            guard done.wait(until: deadline) else { return false }
        }
        for thread in threads { thread.join() }
        return true
    }
}

private func startThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> StartedThreads {
    let done = Semaphore()
    let threads = (0..<count).map { index in
        PosixThread {
            body(index)
            done.post()
        }
    }
    return StartedThreads(threads: threads, done: done)
}

/// Runs `body` on a thread; false when it has not returned by `limit` (the thread is left behind).
private func returns(within limit: Duration, _ body: @escaping @Sendable () -> Void) -> Bool {
    startThreads(1) { _ in body() }.finish(within: limit)
}

private func sleep(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
}
