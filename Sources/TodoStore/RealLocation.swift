/// A file's real place: the directory (no symbolic links) and the name in it.
struct RealLocation: Equatable {
    var directory: String
    var name: String

    /// The full real path.
    var path: String { directory == "/" ? "/" + name : directory + "/" + name }

    /// Splits a path at its last slash.
    init(splitting path: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            directory = "."
            name = path
            return
        }
        let head = String(path[..<slash])
        directory = head.isEmpty ? "/" : head
        name = String(path[path.index(after: slash)...])
    }

    init(directory: String, name: String) {
        self.directory = directory
        self.name = name
    }
}
