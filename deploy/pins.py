"""Prints the pinned requirements of the Pi install: every package that a plain virtual
environment gets when it installs the app alone (no test extras), at the versions this
environment has, so the pins are versions the whole test suite passed with.

It resolves in a run-only environment of its own, never from this one's installed
packages: this one holds the test tools and what they bring, which the app may need
without saying so (gunicorn's gevent worker needs ``packaging``, which only pytest
brought here). Run it after the whole test suite passed:

    .venv/bin/python deploy/pins.py > deploy/requirements-pi.txt

``--venv DIR`` keeps that environment (the packaging test starts the server from it);
``--app PATH`` installs a built wheel instead of the project folder.
"""

import argparse
import re
import subprocess
import sys
import tempfile
import venv
from importlib.metadata import distributions
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
HEADER = """\
# Known-good versions for the Raspberry Pi install (Python 3.11, Raspberry Pi OS
# Bookworm): what the app alone needs, resolved in an environment without the test
# tools, at the versions the whole test suite passed with. deploy/pi-setup.sh installs
# exactly these, then the app itself without resolving anything again.
# Refresh after a full test run:  .venv/bin/python deploy/pins.py > deploy/requirements-pi.txt"""


def normalise(name: str) -> str:
    """A package name as PEP 503 compares names."""
    return re.sub(r"[-_.]+", "-", name).lower()


def installed_here() -> dict[str, str]:
    """This environment's packages (the ones the tests ran with), the app excepted."""
    found = {normalise(d.metadata["Name"]): d.version for d in distributions() if d.metadata["Name"]}
    found.pop("companion", None)
    return found


def run_only_pins(app: Path, where: Path) -> dict[str, str]:
    """Install ``app`` into a new plain environment at ``where``, preferring this
    environment's versions; name -> version of everything it brought in."""
    venv.EnvBuilder(with_pip=True).create(where)  # from the base interpreter, no site packages
    python = where / "bin" / "python"
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as constraints:
        constraints.write("".join(f"{n}=={v}\n" for n, v in sorted(installed_here().items())))
        constraints.flush()
        pip(python, "install", "-q", "-c", constraints.name, str(app))
    frozen = pip(python, "freeze", "--exclude", "companion").stdout
    pins = {}
    for line in frozen.splitlines():
        name, separator, version = line.partition("==")
        if not separator:
            raise SystemExit(f"pins: not a pinned release: {line!r}")
        pins[normalise(name)] = version
    return pins


def pip(python: Path, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([str(python), "-m", "pip", "--disable-pip-version-check", *args],
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"pins: pip {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done


def text(pins: dict[str, str]) -> str:
    return HEADER + "\n" + "".join(f"{name}=={version}\n" for name, version in sorted(pins.items()))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", type=Path, default=PROJECT, help="project folder or wheel (default: this project)")
    parser.add_argument("--venv", type=Path, help="keep the run-only environment here (default: a temporary one)")
    args = parser.parse_args(argv)
    if args.venv:
        pins = run_only_pins(args.app, args.venv)
    else:
        with tempfile.TemporaryDirectory() as where:
            pins = run_only_pins(args.app, Path(where) / "env")
    sys.stdout.write(text(pins))


if __name__ == "__main__":
    main()
