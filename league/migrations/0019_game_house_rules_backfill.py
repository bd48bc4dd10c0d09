"""Every game kept before games kept their house rules (scoring.Game.house_rules) takes the
club's settings of the day of the upgrade: what its books were checked and repaired by until
then. The rules engine's `HouseRules.as_dict` shape is written out here, frozen as of this
migration, so a later change of the engine cannot change what this migration did."""

from django.db import migrations

RULESETS = ("balut", "jackpot", "bar", "barbut4")
# The engine's default; not one of the club's settings.
REGISTER_MIN_PLAYERS = 3


def house_rules_of(settings):
    bounds = {}
    for ruleset in RULESETS:
        high = getattr(settings, f"{ruleset}_register_high")
        low = getattr(settings, f"{ruleset}_register_low")
        if high is not None and low is not None:
            bounds[ruleset] = {"high": high, "low": low}
    return {
        "drinks_in_balut": settings.drinks_in_balut,
        "drinks_in_jackpot": settings.drinks_in_jackpot,
        "register_bounds": dict(sorted(bounds.items())),
        "register_min_players": REGISTER_MIN_PLAYERS,
    }


def backfill(apps, schema_editor):
    db = schema_editor.connection.alias  # the database migrated, not always the default
    club_settings = apps.get_model("league", "ClubSettings")
    game = apps.get_model("scoring", "Game")
    # The defaults (unsaved) until the secretary first saves the settings, as the app reads them.
    settings = club_settings.objects.using(db).filter(pk=1).first() or club_settings()
    game.objects.using(db).filter(house_rules={}).update(house_rules=house_rules_of(settings))


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0018_audit_logs_imports"),
        ("scoring", "0009_game_house_rules"),
    ]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop, elidable=False)]
