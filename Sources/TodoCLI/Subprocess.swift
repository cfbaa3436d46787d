import Glibc

/// Runs other programs with `posix_spawn` (never Foundation's `Process`, which puts the child in
/// a background process group where an editor cannot read the terminal).
enum Subprocess {
    /// What a finished child left behind.
    struct Outcome {
        /// The exit status; 128 + N when killed by signal N; 127 when it could not be started.
        var status: Int32
        /// Its standard output, when captured.
        var output: [UInt8] = []
        /// Its standard error, when captured.
        var errors: [UInt8] = []
    }

    /// Runs `arguments` (the first is the program path) with `environment`.
    ///
    /// - Parameters:
    ///   - input: bytes to feed on standard input, or `nil` to share ours.
    ///   - captureOutput: read its standard output into the outcome instead of sharing ours.
    ///   - captureErrors: read its standard error into the outcome instead of sharing ours.
    static func run(
        _ arguments: [String], environment: [String: String], input: [UInt8]? = nil,
        captureOutput: Bool = false, captureErrors: Bool = false
    ) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        func makePipe(_ pair: inout [Int32], childEnd: Int, target: Int32) -> Bool {
            guard pipe(&pair) == 0 else { return false }
            _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pair[1], F_SETFD, FD_CLOEXEC)
            posix_spawn_file_actions_adddup2(&actions, pair[childEnd], target)
            return true
        }
        func closeAll() {
            for descriptor in inputPipe + outputPipe + errorPipe where descriptor >= 0 {
                close(descriptor)
            }
        }
        if input != nil && !makePipe(&inputPipe, childEnd: 0, target: 0) {
            return Outcome(status: 127)
        }
        if captureOutput && !makePipe(&outputPipe, childEnd: 1, target: 1) {
            closeAll()
            return Outcome(status: 127)
        }
        if captureErrors && !makePipe(&errorPipe, childEnd: 1, target: 2) {
            closeAll()
            return Outcome(status: 127)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] =
            environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        // Close the child's ends in the parent.
        if inputPipe[0] >= 0 { close(inputPipe[0]); inputPipe[0] = -1 }
        if outputPipe[1] >= 0 { close(outputPipe[1]); outputPipe[1] = -1 }
        if errorPipe[1] >= 0 { close(errorPipe[1]); errorPipe[1] = -1 }
        guard spawned == 0 else {
            closeAll()
            return Outcome(status: 127)
        }
        var outcome = Outcome(status: 0)
        pump(
            input: input ?? [], inputDescriptor: &inputPipe[1], outputDescriptor: &outputPipe[0],
            errorDescriptor: &errorPipe[0], outcome: &outcome)
        closeAll()
        outcome.status = wait(for: pid)
        return outcome
    }

    /// Runs a command line through `/bin/sh -c`, as todo.sh evals its sort and filter commands.
    static func shell(
        _ command: String, environment: [String: String], input: [UInt8]? = nil,
        captureOutput: Bool = false
    ) -> Outcome {
        run(
            ["/bin/sh", "-c", command], environment: environment, input: input,
            captureOutput: captureOutput)
    }

    /// Waits for `pid` and decodes its status like a shell does.
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 127 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Writes `input` and reads the captured streams without deadlocking, using `poll`.
    private static func pump(
        input: [UInt8], inputDescriptor: inout Int32, outputDescriptor: inout Int32,
        errorDescriptor: inout Int32, outcome: inout Outcome
    ) {
        var written = 0
        if inputDescriptor >= 0 && input.isEmpty {
            close(inputDescriptor)
            inputDescriptor = -1
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let ignorePipe = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, ignorePipe) }
        while inputDescriptor >= 0 || outputDescriptor >= 0 || errorDescriptor >= 0 {
            var fds: [pollfd] = []
            if inputDescriptor >= 0 {
                fds.append(pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0))
            }
            if outputDescriptor >= 0 {
                fds.append(pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0))
            }
            if errorDescriptor >= 0 {
                fds.append(pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0))
            }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            for entry in fds where entry.revents != 0 {
                if entry.fd == inputDescriptor {
                    let count = input.withUnsafeBytes { raw -> Int in
                        guard let base = raw.baseAddress else { return -1 }
                        return Glibc.write(
                            entry.fd, base + written, min(raw.count - written, 1 << 16))
                    }
                    if count > 0 { written += count }
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 || written >= input.count {
                        close(inputDescriptor)
                        inputDescriptor = -1
                    }
                } else {
                    let count = read(entry.fd, &chunk, chunk.count)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 {
                        close(entry.fd)
                        if entry.fd == outputDescriptor {
                            outputDescriptor = -1
                        } else {
                            errorDescriptor = -1
                        }
                    } else if entry.fd == outputDescriptor {
                        outcome.output += chunk[0..<count]
                    } else {
                        outcome.errors += chunk[0..<count]
                    }
                }
            }
        }
    }
}
