// Where an SDK's state lives in the world: four slots, one per lifetime, each a boxed value of
// the type the plug-in names. The world holds one SDK, so each slot holds that SDK's value;
// the accessors below are how a plug-in reads and changes it.

/// A boxed ``SDKValue``: compared and hashed as the value it holds.
struct SDKBox: Hashable, Sendable {
    var value: any SDKValue

    init(_ value: any SDKValue = NoSDKState()) { self.value = value }

    static func == (lhs: SDKBox, rhs: SDKBox) -> Bool { lhs.value.isEqual(to: rhs.value) }
    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }

    /// The value as `T`, or `T`'s initial value when the box holds another type.
    func get<T: SDKValue>(_: T.Type) -> T { (value as? T) ?? T() }

    /// Changes the value in place: the box lets go of it first, so the change copies nothing.
    mutating func update<T: SDKValue, R>(_: T.Type, _ change: (inout T) -> R) -> R {
        var state = get(T.self)
        value = NoSDKState()
        defer { value = state }
        return change(&state)
    }
}

extension SDKValue {
    fileprivate func isEqual(to other: any SDKValue) -> Bool { (other as? Self) == self }
}

extension World {
    /// The SDK `P`'s state in the running process; nil when the app is not running (a change
    /// made then is dropped: there is no process to keep it).
    public subscript<P: ChatSDKPlugin>(process _: P.Type) -> P.ProcessState? {
        get { process?.sdk.get(P.ProcessState.self) }
        _modify {
            guard var running = process else {
                var nothing: P.ProcessState? = nil
                yield &nothing
                return
            }
            process = nil
            var state: P.ProcessState? = running.sdk.get(P.ProcessState.self)
            running.sdk.value = NoSDKState()
            defer {
                running.sdk.value = state ?? P.ProcessState()
                process = running
            }
            yield &state
        }
    }

    /// What the SDK `P` keeps on the device.
    public subscript<P: ChatSDKPlugin>(device _: P.Type) -> P.DeviceState {
        get { device.sdk.get(P.DeviceState.self) }
        _modify {
            var state = device.sdk.get(P.DeviceState.self)
            device.sdk.value = NoSDKState()
            defer { device.sdk.value = state }
            yield &state
        }
    }

    /// The SDK `P`'s server.
    public subscript<P: ChatSDKPlugin>(server _: P.Type) -> P.ServerState {
        get { sdkServer.get(P.ServerState.self) }
        _modify {
            var state = sdkServer.get(P.ServerState.self)
            sdkServer.value = NoSDKState()
            defer { sdkServer.value = state }
            yield &state
        }
    }
}

extension Configuration {
    /// The settings of the SDK `P` (its defaults until a scenario changes one).
    public subscript<P: ChatSDKPlugin>(settings _: P.Type) -> P.Settings {
        get { sdkSettings[P.name]?.get(P.Settings.self) ?? P.Settings() }
        _modify {
            var box = sdkSettings.removeValue(forKey: P.name) ?? SDKBox(P.Settings())
            var state = box.get(P.Settings.self)
            box.value = NoSDKState()
            defer {
                box.value = state
                sdkSettings[P.name] = box
            }
            yield &state
        }
    }
}

extension ChatSDKPlugin {
    /// The slots of a new install and of a new process, holding the plug-in's initial values.
    static var initialServer: SDKBox { SDKBox(ServerState()) }
    static var initialDevice: SDKBox { SDKBox(DeviceState()) }
    static var initialProcess: SDKBox { SDKBox(ProcessState()) }
}
