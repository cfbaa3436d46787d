/// SplitMix64: a small seeded generator, so that every run writes the same files.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) * 100 < percent
    }

    /// An element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

/// Writes realistic todo.txt files: done and open tasks, skewed priorities, dates, projects,
/// contexts, `due:`/`t:` and other tags, some non-ASCII words and a few blank lines.
enum Generator {
    static let words: [String] = [
        "call", "email", "buy", "fix", "write", "review", "plan", "book", "pay", "clean", "send",
        "read", "check", "update", "prepare", "schedule", "order", "pick", "return", "ask",
        "the", "a", "new", "old", "weekly", "monthly", "report", "invoice", "tickets", "car",
        "garden", "kitchen", "budget", "slides", "draft", "meeting", "notes", "dentist",
        "groceries", "milk", "bread", "printer", "laptop", "backup", "server", "release",
        "branch", "tests", "docs", "contract", "insurance", "taxes", "flight", "hotel", "gift",
        "birthday", "party", "photos", "bike", "tyres", "windows", "paint", "fence", "roof",
        "about", "with", "for", "before", "after", "and", "mom", "dad", "Anna", "Peter", "team",
        "client", "vendor", "Q3", "2nd", "quickly", "again", "maybe", "soon", "later",
        "café", "Müller", "naïve", "jalapeño", "Übung", "smörgåsbord", "façade", "Zürich",
        "日本", "résumé", "Øresund", "crème", "brûlée", "señor",
    ]
    static let projects: [String] = (0..<50).map { index in
        let stems = [
            "home", "work", "garden", "taxes", "travel", "health", "car", "kids", "website",
            "book",
        ]
        return "+" + stems[index % stems.count] + (index < stems.count ? "" : String(index))
    }
    static let contexts: [String] = [
        "@phone", "@email", "@home", "@office", "@errands", "@computer", "@online", "@store",
        "@garage", "@kitchen", "@waiting", "@someday", "@car", "@town", "@bank", "@school",
        "@gym", "@garden", "@work", "@café",
    ]
    static let otherTags = ["id:", "rec:", "est:", "ref:", "h:1"]

    /// A date between 2022-01-01 and 2026-12-28, as `YYYY-MM-DD`.
    static func date(_ random: inout SeededRandom) -> String {
        let year = 2022 + Int(random.next() % 5)
        let month = 1 + Int(random.next() % 12)
        let day = 1 + Int(random.next() % 28)
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// A priority letter: A, B and C much more often than the rest.
    static func priority(_ random: inout SeededRandom) -> Character {
        let roll = random.next() % 100
        if roll < 30 { return "A" }
        if roll < 55 { return "B" }
        if roll < 75 { return "C" }
        let scalar = Unicode.Scalar(UInt8(0x44 + random.next() % 23))
        return Character(scalar)
    }

    /// One line (without its newline); a done task when `done` is set (a done file's line).
    static func line(_ random: inout SeededRandom, done allDone: Bool = false) -> String {
        if !allDone && random.chance(0.5) { return "" }
        var header = ""
        let done = allDone || random.chance(25)
        if done {
            header = "x " + date(&random) + " "
            if random.chance(70) { header += date(&random) + " " }
        } else {
            if random.chance(40) { header = "(\(priority(&random))) " }
            if random.chance(70) { header += date(&random) + " " }
        }
        var parts: [String] = []
        let wordCount = 3 + Int(random.next() % 10)
        for _ in 0..<wordCount { parts.append(random.pick(words)) }
        var extras: [String] = []
        for _ in 0..<Int(random.next() % 4) { extras.append(random.pick(projects)) }
        for _ in 0..<Int(random.next() % 3) { extras.append(random.pick(contexts)) }
        if random.chance(30) { extras.append("due:" + date(&random)) }
        if random.chance(10) { extras.append("t:" + date(&random)) }
        if random.chance(15) {
            let tag = random.pick(otherTags)
            extras.append(tag.hasSuffix(":") ? tag + String(random.next() % 1000) : tag)
        }
        for extra in extras {
            // Most extras go at the end, some in the middle of the text.
            if random.chance(70) {
                parts.append(extra)
            } else {
                parts.insert(extra, at: 1 + Int(random.next() % UInt64(parts.count)))
            }
        }
        return header + parts.joined(separator: " ")
    }

    /// The bytes of a file of `count` lines, each ended by LF; only done tasks when `done` is
    /// set (a done file).
    static func file(lines count: Int, seed: UInt64, done: Bool = false) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 90)
        for _ in 0..<count {
            bytes.append(contentsOf: line(&random, done: done).utf8)
            bytes.append(0x0A)
        }
        return bytes
    }
}
