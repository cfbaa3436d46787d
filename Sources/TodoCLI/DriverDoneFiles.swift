import TodoMerge
import TodoStore

/// The done files of the three versions git hands the merge driver, read from the commits being
/// merged, so that an archive on one side against an edit on the other merges without a
/// conflict.
///
/// The driver only receives three temporary files and the path (`%O %A %B %P`), and runs at the
/// top of the work tree. Ours is `HEAD`. Theirs is the commit being merged (git names it in a
/// `GITHEAD_<id>` variable during `merge` and `pull`; `MERGE_HEAD` when present), or the commit
/// a rebase is applying (the last line of its `done` list), or the one a cherry-pick or revert
/// applies. Base is the merge base of ours and theirs, or the parent of the commit applied. A
/// commit is only trusted when its copy of the todo file is exactly the temporary file git gave
/// (that rules out the inner merges of several merge bases); without ours and theirs there are no
/// done files, and an unknown base counts as an empty done file. Done files are read from the
/// commits, never from the work tree.
enum DriverDoneFiles {
    /// The done files for a merge of `path` (relative to the top of the work tree) whose three
    /// temporary files are `files` (base, ours, theirs), or `nil` when they cannot be known.
    static func find(
        path: String, files: [String], doneName: String, variables: [String: String],
        directory: String, storage: any TodoStorage
    ) -> DoneFiles? {
        guard Path.basename(path) != doneName, files.count == 3,
            let repository = try? GitRepository.containing(directory, variables: variables)
        else { return nil }
        let hashes = repository.git(["hash-object", "--"] + files)
        let ids = hashes.output.split(separator: "\n").map(String.init)
        guard hashes.succeeded, ids.count == 3 else { return nil }
        let (baseID, oursID, theirsID) = (ids[0], ids[1], ids[2])
        let folder = Path.directory(of: path)
        let donePath = folder == "." ? doneName : folder + "/" + doneName

        func holds(_ commit: String, _ id: String) -> Bool {
            repository.objectID("\(commit):\(path)") == id
        }
        guard let head = repository.objectID("HEAD"), holds(head, oursID) else { return nil }

        // The commits that may be theirs, each with the commits that may be its base.
        var candidates: [(theirs: String, bases: [String])] = []
        func add(_ commit: String, bases: [String] = []) {
            guard let id = repository.objectID("\(commit)^{commit}") else { return }
            let mergeBases = repository.git(["merge-base", "--all", head, id]).output
                .split(separator: "\n").map(String.init)
            candidates.append((id, bases + ["\(id)^"] + mergeBases))
        }
        for (name, _) in variables.sorted(by: { $0.key < $1.key })
        where name.hasPrefix("GITHEAD_") {
            add(String(name.dropFirst("GITHEAD_".count)))
        }
        for file in ["MERGE_HEAD", "CHERRY_PICK_HEAD"] {
            if let bytes = try? storage.readBytes(repository.gitPath(file)) {
                for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                    add(String(line))
                }
            }
        }
        if let bytes = try? storage.readBytes(repository.gitPath("REVERT_HEAD")) {
            let reverted = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first
            if let reverted { add("\(reverted)^", bases: [String(reverted)]) }
        }
        if let bytes = try? storage.readBytes(repository.gitPath("rebase-merge/done")),
            let last = String(decoding: bytes, as: UTF8.self).split(separator: "\n").last
        {
            for word in last.split(separator: " ")
            where word.count >= 7 && word.utf8.allSatisfy(isHexDigit) {
                add(String(word))
            }
        }
        guard let found = candidates.first(where: { holds($0.theirs, theirsID) }) else {
            return nil
        }
        let base = found.bases.first { holds($0, baseID) }
        return DoneFiles(
            base: base.map { repository.blob($0, donePath) } ?? [],
            ours: repository.blob(head, donePath), theirs: repository.blob(found.theirs, donePath))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
    }
}
