// The installed app opens at the club's home with "?app" (the manifest's start_url,
// scoring.views.install). A tablet that was scoring a game still in play goes straight back
// into it: the game page remembers itself on the tablet (tablet_offline.js), and the home page
// lists the games in play, so a finished or voided game is forgotten, never reopened.
(function () {
  "use strict";
  const KEY = "balutclub:game-in-play";
  const listed = document.querySelector("[data-in-play]");
  let kept = null;
  try {
    kept = localStorage.getItem(KEY);
  } catch (error) {
    return; // no storage (a private window): the home page as it is
  }
  if (!listed || !kept) return;
  if (!listed.dataset.inPlay.split(" ").includes(kept)) {
    localStorage.removeItem(KEY);
    return;
  }
  if (new URLSearchParams(location.search).has("app")) location.replace(kept);
})();
