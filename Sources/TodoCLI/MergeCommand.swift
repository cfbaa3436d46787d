import TodoMerge
import TodoStore
import TodoTxt

extension Session {
    /// `merge BASE OURS THEIRS [--marker-size N] [--path NAME] [--ours-label L] [--base-label L]
    /// [--theirs-label L]`: the three-way merge (README, "Keeping todo.txt in git"), usable as
    /// git's merge driver (`todo merge %O %A %B --marker-size %L --path %P`). The result is written
    /// into OURS; each conflict is one block in place and one line on standard error. Exits 0 when
    /// clean, 1 with conflicts, 2 on a usage error.
    func mergeFiles(_ files: [String], options: MergeOptions, name: String?) throws -> Int32 {
        let paths = files.map { Path.absolute($0, from: environment.currentDirectory) }
        var contents: [[UInt8]] = []
        for (position, path) in paths.enumerated() {
            do {
                contents.append(try storage.readBytes(path))
            } catch {
                // An unreadable base is merged as empty; ours and theirs are needed.
                guard position == 0 else { throw error }
                contents.append([])
            }
        }
        let result = merge(
            base: contents[0], ours: contents[1], theirs: contents[2], options: options)
        try storage.write(paths[1], bytes: result.merged)
        let label = name ?? files[1]
        for conflict in result.conflicts {
            console.error("\(label): \(conflict.summary)")
        }
        return result.isClean ? 0 : 1
    }
}
