from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("", include("tdconsole.core.urls")),
    path("", include("tdconsole.audit.urls")),
    path("", include("tdconsole.tournaments.urls")),
    path("", include("tdconsole.seating.urls")),
    path("", include("tdconsole.clock.urls")),
    path("", include("tdconsole.payouts.urls")),
    path("", include("tdconsole.printing.urls")),
    path("", include("tdconsole.rulings.urls")),
    path("", include("tdconsole.adjudication.urls")),
]

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
