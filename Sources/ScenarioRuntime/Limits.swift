/// The limits that keep an untrusted scenario from running away (docs/RELIABILITY.md). Each one,
/// when reached, ends the case with a clear error at the position of the step.
public struct Limits: Hashable, Sendable {
    /// Steps per case: every command, user call and loop iteration counts one.
    public var maxSteps: Int = 1_000_000
    /// Nested calls of user-defined commands.
    public var maxCallDepth: Int = 256
    /// Bytes in a string built at run time (interpolation).
    public var maxStringBytes: Int = 1 << 20
    /// Bytes of a value built at run time (a list or object from variables), counted as
    /// it would be written out, when it is built: sharing makes `[$a, $a, …]` cheap to
    /// build and exponentially long to write.
    public var maxValueBytes: Int = 1 << 20
    /// Lists and objects nested inside each other in a value built at run time.
    public var maxValueDepth: Int = 200
    /// Bytes of a payload given in a scenario (`push raw`), before APNs sees it.
    public var maxPayloadBytes: Int = 64 << 10
    /// Pushes sent in one case (each is kept, with its trace, for expectations and
    /// reports).
    public var maxPushes: Int = 10_000
    /// Items a `for` may iterate over, and times a `repeat` may run, are bounded by
    /// `maxSteps` as well.

    public init() {}
    public init(maxSteps: Int) { self.maxSteps = maxSteps }
}
