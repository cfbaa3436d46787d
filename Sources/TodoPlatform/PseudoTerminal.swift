#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

#if canImport(Glibc) || canImport(Musl)
    /// A program running on a pseudo-terminal of its own (`openpty`), as a terminal emulator
    /// runs it: for driving a full-screen program (`todo ui`) from a benchmark, keys in and
    /// screen bytes out, and reading its peak memory when it ends.
    ///
    /// The program starts in a session of its own with the terminal as its controlling
    /// terminal, so a resize or a hang-up reaches it as from a real terminal.
    package final class PseudoTerminal {
        /// The terminal's controlling side: what is written here is typed, what is read here
        /// is what the program drew.
        package let controller: Int32
        /// The program's process id.
        package let processID: Int32
        /// Whether ``waitForExit()`` collected the program.
        private var exited = false

        /// Starts `arguments` (the first is the program's absolute path) with `environment`
        /// (`NAME=value` strings) on a new terminal of `width` × `height`.
        ///
        /// - Throws: ``Errno`` when the terminal cannot be made or the program not started.
        package init(
            _ arguments: [String], environment: [String], width: Int, height: Int
        ) throws(Errno) {
            var controllerFD: Int32 = -1
            var deviceFD: Int32 = -1
            var size = winsize(
                ws_row: UInt16(clamping: height), ws_col: UInt16(clamping: width), ws_xpixel: 0,
                ws_ypixel: 0)
            try nothingOrErrno { openpty(&controllerFD, &deviceFD, nil, nil, &size) }
            _ = fcntl(controllerFD, F_SETFD, FD_CLOEXEC)
            _ = fcntl(deviceFD, F_SETFD, FD_CLOEXEC)
            var name = [CChar](repeating: 0, count: 256)
            let named = ttyname_r(deviceFD, &name, name.count)
            guard named == 0, let program = arguments.first else {
                _ = systemClose(controllerFD)
                _ = systemClose(deviceFD)
                throw Errno(named == 0 ? ENOENT : named)
            }
            let actions = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
            let attributes = UnsafeMutablePointer<posix_spawnattr_t>.allocate(capacity: 1)
            posix_spawn_file_actions_init(actions)
            posix_spawnattr_init(attributes)
            defer {
                posix_spawn_file_actions_destroy(actions)
                posix_spawnattr_destroy(attributes)
                actions.deallocate()
                attributes.deallocate()
            }
            // A new session first (glibc's POSIX_SPAWN_SETSID), then opening the terminal
            // makes it the session's controlling terminal.
            #if os(Linux)
                posix_spawnattr_setflags(attributes, 0x80)
            #endif
            name.withUnsafeBufferPointer { path in
                if let base = path.baseAddress {
                    _ = posix_spawn_file_actions_addopen(actions, 0, base, O_RDWR, 0)
                }
            }
            posix_spawn_file_actions_adddup2(actions, 0, 1)
            posix_spawn_file_actions_adddup2(actions, 0, 2)
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
            defer {
                for pointer in argv + envp { free(pointer) }
            }
            var pid = pid_t()
            let spawned = posix_spawn(&pid, program, actions, attributes, &argv, &envp)
            _ = systemClose(deviceFD)
            guard spawned == 0 else {
                _ = systemClose(controllerFD)
                throw Errno(spawned)
            }
            controller = controllerFD
            processID = pid
        }

        deinit {
            if !exited {
                kill(processID, SIGKILL)
                _ = waitForExit()
            }
            _ = systemClose(controller)
        }

        /// Types `bytes`.
        package func write(_ bytes: [UInt8]) {
            try? FileDescriptor.writeAll(controller, bytes)
        }

        /// What the program drew since the last read: waits up to `milliseconds` for the first
        /// byte, then takes everything already there; empty when nothing came or it ended.
        package func read(waitingUpTo milliseconds: Int) -> [UInt8] {
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            var result: [UInt8] = []
            var wait = Int32(clamping: milliseconds)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while poll(&descriptor, 1, wait) > 0, descriptor.revents & Int16(POLLIN) != 0 {
                let count = buffer.withUnsafeMutableBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return systemRead(controller, base, raw.count)
                }
                guard count > 0 else { break }
                result += buffer[..<count]
                wait = 0
            }
            return result
        }

        /// Waits for the program to end.
        ///
        /// - Returns: Its exit status (128 + N after signal N) and its peak resident memory in
        ///   bytes (`ru_maxrss`).
        package func waitForExit() -> (status: Int32, peakMemory: Int) {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(processID, &status, 0, &usage) < 0 {
                guard errno == EINTR else { return (127, 0) }
            }
            exited = true
            let signal = status & 0x7F
            return (signal == 0 ? (status >> 8) & 0xFF : 128 + signal, Int(usage.ru_maxrss) * 1024)
        }
    }
#endif
