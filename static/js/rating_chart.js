// A member's rating after each rated game (ratings/player.html): Chart.js draws what the
// server handed over in #rating-chart-data. Nothing is computed here.
(function () {
  "use strict";
  const source = document.getElementById("rating-chart-data");
  const canvas = document.getElementById("rating-chart");
  if (!source || !canvas || !window.Chart) return;
  const kinds = JSON.parse(source.textContent);
  // The player page's colours and type (player_charts.js): bright on black, large.
  const COLOURS = ["#ffd54a", "#4dd0e1", "#ff80ab", "#7dff9a"];
  Object.assign(Chart.defaults, {
    color: "#f5f5f5",
    borderColor: "#3a3a3a",
    animation: false,
    locale: document.documentElement.lang || "en",
  });
  Chart.defaults.font.size = 16;
  new Chart(canvas, {
    type: "line",
    data: {
      datasets: kinds.map(function (kind, i) {
        return {
          label: kind.label,
          data: kind.points,
          borderColor: COLOURS[i % COLOURS.length],
          backgroundColor: COLOURS[i % COLOURS.length],
          pointRadius: kind.points.length > 60 ? 0 : 3,
        };
      }),
    },
    options: {
      parsing: { xAxisKey: "x", yAxisKey: "y" },
      scales: { x: { type: "linear", ticks: { precision: 0 } } },
    },
  });
  canvas.dataset.drawn = "true";
})();
