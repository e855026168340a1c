from django.urls import path

from . import views

app_name = "payouts"
urlpatterns = [
    path("events/<slug:slug>/payouts/", views.public_payouts, name="public"),
    path("events/<slug:slug>/payouts/table/", views.table_view, name="table"),
    path("events/<slug:slug>/payouts/table/generate/", views.table_generate, name="generate"),
    path("events/<slug:slug>/payouts/table/edit/", views.table_edit, name="edit"),
    path("events/<slug:slug>/payouts/table/lock/", views.table_lock, name="lock"),
    path("events/<slug:slug>/payouts/settings/", views.settings_update, name="settings"),
    path("events/<slug:slug>/payouts/deal/", views.deal_view, name="deal"),
]
