#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanoseconds on the given clock: `CLOCK_MONOTONIC` for wall time,
/// `CLOCK_PROCESS_CPUTIME_ID` for the CPU time of every thread of the process.
@inline(__always)
func clockNanoseconds(_ clock: clockid_t) -> UInt64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// What one workload measured: per-operation wall and CPU times in µs.
struct Samples {
    var wall: [Double] = []
    var cpu: [Double] = []
    var warmupIterations = 0
    /// A value folded from every operation's result, so the optimizer keeps the work.
    var checksum = 0
}

/// Warms the operation up for `warmup` seconds (at least twice), then times each
/// call on its own until `time` seconds have passed and at least `minIterations` ran.
func measure(
    warmup: Double, time: Double, minIterations: Int, _ operation: () async throws -> Int
) async rethrows -> Samples {
    var samples = Samples()
    let warmupEnd = clockNanoseconds(CLOCK_MONOTONIC) + UInt64(warmup * 1e9)
    while samples.warmupIterations < 2 || clockNanoseconds(CLOCK_MONOTONIC) < warmupEnd {
        samples.checksum &+= try await operation()
        samples.warmupIterations += 1
    }
    samples.wall.reserveCapacity(1 << 16)
    samples.cpu.reserveCapacity(1 << 16)
    let deadline = clockNanoseconds(CLOCK_MONOTONIC) + UInt64(time * 1e9)
    while samples.wall.count < minIterations || clockNanoseconds(CLOCK_MONOTONIC) < deadline {
        let cpuStart = clockNanoseconds(CLOCK_PROCESS_CPUTIME_ID)
        let wallStart = clockNanoseconds(CLOCK_MONOTONIC)
        samples.checksum &+= try await operation()
        let wallEnd = clockNanoseconds(CLOCK_MONOTONIC)
        let cpuEnd = clockNanoseconds(CLOCK_PROCESS_CPUTIME_ID)
        samples.wall.append(Double(wallEnd - wallStart) / 1000)
        samples.cpu.append(Double(cpuEnd - cpuStart) / 1000)
    }
    return samples
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Keeps a value alive past the optimizer.
@inline(never)
func blackHole(_ value: Int) {
    if value == 0x5EED_F00D { print("") }
}
