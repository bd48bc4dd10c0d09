// The player page's charts: Chart.js draws what the server handed over in #player-charts.
// Nothing is computed here; colours are bright on black, type large, for a dim bar.
(function () {
  "use strict";
  const source = document.getElementById("player-charts");
  if (!source || !window.Chart) return;
  const data = JSON.parse(source.textContent);
  const COLOURS = ["#ffd54a", "#4dd0e1", "#ff80ab", "#7dff9a"];
  Chart.defaults.color = "#f5f5f5";
  Chart.defaults.borderColor = "#3a3a3a";
  Chart.defaults.font.size = 16;
  // Drawn at once: the screenshot (and a member glancing) should not wait for an animation.
  Chart.defaults.animation = false;
  // Figures in the page's language ("164,5" in Danish and German), not the browser's.
  Chart.defaults.locale = document.documentElement.lang || "en";

  function colour(index) {
    return COLOURS[index % COLOURS.length];
  }

  function draw(id, config) {
    const canvas = document.getElementById(id);
    if (!canvas) return;
    new Chart(canvas, config);
    canvas.dataset.drawn = "true";
  }

  const axis = data.timeAxis;
  const labels = {};
  (axis ? axis.ticks : []).forEach(function (tick) { labels[tick.value] = tick.label; });

  draw("chart-over-time", {
    type: "line",
    data: {
      datasets: data.overTime.map(function (set, i) {
        return {
          label: set.label,
          data: set.data,
          borderColor: colour(i),
          backgroundColor: colour(i),
          pointRadius: 3,
        };
      }),
    },
    options: {
      scales: {
        // The server fits the axis to the months played and labels its ticks (in the club's
        // time zone): Chart.js would pad a lone month by years.
        x: {
          type: "linear",
          min: axis ? axis.min : undefined,
          max: axis ? axis.max : undefined,
          afterBuildTicks: function (scale) {
            if (axis) scale.ticks = axis.ticks.map(function (tick) { return { value: tick.value }; });
          },
          ticks: {
            autoSkip: false,
            callback: function (value) {
              return labels[value] || "";
            },
          },
        },
        y: { title: { display: true, text: gettext("Average total") } },
      },
      plugins: {
        tooltip: {
          callbacks: {
            label: function (item) {
              const games = item.raw.games;
              const count = interpolate(ngettext("%s game", "%s games", games), [games]);
              return item.dataset.label + ": " + item.raw.y + " (" + count + ")";
            },
          },
        },
      },
    },
  });

  // One spread chart per kind of game, in the kind's colour on the line chart: their totals
  // lie far apart, and one shared axis would squeeze each into a corner.
  data.spreads.forEach(function (spread) {
    const index = data.overTime.findIndex(function (set) { return set.label === spread.title; });
    draw("chart-spread-" + spread.ruleset, {
      type: "bar",
      data: {
        labels: spread.labels,
        datasets: [{ label: spread.title, data: spread.data, backgroundColor: colour(Math.max(index, 0)) }],
      },
      options: {
        plugins: { legend: { display: false } },
        scales: {
          x: { title: { display: true, text: gettext("Total") } },
          y: { title: { display: true, text: gettext("Games") }, beginAtZero: true, ticks: { precision: 0 } },
        },
      },
    });
  });

  data.categories.forEach(function (chart) {
    draw("chart-categories-" + chart.ruleset, {
      type: "bar",
      data: {
        labels: chart.labels,
        datasets: [
          { label: chart.name, data: chart.member, backgroundColor: COLOURS[0] },
          { label: gettext("Club average"), data: chart.club, backgroundColor: COLOURS[1] },
        ],
      },
      options: { scales: { y: { beginAtZero: true } } },
    });
  });
})();
