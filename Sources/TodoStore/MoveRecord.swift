/// What a move between two files (archive, `mv`) writes down before it touches the destination,
/// so that whichever command next locks either file can tell, with certainty, how far a move
/// that was killed got, and finish it or take it back (see ``FileStorage``, "Moves").
///
/// The record is written whole (to a temporary name, synced, then renamed) into the move
/// journal, `$XDG_STATE_HOME/todo/move-*`, never beside the user's files, and removed when the
/// move is complete.
struct MoveRecord: Equatable {
    /// The real path of the file the lines leave.
    var source: String
    /// The real path of the file the lines go to.
    var destination: String
    /// The source as it was read, before the move.
    var sourceBefore: FileIdentity
    /// The name, in the source's directory, of the synced temporary file that holds the source
    /// as the move leaves it.
    var temporary: String
    /// The device and inode of that temporary file: once the source has this inode, the move's
    /// rename happened.
    var temporaryDevice: UInt64
    var temporaryInode: UInt64
    /// The destination's length before the append.
    var destinationLength: Int64
    /// The bytes appended to the destination at ``destinationLength``.
    var tail: [UInt8]
    /// The moved lines (without terminators), in order. A record written by a move line by line
    /// does not list them: it names the length of the terminator at the start of ``tail``
    /// that closed the destination's open last line (field `tail-lines`), and they are read
    /// back from the tail (see ``lines(inTail:after:)``).
    var lines: [[UInt8]]
    /// Whether the move left empty lines in place of the moved ones (`mv` keeping line
    /// numbers) rather than removing them.
    var blanks: Bool

    /// The first line of every record, naming its format.
    static let magic = "todo move record 1"

    /// The record as bytes: the magic line, then each field as `NAME LENGTH` on a line of its
    /// own followed by exactly LENGTH bytes and a line feed, so that any byte may appear in a
    /// path or a line. Fields may come in any order; without `tailAndLines`, the `tail` and
    /// `line` fields are left for the writer to add after the others.
    func encoded(tailAndLines: Bool = true) -> [UInt8] {
        var bytes = Array((Self.magic + "\n").utf8)
        bytes.reserveCapacity(tail.count + lines.reduce(0) { $0 + $1.count + 12 } + 512)
        func field(_ name: String, _ value: [UInt8]) { Self.append(name, value, to: &bytes) }
        func number(_ name: String, _ values: [Int64]) {
            Self.append(name, numbers: values, to: &bytes)
        }
        field("source", Array(source.utf8))
        field("destination", Array(destination.utf8))
        number("source-before", sourceBefore.numbers)
        field("temporary", Array(temporary.utf8))
        number(
            "temporary-inode",
            [Int64(bitPattern: temporaryDevice), Int64(bitPattern: temporaryInode)])
        number("destination-length", [destinationLength])
        number("blanks", [blanks ? 1 : 0])
        guard tailAndLines else { return bytes }
        field("tail", tail)
        for line in lines { field("line", line) }
        return bytes
    }

    /// Appends the field `name` holding `value` to `bytes`.
    static func append(_ name: String, _ value: [UInt8], to bytes: inout [UInt8]) {
        bytes += fieldHeader(name, count: value.count)
        bytes += value
        bytes.append(0x0A)
    }

    /// Appends the field `name` holding `values` (decimal, separated by spaces) to `bytes`.
    static func append(_ name: String, numbers values: [Int64], to bytes: inout [UInt8]) {
        append(name, Array(values.map { String($0) }.joined(separator: " ").utf8), to: &bytes)
    }

    /// The line that starts a field of `count` bytes.
    static func fieldHeader(_ name: String, count: Int) -> [UInt8] {
        var bytes = Array(name.utf8)
        bytes.append(0x20)
        appendDecimal(count, to: &bytes)
        bytes.append(0x0A)
        return bytes
    }

    /// Appends the decimal digits of `value` (not negative) to `bytes`, without a string.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(0x30 + UInt8(truncatingIfNeeded: value % 10))
    }

    /// Reads a record written by ``encoded()``; `nil` for anything else (a record is renamed
    /// into place only once it is whole, so this means a file that is not ours).
    init?(decoding bytes: [UInt8]) {
        guard let fields = Self.fields(of: bytes, magic: Self.magic) else { return nil }
        func value(_ name: String) -> ArraySlice<UInt8>? {
            fields.first { $0.name == name }?.value
        }
        func numbers(_ name: String, _ count: Int) -> [Int64]? {
            value(name).flatMap { Self.numbers($0, count) }
        }
        guard let source = value("source"), let destination = value("destination"),
            let before = numbers("source-before", 7), let temporary = value("temporary"),
            let inode = numbers("temporary-inode", 2),
            let length = numbers("destination-length", 1), let blanks = numbers("blanks", 1),
            let tail = value("tail")
        else { return nil }
        self.source = String(decoding: source, as: UTF8.self)
        self.destination = String(decoding: destination, as: UTF8.self)
        guard let identity = FileIdentity(numbers: before) else { return nil }
        sourceBefore = identity
        self.temporary = String(decoding: temporary, as: UTF8.self)
        temporaryDevice = UInt64(bitPattern: inode[0])
        temporaryInode = UInt64(bitPattern: inode[1])
        destinationLength = length[0]
        self.blanks = blanks[0] == 1
        self.tail = Array(tail)
        lines = fields.filter { $0.name == "line" }.map { Array($0.value) }
        if lines.isEmpty, let closing = numbers("tail-lines", 1) {
            guard closing[0] >= 0, closing[0] <= tail.count else { return nil }
            lines = Self.lines(inTail: self.tail, after: Int(closing[0]))
        }
    }

    /// The fields of a journal file that starts with the line `magic`, in order; `nil` when
    /// it does not, or is not made of whole fields.
    static func fields(
        of bytes: [UInt8], magic: String
    ) -> [(name: String, value: ArraySlice<UInt8>)]? {
        var fields: [(name: String, value: ArraySlice<UInt8>)] = []
        var index = 0
        func line() -> String? {
            guard let end = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        guard line() == magic else { return nil }
        while index < bytes.count {
            guard let header = line() else { return nil }
            let parts = header.split(separator: " ")
            guard parts.count == 2, let count = Int(parts[1]), count >= 0,
                count < bytes.count - index, bytes[index + count] == 0x0A
            else { return nil }
            fields.append((String(parts[0]), bytes[index..<index + count]))
            index += count + 1
        }
        return fields
    }

    /// The `count` numbers of a field's value (decimal, separated by spaces); `nil` when it
    /// holds another count or anything else.
    static func numbers(_ value: ArraySlice<UInt8>, _ count: Int) -> [Int64]? {
        let values = String(decoding: value, as: UTF8.self).split(separator: " ")
            .compactMap { Int64($0) }
        return values.count == count ? values : nil
    }

    /// The lines (without terminators) a tail appends after its first `closing` bytes: each
    /// ends at LF, with the CR before it when there is one (a line whose content ends with CR
    /// got CR LF, so taking CR LF off gives its content back).
    static func lines(inTail tail: [UInt8], after closing: Int) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = closing
        for index in closing..<tail.count where tail[index] == 0x0A {
            let end = index > start && tail[index - 1] == 0x0D ? index - 1 : index
            lines.append(Array(tail[start..<end]))
            start = index + 1
        }
        return lines
    }

    /// Creates a record.
    init(
        source: String, destination: String, sourceBefore: FileIdentity, temporary: String,
        temporaryDevice: UInt64, temporaryInode: UInt64, destinationLength: Int64,
        tail: [UInt8], lines: [[UInt8]], blanks: Bool
    ) {
        self.source = source
        self.destination = destination
        self.sourceBefore = sourceBefore
        self.temporary = temporary
        self.temporaryDevice = temporaryDevice
        self.temporaryInode = temporaryInode
        self.destinationLength = destinationLength
        self.tail = tail
        self.lines = lines
        self.blanks = blanks
    }

    /// The short tag of a real path used in record names (64-bit FNV-1a, in hex), so that the
    /// records that concern a file are found from the directory listing alone.
    static func tag(_ path: String) -> String {
        var hash = SpliceRecord.emptyFingerprint
        var path = path
        path.withUTF8 { SpliceRecord.fingerprint(UnsafeRawBufferPointer($0), into: &hash) }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether a record named `name` may concern the file with tag `tag`.
    static func name(_ name: String, concerns tag: String) -> Bool {
        let parts = name.split(separator: "-")
        return parts.count >= 4 && parts[0] == "move" && (parts[1] == tag || parts[2] == tag)
    }
}

extension FileIdentity {
    /// The identity as the seven numbers a record holds (see ``init(numbers:)``).
    var numbers: [Int64] {
        [
            Int64(bitPattern: device), Int64(bitPattern: inode), size, modified.seconds,
            modified.nanoseconds, changed.seconds, changed.nanoseconds,
        ]
    }

    /// Creates an identity from the seven numbers of a record (see ``numbers``); `nil` for
    /// another count.
    init?(numbers: [Int64]) {
        guard numbers.count == 7 else { return nil }
        self.init(
            device: UInt64(bitPattern: numbers[0]), inode: UInt64(bitPattern: numbers[1]),
            size: numbers[2], modified: (numbers[3], numbers[4]), changed: (numbers[5], numbers[6]))
    }

    /// Creates an identity from its parts (a decoded record).
    init(
        device: UInt64, inode: UInt64, size: Int64, modified: (seconds: Int64, nanoseconds: Int64),
        changed: (seconds: Int64, nanoseconds: Int64)
    ) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }
}
