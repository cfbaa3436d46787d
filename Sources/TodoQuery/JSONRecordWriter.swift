import TodoJSON
import TodoTxt

/// Writes the ``JSONRecord`` of every line of a block of a file's bytes straight from those
/// bytes into a buffer that is reused from block to block: `todo export`'s formatter.
///
/// No item is parsed and no slice is made: the header is read in place, the description's
/// words are found by the rules of ``WordScanner`` and written as they are found (contexts and
/// tags into two side buffers, copied after the projects). One pass over each line decides
/// whether any of its bytes needs a JSON escape and whether it is all ASCII; a line that
/// needs no escape is copied in runs, and a line that is not valid UTF-8 goes through
/// ``JSONRecord/append(raw:number:to:)``, so the bytes are always the same as that writer's.
package final class JSONRecordWriter {
    private var output: ByteRun
    private var contexts: ByteRun
    private var tags: ByteRun

    /// An empty writer with room for `capacity` bytes of output (it grows as needed).
    package init(capacity: Int = 1 << 16) {
        output = ByteRun(capacity: capacity)
        contexts = ByteRun(capacity: 1 << 12)
        tags = ByteRun(capacity: 1 << 12)
    }

    deinit {
        output.deallocate()
        contexts.deallocate()
        tags.deallocate()
    }

    /// The bytes written since the last ``removeAll()``, valid until the next change.
    package var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: output.base, count: output.count)
    }

    /// Forgets the bytes written, keeping the memory.
    package func removeAll() { output.count = 0 }

    /// Appends `byte` as it is.
    package func append(_ byte: UInt8) {
        output.reserve(1)
        output.put(byte)
    }

    /// Appends the records of the lines of `buffer` from `start` (the start of a line) to
    /// `end` (just after a line feed, or the end of the buffer), the first numbered `first`:
    /// each record followed by LF, or, as the elements of a JSON array, preceded by `,` LF
    /// (LF alone for line 1). A CR before a line's LF is not part of the line. Returns the
    /// number of the line that follows.
    @discardableResult
    package func appendRecords(
        of buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, first: Int,
        asArray: Bool
    ) -> Int {
        guard let base = buffer.baseAddress else { return first }
        var out = output
        var contextRun = contexts
        var tagRun = tags
        var number = first
        var lineStart = start
        while lineStart < end {
            let found = LineFeeds.first(in: base + lineStart, count: end - lineStart)
            let next = found < 0 ? end : lineStart + found + 1
            var lineEnd = found < 0 ? end : lineStart + found
            if found >= 0 && lineEnd > lineStart && base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if asArray {
                out.reserve(2)
                if number > 1 { out.put(0x2C) }
                out.put(0x0A)
            }
            Self.appendRecord(
                base + lineStart, lineEnd - lineStart, number: number, to: &out,
                contexts: &contextRun, tags: &tagRun)
            if !asArray {
                out.reserve(1)
                out.put(0x0A)
            }
            number += 1
            lineStart = next
        }
        output = out
        contexts = contextRun
        tags = tagRun
        return number
    }

    /// The constant pieces of a record.
    private enum Key {
        static var line: StaticString { #"{"line":"# }
        static var raw: StaticString { #","raw":"# }
        static var doneTrue: StaticString { #","done":true,"priority":"# }
        static var doneFalse: StaticString { #","done":false,"priority":"# }
        static var completionDate: StaticString { #","completionDate":"# }
        static var creationDate: StaticString { #","creationDate":"# }
        static var description: StaticString { #","description":"# }
        static var projects: StaticString { #","projects":["# }
        static var contexts: StaticString { #"],"contexts":["# }
        static var tags: StaticString { #"],"tags":["# }
        static var tagsEnd: StaticString { "]" }
        static var due: StaticString { #","due":"# }
        static var threshold: StaticString { #","t":"# }
        static var null: StaticString { "null" }
    }

    /// Whether the ten bytes at `pointer`, followed by a space before `end`, are a valid date
    /// (``TODOItem``'s header rule).
    @inline(__always)
    private static func isDate(
        _ pointer: UnsafePointer<UInt8>, before end: UnsafePointer<UInt8>
    )
        -> Bool
    {
        end - pointer >= 11 && pointer[10] == 0x20
            && LocalDate(utf8: UnsafeBufferPointer(start: pointer, count: 10)) != nil
    }

    /// Whether the ten bytes at `pointer` are a valid date.
    @inline(__always)
    private static func isDate(_ pointer: UnsafePointer<UInt8>) -> Bool {
        LocalDate(utf8: UnsafeBufferPointer(start: pointer, count: 10)) != nil
    }

    /// Appends a date's ten bytes, quoted, or `null` when there is none.
    @inline(__always)
    private static func putDate(_ date: UnsafePointer<UInt8>?, to out: inout ByteRun) {
        if let date {
            out.put(0x22)
            out.put(date, 10)
            out.put(0x22)
        } else {
            out.put(Key.null)
        }
    }

    /// Moves `cursor` to the first space or tab before `end` (or to `end`), and sets `colon`
    /// to the first `:` on the way. Eight bytes at a time: each word is XORed so that the bytes
    /// sought become zero, found with the "has a zero byte" test, whose lowest flag (in memory
    /// order) is always a real one.
    @inline(__always)
    private static func wordEnd(
        _ cursor: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
        colon: inout UnsafePointer<UInt8>?
    ) {
        let lows: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeros(_ value: UInt64) -> UInt64 { (value &- lows) & ~value & highs }
        while end - cursor >= 8 {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))
            let separators =
                zeros(word ^ 0x2020_2020_2020_2020) | zeros(word ^ 0x0909_0909_0909_0909)
            var colons = colon == nil ? zeros(word ^ 0x3A3A_3A3A_3A3A_3A3A) : 0
            if separators != 0 {
                let first = separators.trailingZeroBitCount
                colons &= (UInt64(1) << first) &- 1
                if colons != 0 { colon = cursor + colons.trailingZeroBitCount / 8 }
                cursor += first / 8
                return
            }
            if colons != 0 { colon = cursor + colons.trailingZeroBitCount / 8 }
            cursor += 8
        }
        while cursor < end && cursor.pointee != 0x20 && cursor.pointee != 0x09 {
            if colon == nil && cursor.pointee == 0x3A { colon = cursor }
            cursor += 1
        }
    }

    /// The first `+`, `@` or `:` from `cursor` to `end`, eight bytes at a time.
    @inline(__always)
    private static func nextSigilOrColon(
        from start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
    ) -> UnsafePointer<UInt8>? {
        let lows: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeros(_ value: UInt64) -> UInt64 { (value &- lows) & ~value & highs }
        var cursor = start
        while end - cursor >= 8 {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))
            let found =
                zeros(word ^ 0x2B2B_2B2B_2B2B_2B2B) | zeros(word ^ 0x4040_4040_4040_4040)
                | zeros(word ^ 0x3A3A_3A3A_3A3A_3A3A)
            if found != 0 { return cursor + found.trailingZeroBitCount / 8 }
            cursor += 8
        }
        while cursor < end {
            let byte = cursor.pointee
            if byte == 0x2B || byte == 0x40 || byte == 0x3A { return cursor }
            cursor += 1
        }
        return nil
    }

    /// Whether the `count` bytes at `line` are well-formed UTF-8: ASCII skipped eight bytes at
    /// a time, two-byte sequences checked here, longer ones by ``WellFormedUTF8``.
    private static func isWellFormed(_ line: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let buffer = UnsafeBufferPointer(start: line, count: count)
        let raw = UnsafeRawPointer(line)
        var index = 0
        while index < count {
            if count - index >= 8 {
                let high =
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    & 0x8080_8080_8080_8080
                if high == 0 {
                    index += 8
                    continue
                }
                index += high.trailingZeroBitCount / 8
            }
            let lead = line[index]
            if lead < 0x80 {
                index += 1
            } else if lead >= 0xC2 && lead <= 0xDF {
                guard index + 1 < count && line[index + 1] & 0xC0 == 0x80 else { return false }
                index += 2
            } else {
                guard let length = WellFormedUTF8.sequenceLength(at: index, in: buffer) else {
                    return false
                }
                index += length
            }
        }
        return true
    }

    /// Appends the record of the `count` bytes of one line at `line`.
    private static func appendRecord(
        _ line: UnsafePointer<UInt8>, _ count: Int, number: Int, to out: inout ByteRun,
        contexts: inout ByteRun, tags: inout ByteRun
    ) {
        let kind = LineBytes(line, count)
        if !kind.isASCII && !Self.isWellFormed(line, count) {
            var record: [UInt8] = []
            JSONRecord.append(
                raw: ArraySlice(UnsafeBufferPointer(start: line, count: count)), number: number,
                to: &record)
            out.reserve(record.count)
            record.withUnsafeBufferPointer {
                if let start = $0.baseAddress { out.put(start, $0.count) }
            }
            return
        }
        let plain = !kind.needsEscape
        // At most: every byte escaped (6 bytes) in `raw`, in `description` and in one name,
        // plus the quotes and commas around the words and the record's fixed parts.
        let bound = (plain ? 8 : 24) &* count &+ 512
        out.reserve(bound)
        let end = line + count

        // The header, read as TODOItem(parsingBytes:) reads it.
        var index = line
        var isDone = false
        var priority: UInt8 = 0
        var completion: UnsafePointer<UInt8>?
        var creation: UnsafePointer<UInt8>?
        if count >= 2 && line[0] == 0x78 && line[1] == 0x20 {
            isDone = true
            index += 2
            if isDate(index, before: end) {
                completion = index
                index += 11
                if isDate(index, before: end) {
                    creation = index
                    index += 11
                }
            }
        } else {
            if count >= 4 && line[0] == 0x28 && line[2] == 0x29 && line[3] == 0x20,
                let letter = Priority(ascii: line[1])
            {
                priority = letter.ascii
                index += 4
            }
            if isDate(index, before: end) {
                creation = index
                index += 11
            }
        }

        out.put(Key.line)
        out.putDecimal(number)
        out.put(Key.raw)
        out.putString(line, count, plain: plain)
        out.put(isDone ? Key.doneTrue : Key.doneFalse)
        if priority != 0 {
            out.put(0x22)
            out.put(priority)
            out.put(0x22)
        } else {
            out.put(Key.null)
        }
        out.put(Key.completionDate)
        putDate(completion, to: &out)
        out.put(Key.creationDate)
        putDate(creation, to: &out)
        out.put(Key.description)
        out.putString(index, end - index, plain: plain)
        out.put(Key.projects)

        // The words, by WordScanner's rules: projects written now, contexts and tags aside.
        contexts.count = 0
        tags.count = 0
        contexts.reserve(bound)
        tags.reserve(bound)
        var due: UnsafePointer<UInt8>?
        var threshold: UnsafePointer<UInt8>?
        var firstProject = true
        // Only a word holding `+`, `@` or `:` can be anything but text: the scan jumps from one
        // such byte to the next, and reads the word around it (to the space or tab before it,
        // never before the end of the word read last).
        var cursor = index
        while let hit = Self.nextSigilOrColon(from: cursor, end) {
            var start = hit
            while start > cursor && start[-1] != 0x20 && start[-1] != 0x09 { start -= 1 }
            cursor = start
            var colon: UnsafePointer<UInt8>?
            Self.wordEnd(&cursor, end, colon: &colon)
            let first = start.pointee
            if (first == 0x2B || first == 0x40) && cursor - start > 1 {
                if first == 0x2B {
                    if !firstProject { out.put(0x2C) }
                    firstProject = false
                    out.putString(start + 1, cursor - start - 1, plain: plain)
                } else {
                    if contexts.count > 0 { contexts.put(0x2C) }
                    contexts.putString(start + 1, cursor - start - 1, plain: plain)
                }
            } else if let colon, colon > start, colon + 1 < cursor,
                !(cursor - colon > 2 && colon[1] == 0x2F && colon[2] == 0x2F)
            {
                if tags.count > 0 { tags.put(0x2C) }
                tags.put(0x5B)
                tags.putString(start, colon - start, plain: plain)
                tags.put(0x2C)
                tags.putString(colon + 1, cursor - colon - 1, plain: plain)
                tags.put(0x5D)
                if cursor - colon == 11 {
                    let value = colon + 1
                    if colon - start == 3 && start[0] == 0x64 && start[1] == 0x75
                        && start[2] == 0x65
                    {
                        if due == nil && isDate(value) { due = value }
                    } else if colon - start == 1 && start[0] == 0x74 {
                        if threshold == nil && isDate(value) { threshold = value }
                    }
                }
            }
        }
        out.put(Key.contexts)
        out.put(contexts.base, contexts.count)
        out.put(Key.tags)
        out.put(tags.base, tags.count)
        out.put(Key.tagsEnd)
        if let due {
            out.put(Key.due)
            putDate(due, to: &out)
        }
        if let threshold {
            out.put(Key.threshold)
            putDate(threshold, to: &out)
        }
        out.put(0x7D)
    }
}

/// What one pass over a line's bytes tells: whether any byte needs a JSON escape (`"`, `\`, a
/// control character) and whether all are ASCII. Eight bytes at a time, with the classic
/// "has a byte below n" test, which is exact as a yes or no.
private struct LineBytes {
    var needsEscape: Bool
    var isASCII: Bool

    @inline(__always)
    init(_ line: UnsafePointer<UInt8>, _ count: Int) {
        let raw = UnsafeRawPointer(line)
        let lows: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var escapes: UInt64 = 0
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let quotes = word ^ 0x2222_2222_2222_2222
            let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let below = (word &- 0x2020_2020_2020_2020) & ~word
            let quote = (quotes &- lows) & ~quotes
            let backslash = (backslashes &- lows) & ~backslashes
            escapes |= (below | quote | backslash) & highs
            high |= word
            offset += 8
        }
        var tail = false
        while offset < count {
            let byte = line[offset]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { tail = true }
            high |= UInt64(byte)
            offset += 1
        }
        needsEscape = escapes != 0 || tail
        isASCII = high & highs == 0
    }
}

/// A growable run of bytes in memory of its own (no reference counting, no uniqueness check):
/// room is made once per record with ``reserve(_:)`` and the puts do not check it.
private struct ByteRun {
    var base: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(count + extra) }
    }

    private mutating func grow(_ needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        (base + count).initialize(from: bytes, count: length)
        count &+= length
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        put(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// The decimal digits of a line number (at least 1).
    @inline(__always)
    mutating func putDecimal(_ number: Int) {
        var digits = 1
        var limit = 10
        while number >= limit && digits < 19 {
            digits += 1
            limit &*= 10
        }
        var rest = number
        var position = count + digits - 1
        repeat {
            base[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
            position -= 1
        } while rest > 0
        count += digits
    }

    /// `length` bytes as a quoted JSON string: copied as they are when `plain`, else with
    /// `"`, `\` and control characters escaped as ``JSONWriter`` escapes them.
    @inline(__always)
    mutating func putString(_ bytes: UnsafePointer<UInt8>, _ length: Int, plain: Bool) {
        put(0x22)
        if plain {
            put(bytes, length)
        } else {
            putEscaped(bytes, length)
        }
        put(0x22)
    }

    private mutating func putEscaped(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        var run = 0
        var index = 0
        while index < length {
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                index += 1
                continue
            }
            put(bytes + run, index - run)
            put(0x5C)
            switch byte {
            case 0x22: put(0x22)
            case 0x5C: put(0x5C)
            case 0x0A: put(0x6E)
            case 0x0D: put(0x72)
            case 0x09: put(0x74)
            default:
                put(0x75)
                put(0x30)
                put(0x30)
                put(Self.hexDigit(byte >> 4))
                put(Self.hexDigit(byte & 15))
            }
            index += 1
            run = index
        }
        put(bytes + run, length - run)
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x57 + value
    }
}
