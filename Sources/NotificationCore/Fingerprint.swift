// What two worlds must share to behave the same from now on: everything but the records.

extension World {
    /// This world without its records (the trace and the log). Two worlds equal here give
    /// the same observations after the same steps, whatever led to each: exploration expands
    /// such worlds once.
    public var withoutRecords: World {
        var copy = self
        copy.trace = []
        copy.log = []
        copy.droppedEvents = 0
        copy.droppedLogLines = 0
        return copy
    }
}

extension World {
    /// Whether the chat SDK has been started in the running process, as its plug-in says
    /// (Kindly `start()` has run, edna is authorized).
    public var isChatSDKStarted: Bool { plugin.isStarted(self) }
    /// What "started" means for the app's chat SDK (``ChatSDKPlugin/startedWord``):
    /// `started`, `authorized`.
    public var chatSDKStartedWord: String { plugin.startedWord }
}
