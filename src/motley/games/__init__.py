"""Every built-in game; importing this package imports (and so registers) each game module.

A game is a module (or a package) directly under `motley.games`; it registers itself as its
last statement. Test modules are skipped.
"""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    if not _module.name.startswith("test_"):
        importlib.import_module(f"{__name__}.{_module.name}")
