import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One line per request — time, method, path, status, duration — as text or JSON.
///
/// The query string, headers, cookies and body are never written: they can carry passwords,
/// tokens and e-mail addresses. Lines are buffered per loop and written whole, with one
/// `write(2)` per batch, by the loop that fills a batch or by a flusher thread 200 ms after a line
/// arrives in an empty buffer; the flusher sleeps while nothing is buffered.
public final class AccessLog: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text
        case json
    }

    /// The status logged for a request whose client disconnected before the answer (nginx's 499).
    public static let clientClosedRequest = 499

    public let format: Format
    private let descriptor: Int32
    private let buffers: [LineBuffer]
    private let flusher: Mutex<PosixThread?> = Mutex(nil)
    private let wake = ConditionLock(FlusherState())
    /// How many times the flusher left its idle wait (tests show that an idle log never wakes it).
    let flusherWakeUps = Atomic<Int>(0)

    /// What the flusher thread waits on.
    private struct FlusherState: Sendable {
        /// A buffer went from empty to non-empty since the flusher last started a batch.
        var pending = false
        var closing = false
    }

    /// How long the flusher lets lines gather after the first one, so a busy log still writes in
    /// batches.
    static let batchWindow = Duration.milliseconds(200)

    /// Writes to `descriptor` (standard output by default); `loops` sizes the buffers.
    public init(format: Format, descriptor: Int32 = 1, loops: Int = HTTPServerConfiguration.processorCount) {
        self.format = format
        self.descriptor = descriptor
        buffers = (0..<max(1, loops) + 1).map { _ in LineBuffer() }
        let thread = PosixThread { [weak self, wake] in
            while true {
                let closing = wake.withLock(when: { $0.pending || $0.closing }) { state, _ in state.closing }
                if closing { return }
                self?.flusherWakeUps.add(1, ordering: .relaxed)
                // Clearing `pending` before flushing: a line recorded after this either lands in
                // a buffer the flush below takes, or finds its buffer empty and sets it again.
                let closed = wake.withLock(when: { $0.closing }, before: .after(Self.batchWindow)) { state, closed in
                    state.pending = false
                    return closed
                }
                guard let log = self else { return }
                log.flush()
                if closed { return }
            }
        }
        flusher.withLock { $0 = thread }
    }

    /// Stops the flusher thread and writes what is buffered.
    public func close() {
        stopFlusher()
        if let thread = flusher.withLock({ value -> PosixThread? in defer { value = nil }; return value }) {
            thread.join()
        }
        flush()
    }

    deinit {
        // Detached, not joined: the last reference can go on the flusher thread itself, during
        // its flush.
        stopFlusher()
        flusher.withLock { $0 }?.detach()
        flush()
    }

    private func stopFlusher() {
        wake.withLock { state in
            state.closing = true
            wake.signal()
        }
    }

    /// Records a finished request.
    public func record(request: HTTPRequest, status: Int) {
        let elapsed = ContinuousClock.now - request.receivedAt
        var line = ""
        line.reserveCapacity(96 + request.path.utf8.count)
        let index = min(max(0, request.loop), buffers.count - 1)
        let time = buffers[index].timestamp()
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let duration = Self.fixed(milliseconds)
        let path = Self.sanitized(request.path.isEmpty ? "-" : request.path)
        let method = Self.sanitized(request.method.isEmpty ? "-" : request.method)
        switch format {
        case .text:
            line += "\(time) \(method) \(path) \(status) \(duration)ms\n"
        case .json:
            line += "{\"time\":\"\(time)\",\"method\":\"\(method)\",\"path\":\"\(path)\",\"status\":\(status),\"duration_ms\":\(duration)}\n"
        }
        let (full, wasEmpty) = buffers[index].lines.withLock { buffer -> ([UInt8]?, Bool) in
            let wasEmpty = buffer.isEmpty
            buffer.append(contentsOf: line.utf8)
            guard buffer.count >= 3500 else { return (nil, wasEmpty) }
            defer { buffer.removeAll(keepingCapacity: true) }
            return (buffer, wasEmpty)
        }
        if let full {
            write(full)
        } else if wasEmpty {
            // Once per batch, not per line: later lines find the buffer non-empty.
            wake.withLock { state in
                state.pending = true
                wake.signal()
            }
        }
    }

    /// Writes every buffered line now.
    public func flush() {
        for buffer in buffers {
            let pending = buffer.lines.withLock { buffer -> [UInt8] in
                defer { buffer.removeAll(keepingCapacity: true) }
                return buffer
            }
            if !pending.isEmpty { write(pending) }
        }
    }

    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Printable ASCII only: anything else is percent-encoded, so a path cannot forge a line or
    /// break out of a JSON string.
    static func sanitized(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7f || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        else { return text }
        var output = ""
        for byte in text.utf8 {
            if byte < 0x20 || byte >= 0x7f || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return output
    }

    static func fixed(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000).leftPadded(to: 3)
        return "\(thousandths / 1000).\(fraction)"
    }

    /// RFC 3339 UTC date and time to the second.
    static func dateTime(_ seconds: Int) -> String {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { String(value).leftPadded(to: 2) }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// One loop's pending lines, and its clock formatted once a second.
private final class LineBuffer: Sendable {
    let lines = Mutex<[UInt8]>([])
    private let second = Mutex<(Int, String)>((-1, ""))

    /// RFC 3339 UTC time with milliseconds.
    func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let prefix = second.withLock { cached -> String in
            if cached.0 != now.tv_sec { cached = (now.tv_sec, AccessLog.dateTime(now.tv_sec)) }
            return cached.1
        }
        return prefix + "." + String(now.tv_nsec / 1_000_000).leftPadded(to: 3) + "Z"
    }
}
