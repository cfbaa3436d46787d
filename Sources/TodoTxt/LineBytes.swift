extension TodoList {
    /// The contents of a list's lines (without terminators) as pointers into its bytes, valid
    /// only inside ``TodoList/withLineBytes(_:)``.
    package struct LineBytes {
        let storage: UnsafeBufferPointer<UInt8>
        let added: UnsafeBufferPointer<UInt8>
        let spans: UnsafeBufferPointer<Span>
        /// The lengths of lines too long for their span (see ``TodoList/longCounts``).
        let longCounts: [Int: Int]

        /// The number of lines.
        package var count: Int { spans.count }

        /// The content of the line at `index` (0-based).
        @inline(__always)
        package subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
            let span = spans[index]
            var count = span.count
            if count >= Span.longCount { count = longCounts[span.key] ?? count }
            return UnsafeBufferPointer(
                rebasing: (span.isAdded ? added : storage)[span.start..<span.start + count])
        }
    }
}
