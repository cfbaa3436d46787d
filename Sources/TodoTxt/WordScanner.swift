/// One word of a description, seen through pointers into the description's bytes.
///
/// Valid only inside the ``WordScanner/forEach(in:_:)`` callback.
package struct ScannedWord {
    /// The kind, by the rules of FormatRules.md W1-W5 (the same as `Word.Kind`).
    package let kind: Word.Kind
    /// The project or context name without its sigil, the tag's key, or the whole text word.
    package let name: UnsafeBufferPointer<UInt8>
    /// The tag's value; empty for other kinds.
    package let value: UnsafeBufferPointer<UInt8>
    /// Where ``name`` starts, as an offset from the start of the description.
    package let nameOffset: Int
    /// Where ``value`` starts, as an offset from the start of the description.
    package let valueOffset: Int
    /// Where the word starts and ends, as offsets from the start of the description.
    package let wordRange: Range<Int>

    /// Whether the name's bytes equal `key`.
    @inline(__always)
    package func nameIs(_ key: [UInt8]) -> Bool {
        name.count == key.count && name.elementsEqual(key)
    }
}

/// Splits a description into words and classifies them (FormatRules.md A.4, rules W1-W5) without
/// creating slices, so that scanning a million items costs no reference counting. This is the
/// one place the word rules live: ``Word`` is built on it, and TodoQuery uses it directly.
package enum WordScanner {
    /// Calls `body` with each word in order until it returns `false`.
    @inline(__always)
    package static func forEach(
        in text: ArraySlice<UInt8>, _ body: (ScannedWord) throws -> Bool
    ) rethrows {
        try text.withUnsafeBufferPointer { try forEach(in: $0, body) }
    }

    /// Calls `body` with each word of the bytes in order until it returns `false`.
    @inline(__always)
    package static func forEach(
        in buffer: UnsafeBufferPointer<UInt8>, _ body: (ScannedWord) throws -> Bool
    ) rethrows {
        do {
            guard let base = buffer.baseAddress else { return }
            let end = buffer.count
            var index = 0
            while index < end {
                while index < end && (base[index] == 0x20 || base[index] == 0x09) { index += 1 }
                guard index < end else { return }
                let start = index
                var colon = -1
                while index < end && base[index] != 0x20 && base[index] != 0x09 {
                    if colon < 0 && base[index] == 0x3A { colon = index }
                    index += 1
                }
                let first = base[start]
                let empty = UnsafeBufferPointer(start: base + index, count: 0)
                let word: ScannedWord
                if (first == 0x2B || first == 0x40) && index - start > 1 {
                    word = ScannedWord(
                        kind: first == 0x2B ? .project : .context,
                        name: UnsafeBufferPointer(
                            start: base + start + 1, count: index - start - 1),
                        value: empty, nameOffset: start + 1, valueOffset: index,
                        wordRange: start..<index)
                } else if colon > start && colon + 1 < index
                    && !(index - colon > 2 && base[colon + 1] == 0x2F && base[colon + 2] == 0x2F)
                {
                    word = ScannedWord(
                        kind: .tag,
                        name: UnsafeBufferPointer(start: base + start, count: colon - start),
                        value: UnsafeBufferPointer(
                            start: base + colon + 1, count: index - colon - 1),
                        nameOffset: start, valueOffset: colon + 1, wordRange: start..<index)
                } else {
                    word = ScannedWord(
                        kind: .text,
                        name: UnsafeBufferPointer(start: base + start, count: index - start),
                        value: empty, nameOffset: start, valueOffset: index,
                        wordRange: start..<index)
                }
                if try !body(word) { return }
            }
        }
    }
}
