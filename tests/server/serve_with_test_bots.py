"""``hoyle serve`` with the test bots of ``slow_bots.py`` registered (run as a script:
its directory is then on the import path)."""

import sys

import hoyle.plugins

hoyle.plugins.DEFAULT_PLUGINS = ("slow_bots",)

from hoyle.cli import main  # noqa: E402

main(sys.argv[1:])
