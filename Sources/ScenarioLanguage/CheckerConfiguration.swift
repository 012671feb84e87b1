// The configuration a case runs with: settings before the first action, and the registry's
// case rules over it.

extension CheckRun {
    // MARK: - Configuration

    func summarize(_ statements: [CheckedStmt]) -> ConfigurationSummary {
        var summary = ConfigurationSummary()
        // Statements of a command with a count budget (a configuration list), so far.
        var counted: [String: Int] = [:]
        // A def's steps count where it is called (its summary, below); an alphabet's never
        // run in a case.
        for visit in Walk(statements, skipping: [.def, .alphabet]) {
            let stmt = visit.node
            switch stmt.kind {
            case .command(let command):
                let role = command.signature.role
                if role != .action, !registry.countLimits.isEmpty,
                    let budget = registry.countLimits[command.signature.name]
                {
                    let n = counted[command.signature.name, default: 0] + 1
                    counted[command.signature.name] = n
                    if n == budget.limit + 1 {
                        error(
                            "too many \(budget.what): an app declares at most \(budget.limit)", sources[stmt.path] ?? root,
                            stmt.range, label: "'\(command.signature.name)' number \(n)")
                    }
                }
                if role.isAction {
                    if case .none = summary.first {
                        summary.first = SourceSite(path: stmt.path, range: stmt.range)
                    }
                    guard summary.keepsActions else { continue }
                    summary.addAction(
                        ConfiguredCommand(
                            signature: command.signature, arguments: command.arguments, range: stmt.range,
                            path: stmt.path))
                } else if summary.keepsSetting(role) {
                    summary.addSetting(
                        ConfiguredCommand(
                            signature: command.signature, arguments: command.arguments, range: stmt.range,
                            path: stmt.path))
                }
            case .call:
                if let id = callTargets[SiteKey(path: stmt.path, start: stmt.range.start)], !defsInProgress.contains(id)
                {
                    summary.append(defs[id].summary)
                }
            case .repeat, .for, .include, .def, .let, .property, .alphabet:
                break
            }
        }
        return summary
    }

    func settingAfterAction(_ c: ConfiguredCommand, first: SourceSite, file: SourceFile) {
        let source = sources[c.path] ?? file
        add(
            source.diagnostic(
                "'\(c.signature.name)' is install-time configuration: it must come before the first action",
                at: c.range, label: "after the app was installed",
                notes: ["the first action, on \(place(first, from: source)), installs the app"]))
    }

    func applyCaseRules(name: String, summary: ConfigurationSummary, file: SourceFile) {
        if let first = summary.first {
            for c in summary.after where !gaveUp { settingAfterAction(c, first: first, file: file) }
        }
        let configuration = CaseConfiguration(
            caseName: name, settings: summary.before, firstAction: summary.first.map { ($0.range, $0.path) },
            laterSettings: summary.later, actions: summary.actions)
        for rule in registry.caseRules {
            for violation in rule(configuration) where !gaveUp {
                let source = sources[violation.path] ?? file
                add(source.diagnostic(violation.message, at: violation.range, label: violation.label))
            }
        }
    }
}
