import TodoPlatform
import TodoStore

/// A todo.sh config file, which todo.sh sources as a bash script.
///
/// Most configs only set variables; ``ConfigReader`` reads those without starting bash. Any
/// other config runs in bash exactly as todo.sh sources it (with todo.sh's variables and
/// options, and the action's words as `$@`), so that every config that works with todo.sh
/// works the same; what it prints goes to standard output and standard error as in todo.sh.
enum ConfigFile {
    /// What sourcing the config left behind.
    enum Outcome: Equatable {
        /// The variables after the config ran.
        case variables(ShellVariables)
        /// The config ran `exit` with this status: todo.sh ends there.
        case exited(Int32)
    }

    /// The config file cannot be read: missing, unreadable, a directory or a binary file.
    struct Unreadable: Error {}

    /// How to read a config.
    enum Reading {
        /// The native reader when it is certain, bash otherwise.
        case automatic
        /// Always bash (for comparing the two).
        case bash
    }

    /// Sources the config at `path` in a shell holding `variables`, with `arguments` as `$@`.
    ///
    /// - Parameters:
    ///   - programPath: `$0` of the shell (bash names it in its own error messages).
    ///   - console: where the config's output goes.
    static func source(
        _ path: String, variables: ShellVariables, arguments: [String], programPath: String,
        storage: any TodoStorage, console: Console, reading: Reading = .automatic
    ) throws(Unreadable) -> Outcome {
        guard !storage.directoryExists(path), let text = try? storage.readBytes(path),
            !text.contains(0)
        else { throw Unreadable() }
        if reading == .automatic, let read = ConfigReader.read(text, variables: variables) {
            return .variables(read)
        }
        return try runBash(
            path, variables: variables, arguments: arguments, programPath: programPath,
            console: console)
    }

    /// The bash program that sources the config and then writes every variable to a
    /// descriptor copied from standard output at the start, after a marker, as
    /// `name NUL value NUL ...`, an empty name, then the exported names.
    ///
    /// `$1` is the config, `$2` the marker, `$3` the names of the variables handed in (one per
    /// line), `$4` those among them that are not exported; the action's words follow.
    static let script = """
        shopt -s extglob extquote
        __todo_cfg=$1 __todo_mark=$2 __todo_given=$3
        for __todo_name in $4; do export -n "$__todo_name"; done
        shift 4
        __todo_own=$'\\n'"$(compgen -v)"$'\\n'
        exec {__todo_out}>&1
        . "$__todo_cfg"
        printf '%s' "$__todo_mark" >&$__todo_out
        for __todo_name in $(compgen -v); do
          case $__todo_name in __todo_*) continue;; esac
          case $__todo_own in
            *$'\\n'"$__todo_name"$'\\n'*)
              case $__todo_given in *$'\\n'"$__todo_name"$'\\n'*) ;; *) continue;; esac;;
          esac
          printf '%s\\0%s\\0' "$__todo_name" "${!__todo_name}" >&$__todo_out
        done
        printf '\\0' >&$__todo_out
        for __todo_name in $(compgen -e); do printf '%s\\0' "$__todo_name" >&$__todo_out; done
        for __todo_name in TODO_DIR TODO_FILE DONE_FILE REPORT_FILE; do
          [[ -v $__todo_name ]] && continue
          case $(declare -p "$__todo_name" 2>/dev/null) in
            "declare -"*x*) printf '%s\\0' "$__todo_name" >&$__todo_out;;
          esac
        done
        """

    /// Sources the config in bash and reads back its variables.
    ///
    /// - Throws: when bash cannot be started.
    static func runBash(
        _ path: String, variables: ShellVariables, arguments: [String], programPath: String,
        console: Console
    ) throws(Unreadable) -> Outcome {
        let marker = "\u{1}todo-config-\(UInt64.random(in: 1...UInt64.max))\u{1}"
        let values = variables.values
        let exported = variables.exportedNames
        let names = values.keys.filter {
            ConfigReader.isName($0) && !carriedOver.contains($0)
        }.sorted()
        let given = "\n" + names.joined(separator: "\n") + "\n"
        let hidden = names.filter { !exported.contains($0) }
            .joined(separator: " ")
        let capture = console.isCapturing
        console.flush()
        let outcome = Subprocess.run(
            ["/bin/bash", "-c", script, programPath, path, marker, given, hidden] + arguments,
            environment: values, captureOutput: true, captureErrors: capture)
        guard outcome.spawnError == 0 else { throw Unreadable() }
        if capture && !outcome.errors.isEmpty {
            console.error(
                String(
                    decoding: outcome.errors.dropLast(outcome.errors.last == 0x0A ? 1 : 0),
                    as: UTF8.self))
        }
        let markerBytes = Array(marker.utf8)
        guard let start = firstIndex(of: markerBytes, in: outcome.output) else {
            console.write(outcome.output)
            return .exited(outcome.status)
        }
        console.write(Array(outcome.output[..<start]))
        let fields = outcome.output[(start + markerBytes.count)...]
            .split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var result = ShellVariables()
        var index = 0
        while index + 1 < fields.count, !fields[index].isEmpty {
            result[fields[index]] = fields[index + 1]
            index += 2
        }
        for name in fields[min(index + 1, fields.count)...] where !name.isEmpty {
            result.export(name)
        }
        for (name, value) in values
        where !ConfigReader.isName(name) || carriedOver.contains(name) {
            result[name] = value
            if exported.contains(name) { result.export(name) }
        }
        return .variables(result)
    }

    /// Variables bash changes by itself when it starts: their values before the config are
    /// kept.
    static let carriedOver: Set<String> = ["SHLVL", "PWD", "OLDPWD", "_"]

    /// Where `needle` first occurs in `haystack`.
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == first
                && haystack[index..<(index + needle.count)].elementsEqual(needle)
            {
                return index
            }
            index += 1
        }
        return nil
    }
}
