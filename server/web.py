"""The web table and record viewer (``server/site/``): static files the HTTP port serves at ``/``.

The page is plain HTML, CSS and JavaScript modules, shipped in the wheel and the image, with no build step:
it calls the service through the HTTP port's own Connect JSON API, like any other client (docs/web.md). The
files are read once, when the server starts, and served from memory: only the names listed here exist, so no
request path can reach another file.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources

#: The site's files by the path they are served at; ``/`` is the page itself.
FILES: dict[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
    "/viewer.js": ("viewer.js", "text/javascript; charset=utf-8"),
    "/common.js": ("common.js", "text/javascript; charset=utf-8"),
    "/words.js": ("words.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/favicon.svg": ("favicon.svg", "image/svg+xml"),
}

#: What the page may do: its own scripts and styles only, pictures inline or as data URLs, calls to this
#: server (and records fetched from any web address the user names), never framed by another site.
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    "connect-src 'self' http: https:; object-src 'none'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)


@dataclass(frozen=True)
class Page:
    """One file of the site, ready to send."""

    body: bytes
    media_type: str
    etag: str

    def headers(self, with_length: bool = True) -> list[tuple[str, str]]:
        """The response headers: type, length, caching by validation, and the page's security policy."""
        out = [
            ("Content-Type", self.media_type),
            ("Cache-Control", "no-cache"),
            ("ETag", self.etag),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Content-Security-Policy", POLICY),
        ]
        if with_length:
            out.append(("Content-Length", str(len(self.body))))
        return out


def load() -> dict[str, Page]:
    """Every file of the site by the path it is served at, read from the installed package."""
    folder = resources.files("server") / "site"
    pages: dict[str, Page] = {}
    for path, (name, media_type) in FILES.items():
        body = (folder / name).read_bytes()
        pages[path] = Page(body, media_type, f'"{hashlib.sha256(body).hexdigest()[:16]}"')
    return pages
