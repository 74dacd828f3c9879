import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
@testable import GenkanHTTP
import GenkanHTTPTesting
#endif

/// A value shared between test threads.
final class Shared<Value: Sendable>: Sendable {
    private let state: Mutex<Value>
    init(_ value: Value) { state = Mutex(value) }
    var value: Value { state.withLock { $0 } }
    func update(_ body: (inout Value) -> Void) { state.withLock { body(&$0) } }
}

/// Hands a value that is used by one thread at a time to another thread.
struct Transfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// How a keep-alive connection ended around a stop.
struct KeepAliveOutcome: CustomStringConvertible {
    enum End { case running, closedAfterClose, bytesAfterClose, closedWithoutAnswer, reset }
    var answered = 0
    var answeredAfterSignal = 0
    var otherStatuses = 0
    var end = End.running
    var description: String { "\(answered) answered (\(answeredAfterSignal) after the signal), end \(end)" }
}

/// The engine's defences against connection floods, against a real `genkan serve`: what needs a
/// process of its own (a descriptor limit, its CPU time, signals).
@Suite(.serialized) struct ServeProcessTests {
    /// Before the cap, with `ulimit -n 1024`, 1,100 silent connections made accept4 fail with EMFILE in a
    /// level-triggered loop (both cores at ~198 %), nothing was answered and nothing logged.
    @Test func runningOutOfDescriptorsNeitherSpinsNorStopsTheServer() throws {
        let server = try ServeProcess(descriptorLimit: (soft: 256, hard: 512))
        // The soft limit is raised to the hard one at start, and the cap sized from it.
        #expect(server.descriptorLimits()?.soft == 512, "\(String(describing: server.descriptorLimits()))")
        #expect(server.errorOutput.contains("descriptor limit 512, raised from 256"), "\(server.errorOutput)")
        // Something else takes descriptors: the limit drops under the server's feet, so its cap
        // (sized for 512) is now more than it can open, and accept4 fails with EMFILE.
        try ServeProcess.run("/usr/bin/prlimit", ["--pid", "\(server.pid)", "--nofile=128:512"])
        #expect(server.descriptorLimits()?.soft == 128)

        // 600 connections that send nothing, from 10 addresses (60 each, within the per-client cap).
        var silent: [RawClient] = []
        for index in 0..<600 {
            silent.append(try RawClient(port: server.port, from: "127.0.0.\(10 + index % 10)"))
        }
        Thread.sleep(forTimeInterval: 1)

        // A well-behaved client keeps being answered, and the server does not spin.
        let cpuBefore = server.cpuSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        var asked = 0, answered = 0
        while clock.now - start < .seconds(3) {
            asked += 1
            if let client = try? RawClient(port: server.port, timeout: 5) {
                client.send("GET /signin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if client.readResponse()?.status == 200 { answered += 1 }
            }
            Thread.sleep(forTimeInterval: 0.25)
        }
        let wall = clock.now - start
        let cpu = server.cpuSeconds() - cpuBefore
        print("descriptors exhausted: \(answered) of \(asked) requests answered, \(cpu) s of server CPU in \(wall)")
        #expect(answered == asked, "\(answered) of \(asked) answered")
        #expect(cpu < 0.75, "the server used \(cpu) s of CPU in \(wall)")
        // Logged once, not once per failed accept.
        let lines = server.errorOutput.split(separator: "\n").filter { $0.contains("cannot accept connections") }
        #expect(lines.count == 1, "\(server.errorOutput)")
        #expect(lines.first?.contains("Too many open files") == true)
        #expect(silent.count == 600)
        #expect(server.stop() == 0)
    }

    /// Once, after SIGTERM, requests on established keep-alive connections got a reset
    /// instead of an answer, and answers after SIGTERM still advertised keep-alive. Now every
    /// request that reaches the server is answered, the first answer after the stop says
    /// `Connection: close`, and the connection ends with a FIN, never a reset.
    @Test func afterSIGTERMEveryRequestOnAKeepAliveConnectionIsAnsweredWithConnectionClose() throws {
        let server = try ServeProcess()
        let busy = 12, idle = 4
        let outcomes = Shared<[KeepAliveOutcome]>([])
        let signalled = Shared(false)
        var threads: [Thread] = []
        for index in 0..<(busy + idle) {
            let transfer = Transfer(try RawClient(port: server.port, timeout: 15))
            transfer.value.noDelay()
            let thread = Thread {
                let client = transfer.value
                var outcome = KeepAliveOutcome()
                // An idle connection: one request before the stop, the next one after it.
                let requests = index < busy ? Int.max : 2
                while outcome.answered < requests {
                    if index >= busy && outcome.answered == 1 {
                        while !signalled.value { Thread.sleep(forTimeInterval: 0.01) }
                        Thread.sleep(forTimeInterval: 0.3)
                    }
                    client.send("GET /css/genkan.css HTTP/1.1\r\nHost: x\r\n\r\n")
                    guard let response = client.readResponse() else {
                        outcome.end = client.lastError == ECONNRESET ? .reset : .closedWithoutAnswer
                        break
                    }
                    outcome.answered += 1
                    if signalled.value { outcome.answeredAfterSignal += 1 }
                    if response.status != 200 { outcome.otherStatuses += 1 }
                    if response.head.contains("Connection: close") {
                        let rest = client.readAll()
                        outcome.end = client.lastError == ECONNRESET ? .reset : (rest.isEmpty ? .closedAfterClose : .bytesAfterClose)
                        break
                    }
                }
                outcomes.update { $0.append(outcome) }
            }
            thread.start()
            threads.append(thread)
        }
        Thread.sleep(forTimeInterval: 0.5)
        signalled.update { $0 = true }
        let clock = ContinuousClock()
        var status: Int32?
        let took = clock.measure { status = server.stop(with: SIGTERM, within: .seconds(20)) }
        let deadline = clock.now + .seconds(20)
        while outcomes.value.count < busy + idle && clock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let all = outcomes.value
        print("SIGTERM: \(all.map(\.answered).reduce(0, +)) requests answered, "
            + "\(all.map(\.answeredAfterSignal).reduce(0, +)) after the signal; exit \(String(describing: status)) in \(took)")
        #expect(status == 0)
        #expect(all.count == busy + idle)
        for (index, outcome) in all.enumerated() {
            #expect(outcome.end == .closedAfterClose, "connection \(index): \(outcome)")
            #expect(outcome.otherStatuses == 0)
        }
        #expect(server.errorOutput.contains("genkan: stopped"))
    }

    /// The access log used to be buffered for up to 200 ms, and each SIGKILL lost 1–5 lines.
    /// Now every answered request has its line (written before the answer) whatever kills the
    /// process, and the line names the client.
    @Test func theAccessLogLosesNoLineOnSIGKILL() throws {
        let server = try ServeProcess()
        let clients = try (0..<4).map { _ in try RawClient(port: server.port) }
        var answered = 0
        for round in 0..<100 {
            for client in clients {
                client.send("GET /css/genkan.css?round=\(round) HTTP/1.1\r\nHost: x\r\n\r\n")
                if client.readResponse()?.status == 200 { answered += 1 }
            }
        }
        server.stop(with: SIGKILL)  // right after the last answer
        let lines = server.accessLog.split(separator: "\n")
        #expect(answered == 400)
        #expect(lines.count == answered, "\(answered) requests answered, \(lines.count) lines logged")
        #expect(lines.allSatisfy { $0.contains("Z 127.0.0.1 GET /css/genkan.css 200 ") }, "\(lines.first ?? "")")
    }

    /// `ulimit -n 256` with no room to raise it: the connection cap, sized from the limit, keeps
    /// the server within it (no EMFILE at all), and the oldest silent connections make room.
    @Test func atAFixedLowLimitTheCapKeepsTheServerWithinIt() throws {
        let server = try ServeProcess(descriptorLimit: (soft: 256, hard: 256))
        let banner = server.errorOutput
        let perLoop = SiteClient.firstMatch(#"\((\d+) per loop; descriptor limit 256,"#, in: banner).flatMap { Int($0) }
        #expect(perLoop != nil && perLoop! < 128 - 32, "\(banner)")
        var silent: [RawClient] = []
        for index in 0..<600 {
            silent.append(try RawClient(port: server.port, from: "127.0.1.\(10 + index % 10)"))
        }
        Thread.sleep(forTimeInterval: 1)
        let cpuBefore = server.cpuSeconds()
        var answered = 0
        for _ in 0..<10 {
            let client = try RawClient(port: server.port, timeout: 5)
            client.send("GET /signin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            if client.readResponse()?.status == 200 { answered += 1 }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let cpu = server.cpuSeconds() - cpuBefore
        print("at the cap: \(answered) of 10 requests answered, \(cpu) s of server CPU")
        #expect(answered == 10)
        #expect(cpu < 0.75)
        #expect(!server.errorOutput.contains("cannot accept connections"), "\(server.errorOutput)")
        #expect(server.errorOutput.contains("the oldest that had sent nothing was closed for a new one"))
        #expect(silent.count == 600)
        #expect(server.stop() == 0)
    }
}
