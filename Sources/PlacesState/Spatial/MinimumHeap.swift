/// A binary min-heap: `popMinimum()` returns the smallest element.
package struct MinimumHeap<Element: Comparable> {
    /// The elements in heap order: each is not above its children.
    private(set) var elements: [Element] = []

    /// Creates an empty heap.
    package init() {}

    /// The number of elements.
    package var count: Int { elements.count }

    /// The smallest element, or nil if the heap is empty.
    package var minimum: Element? { elements.first }

    /// Adds `element`.
    package mutating func insert(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the smallest element, or nil if the heap is empty.
    package mutating func popMinimum() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let minimum = elements.removeLast()
        siftDown()
        return minimum
    }

    /// Replaces the smallest element, which must exist, with `element`.
    package mutating func replaceMinimum(with element: Element) {
        elements[0] = element
        siftDown()
    }

    private mutating func siftDown() {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < elements.count else { return }
            let right = left + 1
            let child = right < elements.count && elements[right] < elements[left] ? right : left
            guard elements[child] < elements[parent] else { return }
            elements.swapAt(child, parent)
            parent = child
        }
    }
}
