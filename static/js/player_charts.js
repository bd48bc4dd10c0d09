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

  function colour(index) {
    return COLOURS[index % COLOURS.length];
  }

  function draw(id, config) {
    const canvas = document.getElementById(id);
    if (!canvas) return;
    new Chart(canvas, config);
    canvas.dataset.drawn = "true";
  }

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
        x: {
          type: "linear",
          ticks: {
            maxTicksLimit: 6,
            callback: function (value) {
              return new Date(value).toLocaleDateString(undefined, { year: "numeric", month: "short" });
            },
          },
        },
        y: { title: { display: true, text: "Average total" } },
      },
      plugins: {
        tooltip: {
          callbacks: {
            label: function (item) {
              const games = item.raw.games;
              return item.dataset.label + ": " + item.raw.y + " (" + games + (games === 1 ? " game)" : " games)");
            },
          },
        },
      },
    },
  });

  draw("chart-distribution", {
    type: "bar",
    data: {
      labels: data.distribution.labels,
      datasets: data.distribution.datasets.map(function (set, i) {
        return { label: set.label, data: set.data, backgroundColor: colour(i) };
      }),
    },
    options: { scales: { y: { title: { display: true, text: "Games" }, beginAtZero: true } } },
  });

  data.categories.forEach(function (chart) {
    draw("chart-categories-" + chart.ruleset, {
      type: "bar",
      data: {
        labels: chart.labels,
        datasets: [
          { label: chart.name, data: chart.member, backgroundColor: COLOURS[0] },
          { label: "Club average", data: chart.club, backgroundColor: COLOURS[1] },
        ],
      },
      options: { scales: { y: { beginAtZero: true } } },
    });
  });
})();
