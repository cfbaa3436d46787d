import TodoTxt

/// What a move line by line does with one line of its source.
package enum LineFate: Sendable {
    /// The line stays in the source.
    case keep
    /// The line goes to the end of the destination.
    case move
    /// The line is taken out of the source and goes nowhere (an empty line `archive` drops).
    case remove
}

/// Told what a move line by line changed, while it runs, so that a caller can record the change
/// without a copy of either file. A move that starts again (another program changed a file)
/// calls ``restart`` first; what was told before it no longer counts.
package struct MoveObserver {
    /// Called when an attempt starts over.
    package var restart: () -> Void
    /// Each stretch of neighbouring lines the move takes out of the source, in file order, as
    /// soon as the line below it is read: the lines with their terminators (line 0 with the
    /// byte order mark, and then `after` holds the mark alone), and for each line whether it
    /// was moved rather than removed.
    package var removed: (_ stretch: ChangedLines, _ moved: [Bool]) -> Void
    /// The append to the destination, once the move is complete: the stretch as it would be
    /// told of an edit, without its `after` lines, which `forEachAfter` hands out one by one
    /// (pointers valid only during each call).
    package var appended:
        (
            _ stretch: ChangedLines,
            _ forEachAfter: ((UnsafeRawBufferPointer) -> Void) -> Void
        ) -> Void

    /// An observer from its three parts.
    package init(
        restart: @escaping () -> Void,
        removed: @escaping (_ stretch: ChangedLines, _ moved: [Bool]) -> Void,
        appended:
            @escaping (
                _ stretch: ChangedLines, _ forEachAfter: ((UnsafeRawBufferPointer) -> Void) -> Void
            ) -> Void
    ) {
        self.restart = restart
        self.removed = removed
        self.appended = appended
    }
}

/// A store that can move lines from one file to the end of another in one pass over the
/// source, without holding either file (see ``TodoStorage/moveLines(from:to:_:moved:)``).
package protocol LineMovingStorage: TodoStorage {
    /// Moves the lines `fate` chooses, as ``TodoStorage/moveLines(from:to:_:moved:)``.
    func moveLines(
        from source: String, to destination: String,
        _ fate: (_ content: UnsafeRawBufferPointer) -> LineFate,
        moved: (_ content: UnsafeRawBufferPointer) -> Void
    ) throws -> Int
}

extension TodoStorage {
    /// Moves the source lines `fate` marks ``LineFate/move`` to the end of `destination` and
    /// takes out those it marks ``LineFate/remove``, with the guarantees of
    /// ``move(from:to:_:)``; `fate` sees each line's content (no terminator, no byte order
    /// mark). Once the move is complete (and the files unlocked), `moved` gets each moved
    /// line's content in order.
    /// A store that can (``FileStorage``) reads the source once in pieces and never holds
    /// either file; any other runs ``move(from:to:_:)`` on the whole list.
    ///
    /// - Returns: How many lines were moved.
    package func moveLines(
        from source: String, to destination: String,
        _ fate: (_ content: UnsafeRawBufferPointer) -> LineFate,
        moved: (_ content: UnsafeRawBufferPointer) -> Void
    ) throws -> Int {
        if let store = self as? any LineMovingStorage {
            return try store.moveLines(from: source, to: destination, fate, moved: moved)
        }
        return try moveWholeList(from: source, to: destination, fate, moved: moved)
    }

    /// ``moveLines(from:to:_:moved:)`` through ``move(from:to:_:)``, on the whole list.
    package func moveWholeList(
        from source: String, to destination: String,
        _ fate: (_ content: UnsafeRawBufferPointer) -> LineFate,
        moved: (_ content: UnsafeRawBufferPointer) -> Void
    ) throws -> Int {
        let lines = try move(from: source, to: destination) { list in
            let lines = LineFate.apply(fate, to: &list)
            return (lines, lines)
        }
        for line in lines { line.withUnsafeBytes(moved) }
        return lines.count
    }
}

extension LineFate {
    /// Applies `fate` to every line of `list`: removes the lines it moves or removes, and
    /// returns the contents of the moved ones, in order.
    static func apply(
        _ fate: (UnsafeRawBufferPointer) -> LineFate, to list: inout TodoList
    ) -> [[UInt8]] {
        var moved: [[UInt8]] = []
        var doomed: [Int] = []
        for (index, line) in list.enumerated() {
            switch line.content.withUnsafeBytes(fate) {
            case .keep: continue
            case .move: moved.append(Array(line.content))
            case .remove: break
            }
            doomed.append(index)
        }
        list.removeLines(at: doomed)
        return moved
    }
}
