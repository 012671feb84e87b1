"""The CI recipes in docs/TESTING.md and docs/EXPLORE.md, run as a CI machine would run them.

Each ```yaml block of those pages is a GitHub Actions workflow or a GitLab CI job. Every `run:`
(GitHub) or `script:` line (GitLab) is executed with `sh -e` in a scratch copy of the
repository's Scenarios, once per matrix value, with three substitutions, each printed:
  - `.build/release/scn` is the scn this check was given (the build CI just made);
  - `swift build …` is skipped (that build is the one above);
  - a package-manager line is not run, but must update its index before it installs
    (`apt-get update` before `apt-get install`);
  - `--depth 7` becomes `--depth 3`, so the explore recipe runs in seconds.
`upload-artifact` / `download-artifact` move the named paths between jobs, in `needs` order, and
`if: failure()` / `if: always()` are honoured. A step that fails fails its job; a recipe whose
job fails fails the check. Then, to show the recipes fail when they check less than asked, the
explore recipe runs again with `--max-worlds 10` appended to its shard step, and must fail.

Usage: python3 65-recipes.py SCN
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PAGES = ["docs/TESTING.md", "docs/EXPLORE.md"]


def blocks(page):
    text = open(os.path.join(ROOT, page), encoding="utf-8").read()
    for match in re.finditer(r"^```yaml\n(.*?)^```$", text, re.S | re.M):
        line = text[: match.start()].count("\n") + 1
        yield line, yaml.safe_load(match.group(1))


def substitute(command, scn, extra):
    """The command as this machine runs it, and what was changed."""
    notes = []
    if re.match(r"^\s*swift build\b", command):
        return None, ["skipped (the build under test): " + command.strip()]
    if re.search(r"\bapt-get install\b", command):
        if not re.search(r"\bapt-get update\b.*&&.*\bapt-get install\b", command, re.S):
            raise SystemExit(f"error: '{command.strip()}' installs without 'apt-get update' first")
        return None, ["not run (checked: updates before installing): " + command.strip()]
    out = command.replace(".build/release/scn", scn)
    if "--depth 7" in out:
        out = out.replace("--depth 7", "--depth 3")
        notes.append("--depth 7 → --depth 3")
    for pattern, addition in extra:
        if re.search(pattern, out):
            out = out.rstrip() + " " + addition
            notes.append("appended " + addition)
    return out, notes


def run_step(command, cwd, env):
    done = subprocess.run(["sh", "-e", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    return done.returncode, done.stdout + done.stderr


def matrix_values(job):
    matrix = (job.get("strategy") or {}).get("matrix") or {}
    if not matrix:
        return [{}]
    (name, values), = matrix.items()
    return [{name: value} for value in values]


def github(workflow, scn, scratch, extra, log):
    """Runs a GitHub Actions workflow's jobs in `needs` order; True when every job passed."""
    jobs = workflow["jobs"]
    artifacts = os.path.join(scratch, "_artifacts")
    order, seen = [], set()

    def visit(name):
        if name in seen:
            return
        needs = jobs[name].get("needs") or []
        for need in [needs] if isinstance(needs, str) else needs:
            visit(need)
        seen.add(name)
        order.append(name)

    for name in jobs:
        visit(name)
    passed = True
    for name in order:
        job = jobs[name]
        for values in matrix_values(job):
            work = os.path.join(scratch, f"{name}-{'-'.join(map(str, values.values())) or 'one'}")
            shutil.copytree(os.path.join(ROOT, "Scenarios"), os.path.join(work, "Scenarios"))
            failed = False
            for step in job.get("steps", []):
                condition = str(step.get("if", "success()"))
                if "failure()" in condition and not failed:
                    continue
                if failed and "always()" not in condition and "failure()" not in condition:
                    continue
                uses = step.get("uses", "")
                with_ = step.get("with") or {}
                if uses.startswith("actions/upload-artifact"):
                    artifact = re.sub(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", lambda m: str(values[m.group(1)]), with_["name"])
                    source = os.path.join(work, with_["path"])
                    if os.path.exists(source):
                        shutil.copytree(source, os.path.join(artifacts, artifact), dirs_exist_ok=True)
                    log(f"  {name} {values}: uploaded {with_['path']} as {artifact}")
                    continue
                if uses.startswith("actions/download-artifact"):
                    target = os.path.join(work, with_.get("path", "."))
                    if os.path.isdir(artifacts):
                        shutil.copytree(artifacts, target, dirs_exist_ok=True)
                    continue
                if uses:
                    continue  # checkout, a reporter: nothing to run here
                command = re.sub(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", lambda m: str(values[m.group(1)]), step["run"])
                command, notes = substitute(command, scn, extra)
                for note in notes:
                    log(f"  {name} {values}: {note}")
                if command is None:
                    continue
                status, output = run_step(command, work, dict(os.environ))
                log(f"  {name} {values}: exit {status}: {command.strip()}")
                if status != 0:
                    log("    " + output.strip().replace("\n", "\n    ")[:2000])
                    failed = True
            passed = passed and not failed
    return passed


def gitlab(config, scn, scratch, log):
    passed = True
    for name, job in config.items():
        total = int(job.get("parallel", 1))
        for index in range(1, total + 1):
            work = os.path.join(scratch, f"{name}-{index}")
            shutil.copytree(os.path.join(ROOT, "Scenarios"), os.path.join(work, "Scenarios"))
            env = dict(os.environ, CI_NODE_INDEX=str(index), CI_NODE_TOTAL=str(total))
            for line in (job.get("before_script") or []) + (job.get("script") or []):
                command, notes = substitute(line, scn, [])
                for note in notes:
                    log(f"  {name} {index}/{total}: {note}")
                if command is None:
                    continue
                status, output = run_step(command, work, env)
                log(f"  {name} {index}/{total}: exit {status}: {command.strip()}")
                if status != 0:
                    log("    " + output.strip().replace("\n", "\n    ")[:2000])
                    passed = False
                    break
            report = (((job.get("artifacts") or {}).get("reports") or {}).get("junit"))
            if report and not os.path.exists(os.path.join(work, report)):
                log(f"  {name} {index}/{total}: no {report} for the artifacts")
                passed = False
    return passed


def main():
    scn = os.path.abspath(sys.argv[1])
    lines = []
    log = lines.append
    ok = True
    ran = 0
    explore = None
    for page in PAGES:
        for line, recipe in blocks(page):
            with tempfile.TemporaryDirectory() as scratch:
                log(f"{page}:{line}")
                if "jobs" in recipe:
                    passed = github(recipe, scn, scratch, [], log)
                    if "explore" in yaml.safe_dump(recipe):
                        explore = (page, line, recipe)
                else:
                    passed = gitlab(recipe, scn, scratch, log)
                ran += 1
                if not passed:
                    log(f"error: {page}:{line}: the recipe failed")
                    ok = False
    if explore is None:
        log("error: no explore recipe found")
        ok = False
    else:
        page, line, recipe = explore
        with tempfile.TemporaryDirectory() as scratch:
            log(f"{page}:{line} with --max-worlds 10 on each shard (must fail)")
            if github(recipe, scn, scratch, [(r"--shard", "--max-worlds 10")], log):
                log(f"error: {page}:{line}: the explore recipe passed although its shards stopped before its depth")
                ok = False
    print("\n".join(lines))
    if ran < 3:
        print(f"error: {ran} recipes found, expected the GitHub and GitLab ones of TESTING.md and EXPLORE.md's")
        ok = False
    print(f"recipes: {ran} run" if ok else "error: a recipe failed")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
