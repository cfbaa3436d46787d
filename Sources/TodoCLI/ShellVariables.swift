/// The variables of a shell, as todo.sh's bash holds them while it starts: each variable's
/// value, and which of them are exported to the programs it runs.
///
/// One table holds both, so that setting and exporting a variable (what most of todo.sh's
/// start-up does, for about 50 names) hashes its name once.
struct ShellVariables: Equatable {
    /// What the shell knows of one name: its value when set, and whether it is exported.
    struct Entry: Equatable {
        /// The value; `nil` for a name exported before it is set.
        var value: String?
        /// Whether programs started from the shell get it.
        var exported = false
    }

    /// Every name that is set or exported (an entry is never both unset and not exported).
    private(set) var entries: [String: Entry] = [:]

    /// The variables of an environment: all set, all exported.
    init(environment: [String: String] = [:]) {
        // Room for todo.sh's defaults and colours (about 50) besides the environment, so that
        // setting them does not grow the table several times over; none for an empty shell
        // (a placeholder, or a test's).
        if !environment.isEmpty { entries.reserveCapacity(environment.count + 64) }
        for (name, value) in environment { entries[name] = Entry(value: value, exported: true) }
    }

    /// The value of every set variable.
    var values: [String: String] { entries.compactMapValues(\.value) }

    /// The names marked for export, set or not (`export NAME` before `NAME=value` counts).
    var exportedNames: Set<String> { Set(entries.lazy.filter(\.value.exported).map(\.key)) }

    /// The value of `name`, `nil` when it is unset.
    subscript(name: String) -> String? {
        get { entries[name]?.value }
        set {
            if let newValue {
                entries[name, default: Entry()].value = newValue
            } else if entries[name]?.exported == true {
                entries[name]?.value = nil
            } else {
                entries[name] = nil
            }
        }
    }

    /// The value of `name` when it is set and not empty.
    func nonEmpty(_ name: String) -> String? {
        guard let value = entries[name]?.value, !value.isEmpty else { return nil }
        return value
    }

    /// `: ${NAME:=value}`: sets `name` when it is unset or empty.
    mutating func setDefault(_ name: String, _ value: String) {
        modify(name) { entry in
            if entry.value?.isEmpty ?? true { entry.value = value }
        }
    }

    /// `export NAME=value`.
    mutating func export(_ name: String, _ value: String) {
        modify(name) { entry in
            entry.value = value
            entry.exported = true
        }
    }

    /// `export NAME`: marks the name, whether it is set or not.
    mutating func export(_ name: String) { modify(name) { $0.exported = true } }

    /// Marks every set variable whose name starts with `prefix` for export, giving it `value`
    /// when one is given.
    mutating func exportSet(prefix: StaticString, value: String? = nil) {
        var index = entries.startIndex
        while index != entries.endIndex {
            if entries.values[index].value != nil && entries.keys[index].hasBytePrefix(prefix) {
                entries.values[index].exported = true
                if let value { entries.values[index].value = value }
            }
            entries.formIndex(after: &index)
        }
    }

    /// `unset NAME`: the value and the export mark go.
    mutating func unset(_ name: String) { entries[name] = nil }

    /// What a program started from this shell finds in its environment.
    var environment: [String: String] {
        entries.compactMapValues { $0.exported ? $0.value : nil }
    }

    /// Changes the entry of `name` (a new one when there is none) with one look-up.
    private mutating func modify(_ name: String, _ change: (inout Entry) -> Void) {
        change(&entries[name, default: Entry()])
    }
}

extension String {
    /// Whether the string starts with `prefix`, byte for byte: what a shell's names need, and
    /// several times quicker than `hasPrefix`, which compares Characters, over the hundreds of
    /// names a run looks at.
    func hasBytePrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        var name = self
        return name.withUTF8 { bytes in
            guard bytes.count >= count else { return false }
            for offset in 0..<count where bytes[offset] != prefix.utf8Start[offset] {
                return false
            }
            return true
        }
    }
}
