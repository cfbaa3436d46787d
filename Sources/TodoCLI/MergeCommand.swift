import TodoMerge
import TodoStore
import TodoTxt

extension Session {
    /// `merge BASE OURS THEIRS [--marker-size N] [--path NAME] [--ours-label L]
    /// [--base-label L] [--theirs-label L]`: the three-way merge of git.md §3, usable as git's
    /// merge driver (`todo merge %O %A %B --marker-size %L --path %P`). The result is written
    /// into OURS; each conflict is one block in place and one line on standard error. Exits 0
    /// when clean, 1 with conflicts, 2 on a usage error.
    func mergeFiles(_ words: [String]) throws -> Int32 {
        var files: [String] = []
        var options = MergeOptions()
        var name: String?
        var index = 1
        func usageError(_ message: String) -> Int32 {
            console.error("\(program): merge: \(message)")
            console.error(
                "usage: \(program) merge BASE OURS THEIRS [--marker-size N] [--path NAME]")
            return 2
        }
        while index < words.count {
            let word = words[index]
            var option = word
            var value: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                option = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            }
            let takesValue = [
                "--marker-size", "--path", "--ours-label", "--base-label", "--theirs-label",
            ]
            if takesValue.contains(option) {
                if value == nil {
                    guard index + 1 < words.count else {
                        return usageError("\(option) needs a value")
                    }
                    index += 1
                    value = words[index]
                }
                let text = value ?? ""
                // Before git 2.44, %S %X %Y reach the driver literally: no label then.
                let label = text.hasPrefix("%") ? nil : text
                switch option {
                case "--marker-size":
                    guard let size = Int(text), size > 0, size < 1000 else {
                        return usageError("invalid marker size '\(text)'")
                    }
                    options.markerSize = size
                case "--path": name = text
                case "--ours-label": if let label { options.oursLabel = label }
                case "--base-label": if let label { options.baseLabel = label }
                default: if let label { options.theirsLabel = label }
                }
            } else if word.hasPrefix("-") && word.count > 1 {
                return usageError("unknown option '\(word)'")
            } else {
                files.append(word)
            }
            index += 1
        }
        guard files.count == 3 else { return usageError("needs three files, BASE OURS THEIRS") }
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
