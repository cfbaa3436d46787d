package import TodoPlatform
import TodoTxt

/// One stretch of a file to replace by ``TodoStorage/spliceLines(_:lines:)``: how many lines
/// must be found at ``firstLine`` and how many take their place (the lines themselves come
/// from a ``SpliceLines``).
package struct LineSplice: Sendable {
    /// The 0-based index, in the file as it is, of the first line replaced (or of the line the
    /// new lines go before).
    package var firstLine: Int
    /// How many lines must be there now; none to put lines in between two.
    package var expectedCount: Int
    /// How many lines are written instead; none to take the expected lines out.
    package var replacementCount: Int
    /// Whether a line must lie just above the stretch (`false`: the stretch starts the file).
    package var hasAbove: Bool
    /// Whether a line must lie just below the stretch (`false`: the stretch ends the file).
    package var hasBelow: Bool

    /// A splice from its parts.
    package init(
        firstLine: Int, expectedCount: Int, replacementCount: Int, hasAbove: Bool,
        hasBelow: Bool
    ) {
        self.firstLine = firstLine
        self.expectedCount = expectedCount
        self.replacementCount = replacementCount
        self.hasAbove = hasAbove
        self.hasBelow = hasBelow
    }
}

/// The lines of splices, asked for as a splice needs them: each line with its terminator
/// (line 0 with the file's byte order mark, as a file splits at LF). Within a plan, splices
/// are asked about in order, and the lines of each in order, first while every file is checked,
/// then again while each is written; pointers are valid only during each call.
package protocol SpliceLines {
    /// Whether `line` is expected line `number` of splice `splice` of plan `plan`.
    mutating func isExpected(
        _ line: UnsafeRawBufferPointer, plan: Int, splice: Int, number: Int
    ) -> Bool

    /// Whether the lines found around splice `splice` of plan `plan` are its neighbours: the
    /// line above and the line below (`nil` where the splice has none).
    mutating func fits(
        plan: Int, splice: Int, above: UnsafeRawBufferPointer?, below: UnsafeRawBufferPointer?
    ) -> Bool

    /// Hands each new line of splice `splice` of plan `plan` to `body`, in order.
    mutating func replacement(
        plan: Int, splice: Int, _ body: (UnsafeRawBufferPointer) throws(Errno) -> Void
    ) throws(Errno)
}

/// The splices of one file, in increasing line order, each starting at or after the end of
/// the one before (and, when it has a line above, strictly after it).
package struct SplicePlan: Sendable {
    /// The file, as the user named it.
    package var path: String
    /// The stretches to replace.
    package var splices: [LineSplice]

    /// A plan from its parts.
    package init(path: String, splices: [LineSplice]) {
        self.path = path
        self.splices = splices
    }
}

/// A store that can replace stretches of lines of files without holding them (see
/// ``TodoStorage/spliceLines(_:lines:)``).
package protocol LineSplicingStorage: TodoStorage {
    /// Applies `plans` as ``TodoStorage/spliceLines(_:lines:)`` does.
    func spliceLines(_ plans: [SplicePlan], lines: inout some SpliceLines) throws -> Bool

    /// Replaces files together as ``TodoStorage/replaceFiles(_:_:)`` does.
    func replaceFiles(
        _ paths: [String], _ edit: ([[UInt8]]) throws -> [[UInt8]]
    ) throws -> [(before: [UInt8], after: [UInt8])]
}

extension TodoStorage {
    /// Replaces stretches of lines in one or more files, all or nothing as far as finding
    /// them goes: under the files' locks, every file is read in pieces and every splice
    /// checked (its expected lines exactly at their place, its neighbours accepted by `lines`,
    /// a splice without a line below ending the file) before any file is written. Then each
    /// file's new version is written beside it, the unchanged stretches copied inside the
    /// kernel, and renamed over it, with the usual guarantees of ``update(_:_:)``; a file that
    /// only loses an appended tail is truncated in place instead. Files that gain lines are
    /// written first, after a record of both writes when there are two (a process killed
    /// between them is finished by the next operation that locks either file).
    ///
    /// - Returns: `false` when a splice is not found in place, a file is missing or not a
    ///   regular file, or the store cannot splice (nothing is written then, and the caller
    ///   takes another way); `true` when every file was written.
    /// - Throws: The store's error when a file cannot be read or written; once one file is
    ///   written, a failure on a later one leaves the earlier one written (and, with two files,
    ///   the record for the next operation to finish the other).
    package func spliceLines(
        _ plans: [SplicePlan], lines: inout some SpliceLines
    ) throws -> Bool {
        guard let store = self as? any LineSplicingStorage else { return false }
        return try store.spliceLines(plans, lines: &lines)
    }
}

extension TodoStorage {
    /// Replaces the files `paths` together: under all their locks, `edit` gets their bytes and
    /// gives back each one's new bytes (nothing is written when it throws); every new version
    /// is written beside its file before any is renamed over it (a full disk writes nothing),
    /// and with two files a record of the renames lets the next operation that locks either
    /// one finish the second if the process dies between them. A store that cannot do this, or
    /// files it cannot do this for (a missing one, a device, one file under two names), get
    /// `edit` checked on every file first, then are updated one after the other.
    ///
    /// - Returns: Each file's bytes before and after.
    package func replaceFiles(
        _ paths: [String], _ edit: ([[UInt8]]) throws -> [[UInt8]]
    ) throws -> [(before: [UInt8], after: [UInt8])] {
        if let store = self as? any LineSplicingStorage {
            return try store.replaceFiles(paths, edit)
        }
        return try replaceFilesOneByOne(paths, edit)
    }

    /// ``replaceFiles(_:_:)`` without its guarantees: `edit` is checked on every file as it is,
    /// then the files are updated one after the other.
    func replaceFilesOneByOne(
        _ paths: [String], _ edit: ([[UInt8]]) throws -> [[UInt8]]
    ) throws -> [(before: [UInt8], after: [UInt8])] {
        let current = try paths.map { fileExists($0) ? try readBytes($0) : [] }
        _ = try edit(current)
        var results: [(before: [UInt8], after: [UInt8])] = []
        for (index, path) in paths.enumerated() {
            results.append(
                try update(path) { list -> (before: [UInt8], after: [UInt8]) in
                    var files = current
                    files[index] = list.serialized()
                    let new = try edit(files)[index]
                    list = TodoList(bytes: new)
                    return (files[index], new)
                })
        }
        return results
    }
}
