#!/usr/bin/env bash
# Turns a fresh Raspberry Pi OS (or any Debian-based system with systemd) into a
# Table Companion box that starts the server at boot. Safe to run again: that is
# also how to update (see deploy/README.md).
set -euo pipefail

APP_DIR=/opt/table-companion
SERVICE_USER=companion
STATE_DIR=/var/lib/table-companion
SETTINGS_FILE=/etc/default/table-companion
UNIT_FILE=/etc/systemd/system/companion.service
PORT_DROPIN=/etc/systemd/system/companion.service.d/port.conf
BACKUP_UNITS=(companion-backup.service companion-backup.timer)
SOURCE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGES=(python3 python3-venv rsync sqlite3)

usage() {
    cat <<EOF
Usage: sudo $0 [--hostname NAME] [--port N] [--no-start]

Installs Table Companion from this checkout ($SOURCE_DIR) as a service:
  - system packages: ${PACKAGES[*]}
  - a system user '$SERVICE_USER' whose only writable place is $STATE_DIR
  - the code in $APP_DIR with its own virtualenv ($APP_DIR/.venv), with the
    known-good versions pinned in deploy/requirements-pi.txt
  - the systemd unit 'companion', enabled at boot and (re)started now
  - an hourly backup of the games (companion-backup.timer) into $STATE_DIR/backups
Run it again after updating the checkout to install the new version; the
games in $STATE_DIR and the settings in $SETTINGS_FILE are kept.

Options:
  --hostname NAME  also rename this machine to NAME and announce it on the
                   network with Avahi (mDNS), so laptops and most phones can
                   open http://NAME.local:8000/ (installs avahi-daemon)
  --port N         serve on port N from now on; 80 lets phones open the address
                   without a port (http://NAME.local/); kept across updates
  --no-start       install and enable, but do not (re)start the service now
  -h, --help       show this help
EOF
}

say() { printf '\n==> %s\n' "$*"; }
die() { printf 'pi-setup: %s\n' "$*" >&2; exit 1; }

install_packages() {
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" \
            || missing+=("$package")
    done
    if ((${#missing[@]})); then
        say "Installing ${missing[*]}"
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
    fi
}

create_user() {
    if ! id -u "$SERVICE_USER" >/dev/null 2>&1; then
        say "Creating system user $SERVICE_USER"
        useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin "$SERVICE_USER"
    fi
}

install_code() {
    say "Installing the code in $APP_DIR"
    mkdir -p "$APP_DIR"
    if [[ "$SOURCE_DIR" != "$APP_DIR" ]]; then
        # Owned by root and read-only to the service. Excluded paths are also kept
        # from --delete, so the venv survives updates.
        rsync -a --delete --no-owner --no-group --chmod=u+rwX,go+rX,go-w \
            --exclude .git/ --exclude .venv/ --exclude '*.egg-info/' \
            --exclude __pycache__/ --exclude .pytest_cache/ "$SOURCE_DIR/" "$APP_DIR/"
    fi
    [[ -x "$APP_DIR/.venv/bin/python" ]] || python3 -m venv "$APP_DIR/.venv"
    # Exactly the versions the tests passed with, then the app without resolving
    # anything again. Editable: the app reads its templates and static files from the tree.
    "$APP_DIR/.venv/bin/pip" install -q --disable-pip-version-check -r "$APP_DIR/deploy/requirements-pi.txt"
    "$APP_DIR/.venv/bin/pip" install -q --disable-pip-version-check --no-deps -e "$APP_DIR"
    # The service cannot write next to the code, so compile it now for quick starts.
    "$APP_DIR/.venv/bin/python" -m compileall -q "$APP_DIR/companion"
}

install_service() {
    say "Installing the companion service"
    if [[ ! -e "$SETTINGS_FILE" ]]; then
        (umask 077 && cat >"$SETTINGS_FILE" <<'EOF'
# Settings for the Table Companion service (sudo systemctl restart companion after a change).
# Port to serve on (sudo deploy/pi-setup.sh --port 80 sets it and the right to use it):
#COMPANION_PORT=8000
# Extra options for `companion serve`, e.g.:
#COMPANION_ARGS=--port 8080 --connections 2000
# Address printed and put in QR codes, when the LAN IP is not what you want:
#COMPANION_PUBLIC_URL=http://tablecompanion.local/
# The Pi's own Wi-Fi, shown as a QR code on the table screen (deploy/hotspot.sh sets them):
#COMPANION_WIFI_SSID=TableCompanion
#COMPANION_WIFI_PASSWORD=...
# How many hourly backups to keep in /var/lib/table-companion/backups:
#COMPANION_BACKUP_KEEP=30
EOF
        )
    fi
    install -m 0644 "$APP_DIR/deploy/companion.service" "$UNIT_FILE"
    local unit
    for unit in "${BACKUP_UNITS[@]}"; do
        install -m 0644 "$APP_DIR/deploy/$unit" "/etc/systemd/system/$unit"
    done
    systemctl daemon-reload
    systemctl enable companion.service
    systemctl enable --now companion-backup.timer
}

# The port, in the settings file; below 1024 the service also needs the right to bind it.
set_port() {
    local port=$1 kept
    kept=$(grep -v '^COMPANION_PORT=' "$SETTINGS_FILE" || true)
    printf '%s\nCOMPANION_PORT=%s\n' "$kept" "$port" >"$SETTINGS_FILE.new"
    chmod 600 "$SETTINGS_FILE.new"
    mv "$SETTINGS_FILE.new" "$SETTINGS_FILE"
    if ((port < 1024)); then
        say "Letting the service listen on port $port"
        install -D -m 0644 "$APP_DIR/deploy/companion-port.conf" "$PORT_DROPIN"
    else
        rm -f "$PORT_DROPIN"
    fi
    systemctl daemon-reload
}

set_hostname() {
    local name=$1
    install_packages avahi-daemon
    if [[ "$(hostname)" != "$name" ]]; then
        say "Renaming this machine to $name ($name.local)"
        hostnamectl set-hostname "$name"
        # Keep sudo and friends able to resolve the new name without the network.
        if grep -q '^127\.0\.1\.1[[:space:]]' /etc/hosts; then
            sed -i "s/^127\.0\.1\.1[[:space:]].*/127.0.1.1\t$name/" /etc/hosts
        else
            printf '127.0.1.1\t%s\n' "$name" >>/etc/hosts
        fi
    fi
    systemctl enable avahi-daemon.service
    systemctl restart avahi-daemon.service
}

valid_port() {
    [[ "$1" =~ ^[0-9]{1,5}$ ]] && ((10#$1 >= 1 && 10#$1 <= 65535))
}

main() {
    local hostname_="" start=yes port="" port_given=no
    while (($#)); do
        case $1 in
            --hostname)
                (($# >= 2)) || die "--hostname needs a name"
                hostname_=$2
                shift 2
                ;;
            --port)
                (($# >= 2)) || die "--port needs a number"
                port=$2
                port_given=yes
                shift 2
                ;;
            --no-start) start=no; shift ;;
            -h | --help) usage; exit 0 ;;
            *) usage >&2; die "unknown option: $1" ;;
        esac
    done
    if [[ -n "$hostname_" && ! "$hostname_" =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]]; then
        die "'$hostname_' is not a usable host name (lower-case letters, digits and '-')"
    fi
    if [[ $port_given == yes ]] && ! valid_port "$port"; then
        die "--port needs a port number from 1 to 65535, not '$port'"
    fi
    ((EUID == 0)) || die "run me as root: sudo $0"
    [[ -f "$SOURCE_DIR/pyproject.toml" ]] || die "$SOURCE_DIR does not look like a Table Companion checkout"

    install_packages "${PACKAGES[@]}"
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "Python 3.11 or newer is needed (Raspberry Pi OS Bookworm or later)"
    create_user
    install_code
    install_service
    [[ $port_given == no ]] || set_port "$((10#$port))"
    [[ -z "$hostname_" ]] || set_hostname "$hostname_"

    if [[ $start == yes ]]; then
        say "Starting Table Companion"
        systemctl restart companion.service
        sleep 2
        journalctl -u companion.service -n 40 --no-pager -o cat || true
    fi
    say "Done. See the address again with: journalctl -u companion -n 40 -o cat"
}

main "$@"
