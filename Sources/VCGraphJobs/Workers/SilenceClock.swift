/// How long a worker holding a task has said nothing, counting only time in which it could run:
/// the `--graphviz-timeout` clock.
///
/// The job adds the time that passed at each of its wake-ups (``pass(_:workerSuspended:)``): at
/// most one ``tick`` a wake-up, so time the job itself did not run (its process group stopped by
/// Ctrl-Z until `fg`, a laptop asleep) counts as one tick at most, however long it was; and
/// nothing while the worker is stopped. The job wakes at least once a tick while a worker holds a
/// task. A busy machine makes the clock slow, never fast: it stops a healthy run only when the
/// worker had the time.
struct SilenceClock {
  /// The silence after which the worker is stopped.
  let limit: Duration
  /// The most one wake-up counts.
  let tick: Duration
  /// The silence counted since the worker was last heard or given its task.
  private(set) var silence = Duration.zero

  init(limit: Duration) {
    self.limit = limit
    // A quarter of the limit at most, so a stop just before the limit cannot tip it over alone.
    tick = min(.seconds(1), limit / 4)
  }

  /// The worker spoke, or got a task: the silence starts again.
  mutating func heard() {
    silence = .zero
  }

  /// `elapsed` passed since the last wake-up; it counts, up to a tick, unless the worker was
  /// stopped (Ctrl-Z, SIGSTOP).
  mutating func pass(_ elapsed: Duration, workerSuspended: Bool) {
    guard !workerSuspended, elapsed > .zero else { return }
    silence += min(elapsed, tick)
  }

  /// True once the silence reached the limit.
  var isOver: Bool { silence >= limit }

  /// How long the job may wait before it must look again: to the limit, and a tick at most.
  var wait: Duration { max(.milliseconds(1), min(tick, limit - silence)) }
}
