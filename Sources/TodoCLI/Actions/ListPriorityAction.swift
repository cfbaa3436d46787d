/// Lists tasks by priority (todo.sh `listpri`).
struct ListPriorityAction: TodoShAction {
    static let names = [
        "listpri",
        "lsp",
    ]
    static let synopses = [
        "listpri [PRIORITIES] [TERM...]",
        "lsp [PRIORITIES] [TERM...]",
    ]
    static let help = [
        "Lists the tasks with a priority: all of them, one (A), a range (A-C) or a",
        "mix (ABR-Y).",
    ]
    static let writesFiles = false

    let words: [String]

    /// The todo file's prioritised tasks through the listing pipeline
    /// (TodoShCompatibility.md §5.7): the priority set, when the first word is one, is a
    /// filter after the terms.
    func run(in context: Context) throws -> Int32 {
        var terms = Array(words.dropFirst())
        var letters = Set<UInt8>(0x41...0x5A)
        var setText = "A-Z"
        if let first = terms.first, let parsed = Self.prioritySet(first) {
            letters = parsed.letters
            setText = parsed.text
            terms.removeFirst()
        }
        // One bit per letter, tested on the text in place.
        var mask: UInt32 = 0
        for letter in letters { mask |= 1 << UInt32(letter - 0x41) }
        let selected = mask
        let test: (UnsafeBufferPointer<UInt8>) -> Bool = { text in
            guard text.count >= 4, text[0] == 0x28, text[2] == 0x29, text[3] == 0x20 else {
                return false
            }
            let letter = text[1] &- 0x41
            return letter < 26 && selected & (1 << UInt32(letter)) != 0
        }
        try context.operations.listFileInPieces(
            path: context.settings.todoFile, terms: terms,
            postFilter: Listing.PostFilter(
                test: test, command: "grep '^ *[0-9]\\+ ([\(setText)]) '"))
        return 0
    }

    /// Reads listpri's first argument: a letter, a range, or letters and ranges (`ABR-Y`).
    static func prioritySet(_ word: String) -> (letters: Set<UInt8>, text: String)? {
        var bytes = Array(word.utf8)
        let isLetter: (UInt8) -> Bool = { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
        let simple =
            (bytes.count == 1 && isLetter(bytes[0]))
            || (bytes.count == 3 && isLetter(bytes[0]) && bytes[1] == 0x2D && isLetter(bytes[2]))
        if simple { bytes = bytes.map { $0 >= 0x61 ? $0 - 0x20 : $0 } }
        var letters = Set<UInt8>()
        var index = 0
        while index < bytes.count {
            let letter = bytes[index]
            guard letter >= 0x41 && letter <= 0x5A else { return nil }
            if index + 2 < bytes.count && bytes[index + 1] == 0x2D {
                let end = bytes[index + 2]
                guard end >= 0x41 && end <= 0x5A else { return nil }
                if letter <= end { letters.formUnion(letter...end) }
                index += 3
            } else {
                letters.insert(letter)
                index += 1
            }
        }
        guard !bytes.isEmpty else { return nil }
        return (letters, String(decoding: bytes, as: UTF8.self))
    }
}
