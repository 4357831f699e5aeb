"""The real-browser fixtures (a live server, the system Chromium) for Chess Golf's browser test."""

from motley.web.browsing import base, browser  # noqa: F401
