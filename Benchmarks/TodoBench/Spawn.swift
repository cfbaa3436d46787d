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
/// time and peak memory are its own. Their standard output goes into a pipe, as in a script.
///
/// Not `posix_spawn`: glibc's shares the parent's memory until `execve` (`CLONE_VM`), and the
/// kernel then records the parent's peak resident set as the child's starting `ru_maxrss`. A
/// forked child starts with a copy of only the parent's private pages, which the benchmark keeps
/// small (`malloc_trim` before each run), so `ru_maxrss` is the program's own peak.
enum Spawn {
    /// Runs `arguments` (the first is an absolute path) with `environment`, standard input from
    /// `/dev/null`, standard output into a pipe that this process drains (every program does
    /// its real work: GNU grep, for one, stops at the first match when its output is
    /// `/dev/null`) and standard error to `errorPath` (truncated). What comes through the pipe is
    /// written to `outputPath` when there is one, else dropped. `directory` is where the
    /// child's files are (its working directory is ours).
    ///
    /// With a `timeout` the program's process group is killed after that many seconds and the
    /// outcome has status 124.
    static func run(
        _ arguments: [String], environment: [String], directory: String, outputPath: String?,
        errorPath: String, timeout: Double? = nil
    ) -> Outcome {
        trimHeap()
        // Everything the child needs is made before fork: after it, the child only calls
        // setpgid, open, dup2, close, execve and _exit.
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        let files: [String] = ["/dev/null", errorPath]
        let paths = files.map { strdup($0) }
        defer {
            for pointer in argv + envp + paths { free(pointer) }
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return Outcome(status: 127, seconds: 0, maxRSS: 0) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let start = monotonicSeconds()
        let pid = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer -> pid_t in
                let child = fork()
                guard child == 0 else { return child }
                // Its own process group, so that a time limit ends the programs it starts too.
                setpgid(0, 0)
                guard let inputPath = paths[0], let errorPath = paths[1] else { _exit(127) }
                let input = open(inputPath, O_RDONLY)
                let errors = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard input >= 0, errors >= 0, let path = argvBuffer[0],
                    let argvBase = argvBuffer.baseAddress, let envpBase = envpBuffer.baseAddress
                else { _exit(127) }
                dup2(input, 0)
                dup2(writeEnd, 1)
                dup2(errors, 2)
                close(readEnd)
                close(writeEnd)
                execve(
                    path, UnsafeMutablePointer(mutating: argvBase),
                    UnsafeMutablePointer(mutating: envpBase))
                _exit(127)
            }
        }
        close(writeEnd)
        guard pid > 0 else {
            close(readEnd)
            return Outcome(status: 127, seconds: 0, maxRSS: 0)
        }
        let timedOut = drain(readEnd, into: outputPath, pid: pid, start: start, timeout: timeout)
        close(readEnd)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = monotonicSeconds() - start
        if timedOut, let timeout { return Outcome(status: 124, seconds: timeout, maxRSS: 0) }
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exit, seconds: seconds, maxRSS: Int(usage.ru_maxrss) * 1024)
    }

    /// Reads the pipe until every writer has closed it, writing what comes to `outputPath`
    /// when there is one. Returns true when the time limit ran out first; the process group
    /// of `pid` has then been killed.
    private static func drain(
        _ descriptor: Int32, into outputPath: String?, pid: pid_t, start: Double,
        timeout: Double?
    ) -> Bool {
        let output = outputPath.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? -1
        defer { if output >= 0 { close(output) } }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let timeout {
                let left = timeout - (monotonicSeconds() - start)
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = left > 0 ? poll(&poller, 1, Int32(min(left * 1000 + 1, 1e9))) : 0
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 {
                    kill(-pid, SIGKILL)
                    kill(pid, SIGKILL)
                    return true
                }
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            if output >= 0 {
                buffer.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    var done = 0
                    while done < count {
                        let written = write(output, base + done, count - done)
                        if written < 0 && errno == EINTR { continue }
                        if written <= 0 { return }
                        done += written
                    }
                }
            }
        }
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
