/// Why the store could not read or write a file. Its ``description`` is one line that names the
/// file and the reason, such as `cannot write /home/me/todo.txt: Permission denied`.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the store was doing, as a verb phrase: `read`, `write`, `lock`, `create`.
    public var operation: String
    /// The file concerned, as the user named it.
    public var path: String
    /// The reason, such as `Permission denied` or `No space left on device`.
    public var reason: String
    /// The system error number, when the reason came from one.
    public var errno: Int32?

    /// Creates an error.
    public init(operation: String, path: String, reason: String, errno: Int32? = nil) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.errno = errno
    }

    /// `cannot OPERATION PATH: REASON`.
    public var description: String { "cannot \(operation) \(path): \(reason)" }
}
