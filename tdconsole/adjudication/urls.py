from django.urls import path

from . import apply_views, decision_views, history_views, views

app_name = "adjudication"
urlpatterns = [
    path("rulings/adjudicate/", views.adjudicate, name="adjudicate"),
    path("rulings/disputes/", history_views.dispute_list, name="dispute_list"),
    path("rulings/disputes/<int:pk>/", history_views.dispute_detail, name="dispute"),
    path("rulings/disputes/<int:pk>/hand.phh", history_views.dispute_phh, name="dispute_phh"),
    path("rulings/disputes/<int:pk>/apply/", apply_views.apply_ruling, name="apply"),
    path("rulings/disputes/<int:pk>/undo-apply/", apply_views.undo_apply, name="undo_apply"),
    # The event's floor-decision log (the rules reference is rulings/: it never needs the adjudicator).
    path("events/<slug:slug>/rulings/", decision_views.decision_log, name="decision_log"),
    path("events/<slug:slug>/rulings/new/", decision_views.decision_add, name="decision_add"),
]
