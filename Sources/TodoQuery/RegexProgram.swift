/// A set of bytes, one bit each.
struct ByteSet: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Whether the byte is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << (byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// Adds the bytes of a range.
    mutating func insert(_ range: ClosedRange<UInt8>) {
        for byte in range {
            let bit = UInt64(1) << (byte & 63)
            switch byte >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }
    }

    /// Whether no byte is in the set.
    var isEmpty: Bool { words == (0, 0, 0, 0) }

    static func == (lhs: ByteSet, rhs: ByteSet) -> Bool { lhs.words == rhs.words }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

/// One step of the automaton (a Thompson NFA over bytes).
enum RegexInstruction: Sendable {
    /// Consume one byte of the set, then go on at the next instruction.
    case consume(ByteSet)
    /// Go on at both targets.
    case split(Int32, Int32)
    /// Go on at the target.
    case jump(Int32)
    /// Go on at the next instruction if the test holds here.
    case assert(RegexAssertion)
    /// The pattern has matched.
    case match
}

/// Turns a ``RegexNode`` tree into instructions; instruction 0 is the start.
struct RegexCompiler {
    /// The most instructions a pattern may compile to (counted repetitions multiply).
    static let sizeLimit = 20_000

    private(set) var program: [RegexInstruction] = []
    /// Whether the program reads the text from its end: it then accepts the reversed strings
    /// of the pattern, with `^` and `$` exchanged.
    private let reversed: Bool

    private init(reversed: Bool) { self.reversed = reversed }

    /// Compiles the tree, ending with ``RegexInstruction/match``. A `reversed` program matches
    /// the text read backwards wherever the pattern matches it read forwards.
    static func compile(
        _ node: RegexNode, reversed: Bool = false
    ) throws(RegexError)
        -> [RegexInstruction]
    {
        var compiler = RegexCompiler(reversed: reversed)
        try compiler.emit(node)
        try compiler.append(.match)
        return compiler.program
    }

    private var next: Int32 { Int32(program.count) }

    private mutating func append(_ instruction: RegexInstruction) throws(RegexError) {
        guard program.count < RegexCompiler.sizeLimit else {
            throw RegexError(
                "regex too large once compiled", .whole,
                note: "limit \(RegexCompiler.sizeLimit) steps")
        }
        program.append(instruction)
    }

    /// Emits code that falls through to the instruction after it. The recursion follows the
    /// tree, whose depth the parser's nesting limit bounds.
    private mutating func emit(_ node: RegexNode) throws(RegexError) {
        switch node {
        case .set(let set):
            try emitSet(set)
        case .concat(let items):
            if reversed {
                for item in items.reversed() { try emit(item) }
            } else {
                for item in items { try emit(item) }
            }
        case .alternate(let branches):
            var jumps: [Int] = []
            for (number, branch) in branches.enumerated() {
                if number == branches.count - 1 {
                    try emit(branch)
                } else {
                    let split = program.count
                    try append(.split(next + 1, 0))
                    try emit(branch)
                    jumps.append(program.count)
                    try append(.jump(0))
                    program[split] = .split(Int32(split + 1), next)
                }
            }
            for jump in jumps { program[jump] = .jump(next) }
        case .assertion(let assertion):
            switch (reversed, assertion) {
            case (true, .lineStart): try append(.assert(.lineEnd))
            case (true, .lineEnd): try append(.assert(.lineStart))
            default: try append(.assert(assertion))
            }
        case .repetition(let body, let minimum, let maximum):
            for _ in 0..<minimum { try emit(body) }
            if let maximum {
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(program.count)
                    try append(.split(0, 0))
                    try emit(body)
                }
                for split in splits { program[split] = .split(Int32(split + 1), next) }
            } else {
                let loop = program.count
                try append(.split(0, 0))
                try emit(body)
                try append(.jump(Int32(loop)))
                program[loop] = .split(Int32(loop + 1), next)
            }
        }
    }

    /// One character of the set: the one-byte encodings (and invalid bytes) as one step, then
    /// each longer UTF-8 sequence as a branch of its own.
    private mutating func emitSet(_ set: ScalarSet) throws(RegexError) {
        var single = ByteSet()
        var longer: [[ClosedRange<UInt8>]] = []
        for sequence in set.utf8Sequences() {
            if sequence.count == 1 { single.insert(sequence[0]) } else { longer.append(sequence) }
        }
        if set.includesInvalidBytes { for range in ScalarSet.invalidBytes { single.insert(range) } }
        for byte in set.literalBytes { single.insert(byte...byte) }
        var branches: [[ByteSet]] = []
        if !single.isEmpty { branches.append([single]) }
        for sequence in longer {
            branches.append(
                sequence.map { range in
                    var bytes = ByteSet()
                    bytes.insert(range)
                    return bytes
                })
        }
        if branches.isEmpty {
            // An empty set never matches: a step that consumes nothing.
            try append(.consume(ByteSet()))
            return
        }
        var jumps: [Int] = []
        for (number, branch) in branches.enumerated() {
            let isLast = number == branches.count - 1
            let split = program.count
            if !isLast { try append(.split(0, 0)) }
            for bytes in reversed ? branch.reversed() : branch { try append(.consume(bytes)) }
            if !isLast {
                jumps.append(program.count)
                try append(.jump(0))
                program[split] = .split(Int32(split + 1), next)
            }
        }
        for jump in jumps { program[jump] = .jump(next) }
    }
}
