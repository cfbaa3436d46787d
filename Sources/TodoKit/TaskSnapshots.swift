/// Snapshots of a store's todo file: the current one at once, then one each time the file's
/// content changes. Made by ``TaskStore/snapshots(every:)``.
///
/// ```swift
/// for try await snapshot in store.snapshots() {
///     show(try snapshot.tasks(matching: "+work"))
/// }
/// ```
///
/// The file is read every interval and compared with the last snapshot, so a change is seen
/// within one interval, and writes that leave the content as it was yield nothing. Iteration
/// ends, returning `nil`, when the task iterating is cancelled; a file that cannot be read
/// ends it with the error.
public struct TaskSnapshots: AsyncSequence, Sendable {
    /// The snapshots.
    public typealias Element = TaskSnapshot
    /// Why reading the file failed.
    public typealias Failure = TaskStoreError

    let store: any TaskStore
    let interval: Duration

    /// Starts iterating.
    public func makeAsyncIterator() -> Iterator {
        Iterator(store: store, interval: interval)
    }

    /// Reads the file when asked for the next snapshot, and again every interval until it
    /// changed.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        /// The snapshots.
        public typealias Element = TaskSnapshot
        /// Why reading the file failed.
        public typealias Failure = TaskStoreError

        let store: any TaskStore
        let interval: Duration
        var last: TaskSnapshot?

        init(store: any TaskStore, interval: Duration) {
            self.store = store
            self.interval = interval
        }

        /// The first snapshot at once; later, the next one whose content differs from the
        /// last; `nil` once the iterating task is cancelled.
        public mutating func next() async throws(TaskStoreError) -> TaskSnapshot? {
            guard let last else {
                let first = try store.snapshot()
                self.last = first
                return first
            }
            while true {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return nil
                }
                let current = try store.snapshot()
                if current.list != last.list {
                    self.last = current
                    return current
                }
            }
        }
    }
}
