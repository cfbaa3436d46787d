/// Why an `undo` was refused; the file is then left as it is.
package enum UndoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The history holds no change to take back.
    case nothingToUndo
    /// The lines the change wrote are no longer in the file (edited or removed by hand), and
    /// not even their neighbours could be found; it holds the file's path.
    case linesNotFound(path: String)
    /// The lines the change wrote were edited since, in a way the three-way merge cannot combine
    /// with taking the change back; it holds the path and the merge's one-line summary.
    case conflict(path: String, summary: String)

    /// One line for standard error (the merge's summary is left out: its "ours" and "theirs"
    /// mean nothing to someone who typed `undo`).
    package var description: String {
        switch self {
        case .nothingToUndo: "nothing to undo"
        case .linesNotFound(let path): "the lines it changed are no longer in \(path)"
        case .conflict(let path, _): "the lines it changed in \(path) were edited since"
        }
    }
}
