from django.urls import path

from . import ticket_views, views

app_name = "payouts"
urlpatterns = [
    path("events/<slug:slug>/payouts/", views.public_payouts, name="public"),
    path("events/<slug:slug>/payouts/table/", views.table_view, name="table"),
    path("events/<slug:slug>/payouts/table/generate/", views.table_generate, name="generate"),
    path("events/<slug:slug>/payouts/table/edit/", views.table_edit, name="edit"),
    path("events/<slug:slug>/payouts/table/lock/", views.table_lock, name="lock"),
    path("events/<slug:slug>/payouts/settings/", views.settings_update, name="settings"),
    path("events/<slug:slug>/payouts/deal/", views.deal_view, name="deal"),
    # A satellite: its target event, the tickets its seats become; the tickets page of any event.
    path("events/<slug:slug>/payouts/satellite/", views.satellite_update, name="satellite"),
    path("events/<slug:slug>/payouts/tickets/issue/", views.tickets_issue, name="tickets_issue"),
    path("events/<slug:slug>/payouts/tickets/", ticket_views.tickets_view, name="tickets"),
    path("events/<slug:slug>/payouts/tickets/cancel/", ticket_views.ticket_cancel_view, name="ticket_cancel"),
    path("events/<slug:slug>/payouts/tickets/move/", ticket_views.ticket_move_view, name="ticket_move"),
]
