/// A first-in, first-out queue in a ring of slots that doubles when full: adding and taking are
/// O(1), and taking moves nothing (the pool's interactive lane was an array whose consumed head
/// was cut off now and then, a copy of every waiting job under the pool's lock).
@usableFromInline
struct RingQueue<Element> {
    @usableFromInline var slots: [Element?] = []
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    mutating func append(_ element: Element) {
        if count == slots.count { grow() }
        slots[(head + count) & (slots.count - 1)] = element
        count += 1
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head].take()
        head = (head + 1) & (slots.count - 1)
        count -= 1
        return element
    }

    /// Twice the slots (a power of two, so that wrapping is a mask), the waiting elements first.
    @inlinable
    mutating func grow() {
        var larger = [Element?](repeating: nil, count: max(16, slots.count * 2))
        for index in 0..<count { larger[index] = slots[(head + index) & (slots.count - 1)].take() }
        slots = larger
        head = 0
    }
}
