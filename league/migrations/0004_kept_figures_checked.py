"""Indexes and constraints on the kept figures, once 0003 has filled the rows they check."""

import django.db.models.deletion  # noqa: F401
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0003_kept_figures"),
    ]

    operations = [
        migrations.AlterField(
            model_name="playerresultrow",
            name="started_at",
            field=models.DateTimeField(),
        ),
        migrations.AddIndex(
            model_name='playerresultrow',
            index=models.Index(fields=['member', 'ruleset', 'started_at'], name='result_member_kind'),
        ),
        migrations.AddIndex(
            model_name='playerresultrow',
            index=models.Index(fields=['ruleset', 'score', 'started_at'], name='result_kind_score'),
        ),
        migrations.AddIndex(
            model_name='playerresultrow',
            index=models.Index(fields=['ruleset', 'baluts'], name='result_kind_baluts'),
        ),
        migrations.AddIndex(
            model_name='playerresultrow',
            index=models.Index(fields=['ruleset', 'game_baluts'], name='result_kind_game_baluts'),
        ),
        migrations.AddIndex(
            model_name='playerresultrow',
            index=models.Index(fields=['ruleset', 'winning_run'], name='result_kind_run'),
        ),
        migrations.AddConstraint(
            model_name='playerresultrow',
            constraint=models.CheckConstraint(condition=models.Q(('game_baluts__gte', models.F('baluts'))), name='result_game_baluts_include_own'),
        ),
        migrations.AddConstraint(
            model_name='playerresultrow',
            constraint=models.CheckConstraint(condition=models.Q(('winning_run', 0), models.Q(('member__isnull', False), ('won', True)), _connector='OR'), name='result_run_only_for_a_members_win'),
        ),
        migrations.AddConstraint(
            model_name='playerresultrow',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('run_started__isnull', True), ('winning_run', 0)), models.Q(('run_started__isnull', False), ('winning_run__gte', 1)), _connector='OR'), name='result_run_has_a_first_game'),
        ),
        migrations.AddField(
            model_name='boxtally',
            name='member',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='box_tallies', to='scoring.member'),
        ),
        migrations.AddConstraint(
            model_name='boxtally',
            constraint=models.UniqueConstraint(fields=('member', 'ruleset', 'box'), name='tally_once_per_member_box'),
        ),
        migrations.AddConstraint(
            model_name='boxtally',
            constraint=models.UniqueConstraint(condition=models.Q(('member__isnull', True)), fields=('ruleset', 'box'), name='tally_once_per_guest_box'),
        ),
        migrations.AddConstraint(
            model_name='boxtally',
            constraint=models.CheckConstraint(condition=models.Q(('ruleset__in', ['balut', 'jackpot', 'bar', 'barbut4'])), name='tally_ruleset_known'),
        ),
        migrations.AddConstraint(
            model_name='boxtally',
            constraint=models.CheckConstraint(condition=models.Q(('filled__gte', 1), ('scratches__lte', models.F('filled'))), name='tally_scratches_within_filled'),
        ),
    ]
