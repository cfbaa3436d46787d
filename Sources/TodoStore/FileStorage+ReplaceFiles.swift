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
        var record: String?
        var finishLater = false
        defer {
            if !finishLater {
                for (file, temporary) in zip(files, temporaries) {
                    if let temporary { try? sys.removeAt(file.directory, temporary.name) }
                }
                if let record { try? removeRecord(record) }
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
        let renames = order.filter { temporaries[$0] != nil }
        record = try writeSpliceRecord(
            renames.compactMap { index in
                temporaries[index].map { (files[index], states[index], .rename($0)) }
            })
        var unsynced: StoreError?
        for (written, index) in renames.enumerated() {
            guard let temporary = temporaries[index] else { continue }
            do throws(WriteFailure) {
                try commitTemporary(
                    temporary, to: files[index], expecting: states[index],
                    keepingOnFailure: record != nil && written > 0)
                temporaries[index] = nil
            } catch {
                // Once one file is written, the record stays for the next command.
                finishLater = written > 0
                switch error {
                case .changed: throw keptChanging(files[index].path)
                case .unsynced(let storeError):
                    finishLater = false
                    unsynced = unsynced ?? storeError
                case .failed(let storeError): throw storeError
                }
            }
        }
        if let unsynced { throw unsynced }
        return files.indices.map { (states[$0].bytes, new[$0]) }
    }
}
