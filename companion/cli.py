"""The ``companion`` command: ``companion serve`` starts the server for a game night;
``companion tables`` lists the tables with their host links; ``export``, ``import``,
``backup`` and ``restore`` move games between files and machines."""

import argparse
import json
import os
import sys
from pathlib import Path

from companion import __version__, network, serving, worker

SERVE_HELP = """\
Start Table Companion for a game night.

Once the server is listening it prints the address to open on the table's
screen, with a QR code. Phones join over the same Wi-Fi, so the address uses
this machine's LAN IP (not localhost, which a phone cannot reach).

Stop it with Ctrl+C (or SIGTERM). Tables and their games are kept in the
SQLite file: starting again with the same --db picks up where you left off.
"""


def positive_int(text: str) -> int:
    """argparse type: an integer of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def positive_seconds(text: str) -> float:
    """argparse type: a number of seconds above zero."""
    value = float(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text}")
    return value


def default_port() -> int:
    """``$COMPANION_PORT`` (the Pi's settings file sets it), else 8000."""
    try:
        return port_number(os.environ.get("COMPANION_PORT") or str(serving.DEFAULT_PORT))
    except (ValueError, argparse.ArgumentTypeError):
        return serving.DEFAULT_PORT


def port_number(text: str) -> int:
    """argparse type: a TCP port (0 lets the system pick a free one)."""
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port number (0-65535)")
    return value


def public_url(text: str) -> str:
    """argparse type: an address phones can open."""
    try:
        return network.normalise_url(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``companion --version`` and ``companion serve [options]``."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion: phones and a table screen beside a real board game.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser(
        "serve",
        help="start the server for a game night",
        description=SERVE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve.add_argument(
        "--host", default=serving.DEFAULT_HOST,
        help="address to listen on (default: %(default)s, every network of this machine)",
    )
    serve.add_argument(
        "--port", type=port_number, default=default_port(),
        help="TCP port to listen on; 80 lets phones open the address without a port "
        "(default: %(default)s; set $COMPANION_PORT to change it)",
    )
    serve.add_argument("--db", metavar="PATH", help=DB_HELP)
    serve.add_argument(
        "--public-url", metavar="URL", type=public_url,
        help="address printed and put in QR codes, e.g. http://tablecompanion.local:8000/ "
        "(default: $COMPANION_PUBLIC_URL, else http://<this machine's LAN IP>:<port>/)",
    )
    serve.add_argument(
        "--connections", type=positive_int, default=serving.DEFAULT_CONNECTIONS,
        help="most connections served at once; every open page keeps one "
        "(default: %(default)s)",
    )
    serve.add_argument(
        "--connections-per-address", metavar="N", type=positive_int,
        help="most connections one client address may hold; more are refused with a 503. "
        "A café's Wi-Fi may show dozens of phones as one address "
        f"(default: {worker.CONNECTIONS_PER_ADDRESS}, or $COMPANION_CONNECTIONS_PER_ADDRESS)",
    )
    serve.add_argument(
        "--body-timeout", metavar="SECONDS", type=positive_seconds,
        help="seconds a client has to send a request's body once its headers are in; a "
        f"slower one gets a 408 and is cut off (default: {worker.BODY_TIMEOUT:g}, or "
        "$COMPANION_BODY_TIMEOUT)",
    )
    # Servers before the gevent worker had a thread per open page; settings files
    # that still say --threads keep working, and the value is not needed any more.
    serve.add_argument("--threads", type=positive_int, help=argparse.SUPPRESS)
    tables = commands.add_parser(
        "tables",
        help="list the tables with their host links (when a host's browser lost them)",
        description="List every table in the database with its host link: opening that "
        "link in a browser gives it the host controls of the table. Keep the links private.",
    )
    tables.add_argument("--db", metavar="PATH", help="SQLite file (default: as for serve)")
    tables.add_argument("--public-url", metavar="URL", type=public_url,
                        help="address the links start with (default: this machine's LAN IP, port 8000)")
    add_exchange_commands(commands)
    return parser


DB_HELP = ("SQLite file for tables and games (default: $COMPANION_DB, else "
           "table-companion/companion.sqlite3 in $XDG_DATA_HOME or ~/.local/share)")


def add_exchange_commands(commands) -> None:
    """export, import, backup, restore."""
    export = commands.add_parser(
        "export", help="write every table to JSON (and its scores to CSV) files in a folder",
        description="Write one JSON file per table (set-up, every move, scores), which "
        "'companion import' loads on another machine, and one CSV file of its scores by "
        "player and kind of scoring.",
    )
    export.add_argument("folder", metavar="FOLDER", help="where to write the files (created if missing)")
    export.add_argument("--table", metavar="ID", action="append", help="only this table (may be repeated)")
    export.add_argument("--db", metavar="PATH", help="SQLite file (default: as for serve)")

    load = commands.add_parser(
        "import", help="load tables from JSON exports, checking every move",
        description="Load tables from files written by 'companion export' (or a table's "
        "export.json). The set-up and the names must be as the set-up wizard writes them, "
        "and every move is replayed through the game's rules first; a file that is damaged, "
        "tampered with or breaks a rule is refused and changes nothing. Safe while the "
        "server runs.",
    )
    load.add_argument("files", metavar="FILE", nargs="+", help="a JSON export")
    load.add_argument("--db", metavar="PATH", help="SQLite file (default: as for serve)")

    backup = commands.add_parser(
        "backup", help="copy the database safely, even while the server runs",
        description="Copy the database with SQLite's online backup: a consistent copy even "
        "in the middle of a game. DEST is a file, or a folder (an existing one, or one "
        "ending in '/') in which each backup is named by date and time.",
    )
    backup.add_argument("dest", metavar="DEST", help="backup file, or folder of backups")
    backup.add_argument("--keep", type=positive_int, metavar="N",
                        help="in a folder, keep only the newest N backups")
    backup.add_argument("--db", metavar="PATH", help="SQLite file (default: as for serve)")

    restore = commands.add_parser(
        "restore", help="put a backup back in place of the database (server stopped)",
        description="Replace the database with a backup. Stop the server first (on the Pi: "
        "sudo systemctl stop companion). The database being replaced is kept beside it as "
        "<file>.before-restore-<date>.",
    )
    restore.add_argument("backup_file", metavar="BACKUP", help="a file written by 'companion backup'")
    restore.add_argument("--db", metavar="PATH", help="SQLite file (default: as for serve)")


def database_path(args: argparse.Namespace) -> str:
    """The SQLite file a command works on: --db, else as ``companion serve`` would."""
    from companion.store import default_database

    return os.path.abspath(os.path.expanduser(args.db or os.environ.get("COMPANION_DB") or default_database()))


def open_store(path: str, out):
    """The store at ``path``, or None (with a message) if there is none."""
    from companion.store import NewerDatabase, Store

    if not os.path.exists(path):
        print(f"No database at {path}: no tables yet.", file=out)
        return None
    try:
        return Store(path)
    except NewerDatabase as error:
        raise SystemExit(f"companion: {error}") from None


def list_tables(args: argparse.Namespace, out=None) -> None:
    """Each table: title, game, state and its host link."""
    out = out or sys.stdout
    store = open_store(database_path(args), out)
    if store is None:
        return
    base = args.public_url or running_url(database_path(args)) or network.public_url(
        serving.DEFAULT_HOST, default_port(), os.environ.get("COMPANION_PUBLIC_URL"))
    rows = store.tables()
    for row in rows:
        print(f"{row.title} ({row.game}, {row.status})\n    {base}t/{row.id}/host/{row.host_secret}", file=out)
    if not rows:
        print("No tables yet.", file=out)


def url_file(database: str) -> str:
    """Where a running server notes the address its pages are reached at."""
    return f"{os.path.abspath(database)}.url"


def running_url(database: str) -> str | None:
    """The address of the server running on ``database`` now, if there is one."""
    if not serving.database_in_use(database):
        return None
    try:
        with open(url_file(database)) as noted:
            return noted.read().strip() or None
    except OSError:
        return None


def note_url(database: str, url: str) -> None:
    """For ``companion tables``: links that work for this server, whatever its address."""
    try:
        with open(url_file(database), "w") as note:
            note.write(url + "\n")
    except OSError:
        pass  # links then fall back to the default address


def configure_environment(args: argparse.Namespace, environ=os.environ) -> None:
    """Pass --db and --public-url to the app, and the limits to the worker, which read
    them from the environment."""
    if args.connections_per_address:
        environ["COMPANION_CONNECTIONS_PER_ADDRESS"] = str(args.connections_per_address)
    if args.body_timeout:
        environ["COMPANION_BODY_TIMEOUT"] = str(args.body_timeout)
    if args.db:
        environ["COMPANION_DB"] = os.path.abspath(os.path.expanduser(args.db))
    if args.public_url:
        environ["COMPANION_PUBLIC_URL"] = args.public_url


def serve(args: argparse.Namespace) -> None:
    """Run gunicorn in this process until it is stopped (Ctrl+C or SIGTERM)."""
    configure_environment(args)
    try:
        serving.check_port(args.host, args.port)
    except serving.CannotServe as error:
        raise SystemExit(f"companion: {error}") from None
    from companion.store import too_new

    problem = too_new(serving.database())
    if problem:
        raise SystemExit(f"companion: {problem}")
    if not serving.claim_database(serving.database()):
        raise SystemExit(f"companion: another server is already using {serving.database()}. "
                         "Stop it first, or give this one its own --db.")
    note_url(serving.database(), network.public_url(args.host, args.port, os.environ.get("COMPANION_PUBLIC_URL")))
    settings = serving.gunicorn_settings(serving.bind_address(args.host, args.port), args.connections)
    serving.Server(settings).run()


def export_tables(args: argparse.Namespace, out=None) -> None:
    from companion.archive import exchange
    from companion.private_files import private_folder

    out = out or sys.stdout
    store = open_store(database_path(args), out)
    if store is None:
        return
    rows = store.tables()
    if args.table:
        unknown = set(args.table) - {r.id for r in rows}
        if unknown:
            raise SystemExit(f"companion: no table {', '.join(sorted(unknown))} in {store.path}")
        rows = [r for r in rows if r.id in args.table]
    folder = Path(args.folder)
    private_folder(folder)
    for row in rows:
        data = exchange.export_table(store, row)
        _write(folder / exchange.file_name(row, "json"), json_text(data))
        _write(folder / exchange.file_name(row, "csv"), exchange.export_csv(store, row))
        print(f"{row.title} ({row.game}, {len(data['events'])} moves) -> "
              f"{folder / exchange.file_name(row, 'json')}", file=out)
    if not rows:
        print("No tables to export.", file=out)


def json_text(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _write(path: Path, text: str) -> None:
    """Owner-only, as the database: an export holds every sealed bid and private hand."""
    from companion.private_files import write_private

    write_private(path, text)


def import_tables(args: argparse.Namespace, out=None) -> int:
    """Each file on its own: a refused file changes nothing and the others still load."""
    from companion.archive import exchange
    from companion.private_files import prepare_database
    from companion.store import NewerDatabase, Store

    out = out or sys.stdout
    path = database_path(args)
    prepare_database(path)  # a database made here is owner-only, as the server makes it
    try:
        store = Store(path)
    except NewerDatabase as error:
        raise SystemExit(f"companion: {error}") from None
    refused = 0
    for name in args.files:
        try:
            with open(name, "rb") as f:
                data = f.read(exchange.MAX_BYTES + 1)
            done = exchange.import_table(store, data)
        except OSError as error:
            refused += 1
            print(f"{name}: refused: cannot read it ({error.strerror}).", file=out)
        except exchange.ImportRefused as error:
            refused += 1
            print(f"{name}: refused: {error}", file=out)
        else:
            state = "game over" if done.over else done.row.status
            print(f"{name}: imported {done.row.title} ({done.row.game}, {done.moves} moves, {state}) "
                  f"as table {done.row.id}", file=out)
    return 1 if refused else 0


def make_backup(args: argparse.Namespace, out=None) -> None:
    from companion.archive import backup

    out = out or sys.stdout
    try:
        result = backup.backup(database_path(args), args.dest, keep=args.keep)
    except backup.BackupError as error:
        raise SystemExit(f"companion: {error}") from None
    if result.written:
        print(f"Backup written: {result.path}", file=out)
    else:
        print(f"Nothing changed since the last backup, {result.path}", file=out)
    for path in result.removed:
        print(f"Removed old backup {path}", file=out)


def restore_backup(args: argparse.Namespace, out=None) -> None:
    from companion.archive import backup

    out = out or sys.stdout
    path = database_path(args)
    if serving.database_in_use(path):
        raise SystemExit(f"companion: the server is running on {path}. Stop it first "
                         "(on the Pi: sudo systemctl stop companion), then restore, then start it.")
    try:
        kept = backup.restore(args.backup_file, path)
    except backup.BackupError as error:
        raise SystemExit(f"companion: {error}") from None
    print(f"Restored {args.backup_file} to {path}.", file=out)
    if kept:
        print(f"The database it replaced is kept as {kept}", file=out)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        serve(args)
    elif args.command == "tables":
        list_tables(args)
    elif args.command == "export":
        export_tables(args)
    elif args.command == "import":
        return import_tables(args)
    elif args.command == "backup":
        make_backup(args)
    elif args.command == "restore":
        restore_backup(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
