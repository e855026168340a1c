from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tdconsole.desk_pages import urls as desk_urls
from tdconsole.tournaments import urls as tournaments_urls
from tdconsole.tournaments.audit_trail import event_audit
from tdconsole.tournaments.home import home

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("", home, name="home"),
    # An event's audit trail is a page about the event (its view lives in tournaments, since audit
    # sits below tournaments); it keeps the "audit:event_audit" name that templates and tests use.
    path("", include(([path("events/<slug:slug>/audit/", event_audit, name="event_audit")], "audit"))),
    # One namespace for the event's pages: the tournaments app's own, then the desk app's (which kept
    # their names when they moved up from tournaments).
    path("", include((tournaments_urls.urlpatterns + desk_urls.urlpatterns, tournaments_urls.app_name))),
    path("", include("tdconsole.seating.urls")),
    path("", include("tdconsole.clock.urls")),
    path("", include("tdconsole.payouts.urls")),
    path("", include("tdconsole.printing.urls")),
    path("", include("tdconsole.cashier_pages.urls")),
    path("", include("tdconsole.setup_pages.urls")),
    path("", include("tdconsole.rulings.urls")),
    path("", include("tdconsole.adjudication.urls")),
    path("", include("tdconsole.live.urls")),
    path("", include("tdconsole.day2.urls")),
    path("", include("tdconsole.leagues.urls")),
    path("", include("tdconsole.dayend.urls")),
]

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
