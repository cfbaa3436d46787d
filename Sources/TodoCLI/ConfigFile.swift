import TodoPlatform

/// A todo.sh config file, evaluated by bash exactly as todo.sh sources it, so that existing
/// configs (with `export`, `: ${VAR:=value}` defaults, colour variables, arbitrary code) work
/// unchanged.
struct ConfigFile {
    /// Every shell variable after the config ran, exported or not.
    var variables: [String: String]
    /// The names of the variables the config left exported.
    var exported: Set<String>

    /// The colour constants and default colours todo.sh defines before sourcing a config, so
    /// that `export PRI_A=$YELLOW` works (ANSI escape sequences written as `\\033`).
    static let colourPrelude = """
        BLACK='\\\\033[0;30m'; RED='\\\\033[0;31m'; GREEN='\\\\033[0;32m'; BROWN='\\\\033[0;33m'
        BLUE='\\\\033[0;34m'; PURPLE='\\\\033[0;35m'; CYAN='\\\\033[0;36m'; LIGHT_GREY='\\\\033[0;37m'
        DARK_GREY='\\\\033[1;30m'; LIGHT_RED='\\\\033[1;31m'; LIGHT_GREEN='\\\\033[1;32m'
        YELLOW='\\\\033[1;33m'; LIGHT_BLUE='\\\\033[1;34m'; LIGHT_PURPLE='\\\\033[1;35m'
        LIGHT_CYAN='\\\\033[1;36m'; WHITE='\\\\033[1;37m'; DEFAULT='\\\\033[0m'; NONE=''
        PRI_A=$YELLOW; PRI_B=$GREEN; PRI_C=$LIGHT_BLUE; PRI_X=$WHITE; COLOR_DONE=$LIGHT_GREY
        COLOR_PROJECT=$NONE; COLOR_CONTEXT=$NONE; COLOR_DATE=$NONE; COLOR_NUMBER=$NONE
        COLOR_META=$NONE
        """

    /// The default colours when no config is read: the values of ``colourPrelude``.
    static let defaultColours: [String: String] = [
        "PRI_A": "\\\\033[1;33m", "PRI_B": "\\\\033[0;32m", "PRI_C": "\\\\033[1;34m",
        "PRI_X": "\\\\033[1;37m", "COLOR_DONE": "\\\\033[0;37m", "DEFAULT": "\\\\033[0m",
        "COLOR_PROJECT": "", "COLOR_CONTEXT": "", "COLOR_DATE": "", "COLOR_NUMBER": "",
        "COLOR_META": "",
    ]

    /// Why a config could not be evaluated.
    struct Failure: Error {
        /// bash's exit status.
        var status: Int32
    }

    /// Runs `bash` to source `path` with `environment`, and reads back the variables.
    static func evaluate(
        _ path: String, environment: [String: String]
    ) throws(Failure) -> ConfigFile {
        let script = """
            \(colourPrelude)
            exec 3>&1 1>&2
            . "$1"
            for __todo_name in $(compgen -v); do
              case $__todo_name in __todo_*|BASH*|FUNCNAME|PIPESTATUS|GROUPS|DIRSTACK) continue;; esac
              printf '%s\\0%s\\0' "$__todo_name" "${!__todo_name}" >&3
            done
            printf '\\0' >&3
            for __todo_name in $(compgen -e); do printf '%s\\0' "$__todo_name" >&3; done
            """
        let outcome = Subprocess.run(
            ["/bin/bash", "-c", script, "todo-config", path], environment: environment,
            captureOutput: true)
        guard outcome.status == 0 else { throw Failure(status: outcome.status) }
        var fields = outcome.output.split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if fields.last == "" { fields.removeLast() }
        var variables: [String: String] = [:]
        var index = 0
        while index + 1 < fields.count, !fields[index].isEmpty {
            variables[fields[index]] = fields[index + 1]
            index += 2
        }
        let exported = Set(fields[min(index + 1, fields.count)...].filter { !$0.isEmpty })
        return ConfigFile(variables: variables, exported: exported)
    }
}
