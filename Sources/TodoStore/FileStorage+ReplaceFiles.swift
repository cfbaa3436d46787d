import TodoPlatform
import TodoTxt

extension FileStorage {
    package func replaceFiles(
        _ paths: [String], _ edit: ([[UInt8]]) throws -> [[UInt8]]
    ) throws -> [(before: [UInt8], after: [UInt8])] {
        var targets: [LockTarget] = []
        for path in paths {
            let location = try locate(path)
            // One file under two names, a device or a missing file: one after the other.
            guard !targets.contains(where: { $0.location.path == location.path }),
                fileExists(path), !isCharacterDevice(location)
            else { return try replaceFilesOneByOne(paths, edit) }
            targets.append(LockTarget(location: location, path: path, creating: false))
        }
        let files = try lockAll(targets)
        defer { unlock(files) }
        var states: [FileState] = []
        for file in files { states.append(try readState(file, missingIsError: true)) }
        let new = try edit(states.map(\.bytes))
        guard new.count == files.count else {
            throw StoreError(operation: "write", path: paths.first ?? "", reason: "no content")
        }
        var temporaries = [TemporaryFile?](repeating: nil, count: files.count)
        defer {
            for (file, temporary) in zip(files, temporaries) {
                if let temporary { try? sys.removeAt(file.directory, temporary.name) }
            }
        }
        // Every new version beside its file first, those that grow first.
        let changed = files.indices.filter { new[$0] != states[$0].bytes }
        let order =
            changed.filter { new[$0].count >= states[$0].bytes.count }
            + changed.filter { new[$0].count < states[$0].bytes.count }
        for index in order {
            temporaries[index] = try keepingChanges(files[index]) { () throws(WriteFailure) in
                try prepareTemporary(
                    files[index], with: .bytes(new[index]), expecting: states[index])
            }
        }
        // Then in place (``writeTogether(_:comparingBytes:)``, which takes them over).
        var writes: [FileWrite] = []
        for index in order {
            guard let temporary = temporaries[index] else { continue }
            writes.append((files[index], states[index], .rename(temporary)))
            temporaries[index] = nil
        }
        guard try writeTogether(writes, comparingBytes: true) else {
            throw keptChanging(writes.first?.file.path ?? paths.first ?? "")
        }
        return files.indices.map { (states[$0].bytes, new[$0]) }
    }
}
