"""Every built-in game; importing this package imports (and so registers) each game package.

A game is a package directly under `motley.games`; its `__init__` registers it as its last
statement. Test modules are skipped.
"""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    if not _module.name.startswith("test_"):
        importlib.import_module(f"{__name__}.{_module.name}")
