"""The deploy/ folder: systemd unit, gunicorn configuration, Raspberry Pi set-up
script, and that they agree with each other and with ``companion serve``.
Nothing here installs or starts anything."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from gunicorn.app.wsgiapp import WSGIApplication

from companion import serving

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
UNIT = DEPLOY / "companion.service"
SETUP = DEPLOY / "pi-setup.sh"
SYSTEMD_ANALYZE = "/usr/bin/systemd-analyze"


def unit_entries(text):
    """(section, key, value) for every setting of a unit file, in order."""
    entries, section = [], None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]")
        else:
            key, _, value = line.partition("=")
            entries.append((section, key, value))
    return entries


def unit_value(key):
    [value] = [v for _, k, v in unit_entries(UNIT.read_text()) if k == key]
    return value


def setup_variable(name):
    """A NAME=value assignment at the top of pi-setup.sh."""
    return re.search(rf"^{name}=(\S+)$", SETUP.read_text(), re.M).group(1)


@pytest.fixture
def runnable_unit(tmp_path):
    """A copy of the unit whose ExecStart names this checkout's console script,
    since /opt/table-companion does not exist here."""
    console_script = Path(sys.executable).parent / "companion"
    assert os.access(console_script, os.X_OK)
    text = UNIT.read_text().replace(
        f"ExecStart={setup_variable('APP_DIR')}/.venv/bin/companion",
        f"ExecStart={console_script}",
    )
    assert f"ExecStart={console_script} serve" in text
    copy = tmp_path / "companion.service"
    copy.write_text(text)
    return copy


def run(argv, cwd=None):
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=60)


def analyze(*args, cwd):
    return run([SYSTEMD_ANALYZE, *args], cwd=cwd)


# --- systemd unit -----------------------------------------------------------------

def test_unit_passes_systemd_verify(runnable_unit):
    result = analyze("verify", runnable_unit.name, cwd=runnable_unit.parent)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_verify_here_does_catch_mistakes(runnable_unit):
    """Guards the test above: in this container systemd-analyze really reads the
    unit, and reports a bad value only as output (its exit code stays 0)."""
    text = runnable_unit.read_text().replace("ProtectSystem=strict", "ProtectSystem=stric")
    runnable_unit.write_text(text)
    result = analyze("verify", runnable_unit.name, cwd=runnable_unit.parent)
    assert "ignoring: stric" in result.stderr


def test_unit_is_hardened(runnable_unit):
    # Exposure is scored 0-100 here (the summary shows it divided by ten): keep it "OK".
    result = analyze("security", "--offline=yes", "--threshold=25", runnable_unit.name,
                     cwd=runnable_unit.parent)
    assert result.returncode == 0, result.stdout


def test_unit_matches_the_setup_script():
    app_dir, user = setup_variable("APP_DIR"), setup_variable("SERVICE_USER")
    state_dir = setup_variable("STATE_DIR")
    assert unit_value("ExecStart").startswith(f"{app_dir}/.venv/bin/companion serve")
    assert unit_value("User") == unit_value("Group") == user
    assert f"/var/lib/{unit_value('StateDirectory')}" == state_dir
    assert unit_value("WorkingDirectory") == state_dir
    environment = [v for _, k, v in unit_entries(UNIT.read_text()) if k == "Environment"]
    assert f"COMPANION_DB={state_dir}/companion.sqlite3" in environment
    assert unit_value("EnvironmentFile") == "-" + setup_variable("SETTINGS_FILE")
    assert Path(setup_variable("UNIT_FILE")).name == UNIT.name


def test_unit_waits_for_the_network_and_restarts_on_failure():
    assert unit_value("Wants") == unit_value("After") == "network-online.target"
    assert unit_value("Restart") == "on-failure"
    assert unit_value("Type") == "notify"


def test_stop_timeout_leaves_room_for_a_graceful_stop():
    assert int(unit_value("TimeoutStopSec")) > serving.GRACEFUL_TIMEOUT + 5


# --- gunicorn configuration file ---------------------------------------------------

def test_gunicorn_conf_as_gunicorn_loads_it(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["gunicorn", "-c", str(DEPLOY / "gunicorn.conf.py")])
    monkeypatch.delenv("GUNICORN_CMD_ARGS", raising=False)
    cfg = WSGIApplication().cfg  # reads the file; loads no app, starts nothing
    assert cfg.workers == 1
    assert cfg.worker_class_str == "companion.worker.Worker"
    assert cfg.bind == ["0.0.0.0:8000"]
    assert cfg.wsgi_app == "companion.web:create_app()"
    # the very values `companion serve` runs with
    for name, value in serving.gunicorn_settings(cfg.bind[0]).items():
        assert cfg.settings[name].get() == value, name


# --- Raspberry Pi set-up script -----------------------------------------------------

def test_pi_setup_is_valid_bash():
    result = run(["bash", "-n", str(SETUP)])
    assert result.returncode == 0, result.stderr
    shellcheck = shutil.which("shellcheck")
    if shellcheck:
        result = run([shellcheck, str(SETUP)])
        assert result.returncode == 0, result.stdout


def test_pi_setup_is_strict_and_executable():
    text = SETUP.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "\nset -euo pipefail\n" in text
    assert os.access(SETUP, os.X_OK)


def test_pi_setup_help():
    result = run([str(SETUP), "--help"])
    assert result.returncode == 0
    for option in ("--hostname", "--no-start", "--help"):
        assert option in result.stdout


def test_pi_setup_refuses_unknown_options_before_doing_anything():
    result = run([str(SETUP), "--frobnicate"])
    assert result.returncode != 0
    assert "unknown option: --frobnicate" in result.stderr
