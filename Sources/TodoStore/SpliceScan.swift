import TodoPlatform
import TodoTxt

/// Where the splices of one file are, found by reading it from the start in pieces of whole
/// lines (``FileStorage/readLines(_:path:size:_:)``) and looking only at the lines each splice
/// names and their neighbours: the rest is counted, never kept.
struct SpliceScan {
    /// The byte range each splice replaces, in order.
    var regions: [Range<Int64>]
    /// The bytes read (the whole file, when a splice ends it).
    var length: Int64

    /// What a line that must be looked at is to a splice.
    private enum Role {
        /// The line above splice `splice`.
        case above(splice: Int)
        /// Expected line `line` of splice `splice`.
        case expected(splice: Int, line: Int)
        /// The line below splice `splice`.
        case below(splice: Int)
    }

    /// Finds `splices` (of plan `plan`) in the file read through `fd` (of `size` bytes).
    ///
    /// - Returns: `nil` when one is not in place, or the file is not `size` bytes long.
    static func locate(
        _ splices: [LineSplice], plan: Int, in fd: Int32, size: Int64, path: String,
        storage: FileStorage, fits: SpliceNeighbours
    ) throws(StoreError) -> SpliceScan? {
        guard let needs = roles(of: splices) else { return nil }
        var starts = [Int64?](repeating: nil, count: splices.count)
        var ends = [Int64?](repeating: nil, count: splices.count)
        var aboves = [[UInt8]?](repeating: nil, count: splices.count)
        let needsEnd = splices.last.map { !$0.hasBelow } ?? false
        var next = 0
        var index = 0
        var length: Int64 = 0
        var failed = false
        var stopped = false

        /// Looks at line `index`, `line` at `offset`, for every role it has; `false` when it
        /// is not what a splice needs.
        func look(_ line: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
            while next < needs.count && needs[next].line == index {
                switch needs[next].role {
                case .above(let splice):
                    aboves[splice] = Array(line)
                case .expected(let splice, let number):
                    guard line.elementsEqual(splices[splice].expected[number]) else {
                        return false
                    }
                    if number == 0 { starts[splice] = offset }
                    ends[splice] = offset + Int64(line.count)
                case .below(let splice):
                    if splices[splice].expected.isEmpty {
                        starts[splice] = offset
                        ends[splice] = offset
                    }
                    let above = aboves[splice]
                    aboves[splice] = nil
                    let fit = withOptionalBytes(above) { fits(plan, splice, $0, line) }
                    guard fit else { return false }
                }
                next += 1
            }
            return true
        }

        try storage.readLines(fd, path: path, size: Int(size)) { piece, offset in
            length = Int64(offset + piece.count)
            guard let base = piece.baseAddress, !piece.isEmpty else { return true }
            var position = 0
            while position < piece.count {
                if next == needs.count && !needsEnd {
                    stopped = true
                    return false
                }
                // Past the last line looked at, the rest is counted to the file's end.
                let wanted = next < needs.count ? needs[next].line : Int.max
                // Lines before the next one wanted are only counted, a piece at a time.
                let terminated = base[piece.count - 1] == 0x0A
                let rest = LineFeeds.count(in: base + position, count: piece.count - position)
                let linesLeft = rest + (terminated ? 0 : 1)
                if index + linesLeft <= wanted {
                    index += linesLeft
                    break
                }
                while index < wanted {
                    position += LineFeeds.first(in: base + position, count: piece.count - position)
                        + 1
                    index += 1
                }
                let found = LineFeeds.first(in: base + position, count: piece.count - position)
                let end = found < 0 ? piece.count : position + found + 1
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
            guard next == needs.count, length == size else { return nil }
        }
        var regions: [Range<Int64>] = []
        for (number, splice) in splices.enumerated() {
            if !splice.hasBelow {
                // The splice ends the file.
                if splice.expected.isEmpty {
                    guard splice.firstLine == index else { return nil }
                    starts[number] = length
                    ends[number] = length
                }
                guard ends[number] == length else { return nil }
                let above = aboves[number]
                guard withOptionalBytes(above, { fits(plan, number, $0, nil) }) else {
                    return nil
                }
            }
            guard let start = starts[number], let end = ends[number] else { return nil }
            regions.append(start..<end)
        }
        return SpliceScan(regions: regions, length: length)
    }

    /// The lines to look at, in file order, with what each is to which splice; `nil` when the
    /// splices are out of order or overlap (a splice's line above inside the one before).
    private static func roles(of splices: [LineSplice]) -> [(line: Int, role: Role)]? {
        var needs: [(line: Int, role: Role)] = []
        var cursor = 0
        for (number, splice) in splices.enumerated() {
            let start = splice.firstLine
            let end = start + splice.expected.count
            guard start >= cursor, !splice.hasAbove || start - 1 >= cursor,
                splice.hasAbove || start == 0
            else { return nil }
            if splice.hasAbove { needs.append((start - 1, .above(splice: number))) }
            for line in 0..<splice.expected.count {
                needs.append((start + line, .expected(splice: number, line: line)))
            }
            if splice.hasBelow { needs.append((end, .below(splice: number))) }
            cursor = end
        }
        // In file order as built: a line below one splice may be the line above the next,
        // and its role as below comes first.
        return needs
    }

    /// Calls `body` with the bytes of `bytes`, or `nil`.
    private static func withOptionalBytes<Result>(
        _ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) -> Result
    ) -> Result {
        guard let bytes else { return body(nil) }
        return bytes.withUnsafeBytes { body($0) }
    }
}
