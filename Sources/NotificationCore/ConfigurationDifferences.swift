// What a configuration changes from the default install, as the lines a scenario writes.
//
// The defaults are `Configuration()`'s initial values and nothing else: this file only
// knows how each setting is spelled. The install trace line and bug reports both read
// `differences()`, so the misconfiguration a report is about is always named.

extension Configuration {
    /// Every setting, in the order the command reference lists them. `sdk` and its version
    /// are not here: the install line always starts with them.
    static let spellings: [SettingSpelling] = [
        SettingSpelling { ["extension \($0.serviceExtension.word(for: $0.sdk))"] },
        SettingSpelling { ["keychain \($0.keychainSharing.rawValue)"] },
        SettingSpelling { ["keychain access \($0.keychainAccessibility.rawValue)"] },
        SettingSpelling { ["app bundle \(ScenarioText.quoted($0.bundleID))"] },
        SettingSpelling { $0.appEnvironment.map { ["app environment \($0.rawValue)"] } ?? [] },
        SettingSpelling { ["app version \(DottedVersion.text($0.appVersion))"] },
        // The delegate in effect: `delegate kindly` in a Kindly app is no difference.
        SettingSpelling { ["delegate \($0.word(for: $0.effectiveDelegate))"] },
        SettingSpelling { ["extension-delay \(TimeFormat.duration($0.extensionDelayMilliseconds))"] },
        SettingSpelling { ["delegate-assigned \($0.delegateAssignment.rawValue)"] },
        SettingSpelling { [$0.authorization.spelled] },
        // What an authorized app requested, when a scenario says (SPEC §2.10).
        SettingSpelling { c in c.authorizedRequests.map { ["authorization authorized requests " + Authorization.spelled($0)] } ?? [] },
        SettingSpelling { c in
            guard let b = c.silentBudget else { return ["silent-budget off"] }
            return ["silent-budget \(b.count) per \(TimeFormat.duration(b.windowMilliseconds))"]
        },
        SettingSpelling { ["background-refresh \($0.backgroundRefresh ? "on" : "off")"] },
        SettingSpelling { ["low-power \($0.lowPower ? "on" : "off")"] },
        SettingSpelling { ["extension-fault \($0.extensionFault.rawValue)"] },
        SettingSpelling {
            [
                "host posts-local \($0.host.postsLocal.rawValue)", "own-presents \($0.host.ownPresents.rawValue)",
                "own-on-tap \(($0.host.ownOnTap ?? $0.sdk.plugin.defaultOwnOnTap).rawValue)",
                "navigates-from \(NavigationSource.spelled($0.host.navigatesFrom))",
            ] + $0.host.completes.lines + [
                "host resets-badge \($0.host.resetsBadge.rawValue)",
                "host removes-delivered \($0.host.removesDelivered.rawValue)",
                "host completes-fetch \($0.host.completesFetch.spelled)",
                HostCategories.line($0.host.registersCategories),
                "host registers \(($0.host.registers ?? .everyLaunch).rawValue)",
                "host uploads-token \($0.host.uploadsToken.rawValue)",
                "host pushkit \($0.host.pushkit.spelled)",
                "host reports-call \($0.host.reportsCall.spelled)",
            ]
        },
        // `host registers every-launch` written in a chat SDK's app, which registers as its SDK
        // says when it is not written (SPEC §2.16): the host block's line above cannot tell it
        // from the default. Its own spelling, after the SDK's host lines.
        SettingSpelling { c in
            c.sdk != .noSDK && c.host.registers == .everyLaunch ? ["host registers \(RegistrationPolicy.everyLaunch.rawValue)"] : []
        },
        SettingSpelling { ["host reports-open \($0.host.reportsOpen.rawValue)"] },
        SettingSpelling { ["ios \(DottedVersion.text($0.iosVersion))"] },
        // The chain's links, first line first (none by default).
        SettingSpelling {
            $0.proxies.flatMap { proxy in
                let name = ScenarioText.quoted(proxy.name)
                return (proxy.declared ? ["proxy \(name) \(proxy.behaviour.spelled)"] : [])
                    + (proxy.registersCategories.map {
                        ["proxy \(name) registers-categories \(ScenarioText.wordList($0))"]
                    } ?? [])
            }
        },
        // The app group, badge, removal and wake settings (docs/APP.md), none by default.
        SettingSpelling { $0.appGroups.map { "app-group \(ScenarioText.quoted($0.name)) \($0.members.rawValue)" } },
        SettingSpelling { $0.extensionIncrementsBadge ? ["extension increments-badge"] : [] },
        SettingSpelling { $0.extensionRemovesDelivered ? ["extension removes-delivered"] : [] },
        SettingSpelling {
            $0.categories.map { "category \(ScenarioText.quoted($0.name)) actions \(ScenarioText.wordList($0.actions))" }
        },
        SettingSpelling {
            $0.actions.map {
                "action \(ScenarioText.quoted($0.name)) \($0.kind.rawValue)" + ($0.authRequired ? " auth-required" : "")
            }
        },
        SettingSpelling { $0.entitlements.sorted().map { "entitlement \($0.rawValue)" } },
        SettingSpelling { $0.settings.lines },
        SettingSpelling { [$0.focus.spelled] },
        SettingSpelling { ["ringer \($0.ringer.rawValue)"] },
        SettingSpelling { ["summary \($0.summary ? "on" : "off")"] },
        SettingSpelling { ["build \($0.build.rawValue)"] },
        SettingSpelling { $0.provider.lines },
        SettingSpelling { $0.apns.lines },
    ]

    /// The core's spellings with the app's SDK's in their slots, in the command reference's order.
    private var allSpellings: [SettingSpelling] {
        let own = sdk.plugin.spellings
        guard !own.isEmpty else { return Self.spellings }
        func slot(_ s: SettingSpelling.Slot) -> [SettingSpelling] { own.filter { $0.slot == s } }
        var out = Array(Self.spellings[0..<6]) + slot(.afterBuild) + [Self.spellings[6]] + slot(.afterDelegate)
        out += Self.spellings[7..<16] + slot(.afterHost) + Self.spellings[16...]
        return out
    }

    /// The default install of this configuration's SDK: `Configuration()` with the same SDK
    /// and version.
    public var defaultInstall: Configuration {
        var base = Configuration()
        base.sdk = sdk
        base.sdkVersion = sdkVersion
        return base
    }

    /// Every setting that differs from `base` (the default install of this SDK unless given),
    /// as the scenario lines that set it, in the command reference's order:
    /// `["extension kindly", "delegate-assigned at-start", "host kindly manual"]`. For
    /// `.installLine` a long value is shortened to keep the trace one line an event; for
    /// `.scenario` every line is valid scenario text.
    public func differences(from base: Configuration? = nil, for use: SettingSpelling.Use = .installLine) -> [String] {
        let base = base ?? defaultInstall
        var lines: [String] = []
        for spelling in allSpellings {
            // Line by line: a spelling of several lines names only those that differ.
            let theirs = spelling.spell(base, use)
            for (k, line) in spelling.spell(self, use).enumerated() where k >= theirs.count || theirs[k] != line {
                lines.append(line)
            }
        }
        return lines
    }

    /// The lines that install this configuration, as a scenario writes them: `sdk kindly
    /// 3.0.12`, then every setting that differs from the default install.
    public var scenarioLines: [String] { ["sdk " + sdkLine] + differences(for: .scenario) }

    /// `kindly 3.0.12`: the SDK and its version, as `sdk` spells them.
    public var sdkLine: String { sdkVersion.isEmpty ? sdk.name : "\(sdk.name) \(DottedVersion.text(sdkVersion))" }
}
