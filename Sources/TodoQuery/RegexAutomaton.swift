/// Runs a compiled regex over bytes in time linear in the text.
///
/// At compile time the NFA is turned into a DFA by the subset construction, with byte classes
/// (bytes no instruction tells apart share a column) and with the context that `^`, `$`, `\b`
/// and `\B` need kept in each state. The construction stops at ``stateLimit`` states or
/// ``workLimit`` steps; such a pattern is run by simulating the NFA instead (one pass over the
/// text, every live instruction at once), which is slower but still linear. Nothing is mutated
/// after construction, so one automaton is shared freely between threads.
struct RegexAutomaton: Sendable {
    /// The most DFA states built ahead of time.
    static let stateLimit = 4096
    /// The most instruction visits spent building the DFA.
    static let workLimit = 4_000_000

    private let program: [RegexInstruction]
    /// Whether the program was compiled reversed, to read the text from its last byte.
    let readsBackwards: Bool
    /// The byte class of each byte.
    private let classOf: [UInt8]
    private let classCount: Int
    /// For each state and class, the next state's row offset (`state * classCount`), or -1 when
    /// the pattern has matched. Empty when the DFA was not built.
    private let table: [Int32]
    /// For each state, whether the pattern matches at the end of the text.
    private let acceptsAtEnd: [Bool]
    /// For each state, the bytes that leave it (`nil` when there are more than three): the
    /// others keep the automaton where it is, so they are skipped eight at a time.
    private let exits: [Exits?]

    /// The bytes that leave a state, repeated to fill three slots; none when `isEmpty`.
    struct Exits: Sendable {
        var bytes: (UInt8, UInt8, UInt8)
        var isEmpty: Bool
    }

    /// Set in a table entry when the next state has ``Exits``.
    static let skips: Int32 = 1 << 30

    /// Whether the DFA was built (otherwise matching simulates the NFA).
    var isDeterministic: Bool { !table.isEmpty }

    /// Builds the automaton of a program whose start is instruction 0; without
    /// `buildingDFA` it always simulates the NFA (tests compare the two). A program compiled
    /// reversed is given `readingBackwards`.
    init(_ program: [RegexInstruction], buildingDFA: Bool = true, readingBackwards: Bool = false) {
        self.program = program
        readsBackwards = readingBackwards
        var sets = Set<ByteSet>()
        for instruction in program {
            if case .consume(let bytes) = instruction { sets.insert(bytes) }
        }
        var word = ByteSet()
        for range: ClosedRange<UInt8> in [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A] {
            word.insert(range)
        }
        sets.insert(word)
        var classOf = [UInt8](repeating: 0, count: 256)
        var count = 1
        for bytes in sets {
            var renumbered: [Int: Int] = [:]
            for byte in 0...255 {
                let key = Int(classOf[byte]) * 2 + (bytes.contains(UInt8(byte)) ? 1 : 0)
                if let number = renumbered[key] {
                    classOf[byte] = UInt8(number)
                } else {
                    renumbered[key] = renumbered.count
                    classOf[byte] = UInt8(renumbered.count - 1)
                }
            }
            count = renumbered.count
        }
        self.classOf = classOf
        classCount = count
        var builder = DFABuilder(program: program, classOf: classOf, classCount: count)
        guard buildingDFA && builder.build() else {
            table = []
            acceptsAtEnd = []
            exits = []
            return
        }
        acceptsAtEnd = builder.acceptsAtEnd
        var exits: [Exits?] = []
        var table = builder.table
        for state in 0..<acceptsAtEnd.count {
            let row = state * count
            var leaving: [UInt8] = []
            for byte in 0...255 where table[row + Int(classOf[byte])] != Int32(row) {
                leaving.append(UInt8(byte))
                if leaving.count > 3 { break }
            }
            switch leaving.count {
            case 0: exits.append(Exits(bytes: (0, 0, 0), isEmpty: true))
            case 1...3:
                let bytes = (
                    leaving[0], leaving[min(1, leaving.count - 1)], leaving[leaving.count - 1]
                )
                exits.append(Exits(bytes: bytes, isEmpty: false))
            default: exits.append(nil)
            }
        }
        for index in table.indices where table[index] >= 0 {
            if exits[Int(table[index]) / count] != nil { table[index] |= RegexAutomaton.skips }
        }
        self.table = table
        self.exits = exits
    }

    /// Whether the pattern matches somewhere in the text made of `first` followed by `second`.
    func matches(
        _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>
    )
        -> Bool
    {
        guard isDeterministic else { return simulate(first, second) }
        if readsBackwards { return matchesBackwards(first, second) }
        return table.withUnsafeBufferPointer { table in
            classOf.withUnsafeBufferPointer { classOf in
                var state = 0
                var skipping = exits[0] != nil
                for number in 0..<2 {
                    let part = number == 0 ? first : second
                    let count = part.count
                    var index = 0
                    while index < count {
                        if skipping, let exit = exits[state / classCount] {
                            if exit.isEmpty { break }
                            index = ByteSearch.firstIndex(
                                of: exit.bytes.0, exit.bytes.1, exit.bytes.2, in: part, from: index)
                            if index == count { break }
                        }
                        let next = table[state &+ Int(classOf[Int(part[index])])]
                        if next < 0 { return true }
                        skipping = next & RegexAutomaton.skips != 0
                        state = Int(next & ~RegexAutomaton.skips)
                        index &+= 1
                    }
                }
                return acceptsAtEnd[state / classCount]
            }
        }
    }

    /// The DFA run from the last byte of `second` to the first of `first`. It stops as soon as
    /// it reaches a state that no byte leaves: for a pattern that ends with `$`, after the
    /// few bytes that can end a match.
    private func matchesBackwards(
        _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>
    )
        -> Bool
    {
        table.withUnsafeBufferPointer { table in
            classOf.withUnsafeBufferPointer { classOf in
                var state = 0
                if let exit = exits[0], exit.isEmpty { return acceptsAtEnd[0] }
                for number in 0..<2 {
                    let part = number == 0 ? second : first
                    var index = part.count
                    while index > 0 {
                        index &-= 1
                        let next = table[state &+ Int(classOf[Int(part[index])])]
                        if next < 0 { return true }
                        state = Int(next & ~RegexAutomaton.skips)
                        if next & RegexAutomaton.skips != 0,
                            let exit = exits[state / classCount], exit.isEmpty
                        {
                            return acceptsAtEnd[state / classCount]
                        }
                    }
                }
                return acceptsAtEnd[state / classCount]
            }
        }
    }

    /// The NFA simulation, for patterns whose DFA would be too large.
    private func simulate(
        _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>
    )
        -> Bool
    {
        var closure = RegexClosure(size: program.count)
        var kernel: [Int32] = []
        var next: [Int32] = []
        var context = RegexClosure.Context(
            atStart: true, previousIsWord: false, atEnd: false, nextIsWord: false)
        for number in 0..<2 {
            let part = (number == 0) != readsBackwards ? first : second
            for offset in 0..<part.count {
                let byte = part[readsBackwards ? part.count &- 1 &- offset : offset]
                context.nextIsWord = RegexAssertion.isWordByte(byte)
                if closure.run(program, kernel, context) { return true }
                next.removeAll(keepingCapacity: true)
                for pc in closure.consumers {
                    if case .consume(let bytes) = program[Int(pc)], bytes.contains(byte) {
                        next.append(pc + 1)
                    }
                }
                swap(&kernel, &next)
                context.atStart = false
                context.previousIsWord = context.nextIsWord
            }
        }
        context.atEnd = true
        context.nextIsWord = false
        return closure.run(program, kernel, context)
    }
}

/// Follows the steps that consume nothing from a set of instructions (and from the start,
/// which is added at every position so that a match may begin anywhere).
struct RegexClosure {
    /// What the zero-width tests may look at.
    struct Context {
        var atStart: Bool
        var previousIsWord: Bool
        var atEnd: Bool
        var nextIsWord: Bool
    }

    private var marks: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int32] = []
    /// The consuming instructions reached by the last ``run(_:_:_:)``.
    private(set) var consumers: [Int32] = []
    /// Instructions visited so far, over all runs.
    private(set) var work = 0

    /// Scratch space for a program of `size` instructions.
    init(size: Int) { marks = [UInt32](repeating: 0, count: size) }

    /// Collects the consuming instructions reachable from `kernel` and the start; returns
    /// whether ``RegexInstruction/match`` is reachable.
    mutating func run(
        _ program: [RegexInstruction], _ kernel: [Int32], _ context: Context
    )
        -> Bool
    {
        if generation == UInt32.max {
            for index in marks.indices { marks[index] = 0 }
            generation = 0
        }
        generation += 1
        consumers.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        stack.append(0)
        stack.append(contentsOf: kernel.reversed())
        while let pc = stack.popLast() {
            let index = Int(pc)
            if marks[index] == generation { continue }
            marks[index] = generation
            work += 1
            switch program[index] {
            case .consume: consumers.append(pc)
            case .split(let preferred, let other):
                stack.append(other)
                stack.append(preferred)
            case .jump(let target): stack.append(target)
            case .assert(let test):
                if test.holds(
                    atStart: context.atStart, previousIsWord: context.previousIsWord,
                    atEnd: context.atEnd, nextIsWord: context.nextIsWord)
                {
                    stack.append(pc + 1)
                }
            case .match: return true
            }
        }
        return false
    }
}

/// The subset construction behind ``RegexAutomaton``.
private struct DFABuilder {
    /// A DFA state: the instructions just after a consumed byte, and the context so far.
    struct State: Hashable {
        var kernel: [Int32]
        var atStart: Bool
        var previousIsWord: Bool
    }

    let program: [RegexInstruction]
    let classOf: [UInt8]
    let classCount: Int
    var table: [Int32] = []
    var acceptsAtEnd: [Bool] = []

    init(program: [RegexInstruction], classOf: [UInt8], classCount: Int) {
        self.program = program
        self.classOf = classOf
        self.classCount = classCount
    }

    /// Builds every reachable state; false when a limit was reached first.
    mutating func build() -> Bool {
        var representative = [UInt8](repeating: 0, count: classCount)
        for byte in (0...255).reversed() { representative[Int(classOf[byte])] = UInt8(byte) }
        // Context that no instruction looks at is left out of the states, so they stay few.
        var usesStart = false
        var usesWord = false
        for instruction in program {
            guard case .assert(let test) = instruction else { continue }
            if test == .lineStart { usesStart = true }
            if test == .wordBoundary || test == .notWordBoundary { usesWord = true }
        }
        var closure = RegexClosure(size: program.count)
        var states = [State(kernel: [], atStart: usesStart, previousIsWord: false)]
        var numbers: [State: Int] = [states[0]: 0]
        var index = 0
        while index < states.count {
            let state = states[index]
            for byteClass in 0..<classCount {
                let byte = representative[byteClass]
                let isWord = RegexAssertion.isWordByte(byte)
                let context = RegexClosure.Context(
                    atStart: state.atStart, previousIsWord: state.previousIsWord, atEnd: false,
                    nextIsWord: isWord)
                if closure.run(program, state.kernel, context) {
                    table.append(-1)
                    continue
                }
                var kernel: [Int32] = []
                for pc in closure.consumers {
                    if case .consume(let bytes) = program[Int(pc)], bytes.contains(byte) {
                        kernel.append(pc + 1)
                    }
                }
                kernel.sort()
                let next = State(kernel: kernel, atStart: false, previousIsWord: usesWord && isWord)
                let number: Int
                if let known = numbers[next] {
                    number = known
                } else {
                    guard states.count < RegexAutomaton.stateLimit else { return false }
                    number = states.count
                    numbers[next] = number
                    states.append(next)
                }
                table.append(Int32(number * classCount))
            }
            let end = RegexClosure.Context(
                atStart: state.atStart, previousIsWord: state.previousIsWord, atEnd: true,
                nextIsWord: false)
            acceptsAtEnd.append(closure.run(program, state.kernel, end))
            if closure.work > RegexAutomaton.workLimit { return false }
            index += 1
        }
        return true
    }
}
