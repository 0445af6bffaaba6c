"""The ``companion`` command: ``companion serve`` starts the server for a game night;
``companion tables`` lists the tables with their host links."""

import argparse
import os
import sys

from companion import __version__, network, serving

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
        "--port", type=port_number, default=serving.DEFAULT_PORT,
        help="TCP port to listen on (default: %(default)s)",
    )
    serve.add_argument(
        "--db", metavar="PATH",
        help="SQLite file for tables and games (default: $COMPANION_DB, else "
        "table-companion/companion.sqlite3 in $XDG_DATA_HOME or ~/.local/share)",
    )
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
    return parser


def list_tables(args: argparse.Namespace, out=None) -> None:
    """Each table: title, game, state and its host link."""
    out = out or sys.stdout
    from companion.store import Store
    from companion.web import default_database

    path = os.path.abspath(os.path.expanduser(args.db or os.environ.get("COMPANION_DB") or default_database()))
    if not os.path.exists(path):
        print(f"No database at {path}: no tables yet.", file=out)
        return
    base = args.public_url or network.public_url(serving.DEFAULT_HOST, serving.DEFAULT_PORT,
                                                  os.environ.get("COMPANION_PUBLIC_URL"))
    rows = Store(path).tables()
    for row in rows:
        print(f"{row.title} ({row.game}, {row.status})\n    {base}t/{row.id}/host/{row.host_secret}", file=out)
    if not rows:
        print("No tables yet.", file=out)


def configure_environment(args: argparse.Namespace, environ=os.environ) -> None:
    """Pass --db and --public-url to the app, which reads them from the environment."""
    if args.db:
        environ["COMPANION_DB"] = os.path.abspath(os.path.expanduser(args.db))
    if args.public_url:
        environ["COMPANION_PUBLIC_URL"] = args.public_url


def serve(args: argparse.Namespace) -> None:
    """Run gunicorn in this process until it is stopped (Ctrl+C or SIGTERM)."""
    configure_environment(args)
    settings = serving.gunicorn_settings(serving.bind_address(args.host, args.port), args.connections)
    serving.Server(settings).run()


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        serve(args)
    elif args.command == "tables":
        list_tables(args)


if __name__ == "__main__":
    sys.exit(main())
