from django.urls import path

from . import views

app_name = "seating"
urlpatterns = [
    path("events/<slug:slug>/tables/", views.table_map, name="table_map"),
    path("events/<slug:slug>/tables/assign/", views.tables_assign, name="tables_assign"),
    path("events/<slug:slug>/tables/balance/", views.balance_panel, name="balance_panel"),
    path("events/<slug:slug>/tables/balance/apply/", views.balance_apply, name="balance_apply"),
    path("events/<slug:slug>/tables/break/", views.table_break, name="table_break"),
    path("events/<slug:slug>/tables/move/", views.seat_move, name="seat_move"),
    path("events/<slug:slug>/tables/final/", views.final_table, name="final_table"),
    path("events/<slug:slug>/seats/", views.seat_lookup, name="seat_lookup"),
]
