import TodoTerminal

/// A small terminal for the tests: it applies the renderer's output to a grid of cells, the way
/// a terminal with automatic wrapping off would, and records anything a real terminal would do
/// differently or that the renderer must never send.
///
/// It knows only what the renderer is allowed to send: cursor position (`CSI r;c H`), erase in
/// display (`CSI 2 J`) and line (`CSI K`), SGR (`CSI … m`), the private modes of
/// ``TerminalSequences``, and printable UTF-8 text. Its SGR reading is its own, kept apart from
/// ``Style``, so that the two check each other.
struct VirtualScreen {
    /// One cell: its text, the SGR state it was written in (attributes such as "1" and "7",
    /// then "fg=33", "bg=48;5;208"), and whether it is the right half of a wide glyph.
    struct Cell: Equatable {
        var text = " "
        var codes: [String] = []
        var isContinuation = false
    }

    let width: Int
    let height: Int
    private(set) var cells: [[Cell]]
    private(set) var row = 0
    private(set) var column = 0
    private(set) var cursorVisible = true
    /// Private modes that are on; automatic wrap (`?7`) is on in a fresh terminal.
    private(set) var modes: Set<String> = ["?7"]
    /// What went wrong: text past the right edge, raw control bytes, unknown sequences.
    private(set) var problems: [String] = []
    /// The SGR state.
    private var attributes: Set<Int> = []
    private var foreground: String?
    private var background: String?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
    }

    /// The text of a row, each wide glyph once.
    func text(ofRow row: Int) -> String {
        cells[row].filter { !$0.isContinuation }.map(\.text).joined()
    }

    /// Every row's text.
    var rows: [String] { (0..<height).map { text(ofRow: $0) } }

    /// Whether the cell at `row`, `column` is drawn with SGR code `code`.
    func has(_ code: String, row: Int, column: Int) -> Bool {
        cells[row][column].codes.contains(code)
    }

    /// Applies terminal output.
    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                index = escape(bytes, at: index)
            } else if byte < 0x20 || byte == 0x7F {
                problems.append("raw control byte \(byte)")
                index += 1
            } else {
                var length = 1
                if byte >= 0xF0 {
                    length = 4
                } else if byte >= 0xE0 {
                    length = 3
                } else if byte >= 0xC0 {
                    length = 2
                }
                let end = min(index + length, bytes.count)
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                for scalar in text.unicodeScalars { put(scalar) }
                index = end
            }
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        if scalar.value >= 0x80 && scalar.value < 0xA0 {
            problems.append("C1 control U+\(String(scalar.value, radix: 16))")
            return
        }
        let width = DisplayWidth.of(scalar)
        if width == 0 {
            var target = column - 1
            if target >= 0 && target < self.width && cells[row][target].isContinuation {
                target -= 1
            }
            guard target >= 0 else {
                problems.append("zero-width scalar with nothing before it")
                return
            }
            cells[row][min(target, self.width - 1)].text.unicodeScalars.append(scalar)
            return
        }
        guard column + width <= self.width else {
            problems.append("text past the right edge in row \(row): \(scalar)")
            return
        }
        clearHalves(at: column)
        if width == 2 { clearHalves(at: column + 1) }
        cells[row][column] = Cell(text: String(scalar), codes: codes)
        if width == 2 {
            cells[row][column + 1] = Cell(text: "", codes: codes, isContinuation: true)
        }
        column += width
    }

    /// Blanks the other half of a wide glyph when one half is overwritten.
    private mutating func clearHalves(at column: Int) {
        if cells[row][column].isContinuation, column > 0 {
            cells[row][column - 1] = Cell(codes: cells[row][column - 1].codes)
        }
        if column + 1 < width, cells[row][column + 1].isContinuation {
            cells[row][column + 1] = Cell(codes: cells[row][column + 1].codes)
        }
    }

    /// Applies the sequence at `index`; returns the index after it.
    private mutating func escape(_ bytes: [UInt8], at index: Int) -> Int {
        guard index + 1 < bytes.count, bytes[index + 1] == 0x5B else {
            problems.append("escape not followed by [")
            return index + 1
        }
        var end = index + 2
        while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else {
            problems.append("unfinished sequence")
            return end
        }
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) ?? 0 }
        switch bytes[end] {
        case 0x48:
            let target = (max(numbers[0], 1), numbers.count > 1 ? max(numbers[1], 1) : 1)
            guard target.0 >= 1, target.0 <= height, target.1 >= 1, target.1 <= width else {
                problems.append("cursor moved off screen: \(parameters)")
                break
            }
            row = max(target.0, 1) - 1
            column = max(target.1, 1) - 1
        case 0x4A:
            guard parameters == "2" else {
                problems.append("unexpected erase in display \(parameters)")
                break
            }
            cells = Array(repeating: Array(repeating: erased, count: width), count: height)
        case 0x4B:
            guard parameters.isEmpty || parameters == "0" else {
                problems.append("unexpected erase in line \(parameters)")
                break
            }
            guard column < width else { break }
            clearHalves(at: column)
            for index in column..<width { cells[row][index] = erased }
        case 0x6D:
            sgr(numbers)
        case 0x68, 0x6C:
            guard parameters.hasPrefix("?") else {
                problems.append("unexpected mode \(parameters)")
                break
            }
            let on = bytes[end] == 0x68
            if parameters == "?25" {
                cursorVisible = on
            } else if on {
                modes.insert(parameters)
            } else {
                modes.remove(parameters)
            }
        default:
            problems.append("unknown sequence \(parameters)\(UnicodeScalar(bytes[end]))")
        }
        return end + 1
    }

    private mutating func sgr(_ numbers: [Int]) {
        var index = 0
        while index < numbers.count {
            let number = numbers[index]
            switch number {
            case 0:
                attributes = []
                foreground = nil
                background = nil
            case 38, 48:
                let count = numbers.count > index + 1 && numbers[index + 1] == 2 ? 5 : 3
                let code = numbers[index..<min(index + count, numbers.count)]
                    .map(String.init).joined(separator: ";")
                if number == 38 { foreground = code } else { background = code }
                index += count - 1
            case 30...37, 90...97: foreground = String(number)
            case 40...47, 100...107: background = String(number)
            case 1, 2, 3, 4, 5, 7: attributes.insert(number)
            default: problems.append("unexpected SGR \(number)")
            }
            index += 1
        }
    }

    /// The codes of the SGR state, as cells keep them.
    private var codes: [String] {
        attributes.sorted().map(String.init) + (foreground.map { ["fg=" + $0] } ?? [])
            + (background.map { ["bg=" + $0] } ?? [])
    }

    /// A blank as an erase leaves it: the current background only.
    private var erased: Cell { Cell(codes: background.map { ["bg=" + $0] } ?? []) }
}
