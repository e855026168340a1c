"""Settings for tdconsole, read from the environment (see README, "Environment")."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def load_env_file(path: str) -> None:
    """Take `NAME=value` lines from `path` for every variable the environment does not set.

    `make setup` writes var/tdconsole.env with a generated secret key, so `manage.py` works in
    any shell on this machine; variables set in the environment always win.
    """
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, IsADirectoryError):
        return
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        name, value = (part.strip() for part in line.removeprefix("export ").split("=", 1))
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        os.environ.setdefault(name, value)


# TDCONSOLE_ENV_FILE names another file; set it empty to read none.
ENV_FILE = os.environ.get("TDCONSOLE_ENV_FILE", str(BASE_DIR / "var" / "tdconsole.env"))
if ENV_FILE:
    load_env_file(ENV_FILE)

DEBUG = env_bool("DJANGO_DEBUG", False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off: run `make setup` (it keeps one "
            "in var/tdconsole.env), export DJANGO_SECRET_KEY, or set DJANGO_DEBUG=1 for local development."
        )
    SECRET_KEY = "dev-only-key-tdconsole-not-for-production-use-0123456789abcdef"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    "tdconsole.core",
    "tdconsole.accounts",
    "tdconsole.audit",
    "tdconsole.tournaments",
    "tdconsole.seating",
    "tdconsole.clock",
    "tdconsole.payouts",
    "tdconsole.cashier",
    "tdconsole.printing",
    "tdconsole.rulings",
    "tdconsole.adjudication",
    "tdconsole.demo",
    "tdconsole.desk_pages",
    "tdconsole.cashier_pages",
    "tdconsole.setup_pages",
    "tdconsole.leagues",
    "tdconsole.live",
    "tdconsole.day2",
    "tdconsole.dayend",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files straight from the application (hashed, compressed), so one gunicorn
    # serves everything on a venue LAN; placed right after SecurityMiddleware as WhiteNoise asks.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The players' live JSON, polled by every phone, answered from this process's copy of the last
    # answer for a second (tdconsole/live/microcache.py): before sessions, language and templates.
    "tdconsole.live.microcache.LiveMicroCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tdconsole.core.once.OnceMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a refused login into the lock-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tdconsole.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tdconsole.accounts.context_processors.roles",
            ],
            "builtins": ["template_partials.templatetags.partials", "django.templatetags.l10n"],
        },
    },
]

WSGI_APPLICATION = "tdconsole.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
        # A persistent connection the server dropped (restart, failover, idle timeout) is
        # noticed at the next request's first query and replaced, instead of a 500.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several staff terminals write at once: take the write lock when a transaction
    # starts so concurrent writers queue instead of failing half-way.
    # Persistent connections help gunicorn (the load test sets 60); the development server
    # opens a thread per request, so the default stays 0 there.
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("DATABASE_CONN_MAX_AGE", "0"))
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
    DATABASES["default"]["TEST"] = {"NAME": ":memory:"}
elif os.environ.get("DATABASE_TEST_NAME"):
    # Lets several suites share one PostgreSQL server without clashing test databases.
    DATABASES["default"]["TEST"] = {"NAME": os.environ["DATABASE_TEST_NAME"]}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Failed logins are throttled per account and per address (django-axes), the admin's too:
# after AXES_FAILURE_LIMIT failures either one is refused for the cool-off, with a message on
# the login page and an audit record. `manage.py axes_reset` lifts every lock at once.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("TDCONSOLE_LOGIN_FAILURES", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=float(os.environ.get("TDCONSOLE_LOGIN_COOLOFF_MINUTES", "10")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
# Tries during a lock-out do not make it longer (a mistyping clerk is not locked out for good).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "tdconsole.accounts.views.login_locked_out"
AXES_USERNAME_CALLABLE = "tdconsole.accounts.throttle.throttled_username"
AXES_VERBOSE = False

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Internationalisation: Brazilian Portuguese first, English second.
LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", "Português (Brasil)"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = os.environ.get("TIME_ZONE", "America/Sao_Paulo")
FORMAT_MODULE_PATH = ["tdconsole.formats"]
USE_THOUSAND_SEPARATOR = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("TDCONSOLE_STATIC_ROOT") or BASE_DIR / "var" / "static")
# Production serves the files `collectstatic` gathered under hashed names (cached for ever by
# browsers) with gzip copies; development and tests keep plain names.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# Development and tests (debug from the environment) serve the app directories as they are;
# production serves only what collectstatic gathered, indexed once at start.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("TDCONSOLE_MEDIA_ROOT", BASE_DIR / "var" / "media"))

FIXTURE_DIRS = [BASE_DIR / "fixtures"]

# Celery: in-process and eager by default, a real broker when CELERY_BROKER_URL is set.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or "memory://"
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL.startswith("memory://")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else None
)
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE

# Security. Production (debug off) is locked down by default; a venue LAN without TLS
# can set DJANGO_HTTPS=0 to drop the HTTPS-only settings.
HTTPS = env_bool("DJANGO_HTTPS", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Only the site's own scripts and styles: no inline script or style, no eval (htmx is told
# not to inject its indicator style nor evaluate code: see the htmx-config meta in base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
SESSION_COOKIE_HTTPONLY = True
if HTTPS:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# Django's cache: local memory per process by default; with DJANGO_CACHE_URL (a redis:// URL)
# every app instance shares one Redis, as a festival running several instances needs.
CACHE_URL = os.environ.get("DJANGO_CACHE_URL", "")
if CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "tdconsole",
            # A Redis that stops answering must not hold a request: readers fall back to the database.
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "tdconsole"}}

# The clock screen and feed keep the structure and field figures in Django's cache for this long
# (the clock row itself is always read fresh).
CLOCK_CACHE_SECONDS = float(os.environ.get("CLOCK_CACHE_SECONDS", "1"))
# How long each app server answers the live JSON from its copy of the last answer (0: never).
LIVE_MICROCACHE_SECONDS = float(os.environ.get("LIVE_MICROCACHE_SECONDS", "1"))

# Base of the public links the site shows and prints. Unset: the address each request came in
# on (the site as it is really reached); `event_links` then takes --base-url.
PUBLIC_BASE_URL = os.environ.get("TDCONSOLE_PUBLIC_URL", "").rstrip("/")
