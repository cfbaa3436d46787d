#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// This process: its environment, working directory, locale, signals and exit.
package enum ProcessState {
    /// Every environment variable (`environ`), by name.
    package static func environmentVariables() -> [String: String] {
        var variables: [String: String] = [:]
        variables.reserveCapacity(environmentCount())
        forEachEnvironmentVariable { variables[$0] = $1 }
        return variables
    }

    /// How many entries the environment (`environ`) has.
    package static func environmentCount() -> Int {
        guard let pointer = environment() else { return 0 }
        var count = 0
        while pointer[count] != nil { count += 1 }
        return count
    }

    /// Calls `body` with the name and value of each environment variable, in the order of
    /// `environ` (an entry without `=` is skipped). A command that wants the variables in a
    /// table of its own builds it with this: a `[String: String]` made in this module would
    /// have its type looked up by name at run time, which costs the command's start-up a
    /// search through every conformance of the program.
    package static func forEachEnvironmentVariable(_ body: (String, String) -> Void) {
        guard let pointer = environment() else { return }
        var index = 0
        while let entry = pointer[index] {
            index += 1
            // Split at the first `=` on the bytes: decoding each entry as Characters and
            // searching it costs more than the rest of a short run's start-up.
            let length = strlen(entry)
            entry.withMemoryRebound(to: UInt8.self, capacity: length) { start in
                let bytes = UnsafeBufferPointer(start: start, count: length)
                guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return }
                body(
                    String(decoding: bytes[..<equals], as: UTF8.self),
                    String(decoding: bytes[(equals + 1)...], as: UTF8.self))
            }
        }
    }

    /// The environment's entries (`environ`), `nil` when there is none.
    private static func environment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
            // Darwin does not export `environ` to Swift; `_NSGetEnviron` is its documented
            // accessor.
            return _NSGetEnviron()?.pointee
        #else
            return environ
        #endif
    }

    /// The effective user id (`geteuid`): who owns the files this process creates.
    package static func effectiveUserID() -> UInt32 { UInt32(geteuid()) }

    /// The working directory (`getcwd`), or `nil` when it cannot be named.
    package static func currentDirectory() -> String? {
        var directory = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&directory, directory.count) != nil else { return nil }
        return String(
            decoding: directory.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Takes the locale from the environment (`LANG`, `LC_ALL`, ...), as C programs do at start;
    /// only the first call does anything. Only the POSIX regular expressions and collation
    /// depend on it, so they call this before their first use: loading a locale's files is a
    /// large part of a short run's start-up, and most runs never need it.
    package static func adoptEnvironmentLocale() {
        _ = localeAdopted
    }

    /// Set once, on first use (a thread-safe lazy global).
    private static let localeAdopted: Bool = setlocale(LC_ALL, "") != nil

    /// Whether this process may execute `path` (`access(X_OK)`).
    package static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// Runs `body` with SIGINT and SIGQUIT ignored, as a shell does while a foreground child
    /// (an editor) owns the terminal, and puts the old handlers back after.
    package static func ignoringInterrupts<Result>(_ body: () throws -> Result) rethrows -> Result {
        let oldInterrupt = signal(SIGINT, SIG_IGN)
        let oldQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, oldInterrupt)
            signal(SIGQUIT, oldQuit)
        }
        return try body()
    }

    /// Ends the process with `status`.
    package static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
            Glibc.exit(status)
        #elseif canImport(Musl)
            Musl.exit(status)
        #elseif canImport(Darwin)
            Darwin.exit(status)
        #endif
    }

    /// The process's resident memory in bytes (`/proc/self/statm` on Linux, `getrusage`'s peak
    /// elsewhere): for tests that check that memory stays flat.
    package static func residentMemory() -> Int {
        #if os(Linux)
            if let file = try? FileDescriptor.open(readingFrom: "/proc/self/statm"),
                let bytes = try? file.readToEnd()
            {
                let fields = bytes.split(separator: 0x20)
                if fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) {
                    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
                }
            }
        #endif
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)  // an enum in Glibc's headers
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            return Int(usage.ru_maxrss) * 1024  // kilobytes elsewhere
        #endif
    }
}
