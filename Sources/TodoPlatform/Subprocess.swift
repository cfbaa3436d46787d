#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs other programs with `posix_spawn` (never Foundation's `Process`, which puts the child in
/// a background process group where an editor cannot read the terminal).
package enum Subprocess {
    /// What a finished child left behind.
    package struct Outcome: Sendable {
        /// The exit status; 128 + N when killed by signal N; 127 when it could not be started.
        package var status: Int32
        /// Its standard output, when captured.
        package var output: [UInt8] = []
        /// Its standard error, when captured.
        package var errors: [UInt8] = []

        /// Creates an outcome.
        package init(status: Int32, output: [UInt8] = [], errors: [UInt8] = []) {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    /// Runs `arguments` (the first is the program path) with `environment`.
    ///
    /// - Parameters:
    ///   - input: bytes to feed on standard input, or `nil` to share ours.
    ///   - captureOutput: read its standard output into the outcome instead of sharing ours.
    ///   - captureErrors: read its standard error into the outcome instead of sharing ours.
    package static func run(
        _ arguments: [String], environment: [String: String], input: [UInt8]? = nil,
        captureOutput: Bool = false, captureErrors: Bool = false
    ) -> Outcome {
        guard let program = arguments.first else { return Outcome(status: 127) }
        let actions = makeSpawnActions()
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        func makePipe(_ pair: inout [Int32], childEnd: Int, target: Int32) -> Bool {
            guard pipe(&pair) == 0 else { return false }
            _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pair[1], F_SETFD, FD_CLOEXEC)
            posix_spawn_file_actions_adddup2(actions.pointer, pair[childEnd], target)
            return true
        }
        func closeAll() {
            for descriptor in inputPipe + outputPipe + errorPipe where descriptor >= 0 {
                _ = systemClose(descriptor)
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
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] =
            environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        let attributes = makeSpawnAttributes()
        var pid = pid_t()
        let spawned = posix_spawn(
            &pid, program, actions.pointer, attributes.pointer, &argv, &envp)
        // Close the child's ends in the parent.
        for index in [0] where inputPipe[index] >= 0 {
            _ = systemClose(inputPipe[index])
            inputPipe[index] = -1
        }
        for index in [1] where outputPipe[index] >= 0 {
            _ = systemClose(outputPipe[index])
            outputPipe[index] = -1
        }
        for index in [1] where errorPipe[index] >= 0 {
            _ = systemClose(errorPipe[index])
            errorPipe[index] = -1
        }
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
    package static func shell(
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
        guard (try? valueOrErrno { waitpid(pid, &status, 0) }) != nil else { return 127 }
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
            _ = systemClose(inputDescriptor)
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
            let count = fds.count
            guard (try? valueOrErrno { poll(&fds, nfds_t(count), -1) }) != nil else { return }
            for entry in fds where entry.revents != 0 {
                if entry.fd == inputDescriptor {
                    let count = input.withUnsafeBytes { raw -> Int in
                        guard let base = raw.baseAddress else { return -1 }
                        let size = min(raw.count - written, 1 << 16)
                        return (try? valueOrErrno { systemWrite(entry.fd, base + written, size) })
                            ?? -1
                    }
                    if count > 0 { written += count }
                    if count <= 0 || written >= input.count {
                        _ = systemClose(inputDescriptor)
                        inputDescriptor = -1
                    }
                } else {
                    let count = chunk.withUnsafeMutableBytes { raw -> Int in
                        guard let base = raw.baseAddress else { return -1 }
                        return (try? valueOrErrno { systemRead(entry.fd, base, raw.count) }) ?? -1
                    }
                    if count <= 0 {
                        _ = systemClose(entry.fd)
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

/// A C value that must not move while the C library uses it: allocated once, set up by
/// `create`, torn down by `destroy` when this value goes away.
private struct PinnedCValue<Storage>: ~Copyable {
    /// Where the value lives.
    let pointer: UnsafeMutablePointer<Storage>
    private let destroy: (UnsafeMutablePointer<Storage>) -> Void

    init(
        _ initial: Storage, create: (UnsafeMutablePointer<Storage>) -> Void,
        destroy: @escaping (UnsafeMutablePointer<Storage>) -> Void
    ) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: initial)
        create(pointer)
        self.destroy = destroy
    }

    deinit {
        destroy(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

// On Darwin `posix_spawn_file_actions_t` and `posix_spawnattr_t` are opaque pointers, used as
// optionals that `..._init` fills in; on Glibc and Musl they are structures. The aliases give
// both one shape.
#if canImport(Darwin)
    private typealias SpawnActionsStorage = posix_spawn_file_actions_t?
    private typealias SpawnAttributesStorage = posix_spawnattr_t?
    private func emptySpawnActions() -> SpawnActionsStorage { nil }
    private func emptySpawnAttributes() -> SpawnAttributesStorage { nil }
#else
    private typealias SpawnActionsStorage = posix_spawn_file_actions_t
    private typealias SpawnAttributesStorage = posix_spawnattr_t
    private func emptySpawnActions() -> SpawnActionsStorage { posix_spawn_file_actions_t() }
    private func emptySpawnAttributes() -> SpawnAttributesStorage { posix_spawnattr_t() }
#endif

/// Empty file actions for `posix_spawn`, destroyed with the value.
private func makeSpawnActions() -> PinnedCValue<SpawnActionsStorage> {
    PinnedCValue(
        emptySpawnActions(), create: { _ = posix_spawn_file_actions_init($0) },
        destroy: { _ = posix_spawn_file_actions_destroy($0) })
}

/// Spawn attributes under which the child starts with SIGPIPE, SIGINT and SIGQUIT at their
/// defaults (a shell may have left them ignored).
private func makeSpawnAttributes() -> PinnedCValue<SpawnAttributesStorage> {
    PinnedCValue(
        emptySpawnAttributes(),
        create: { attributes in
            posix_spawnattr_init(attributes)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            sigaddset(&defaults, SIGPIPE)
            sigaddset(&defaults, SIGINT)
            sigaddset(&defaults, SIGQUIT)
            posix_spawnattr_setsigdefault(attributes, &defaults)
            posix_spawnattr_setflags(attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        }, destroy: { _ = posix_spawnattr_destroy($0) })
}
