"""Production serving: gunicorn with debug off serves the static files itself (WhiteNoise).

The site runs in child processes exactly as `make serve` runs it, against a throwaway SQLite
database and a throwaway STATIC_ROOT filled by `collectstatic`.
"""

import re

import pytest

from .servers import get, manage, production_env, start_gunicorn

CREATE_EVENT = (
    "from tests.factories import make_event; e = make_event('prod'); print(e.slug, e.public_token)"
)
HASHED = r"\.[0-9a-f]{12}\."


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    work = tmp_path_factory.mktemp("production")
    env = production_env(
        DATABASE_URL=f"sqlite:///{work / 'db.sqlite3'}",
        TDCONSOLE_STATIC_ROOT=str(work / "static"),
    )
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    slug, token = manage(env, "shell", "--no-imports", "-c", CREATE_EVENT).split()
    server = start_gunicorn(env, work / "gunicorn.log")
    try:
        yield {"url": server.url, "screen": f"{server.url}/events/{slug}/screen/?k={token}", "static": work / "static"}
    finally:
        server.stop()


def static_urls(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def find(urls: list[str], stem: str, ext: str) -> str:
    """The page's URL of `stem.ext`, which must carry the content hash."""
    matches = [u for u in urls if re.fullmatch(rf"/static/{re.escape(stem)}{HASHED}{ext}", u)]
    assert matches, f"no hashed {stem}.{ext} among {urls}"
    return matches[0]


def test_the_clock_screen_references_its_static_files_by_hashed_names(site):
    page = get(site["screen"])
    assert page.status == 200
    urls = static_urls(page.text)
    find(urls, "js/clock", "js")
    find(urls, "css/app", "css")
    find(urls, "django_htmx/htmx-2.min", "js")


@pytest.mark.parametrize(
    ("stem", "ext", "content_type"),
    [
        ("js/clock", "js", "text/javascript"),
        ("django_htmx/htmx-2.min", "js", "text/javascript"),
        ("css/app", "css", "text/css"),
    ],
)
def test_gunicorn_serves_the_static_files_with_debug_off(site, stem, ext, content_type):
    url = find(static_urls(get(site["screen"]).text), stem, ext)
    answer = get(site["url"] + url)
    assert answer.status == 200, url
    assert answer.headers["content-type"].split(";")[0] == content_type
    # Hashed names never change content: browsers keep them for good.
    assert "immutable" in answer.headers["cache-control"]
    assert answer.body == (site["static"] / url.removeprefix("/static/")).read_bytes()


def test_static_files_are_sent_compressed_when_the_browser_accepts_it(site):
    url = find(static_urls(get(site["screen"]).text), "django_htmx/htmx-2.min", "js")
    plain = get(site["url"] + url)
    packed = get(site["url"] + url, headers={"Accept-Encoding": "gzip"})
    assert packed.status == 200
    assert packed.headers.get("content-encoding") == "gzip"
    assert len(packed.body) < len(plain.body) / 2


def test_an_unknown_static_file_is_a_404_not_a_crash(site):
    assert get(site["url"] + "/static/js/nope.js").status == 404
