import TodoTxt

/// What a move line by line does with one line of its source.
package enum LineFate: Equatable, Sendable {
    /// The line stays in the source.
    case keep
    /// The line goes to the end of the destination.
    case move
    /// The line is taken out of the source and goes nowhere (an empty line `archive` drops).
    case remove
    /// The line stays, with this content instead of its own (its terminator fitted as
    /// ``TodoList/replaceLine(at:with:)`` fits it).
    case replace([UInt8])
    /// The line is taken out of the source and this content goes to the destination in its
    /// place (the task `do` marks done on its way to done.txt).
    case moveAs([UInt8])
    /// The line goes to the destination and an empty line stays in its place, as `mv` leaves
    /// its source when line numbers are kept; a last line without a terminator is taken out
    /// instead.
    case moveLeavingBlank
    /// The line stays as exactly these bytes, its terminator included (after line 0's byte
    /// order mark, which stays), whatever its own terminator was (`deduplicate` writes lines
    /// as sed prints them).
    case rewrite([UInt8])
}

/// A move line by line that was done: the moved lines' contents, held until the caller tells
/// them (once the files are unlocked), and the destination's number of lines after it.
package struct LineMoveResult {
    /// The scan that moved the lines.
    let scan: MoveScan
    /// How many lines the destination holds after the move; `nil` when nothing was appended.
    package let destinationLineCount: Int?

    /// The number of moved lines.
    package var movedCount: Int { scan.movedCount }

    /// Calls `body` with each moved line's content, in order.
    package func forEachMoved(_ body: (UnsafeRawBufferPointer) -> Void) {
        scan.forEachMoved(body)
    }
}

/// Told what a move line by line changed, while it runs, so that a caller can record the change
/// without a copy of either file. A move that starts again (another program changed a file)
/// calls ``restart`` first; what was told before it no longer counts.
package struct MoveObserver {
    /// Called when an attempt starts over.
    package var restart: () -> Void
    /// Whether removed lines are told as a comparison of the whole files would find them: a
    /// removed line with the bytes of the kept line below its stretch is told as kept, and
    /// that kept line as removed (the first equal line is matched, as ``TodoStorage``'s
    /// callers' whole-file records match it).
    package var matchesEarliest = false
    /// When set (and ``matchesEarliest`` is not), removed lines are told by where they lie in
    /// the source (``ChangedLines/beforeSpan``) rather than as bytes, and once a move that
    /// changed the source is complete this gets the descriptor of the source's old version,
    /// which it then owns and must close, with that version's size and modification time.
    package var keepSource:
        ((_ fd: Int32, _ size: Int64, _ modified: (seconds: Int64, nanoseconds: Int64)) -> Void)?
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

    /// ``TodoStorage/moveLinesInPieces(from:to:matchingEarliest:_:accepting:)``.
    func moveLinesInPieces(
        from source: String, to destination: String?, matchingEarliest: Bool,
        _ fate: (_ index: Int, _ content: UnsafeRawBufferPointer, _ raw: UnsafeRawBufferPointer)
            -> LineFate,
        accepting accept: () -> Bool
    ) throws -> LineMoveResult?
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

    /// Moves lines as ``moveLines(from:to:_:moved:)`` does in one pass over `source`, or does
    /// nothing and returns `nil` when it cannot be done that way (a store that reads whole
    /// files, files that need the whole-file move, a change already recorded) or `accept`,
    /// called once the source is read and before anything is written, says no: the caller
    /// then does its work the whole-file way, which gives the same files.
    ///
    /// `fate` sees each line's 0-based index too, and the line as the file holds it (its
    /// terminator, and on line 0 the byte order mark, included); `destination` may be `nil`
    /// when no line moves. `matchingEarliest` asks a recording store for the record a comparison of the
    /// whole files would make (see ``MoveObserver/matchesEarliest``).
    package func moveLinesInPieces(
        from source: String, to destination: String?, matchingEarliest: Bool = false,
        _ fate: (_ index: Int, _ content: UnsafeRawBufferPointer, _ raw: UnsafeRawBufferPointer)
            -> LineFate,
        accepting accept: () -> Bool = { true }
    ) throws -> LineMoveResult? {
        guard let store = self as? any LineMovingStorage else { return nil }
        return try store.moveLinesInPieces(
            from: source, to: destination, matchingEarliest: matchingEarliest, fate,
            accepting: accept)
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
        apply({ _, content in fate(content) }, to: &list)
    }

    /// Applies `fate`, which sees each line's index too, to every line of `list`: replaces,
    /// empties and removes lines as it says (replacements first, as a whole-file edit makes
    /// them before taking lines out) and returns the contents that go to the destination.
    static func apply(
        _ fate: (Int, UnsafeRawBufferPointer) -> LineFate, to list: inout TodoList
    ) -> [[UInt8]] {
        var moved: [[UInt8]] = []
        var doomed: [Int] = []
        var replaced: [(Int, [UInt8])] = []
        for (index, line) in list.enumerated() {
            switch line.content.withUnsafeBytes({ fate(index, $0) }) {
            case .keep: continue
            case .move: moved.append(Array(line.content))
            case .remove: break
            case .replace(let content):
                replaced.append((index, content))
                continue
            case .rewrite(let bytes):
                // A list fits terminators; only a line feed at the end is told apart.
                replaced.append((index, bytes.last == 0x0A ? Array(bytes.dropLast()) : bytes))
                continue
            case .moveAs(let content): moved.append(content)
            case .moveLeavingBlank:
                moved.append(Array(line.content))
                if line.terminator != .none {
                    replaced.append((index, []))
                    continue
                }
            }
            doomed.append(index)
        }
        for (index, content) in replaced { list.replaceLine(at: index, with: content) }
        list.removeLines(at: doomed)
        return moved
    }
}
