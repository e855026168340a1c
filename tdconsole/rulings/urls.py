from django.urls import path, re_path

from . import views

app_name = "rulings"
urlpatterns = [
    path("rulings/", views.index, name="index"),
    path("rulings/search/", views.search, name="search"),
    path("rulings/glossary/", views.glossary, name="glossary"),
    # Not "adjudicate" nor "disputes": those paths belong to the adjudication app, included after this one.
    re_path(r"^rulings/(?!adjudicate/|disputes/)(?P<slug>[-a-z0-9]+)/$", views.entry_detail, name="entry"),
]
