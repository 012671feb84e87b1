// What a configuration changes from the default install, as the lines a scenario writes.
//
// The defaults are `Configuration()`'s initial values and nothing else: this file only
// knows how each setting is spelled. The install trace line and bug reports both read
// `differences()`, so the misconfiguration a report is about is always named.

/// One setting of ``Configuration`` as a scenario spells it.
struct SettingSpelling: Sendable {
    /// The ``Configuration`` properties this spelling covers (their Swift names).
    var fields: [String]
    /// The line, or lines, that set this configuration's value (`delegate-assigned at-start`).
    var spell: @Sendable (Configuration) -> [String]
}

extension Configuration {
    /// Every setting, in the order the command reference lists them. `sdk` and its version
    /// are not here: the install line always starts with them.
    static let spellings: [SettingSpelling] = [
        SettingSpelling(fields: ["serviceExtension"]) { ["extension \($0.serviceExtension.rawValue)"] },
        SettingSpelling(fields: ["keychainSharing"]) { ["keychain \($0.keychainSharing.rawValue)"] },
        SettingSpelling(fields: ["keychainAccessibility"]) { ["keychain access \($0.keychainAccessibility.rawValue)"] },
        SettingSpelling(fields: ["bundleID"]) { ["app bundle \(quoted($0.bundleID))"] },
        SettingSpelling(fields: ["environment"]) { ["app environment \($0.environment.rawValue)"] },
        SettingSpelling(fields: ["appVersion"]) { ["app version \(Version.text($0.appVersion))"] },
        SettingSpelling(fields: ["kindlyServerExtensionVersion"]) { c in
            c.kindlyServerExtensionVersion.map { ["kindly server extension-version \(Version.text($0))"] } ?? []
        },
        SettingSpelling(fields: ["ednaServer"]) { c in
            guard let s = c.ednaServer else { return ["edna server off"] }
            let bundle = s.bundleID.map { " bundle \(quoted($0))" } ?? ""
            return ["edna server \(s.credential.rawValue)\(bundle) environment \(s.environment.rawValue)"]
        },
        SettingSpelling(fields: ["ednaMessageTemplate"]) { c in
            c.ednaMessageTemplate.map { ["edna template message \(rawQuoted($0))"] } ?? []
        },
        SettingSpelling(fields: ["ednaCampaignTemplate"]) { c in
            c.ednaCampaignTemplate.map { ["edna template campaign \(rawQuoted($0))"] } ?? []
        },
        SettingSpelling(fields: ["kindlyHost"]) { ["host kindly \($0.kindlyHost.rawValue)"] },
        SettingSpelling(fields: ["ednaHost"]) { ["host edna \($0.ednaHost.rawValue)"] },
        SettingSpelling(fields: ["mode"]) { ["mode \($0.mode.rawValue)"] },
        // The delegate in effect: `delegate kindly` in a Kindly app is no difference.
        SettingSpelling(fields: ["delegate"]) { ["delegate \($0.effectiveDelegate.rawValue)"] },
        SettingSpelling(fields: ["shouldHandle"]) { ["should-handle \($0.shouldHandle.rawValue)"] },
        SettingSpelling(fields: ["openOnTap"]) { ["open-on-tap \($0.openOnTap)"] },
        SettingSpelling(fields: ["extensionDelayMilliseconds"]) {
            ["extension-delay \(TimeFormat.duration($0.extensionDelayMilliseconds))"]
        },
        SettingSpelling(fields: ["delegateAssignment"]) { ["delegate-assigned \($0.delegateAssignment.rawValue)"] },
        SettingSpelling(fields: ["permission"]) { ["permission \($0.permission.rawValue)"] },
        SettingSpelling(fields: ["silentBudget"]) { c in
            guard let b = c.silentBudget else { return ["silent-budget off"] }
            return ["silent-budget \(b.count) per \(TimeFormat.duration(b.windowMilliseconds))"]
        },
        SettingSpelling(fields: ["backgroundRefresh"]) {
            ["background-refresh \($0.backgroundRefresh ? "on" : "off")"]
        },
        SettingSpelling(fields: ["lowPower"]) { ["low-power \($0.lowPower ? "on" : "off")"] },
        SettingSpelling(fields: ["extensionFault"]) { ["extension-fault \($0.extensionFault.rawValue)"] },
        SettingSpelling(fields: ["host"]) {
            ["host posts-local \($0.host.postsLocal.rawValue)", "own-presents \($0.host.ownPresents.rawValue)"]
        },
        SettingSpelling(fields: ["servers"]) { c in
            ChatSDK.allCases.flatMap { sdk -> [String] in
                let server = c.servers[sdk] ?? ServerBehaviour()
                return [
                    "\(sdk.rawValue) server duplicate-token \(server.duplicateToken ? "on" : "off")",
                    "\(sdk.rawValue) server collapse-id \(server.collapseID.rawValue)",
                ]
            }
        },
        SettingSpelling(fields: ["iosVersion"]) { ["ios \(Version.text($0.iosVersion))"] },
    ]

    /// The fields ``spellings`` leaves out on purpose: the SDK and its version lead the
    /// install line.
    static let fieldsSpelledElsewhere: Set<String> = ["sdk", "sdkVersion"]

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
    /// `["extension kindly", "delegate-assigned at-start", "host kindly manual"]`.
    public func differences(from base: Configuration? = nil) -> [String] {
        let base = base ?? defaultInstall
        var lines: [String] = []
        for spelling in Self.spellings {
            // Line by line: a spelling of several lines names only those that differ.
            let theirs = spelling.spell(base)
            for (k, line) in spelling.spell(self).enumerated() where k >= theirs.count || theirs[k] != line {
                lines.append(line)
            }
        }
        return lines
    }

    /// `kindly 3.0.12`: the SDK and its version, as `sdk` spells them.
    public var sdkLine: String { "\(sdk.rawValue) \(Version.text(sdkVersion))" }
}

private func quoted(_ text: String) -> String {
    var out = "\""
    for c in text {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default: out.append(c)
        }
    }
    return out + "\""
}

/// A template as a raw string, shortened: the trace keeps one line per event.
private func rawQuoted(_ text: String) -> String {
    let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    let shown = flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
    return shown.contains("'") ? quoted(shown) : "'" + shown + "'"
}
