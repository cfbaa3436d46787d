/// The variables of a shell, as todo.sh's bash holds them while it starts: each variable's
/// value, and which of them are exported to the programs it runs.
struct ShellVariables: Equatable {
    /// The value of every set variable.
    var values: [String: String] = [:]
    /// The names marked for export, set or not (`export NAME` before `NAME=value` counts).
    var exportedNames: Set<String> = []

    /// The variables of an environment: all set, all exported.
    init(environment: [String: String] = [:]) {
        // Room for todo.sh's defaults and colours (about 50) besides the environment, so that
        // setting them does not grow the tables several times over; none for an empty shell
        // (a placeholder, or a test's).
        if !environment.isEmpty {
            values.reserveCapacity(environment.count + 64)
            exportedNames.reserveCapacity(environment.count + 64)
        }
        for (name, value) in environment {
            values[name] = value
            exportedNames.insert(name)
        }
    }

    /// The value of `name`, `nil` when it is unset.
    subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The value of `name` when it is set and not empty.
    func nonEmpty(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// `export NAME=value`.
    mutating func export(_ name: String, _ value: String) {
        values[name] = value
        exportedNames.insert(name)
    }

    /// `export NAME`: marks the name, whether it is set or not.
    mutating func export(_ name: String) { exportedNames.insert(name) }

    /// `unset NAME`: the value and the export mark go.
    mutating func unset(_ name: String) {
        values[name] = nil
        exportedNames.remove(name)
    }

    /// What a program started from this shell finds in its environment.
    var environment: [String: String] {
        values.filter { exportedNames.contains($0.key) }
    }
}

extension String {
    /// Whether the string starts with `prefix`, byte for byte: what a shell's names need, and
    /// several times quicker than `hasPrefix`, which compares Characters, over the hundreds of
    /// names a run looks at.
    func hasBytePrefix(_ prefix: StaticString) -> Bool {
        utf8.starts(
            with: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
    }
}
