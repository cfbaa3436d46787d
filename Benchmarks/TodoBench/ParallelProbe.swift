import Foundation
import TodoPlatform

/// How much a second thread adds on this machine: one busy loop timed alone, then two copies
/// of it at once on two threads. A virtual machine's second processor may share one physical
/// core with the first, or be lent out by its host; two threads then do little more work than
/// one, and what `todo` splits in two (`check`'s halves, a listing's sort) gains little there,
/// while its floor (`grep`, one thread) loses nothing. The report prints the figure next to the
/// machine's name so that such a machine is recognised.
enum ParallelProbe {
    /// The line the report prints: the figure of ``speedUp(rounds:)`` measured `when`.
    static func report(when: String) -> String {
        let figure = String(format: "%.2f", speedUp())
        return "two busy threads at once did \(figure) times the work of one \(when)"
            + " (2: two free cores; 1: the second added nothing)"
    }

    /// The work two threads do at once per unit of time over the work of one: about 2 with two
    /// free cores, about 1 when the second processor adds nothing. Medians of `rounds` timings
    /// of each, alternating.
    static func speedUp(rounds: Int = 15) -> Double {
        let sinks = UnsafeMutablePointer<UInt64>.allocate(capacity: 2)
        sinks.initialize(repeating: 0, count: 2)
        defer { sinks.deallocate() }
        // A warm-up of each kind starts the kept second thread and settles the clock.
        Concurrently.run({ sinks[1] = spin(seed: 1) }, { sinks[0] = spin(seed: 2) })
        var alone: [Double] = []
        var together: [Double] = []
        for round in 0..<rounds {
            let start = Spawn.monotonicSeconds()
            sinks[0] = spin(seed: UInt64(round) + 3)
            alone.append(Spawn.monotonicSeconds() - start)
            let both = Spawn.monotonicSeconds()
            Concurrently.run(
                { sinks[1] = spin(seed: UInt64(round) + 5) },
                { sinks[0] = spin(seed: UInt64(round) + 7) })
            together.append(Spawn.monotonicSeconds() - both)
        }
        // The results are read, so that the loops cannot be left out.
        if sinks[0] == sinks[1] { print("todo-bench: (parallel probe: equal results)") }
        return 2 * alone.median / max(together.median, 1e-9)
    }

    /// About two milliseconds of arithmetic that depends on each step (xorshift).
    @inline(never)
    private static func spin(seed: UInt64) -> UInt64 {
        var state = seed | 1
        for _ in 0..<1_200_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        return state
    }
}
