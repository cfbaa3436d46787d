import TodoPlatform
import TodoTxt

/// Where the splices of one file are, found by reading it from the start in pieces of whole
/// lines (``FileStorage/readLines(_:path:size:_:)``) and looking only at the lines each splice
/// names and their neighbours: the rest is counted, never kept.
struct SpliceScan {
    /// The byte range each splice replaces, in order.
    var regions: [Range<Int64>]
    /// The file's length (the reading may have stopped before its end).
    var length: Int64

    /// What a line that must be looked at is to a splice.
    private enum Role {
        /// The line above the splice.
        case above
        /// Expected line `line` of the splice.
        case expected(line: Int)
        /// The line below the splice.
        case below
    }

    /// The lines to look at, in file order, made as they are needed: for each splice, its
    /// line above, its expected lines, its line below (which may be the next one's above).
    private struct Roles {
        let splices: [LineSplice]
        /// The splice and the role of the next line to look at.
        var splice = 0
        var role = Role.above

        init(_ splices: [LineSplice]) {
            self.splices = splices
            settle()
        }

        /// The line the next role is about, or `nil` when there is none.
        var line: Int? {
            guard splice < splices.count else { return nil }
            let first = splices[splice].firstLine
            switch role {
            case .above: return first - 1
            case .expected(let line): return first + line
            case .below: return first + splices[splice].expectedCount
            }
        }

        /// Moves to the next role.
        mutating func advance() {
            switch role {
            case .above: role = .expected(line: 0)
            case .expected(let line): role = .expected(line: line + 1)
            case .below:
                splice += 1
                role = .above
            }
            settle()
        }

        /// Steps over roles the current splice does not have.
        private mutating func settle() {
            while splice < splices.count {
                let current = splices[splice]
                switch role {
                case .above where !current.hasAbove: role = .expected(line: 0)
                case .expected(let line) where line >= current.expectedCount:
                    role = .below
                case .below where !current.hasBelow:
                    splice += 1
                    role = .above
                default: return
                }
            }
        }
    }

    /// Finds `splices` (of plan `plan`) in the file read through `fd` (of `size` bytes).
    ///
    /// - Returns: `nil` when one is not in place, or the file is not `size` bytes long.
    static func locate(
        _ splices: [LineSplice], plan: Int, in fd: Int32, size: Int64, path: String,
        storage: FileStorage, lines: inout some SpliceLines
    ) throws(StoreError) -> SpliceScan? {
        guard isOrdered(splices) else { return nil }
        var roles = Roles(splices)
        var starts = [Int64](repeating: -1, count: splices.count)
        var ends = [Int64](repeating: -1, count: splices.count)
        // The line above the splice being looked at, until its line below is seen.
        var above: [UInt8]?
        let needsEnd = splices.last.map { !$0.hasBelow } ?? false
        var index = 0
        var failed = false
        var stopped = false

        /// Looks at line `index`, `line` at `offset`, for every role it has; `false` when it
        /// is not what a splice needs.
        func look(_ line: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
            while roles.line == index {
                let number = roles.splice
                switch roles.role {
                case .above:
                    above = Array(line)
                case .expected(let position):
                    guard lines.isExpected(line, plan: plan, splice: number, number: position)
                    else { return false }
                    if position == 0 { starts[number] = offset }
                    ends[number] = offset + Int64(line.count)
                case .below:
                    if splices[number].expectedCount == 0 {
                        starts[number] = offset
                        ends[number] = offset
                    }
                    let fit = withOptionalBytes(above) {
                        lines.fits(plan: plan, splice: number, above: $0, below: line)
                    }
                    above = nil
                    guard fit else { return false }
                }
                roles.advance()
            }
            return true
        }

        var length: Int64 = 0
        try storage.readLines(fd, path: path, size: Int(size)) { piece, offset in
            length = Int64(offset + piece.count)
            guard let base = piece.baseAddress, !piece.isEmpty else { return true }
            var position = 0
            let terminated = base[piece.count - 1] == 0x0A
            // The line feeds after `position`, counted once a piece.
            var feeds = LineFeeds.count(in: base, count: piece.count)
            while position < piece.count {
                if roles.line == nil && !needsEnd {
                    stopped = true
                    return false
                }
                // Past the last line looked at, the rest is counted to the file's end.
                let wanted = roles.line ?? Int.max
                // Lines before the next one wanted are only counted.
                let linesLeft = feeds + (terminated ? 0 : 1)
                if index + linesLeft <= wanted {
                    index += linesLeft
                    break
                }
                while index < wanted {
                    position +=
                        LineFeeds.first(in: base + position, count: piece.count - position)
                        + 1
                    feeds -= 1
                    index += 1
                }
                let found = LineFeeds.first(in: base + position, count: piece.count - position)
                let end = found < 0 ? piece.count : position + found + 1
                if found >= 0 { feeds -= 1 }
                let line = UnsafeRawBufferPointer(
                    start: base + position, count: end - position)
                guard look(line, at: Int64(offset + position)) else {
                    failed = true
                    return false
                }
                index += 1
                position = end
            }
            return true
        }
        if failed { return nil }
        if !stopped {
            // The whole file was read: every needed line must have been there.
            guard roles.line == nil, length == size else { return nil }
        }
        var regions: [Range<Int64>] = []
        regions.reserveCapacity(splices.count)
        for (number, splice) in splices.enumerated() {
            if !splice.hasBelow {
                // The splice ends the file.
                if splice.expectedCount == 0 {
                    guard splice.firstLine == index else { return nil }
                    starts[number] = length
                    ends[number] = length
                }
                guard ends[number] == length,
                    withOptionalBytes(
                        above,
                        {
                            lines.fits(plan: plan, splice: number, above: $0, below: nil)
                        })
                else { return nil }
            }
            guard starts[number] >= 0, ends[number] >= starts[number] else { return nil }
            regions.append(starts[number]..<ends[number])
        }
        return SpliceScan(regions: regions, length: size)
    }

    /// Whether the splices are in order without overlapping (a splice's line above not inside
    /// the one before), a splice without a line above starts the file, and only the last may
    /// lack a line below.
    private static func isOrdered(_ splices: [LineSplice]) -> Bool {
        var cursor = 0
        for (number, splice) in splices.enumerated() {
            let start = splice.firstLine
            guard start >= cursor, !splice.hasAbove || start - 1 >= cursor,
                splice.hasAbove || start == 0, splice.hasBelow || number == splices.count - 1
            else { return false }
            cursor = start + splice.expectedCount
        }
        return true
    }

    /// Calls `body` with the bytes of `bytes`, or `nil`.
    private static func withOptionalBytes<Result>(
        _ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) -> Result
    ) -> Result {
        guard let bytes else { return body(nil) }
        return bytes.withUnsafeBytes { body($0) }
    }
}
