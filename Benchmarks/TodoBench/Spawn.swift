import Foundation

/// What one child process did: its exit status, wall time and peak memory.
struct Outcome {
    /// The exit status, or 128 + the signal number when a signal ended it, or 127 when it could
    /// not be started.
    var status: Int32
    /// Wall time from `posix_spawn` to the end of `wait4`, in seconds.
    var seconds: Double
    /// The child's peak resident set size in bytes (`ru_maxrss` of `wait4`).
    var maxRSS: Int
}

/// Starts programs with `fork` and `execve` and waits for them with `wait4`, so that each run's
/// time and peak memory are its own.
///
/// Not `posix_spawn`: glibc's shares the parent's memory until `execve` (`CLONE_VM`), and the
/// kernel then records the parent's peak resident set as the child's starting `ru_maxrss`. A
/// forked child starts with a copy of only the parent's private pages, which the benchmark keeps
/// small (`malloc_trim` before each run), so `ru_maxrss` is the program's own peak.
enum Spawn {
    /// Runs `arguments` (the first is an absolute path) with `environment`, standard input from
    /// `/dev/null`, standard output to `outputPath` and standard error to `errorPath` (both
    /// truncated). `directory` is where the child's files are (its working directory is ours).
    static func run(
        _ arguments: [String], environment: [String], directory: String, outputPath: String,
        errorPath: String, timeout: Double? = nil
    ) -> Outcome {
        trimHeap()
        // Everything the child needs is made before fork: after it, the child only calls
        // open, dup2, execve and _exit.
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        let files: [String] = ["/dev/null", outputPath, errorPath]
        let paths = files.map { strdup($0) }
        defer {
            for pointer in argv + envp + paths { free(pointer) }
        }
        let start = monotonicSeconds()
        let pid = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer -> pid_t in
                let child = fork()
                guard child == 0 else { return child }
                guard let inputPath = paths[0], let outputPath = paths[1],
                    let errorPath = paths[2]
                else { _exit(127) }
                let input = open(inputPath, O_RDONLY)
                let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                let errors = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard input >= 0, output >= 0, errors >= 0, let path = argvBuffer[0],
                    let argvBase = argvBuffer.baseAddress, let envpBase = envpBuffer.baseAddress
                else { _exit(127) }
                dup2(input, 0)
                dup2(output, 1)
                dup2(errors, 2)
                execve(
                    path, UnsafeMutablePointer(mutating: argvBase),
                    UnsafeMutablePointer(mutating: envpBase))
                _exit(127)
            }
        }
        guard pid > 0 else { return Outcome(status: 127, seconds: 0, maxRSS: 0) }
        var status: Int32 = 0
        var usage = rusage()
        if let timeout {
            // Polled every 0.2 ms: only the comparison tools, slow anyway, get a time limit.
            while true {
                let reaped = wait4(pid, &status, WNOHANG, &usage)
                if reaped == pid || (reaped < 0 && errno != EINTR) { break }
                if monotonicSeconds() - start > timeout {
                    kill(pid, SIGKILL)
                    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
                    return Outcome(status: 124, seconds: timeout, maxRSS: 0)
                }
                usleep(200)
            }
        } else {
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        }
        let seconds = monotonicSeconds() - start
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exit, seconds: seconds, maxRSS: Int(usage.ru_maxrss) * 1024)
    }

    /// Gives freed heap memory back to the system (glibc's `malloc_trim`, looked up at run
    /// time because the Glibc module does not export it).
    static func trimHeap() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
            return
        }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    /// `CLOCK_MONOTONIC` in seconds.
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The absolute path of `name` found in `PATH`, if it is there and executable.
    static func which(_ name: String) -> String? {
        if name.contains("/") {
            let absolute =
                name.hasPrefix("/")
                ? name : (FileManager.default.currentDirectoryPath + "/" + name)
            return access(absolute, X_OK) == 0 ? absolute : nil
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
