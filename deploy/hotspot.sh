#!/usr/bin/env bash
# Makes the Pi its own Wi-Fi network for game nights (no router needed), with
# NetworkManager, and shows that network on the table screen as a QR code so that
# phones join it by scanning. Safe to run again, e.g. to change the password.
set -euo pipefail

SETTINGS_FILE=/etc/default/table-companion
CONNECTION=game-night
HOTSPOT_ADDRESS=10.42.0.1  # NetworkManager's address for a shared (hotspot) connection

usage() {
    cat <<EOF
Usage: sudo $0 --ssid NAME --password PASSWORD [--ifname wlan0] [--dry-run]

Turns the Wi-Fi interface into an access point named NAME (WPA2, PASSWORD of 8
to 63 characters) that starts at every boot, and puts its name and password in
$SETTINGS_FILE, so the table screen shows a QR code that phones scan to join it.
The Pi is then at http://$HOTSPOT_ADDRESS/ (or :8000, whichever port it serves on).

Do this with a keyboard and screen or over an Ethernet cable: from now on the
Pi's Wi-Fi no longer joins other networks.

Options:
  --ssid NAME          the network's name (1 to 32 bytes)
  --password PASSWORD  8 to 63 plain characters (letters, digits, punctuation)
  --ifname IFACE       the Wi-Fi interface (default: wlan0)
  --dry-run            print what would be done, change nothing (no root needed)
  -h, --help           show this help
EOF
}

die() { printf 'hotspot: %s\n' "$*" >&2; exit 1; }

# One KEY="value" line in the settings file (a systemd EnvironmentFile): quotes and
# backslashes escaped, any older line for KEY replaced.
setting_line() {
    local value=${2//\\/\\\\}
    value=${value//\"/\\\"}
    printf '%s="%s"\n' "$1" "$value"
}

set_setting() {
    local key=$1 value=$2 file=$SETTINGS_FILE kept
    if [[ $DRY_RUN == yes ]]; then
        printf 'would set in %s: ' "$file"
        setting_line "$key" "$value"
        return
    fi
    kept=$(grep -v "^${key}=" "$file" 2>/dev/null || true)
    {
        [[ -z "$kept" ]] || printf '%s\n' "$kept"
        setting_line "$key" "$value"
    } >"$file.new"
    chmod 600 "$file.new"  # it holds the Wi-Fi password now
    mv "$file.new" "$file"
}

run() {
    if [[ $DRY_RUN == yes ]]; then
        printf 'would run:'
        printf ' %q' "$@"
        printf '\n'
    else
        "$@"
    fi
}

check_ssid() {
    local bytes
    bytes=$(printf '%s' "$1" | wc -c)
    ((bytes >= 1 && bytes <= 32)) || die "the network name must be 1 to 32 bytes long, not $bytes"
    [[ "$1" != *$'\n'* ]] || die "the network name must be one line"
}

check_password() {
    local LC_ALL=C  # WPA counts bytes, and allows only printable ASCII
    ((${#1} >= 8 && ${#1} <= 63)) || die "the password must be 8 to 63 characters long, not ${#1}"
    [[ "$1" != *[![:print:]]* ]] \
        || die "the password may use plain letters, digits, spaces and punctuation only"
}

main() {
    local ssid="" password="" ifname=wlan0
    DRY_RUN=no
    while (($#)); do
        case $1 in
            --ssid) (($# >= 2)) || die "--ssid needs a name"; ssid=$2; shift 2 ;;
            --password) (($# >= 2)) || die "--password needs a password"; password=$2; shift 2 ;;
            --ifname) (($# >= 2)) || die "--ifname needs an interface"; ifname=$2; shift 2 ;;
            --dry-run) DRY_RUN=yes; shift ;;
            -h | --help) usage; exit 0 ;;
            *) usage >&2; die "unknown option: $1" ;;
        esac
    done
    [[ -n "$ssid" ]] || { usage >&2; die "--ssid is required"; }
    [[ -n "$password" ]] || { usage >&2; die "--password is required"; }
    check_ssid "$ssid"
    check_password "$password"
    if [[ $DRY_RUN == no ]]; then
        ((EUID == 0)) || die "run me as root: sudo $0"
        command -v nmcli >/dev/null || die "NetworkManager (nmcli) is needed: Raspberry Pi OS Bookworm has it"
    fi

    if [[ $DRY_RUN == yes ]] || nmcli -t -f NAME connection show | grep -qx "$CONNECTION"; then
        run nmcli connection delete "$CONNECTION"
    fi
    run nmcli connection add type wifi ifname "$ifname" con-name "$CONNECTION" autoconnect yes \
        ssid "$ssid" 802-11-wireless.mode ap 802-11-wireless.band bg ipv4.method shared \
        wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$password"
    run nmcli connection up "$CONNECTION"
    set_setting COMPANION_WIFI_SSID "$ssid"
    set_setting COMPANION_WIFI_PASSWORD "$password"
    if [[ $DRY_RUN == no ]] && systemctl is-enabled --quiet companion.service 2>/dev/null; then
        systemctl restart companion.service
    fi
    if [[ $DRY_RUN == yes ]]; then
        printf '\n(dry run: nothing was changed)\n'
        return
    fi
    printf '\n==> The Wi-Fi "%s" is up. Phones join it by scanning the QR code on the table screen;\n' "$ssid"
    printf '    the Pi is at http://%s/ (add :8000 unless it serves on port 80).\n' "$HOTSPOT_ADDRESS"
}

main "$@"
