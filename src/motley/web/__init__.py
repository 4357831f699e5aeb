"""The web app: every registered game in the browser, hot-seat, against the computer or online."""
