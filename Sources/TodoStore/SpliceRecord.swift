/// What a splice that writes two files (the `undo` of a move: tasks put back in todo.txt and
/// cut off the end of done.txt) writes down after its new versions are ready and before it
/// writes either file, so that a kill between its writes never leaves a task in both: the next
/// command that locks either file finishes the splice (see ``FileStorage``, "Moves").
///
/// It lives in the move journal beside ``MoveRecord``s, under the same kind of name (so the
/// same listing finds it), and is removed once both files are written.
struct SpliceRecord: Equatable {
    /// How one file is written.
    enum Write: Equatable {
        /// Its new version, the synced file `temporary` in its directory (with that device and
        /// inode), is renamed over it.
        case rename(temporary: String, device: UInt64, inode: UInt64)
        /// It is cut to `length` bytes; the bytes it loses, `length..<end`, have the fingerprint
        /// `hash` (``fingerprint(_:into:)``).
        case cut(length: Int64, end: Int64, hash: UInt64)
    }

    /// One file of the splice.
    struct File: Equatable {
        /// Its real path.
        var path: String
        /// The file as the splice read it.
        var before: FileIdentity
        /// How the splice writes it.
        var write: Write
    }

    /// The files, in the order they are written.
    var files: [File]

    /// The first line of every such record, naming its format.
    static let magic = "todo splice record 1"

    /// The fingerprint of no bytes, where ``fingerprint(_:into:)`` starts.
    static let emptyFingerprint: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Folds `bytes` into `hash` (64-bit FNV-1a, so pieces can be folded one after another;
    /// ``MoveRecord/tag(_:)`` names journal files by it too).
    static func fingerprint(_ bytes: UnsafeRawBufferPointer, into hash: inout UInt64) {
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
    }

    /// The record as bytes, in the fields format of ``MoveRecord/encoded(tailAndLines:)``: each
    /// file as `path`, `before`, then `temporary` and `temporary-inode`, or `cut`.
    func encoded() -> [UInt8] {
        var bytes = Array((Self.magic + "\n").utf8)
        for file in files {
            MoveRecord.append("path", Array(file.path.utf8), to: &bytes)
            MoveRecord.append("before", numbers: file.before.numbers, to: &bytes)
            switch file.write {
            case .rename(let temporary, let device, let inode):
                MoveRecord.append("temporary", Array(temporary.utf8), to: &bytes)
                MoveRecord.append(
                    "temporary-inode",
                    numbers: [Int64(bitPattern: device), Int64(bitPattern: inode)], to: &bytes)
            case .cut(let length, let end, let hash):
                MoveRecord.append(
                    "cut", numbers: [length, end, Int64(bitPattern: hash)], to: &bytes)
            }
        }
        return bytes
    }

    /// Reads a record written by ``encoded()``; `nil` for anything else.
    init?(decoding bytes: [UInt8]) {
        guard let fields = MoveRecord.fields(of: bytes, magic: Self.magic) else { return nil }
        var files: [File] = []
        var index = 0
        while index < fields.count {
            guard fields.count - index >= 3, fields[index].name == "path",
                fields[index + 1].name == "before",
                let numbers = MoveRecord.numbers(fields[index + 1].value, 7),
                let before = FileIdentity(numbers: numbers)
            else { return nil }
            let path = String(decoding: fields[index].value, as: UTF8.self)
            let write: Write
            switch fields[index + 2].name {
            case "temporary":
                guard index + 3 < fields.count, fields[index + 3].name == "temporary-inode",
                    let inode = MoveRecord.numbers(fields[index + 3].value, 2)
                else { return nil }
                write = .rename(
                    temporary: String(decoding: fields[index + 2].value, as: UTF8.self),
                    device: UInt64(bitPattern: inode[0]), inode: UInt64(bitPattern: inode[1]))
                index += 4
            case "cut":
                guard let cut = MoveRecord.numbers(fields[index + 2].value, 3),
                    cut[0] >= 0, cut[1] >= cut[0]
                else { return nil }
                write = .cut(length: cut[0], end: cut[1], hash: UInt64(bitPattern: cut[2]))
                index += 3
            default:
                return nil
            }
            files.append(File(path: path, before: before, write: write))
        }
        guard files.count == 2 else { return nil }
        self.files = files
    }

    /// Creates a record.
    init(files: [File]) {
        self.files = files
    }
}
