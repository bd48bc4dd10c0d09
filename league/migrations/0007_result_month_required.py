"""Every kept row has its month once 0006 has filled them."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0006_result_month"),
    ]

    operations = [
        migrations.AlterField(
            model_name="playerresultrow",
            name="month",
            field=models.DateField(),
        ),
    ]
