import Glibc
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// One system call made to fail at one step of a write.
///
/// The tests run as root, which ignores file permissions, so a read-only file or directory is
/// simulated by failing the call with `EACCES` rather than by `chmod`.
enum Fault: String, CaseIterable, CustomTestStringConvertible {
    case fullDiskOnSecondWrite
    case readOnlyFile
    case readOnlyDirectory
    case lockFails
    case fsyncFails
    case chmodFails
    case closeFails
    case renameFails

    var testDescription: String { rawValue }

    /// The error number the failing call sets.
    var code: Int32 {
        switch self {
        case .fullDiskOnSecondWrite: ENOSPC
        case .readOnlyFile, .readOnlyDirectory: EACCES
        case .lockFails: ENOLCK
        case .fsyncFails, .closeFails: EIO
        case .chmodFails: EPERM
        case .renameFails: EXDEV
        }
    }

    /// The reason the error message must give.
    var reason: String { String(cString: strerror(code)) }

    /// What the error message says could not be done.
    var operation: String { self == .lockFails ? "lock" : "write" }

    /// Real system calls with this one fault.
    func syscalls() -> FileSystem {
        var calls = chunkedSyscalls()
        let error = Errno(code)
        let writes = Counter()
        switch self {
        case .fullDiskOnSecondWrite:
            calls.write = { fd, buffer throws(Errno) in
                if writes.next() == 2 { throw error }
                return try FileSystem.live.write(
                    fd, UnsafeRawBufferPointer(rebasing: buffer.prefix(4096)))
            }
            // An edit of a few lines copies the rest; without copy_file_range, it writes.
            calls.copyRange = { _, _, _, _, _ throws(Errno) in throw Errno(ENOSYS) }
            calls.writeAt = { fd, buffer, offset throws(Errno) in
                if writes.next() == 2 { throw error }
                return try FileSystem.live.writeAt(
                    fd, UnsafeRawBufferPointer(rebasing: buffer.prefix(4096)), offset)
            }
        case .readOnlyFile:
            calls.checkWritable = { _, _ throws(Errno) in throw error }
        case .readOnlyDirectory:
            calls.openAt = { directory, name, options, mode throws(Errno) in
                if name.contains(".tmp-") { throw error }
                return try FileSystem.live.openAt(directory, name, options, mode)
            }
        case .lockFails:
            calls.lockExclusive = { _, _ throws(Errno) in throw error }
        case .fsyncFails:
            calls.sync = { _ throws(Errno) in throw error }
        case .chmodFails:
            calls.setPermissions = { _, _ throws(Errno) in throw error }
        case .closeFails:
            // Fails the close of the temporary file (after the kernel closed it).
            calls.close = { fd throws(Errno) in
                let name = (try? FileSystem.live.readLink("/proc/self/fd/\(fd)")) ?? ""
                try FileSystem.live.close(fd)
                if name.contains(".tmp-") { throw error }
            }
        case .renameFails:
            calls.rename = { _, _, _ throws(Errno) in throw error }
        }
        return routingVectorWrites(calls)
    }
}

/// One system call made to fail during an append (which writes in place: no temporary file,
/// no rename).
enum AppendFault: String, CaseIterable, CustomTestStringConvertible {
    case fullDisk
    case shortWriteThenFullDisk
    case readOnlyFile
    case fsyncFails
    case lockFails

    var testDescription: String { rawValue }

    var code: Int32 {
        switch self {
        case .fullDisk, .shortWriteThenFullDisk: ENOSPC
        case .readOnlyFile: EACCES
        case .fsyncFails: EIO
        case .lockFails: ENOLCK
        }
    }

    /// The one-line error for `path`.
    func message(_ path: String) -> String {
        "cannot \(self == .lockFails ? "lock" : "write") \(path): \(String(cString: strerror(code)))"
    }

    func syscalls() -> FileSystem {
        var calls = FileSystem.live
        let error = Errno(code)
        let writes = Counter()
        switch self {
        case .fullDisk:
            calls.writeAt = { _, _, _ throws(Errno) in throw error }
        case .shortWriteThenFullDisk:
            // Half the bytes land, then the disk is full: the half must be taken back.
            calls.writeAt = { fd, buffer, offset throws(Errno) in
                if writes.next() > 1 { throw error }
                let half = UnsafeRawBufferPointer(rebasing: buffer.prefix(max(buffer.count / 2, 1)))
                return try FileSystem.live.writeAt(fd, half, offset)
            }
        case .readOnlyFile:
            calls.checkWritable = { _, _ throws(Errno) in throw error }
        case .fsyncFails:
            calls.sync = { _ throws(Errno) in throw error }
        case .lockFails:
            calls.lockExclusive = { _, _ throws(Errno) in throw error }
        }
        return calls
    }
}

/// Every failing step leaves the file as it was, removes the temporary file, and reports one
/// line that names the file and the reason.
struct FaultInjectionTests {
    /// A file large enough to need several (4 KiB) writes, with CRLF and no final newline.
    static let original: [UInt8] = {
        var bytes: [UInt8] = []
        for number in 0..<500 { bytes += "task \(number) +project @context\r\n".bytes }
        return bytes + "last".bytes
    }()

    /// Runs `edit` on line `index` of the file, through the whole-file update or (`lines`)
    /// through the line path, which reads the file only up to that line.
    static func update(
        _ store: FileStorage, _ path: String, line index: Int, lines: Bool,
        _ edit: (inout LineWindow) throws -> Void
    ) throws {
        if lines {
            try store.update(path, lines: [index], edit)
        } else {
            try store.update(path) { list in try LineWindow.editing(&list, edit) }
        }
    }

    @Test(arguments: Fault.allCases, [false, true])
    func updateLeavesTheFileAsItWas(fault: Fault, lines: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, Self.original, mode: 0o640)
        let store = FileStorage(fileSystem: fault.syscalls())
        let error = #expect(throws: StoreError.self) {
            try Self.update(store, path, line: 250, lines: lines) {
                try $0.replaceLine(at: 250, with: "changed".bytes)
            }
        }
        #expect(error?.description == "cannot \(fault.operation) \(path): \(fault.reason)")
        #expect(try readFile(path) == Self.original)
        #expect(status(path).st_mode & 0o7777 == 0o640)
        #expect(directory.temporaries().isEmpty)
    }

    @Test(arguments: AppendFault.allCases, [false, true])
    func appendLeavesTheFileAsItWas(fault: AppendFault, counting: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, Self.original)
        let inode = status(path).st_ino
        let store = FileStorage(fileSystem: fault.syscalls())
        let error = #expect(throws: StoreError.self) {
            if counting {
                _ = try store.appendCountingLines(path, lines: ["new task".bytes])
            } else {
                _ = try store.append(path, lines: ["new task".bytes])
            }
        }
        #expect(error?.description == fault.message(path))
        #expect(try readFile(path) == Self.original)
        #expect(status(path).st_ino == inode)
        #expect(directory.names() == ["todo.txt"])
    }

    @Test func anAppendWritesOnlyTheNewLinesInPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, Self.original)
        let inode = status(path).st_ino
        var calls = FileSystem.live
        let written = Counter()
        calls.writeAt = { fd, buffer, offset throws(Errno) in
            for _ in 0..<buffer.count { _ = written.next() }
            return try FileSystem.live.writeAt(fd, buffer, offset)
        }
        calls.rename = { _, _, _ throws(Errno) in throw Errno(EPERM) }
        calls.writeVector = { _, _ throws(Errno) in throw Errno(EPERM) }
        let list = try FileStorage(fileSystem: calls).append(path, lines: ["new".bytes])
        #expect(list.count == 502)
        #expect(written.current == "\r\nnew\r\n".utf8.count)
        #expect(try readFile(path) == Self.original + "\r\nnew\r\n".bytes)
        #expect(status(path).st_ino == inode)
    }

    @Test(arguments: [false, true])
    func anEditorsRenameDuringAnAppendLosesNothing(counting: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        var calls = FileSystem.live
        let syncs = Counter()
        // Between the append's write (and sync) and its final check of the name, an editor
        // saves its own version by renaming it over the file.
        calls.sync = { fd throws(Errno) in
            try FileSystem.live.sync(fd)
            if syncs.next() == 1 {
                try? writeFile(directory.file("editor.swp"), "a\nb from the editor\n".bytes)
                rename(directory.file("editor.swp"), path)
            }
        }
        let store = FileStorage(fileSystem: calls)
        let count =
            counting
            ? try store.appendCountingLines(path, lines: ["c".bytes])
            : try store.append(path, lines: ["c".bytes]).count
        #expect(try readFile(path) == "a\nb from the editor\nc\n".bytes)
        #expect(count == 3)
        #expect(directory.names() == ["todo.txt"])
    }

    @Test func anErrorNamesThePathAsTheUserGaveIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("real.txt")
        let link = directory.file("todo.txt")
        try writeFile(target, "a\n".bytes)
        symlink("real.txt", link)
        let store = FileStorage(fileSystem: Fault.readOnlyFile.syscalls())
        let error = #expect(throws: StoreError.self) {
            try store.update(link) { $0.appendLine("b".bytes) }
        }
        #expect(error?.description == "cannot write \(link): Permission denied")
        #expect(try readFile(target) == "a\n".bytes)
    }

    @Test(arguments: [false, true])
    func aFailedSourceRewriteTakesTheAppendBack(lineByLine: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let todo = directory.file("todo.txt")
        let done = directory.file("done.txt")
        try writeFile(todo, "a\nx b\n".bytes)
        try writeFile(done, "x old\n".bytes)
        var calls = FileSystem.live
        let renames = Counter()
        calls.rename = { directory, from, to throws(Errno) in
            if to == "todo.txt" && renames.next() == 1 { throw Errno(EIO) }
            try FileSystem.live.rename(directory, from, to)
        }
        let error = #expect(throws: StoreError.self) {
            let store = FileStorage(fileSystem: calls)
            if lineByLine {
                _ = try store.moveLines(
                    from: todo, to: done, { $0.starts(with: "x ".bytes) ? .move : .keep },
                    moved: { _ in Issue.record("a failed move told of a moved line") })
                return
            }
            try store.move(from: todo, to: done) { list in
                list.removeLine(at: 1)
                return (["x b".bytes], ())
            }
        }
        #expect(error?.description == "cannot write \(todo): Input/output error")
        #expect(try readFile(todo) == "a\nx b\n".bytes)
        #expect(try readFile(done) == "x old\n".bytes)
        #expect(directory.temporaries().isEmpty)
    }

    /// A move in one pass that replaces a line on its way, leaves a blank and takes lines out
    /// (`do` with auto-archive, `mv`), failing at any step: both files as they were, no
    /// temporary file, one error naming one of them (or the move's record, which is renamed
    /// into the journal first).
    @Test(arguments: Fault.allCases)
    func aMoveInPiecesLeavesBothFilesAsTheyWere(fault: Fault) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let todo = directory.file("todo.txt")
        let done = directory.file("done.txt")
        try writeFile(todo, Self.original, mode: 0o640)
        try writeFile(done, "x old\n".bytes)
        let store = FileStorage(
            fileSystem: fault.syscalls(), journalDirectory: directory.file("journal"))
        let error = #expect(throws: StoreError.self) {
            _ = try store.moveLinesInPieces(
                from: todo, to: done,
                { index, content, _ in
                    switch index {
                    case 10: .moveAs("x done".bytes + content)
                    case 20: .moveLeavingBlank
                    case 30: .remove
                    default: .keep
                    }
                })
        }
        let description = error?.description ?? ""
        #expect(
            description.hasSuffix(": \(fault.reason)")
                && [todo, done, directory.file("journal")].contains { description.contains($0) },
            "\(description)")
        #expect(try readFile(todo) == Self.original)
        #expect(try readFile(done) == "x old\n".bytes)
        #expect(status(todo).st_mode & 0o7777 == 0o640)
        #expect(directory.temporaries().isEmpty)
    }

    @Test func aMissingDirectoryIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("nodir/todo.txt")
        let error = #expect(throws: StoreError.self) {
            try FileStorage().append(path, lines: ["a".bytes])
        }
        #expect(error?.description == "cannot write \(path): No such file or directory")
        #expect(directory.names().isEmpty)
    }

    @Test func aMissingFileCannotBeUpdated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        let error = #expect(throws: StoreError.self) {
            try FileStorage().update(path) { $0.appendLine("a".bytes) }
        }
        #expect(error?.description == "cannot read \(path): No such file or directory")
        #expect(!FileStorage().fileExists(path))
    }

    @Test func aDirectoryInPlaceOfTheFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        mkdir(path, 0o755)
        let store = FileStorage()
        let updateError = #expect(throws: StoreError.self) {
            try store.update(path) { $0.appendLine("a".bytes) }
        }
        #expect(updateError?.description == "cannot write \(path): Is a directory")
        let appendError = #expect(throws: StoreError.self) {
            try store.append(path, lines: ["a".bytes])
        }
        #expect(appendError?.description == "cannot write \(path): Is a directory")
        let readError = #expect(throws: StoreError.self) { try store.readBytes(path) }
        #expect(readError?.description == "cannot read \(path): Is a directory")
        #expect(directory.names() == ["todo.txt"])
    }

    // MARK: Someone else writes the file between our read and our rename.

    /// System calls where `change` runs just after the temporary file is synced.
    static func syscalls(changing change: @escaping @Sendable (Int) throws -> Void) -> FileSystem {
        var calls = FileSystem.live
        let syncs = Counter()
        calls.sync = { fd throws(Errno) in
            let status = try? FileSystem.live.status(fd)
            try FileSystem.live.sync(fd)
            if status?.kind == .regular { try? change(syncs.next()) }
        }
        return calls
    }

    /// On the line path, a file found changed at the rename is edited again on the whole file.
    @Test(arguments: [false, true])
    func anEditIsAppliedAgainToTheFreshContent(lines: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\nb\n".bytes)
        let calls = Self.syscalls { sync in
            if sync == 1 { try writeFile(path, "a\nb\nadded by an editor\n".bytes) }
        }
        var editCalls = 0
        try Self.update(FileStorage(fileSystem: calls), path, line: 1, lines: lines) { window in
            editCalls += 1
            guard try window.content(at: 1).elementsEqual("b".bytes) else {
                throw TestFailure("moved")
            }
            try window.replaceLine(at: 1, with: "B".bytes)
        }
        #expect(editCalls == 2)
        #expect(try readFile(path) == "a\nB\nadded by an editor\n".bytes)
        #expect(directory.temporaries().isEmpty)
    }

    @Test(arguments: [false, true])
    func anEditWhoseLineChangedThrowsAndWritesNothing(lines: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\nb\n".bytes)
        let calls = Self.syscalls { sync in
            if sync == 1 { try writeFile(path, "a\nsomething else\n".bytes) }
        }
        #expect(throws: TestFailure.self) {
            try Self.update(FileStorage(fileSystem: calls), path, line: 1, lines: lines) {
                window in
                guard try window.content(at: 1).elementsEqual("b".bytes) else {
                    throw TestFailure("line 2 changed")
                }
                try window.replaceLine(at: 1, with: "B".bytes)
            }
        }
        #expect(try readFile(path) == "a\nsomething else\n".bytes)
        #expect(directory.temporaries().isEmpty)
    }

    @Test func aFileThatKeepsChangingIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        let calls = Self.syscalls { sync in try writeFile(path, "other \(sync)\n".bytes) }
        let error = #expect(throws: StoreError.self) {
            try FileStorage(fileSystem: calls).update(path) { $0.appendLine("c".bytes) }
        }
        #expect(error?.path == path)
        #expect(try readFile(path) == "other \(FileStorage.attempts)\n".bytes)
        #expect(directory.temporaries().isEmpty)
    }

    @Test func aTouchWithoutChangesNeedsNoRetry() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        let calls = Self.syscalls { _ in try writeFile(path, "a\n".bytes) }
        var editCalls = 0
        try FileStorage(fileSystem: calls).update(path) { list in
            editCalls += 1
            list.replaceLine(at: 0, with: "A".bytes)
        }
        #expect(editCalls == 1)
        #expect(try readFile(path) == "A\n".bytes)
    }
}
