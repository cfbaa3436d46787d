import TodoCheck
import TodoTxt

/// What completion and the priority actions need to know about a whole document, kept up to
/// date line by line: how many tasks use each `+project` and `@context`, how often each tag key
/// is used and whether all its values are dates, and how many open tasks have each priority.
///
/// Each line adds to the counts when it appears and takes away when it goes, so an edit costs
/// the lines it touches, never the document. The names are copied out of the document's bytes
/// (a name used on many lines is stored once).
struct NameIndex {
    /// What a name is.
    enum Kind: UInt64 {
        case project = 1
        case context = 2
        case tagKey = 3
    }

    /// One distinct name.
    struct Entry {
        /// What it is.
        var kind: Kind
        /// The name, without a sigil or colon.
        var bytes: [UInt8]
        /// Projects and contexts: the tasks that use it; tag keys: how often it is used.
        var count: Int
        /// Tag keys: how many of its values are not dates.
        var nonDates: Int
    }

    /// The names, by a hash of their kind and bytes (a colliding name takes the next key).
    private var entries: [UInt64: Entry] = [:]
    /// How many open tasks have priority A (index 0) to Z (index 25).
    private(set) var priorityCounts = [Int](repeating: 0, count: 26)

    /// Adds line `task` (its bytes after a byte order mark) to the counts (`sign` 1), or takes
    /// it away (`sign` -1).
    mutating func count(_ task: ArraySlice<UInt8>, sign: Int) {
        let item = TODOItem(parsingBytes: task)
        if !item.isDone, let priority = item.priority {
            priorityCounts[Int(priority.ascii - 0x41)] += sign
        }
        let text = item.descriptionBytes
        guard !text.isEmpty else { return }
        // The projects and contexts counted for this task so far: a task counts a name once.
        // Few tasks have more than a handful, which are kept on the stack.
        withUnsafeTemporaryAllocation(of: ScannedWord.self, capacity: 8) { seen in
            var seenCount = 0
            WordScanner.forEach(in: text) { word in
                switch word.kind {
                case .project, .context:
                    var counted = false
                    for index in 0..<seenCount
                    where seen[index].kind == word.kind && seen[index].name.elementsEqual(word.name)
                    {
                        counted = true
                        break
                    }
                    if !counted && seenCount == seen.count {
                        counted = Self.appearsBefore(word.wordRange.lowerBound, word, in: text)
                    }
                    guard !counted else { break }
                    if seenCount < seen.count {
                        seen.initializeElement(at: seenCount, to: word)
                        seenCount += 1
                    }
                    add(word.kind == .project ? .project : .context, word.name, sign: sign)
                case .tag:
                    add(.tagKey, word.name, sign: sign, nonDate: Checker.isDate(word.value) ? 0 : 1)
                case .text:
                    break
                }
                return true
            }
            _ = seen.prefix(seenCount).deinitialize()
        }
    }

    /// Whether a word of the same kind and name as `word` comes before offset `end` of `text`
    /// (looked for once more than eight names were seen on the line).
    private static func appearsBefore(
        _ end: Int, _ word: ScannedWord, in text: ArraySlice<UInt8>
    ) -> Bool {
        guard end > 0 else { return false }
        var found = false
        WordScanner.forEach(in: text[text.startIndex..<text.startIndex + end]) { earlier in
            found = earlier.kind == word.kind && earlier.name.elementsEqual(word.name)
            return !found
        }
        return found
    }

    /// The key of a name: a hash of its kind and bytes (FNV-1a, then mixed; the table hashes
    /// the key again, so this one only has to tell names apart).
    private static func key(_ kind: Kind, _ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ kind.rawValue
        for byte in name {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 32
        return hash
    }

    private mutating func add(
        _ kind: Kind, _ name: UnsafeBufferPointer<UInt8>, sign: Int, nonDate: Int = 0
    ) {
        var key = Self.key(kind, name)
        while true {
            guard let index = entries.index(forKey: key) else {
                if sign > 0 {
                    entries[key] = Entry(
                        kind: kind, bytes: Array(name), count: sign, nonDates: nonDate)
                }
                return
            }
            let entry = entries.values[index]
            guard entry.kind == kind && entry.bytes.elementsEqual(name) else {
                key &+= 1
                continue
            }
            // A name that is gone is forgotten, unless a colliding name sits after it.
            if entry.count + sign <= 0 && entries[key &+ 1] == nil {
                entries.remove(at: index)
            } else {
                entries.values[index].count += sign
                entries.values[index].nonDates += sign * nonDate
            }
            return
        }
    }

    /// The projects (`+`) or contexts (`@`) with their task counts, keyed with their sigil.
    func names(sigil: UInt8) -> [ArraySlice<UInt8>: Int] {
        let kind: Kind = sigil == 0x2B ? .project : .context
        var result: [ArraySlice<UInt8>: Int] = [:]
        for entry in entries.values where entry.kind == kind && entry.count > 0 {
            result[ArraySlice([sigil] + entry.bytes), default: 0] += entry.count
        }
        return result
    }

    /// The tag keys and how often each is used.
    var tagKeys: [String: Int] {
        var result: [String: Int] = [:]
        for entry in entries.values where entry.kind == .tagKey && entry.count > 0 {
            result[String(decoding: entry.bytes, as: UTF8.self), default: 0] += entry.count
        }
        return result
    }

    /// Whether tag `key` is used and all its values are dates.
    func holdsDates(_ key: [UInt8]) -> Bool {
        var hash = key.withUnsafeBufferPointer { Self.key(.tagKey, $0) }
        while let entry = entries[hash] {
            if entry.kind == .tagKey && entry.bytes == key {
                return entry.count > 0 && entry.nonDates == 0
            }
            hash &+= 1
        }
        return false
    }
}
