"""The Pi as a game-night box: port 80, the Wi-Fi QR code, the clock from the host's
browser, one server per database, the backup timer, the hotspot script and the
pinned install (companion/network.py, serving.py, clock.py, cli.py and deploy/)."""

import errno
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from companion import cli, network, serving
from companion.clock import Clock
from tests.test_cli import COMPANION, free_port, start, stop, wait_until_serving
from tests.test_deploy import DEPLOY, analyze, run, setup_variable, unit_entries

HOTSPOT = DEPLOY / "hotspot.sh"
SETUP = DEPLOY / "pi-setup.sh"


# port 80 ------------------------------------------------------------------------------------

def test_an_address_on_port_80_has_no_port_number():
    assert network.public_url("10.42.0.1", 80) == "http://10.42.0.1/"
    assert network.public_url("10.42.0.1", 8000) == "http://10.42.0.1:8000/"
    assert network.public_url("::1", 80) == "http://[::1]/"


def test_the_port_comes_from_the_settings_file(monkeypatch):
    monkeypatch.setenv("COMPANION_PORT", "80")
    assert cli.build_parser().parse_args(["serve"]).port == 80
    assert cli.build_parser().parse_args(["serve", "--port", "9000"]).port == 9000
    monkeypatch.setenv("COMPANION_PORT", "eighty")
    assert cli.build_parser().parse_args(["serve"]).port == 8000


def test_a_port_without_the_right_to_bind_it_is_explained(monkeypatch):
    def refuse(self, address):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(socket.socket, "bind", refuse)
    with pytest.raises(serving.CannotServe, match="pi-setup.sh --port 80"):
        serving.check_port("0.0.0.0", 80)


def test_a_port_in_use_is_explained():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(serving.CannotServe, match="already in use"):
            serving.check_port("127.0.0.1", taken.getsockname()[1])


def test_serve_stops_with_the_reason_when_it_cannot_listen(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(SystemExit, match="already in use"):
            cli.main(["serve", "--host", "127.0.0.1", "--port", str(taken.getsockname()[1]),
                      "--db", str(tmp_path / "c.sqlite3")])


# one server per database ----------------------------------------------------------------------

def test_a_second_server_on_the_same_database_refuses_to_start(tmp_path):
    db = tmp_path / "night.sqlite3"
    first_port = free_port()
    first = start([str(COMPANION), "serve", "--host", "127.0.0.1", "--port", str(first_port),
                   "--db", str(db), "--threads", "4"], tmp_path)
    try:
        wait_until_serving(first, first_port)
        second = subprocess.run([str(COMPANION), "serve", "--host", "127.0.0.1", "--port", str(free_port()),
                                 "--db", str(db)], capture_output=True, text=True, timeout=60)
        assert second.returncode != 0
        assert "another server is already using" in second.stderr
        assert serving.database_in_use(str(db))
    finally:
        returncode, output = stop(first)
    assert returncode == 0, output
    assert not serving.database_in_use(str(db))


# the Wi-Fi QR code ------------------------------------------------------------------------

@pytest.mark.parametrize("ssid, password, expected", [
    ("TableCompanion", "at-least-8", "WIFI:T:WPA;S:TableCompanion;P:at-least-8;;"),
    ('Game;Night', 'a\\b:c,d"e', 'WIFI:T:WPA;S:Game\\;Night;P:a\\\\b\\:c\\,d\\"e;;'),
    ("Open house", None, "WIFI:T:nopass;S:Open house;;"),
])
def test_wifi_qr_text_escapes_what_phones_would_misread(ssid, password, expected):
    assert network.wifi_qr_text(ssid, password) == expected


# the clock ----------------------------------------------------------------------------------

class System:
    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


def test_a_clock_without_sync_takes_the_browsers_time():
    system = System(1_600_000_000.0)  # the Pi believes it is 2020
    clock = Clock(system, synchronised=lambda: False)
    assert clock.learn(1_735_000_000_000, 60)
    assert clock.now() == pytest.approx(1_735_000_000.0)
    system.now += 100
    assert clock.now() == pytest.approx(1_735_000_100.0)  # and keeps running
    assert clock.local(1_735_000_000).utcoffset().total_seconds() == 3600


def test_small_differences_are_network_delay_not_a_wrong_clock():
    clock = Clock(System(1_735_000_000.0), synchronised=lambda: False)
    assert not clock.learn(1_735_000_030_000)
    assert clock.offset == 0.0


def test_after_a_host_set_the_clock_only_a_host_changes_it():
    clock = Clock(System(1_600_000_000.0), synchronised=lambda: False)
    clock.learn(1_735_000_000_000, from_host=False)
    assert not clock.learn(1_000_000_000_000, from_host=False)
    assert clock.now() == pytest.approx(1_735_000_000.0)
    assert clock.learn(1_736_000_000_000, from_host=True)
    assert clock.now() == pytest.approx(1_736_000_000.0)


def test_a_synchronised_clock_is_never_moved():
    clock = Clock(System(1_735_000_000.0), synchronised=lambda: True)
    assert not clock.learn(1_900_000_000_000, 120, from_host=True)
    assert clock.now() == 1_735_000_000.0
    assert clock.utc_offset == 120  # the time zone is still the host's


# deploy: the backup timer --------------------------------------------------------------------

BACKUP_UNIT = DEPLOY / "companion-backup.service"
BACKUP_TIMER = DEPLOY / "companion-backup.timer"


@pytest.fixture
def runnable_backup_units(tmp_path):
    """Copies of the backup units whose ExecStart names this checkout's console script."""
    script = Path(sys.executable).parent / "companion"
    text = BACKUP_UNIT.read_text().replace(f"{setup_variable('APP_DIR')}/.venv/bin/companion", str(script))
    assert f"ExecStart={script} backup" in text
    (tmp_path / BACKUP_UNIT.name).write_text(text)
    (tmp_path / BACKUP_TIMER.name).write_text(BACKUP_TIMER.read_text())
    return tmp_path


def test_backup_units_pass_systemd_verify(runnable_backup_units):
    result = analyze("verify", BACKUP_UNIT.name, BACKUP_TIMER.name, cwd=runnable_backup_units)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_the_backup_service_is_hardened(runnable_backup_units):
    result = analyze("security", "--offline=yes", "--threshold=25", BACKUP_UNIT.name, cwd=runnable_backup_units)
    assert result.returncode == 0, result.stdout


def value(path, key):
    [found] = [v for _, k, v in unit_entries(path.read_text()) if k == key]
    return found


def test_the_backup_service_backs_up_the_servers_database_into_its_state(runnable_backup_units):
    state_dir = setup_variable("STATE_DIR")
    environment = [v for _, k, v in unit_entries(BACKUP_UNIT.read_text()) if k == "Environment"]
    assert f"COMPANION_DB={state_dir}/companion.sqlite3" in environment
    exec_start = value(BACKUP_UNIT, "ExecStart").split()
    assert exec_start[1:3] == ["backup", f"{state_dir}/backups/"]
    assert exec_start[3:] == ["--keep", "${COMPANION_BACKUP_KEEP}"]
    assert any(e.startswith("COMPANION_BACKUP_KEEP=") for e in environment)
    assert value(BACKUP_UNIT, "User") == setup_variable("SERVICE_USER")
    assert value(BACKUP_UNIT, "EnvironmentFile") == "-" + setup_variable("SETTINGS_FILE")
    assert value(BACKUP_TIMER, "Unit") == BACKUP_UNIT.name
    assert value(BACKUP_TIMER, "Persistent") == "yes"
    cli.build_parser().parse_args(["backup", *exec_start[2:3], "--keep", "30"])  # the command parses


def test_the_port_drop_in_grants_only_the_right_to_bind_low_ports():
    entries = unit_entries((DEPLOY / "companion-port.conf").read_text())
    assert entries == [("Service", "AmbientCapabilities", "CAP_NET_BIND_SERVICE"),
                       ("Service", "CapabilityBoundingSet", "CAP_NET_BIND_SERVICE")]


def test_the_port_drop_in_verifies_with_the_unit(tmp_path):
    script = Path(sys.executable).parent / "companion"
    unit = (DEPLOY / "companion.service").read_text().replace(
        f"{setup_variable('APP_DIR')}/.venv/bin/companion", str(script))
    (tmp_path / "companion.service").write_text(unit)
    (tmp_path / "companion.service.d").mkdir()
    (tmp_path / "companion.service.d" / "port.conf").write_text((DEPLOY / "companion-port.conf").read_text())
    result = analyze("verify", "companion.service", cwd=tmp_path)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


# deploy: pi-setup.sh options -------------------------------------------------------------------

def test_pi_setup_offers_port_and_installs_the_backup_timer():
    help_text = run([str(SETUP), "--help"]).stdout
    assert "--port N" in help_text and "backup" in help_text
    text = SETUP.read_text()
    assert "companion-backup.timer" in text and "companion-port.conf" in text
    assert "requirements-pi.txt" in text and "--no-deps" in text


@pytest.mark.parametrize("port", ["0", "70000", "eighty", "8o", ""])
def test_pi_setup_refuses_a_bad_port_before_doing_anything(port):
    result = run([str(SETUP), "--port", port])
    assert result.returncode != 0
    assert "--port needs a port number" in result.stderr


# deploy: hotspot.sh ---------------------------------------------------------------------------

def hotspot(*args):
    return run([str(HOTSPOT), *args])


def test_hotspot_script_is_strict_valid_bash_with_help():
    text = HOTSPOT.read_text()
    assert text.startswith("#!/usr/bin/env bash\n") and "\nset -euo pipefail\n" in text
    assert run(["bash", "-n", str(HOTSPOT)]).returncode == 0
    result = hotspot("--help")
    assert result.returncode == 0
    for option in ("--ssid", "--password", "--ifname", "--dry-run"):
        assert option in result.stdout


@pytest.mark.parametrize("args, complaint", [
    (["--ssid", "Night"], "--password is required"),
    (["--password", "12345678"], "--ssid is required"),
    (["--ssid", "Night", "--password", "short"], "8 to 63"),
    (["--ssid", "Night", "--password", "x" * 64], "8 to 63"),
    (["--ssid", "Night", "--password", "pässwörd-1"], "plain letters"),
    (["--ssid", "N" * 33, "--password", "12345678"], "1 to 32 bytes"),
    (["--frobnicate"], "unknown option"),
])
def test_hotspot_refuses_bad_input_before_doing_anything(args, complaint):
    result = hotspot(*args, "--dry-run")
    assert result.returncode != 0
    assert complaint in result.stderr


def test_hotspot_dry_run_shows_the_access_point_and_the_settings_for_the_table_screen():
    password = 'pa$s "w\\ord'
    result = hotspot("--ssid", "Game Night", "--password", password, "--dry-run")
    assert result.returncode == 0, result.stderr
    commands = [line[len("would run: "):] for line in result.stdout.splitlines() if line.startswith("would run: ")]
    assert commands[-1] == "nmcli connection up game-night"
    added = commands[1]
    for part in ("connection add type wifi", "ifname wlan0", "802-11-wireless.mode ap",
                 "ipv4.method shared", "wifi-sec.key-mgmt wpa-psk", "autoconnect yes"):
        assert part in added
    settings = dict(re.findall(r'would set in /etc/default/table-companion: (\w+)="(.*)"', result.stdout))
    assert {k: systemd_unquote(v) for k, v in settings.items()} == {
        "COMPANION_WIFI_SSID": "Game Night", "COMPANION_WIFI_PASSWORD": password}
    assert "nothing was changed" in result.stdout


def systemd_unquote(text: str) -> str:
    """A double-quoted value of a systemd EnvironmentFile, as systemd reads it."""
    return re.sub(r'\\(.)', r"\1", text)


# the pinned install -------------------------------------------------------------------------------

def pins() -> dict[str, str]:
    found = {}
    for line in (DEPLOY / "requirements-pi.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            found[name] = version
    return found


def test_every_pin_is_one_release():
    """Which packages are pinned is checked where they are installed (test_packaging.py)."""
    assert pins() and all(re.fullmatch(r"\d+(\.\d+)*", v) for v in pins().values())


def test_the_pins_satisfy_what_the_package_asks_for():
    import tomllib

    project = tomllib.loads((DEPLOY.parent / "pyproject.toml").read_text())["project"]
    for text in project["dependencies"]:
        requirement = Requirement(text)
        pinned = pins()[requirement.name.lower()]
        assert Version(pinned) in requirement.specifier, (requirement, pinned)
