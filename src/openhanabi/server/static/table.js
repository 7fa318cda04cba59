/*
 * table.js: the page of a waiting table, for the people seated at it. It asks the server now and
 * then how the table stands (the page itself, the same one a reload would give): when someone
 * joins or leaves, the seats and the host's start button are redrawn in place and the change is
 * said to screen readers; once the game has started, it goes to the game's page. Without this
 * script, a reload shows the same.
 */
(function () {
  "use strict";

  const live = document.getElementById("table-live");
  if (!live) return;
  const news = document.getElementById("table-news");
  const seconds = Number(live.dataset.waitSeconds) || 5;
  let asking = false;

  /** The form action of the focused control inside the redrawn part, to focus it again. */
  function focusedAction() {
    const focused = document.activeElement;
    if (!focused || !live.contains(focused)) return null;
    const form = focused.closest("form");
    return form ? form.getAttribute("action") : null;
  }

  function redraw(fresh) {
    const action = focusedAction();
    live.replaceChildren.apply(live, Array.from(fresh.childNodes).map(function (node) {
      return document.importNode(node, true);
    }));
    live.dataset.version = fresh.dataset.version;
    if (action) {
      const again = live.querySelector('form[action="' + action + '"] button:not([disabled])');
      if (again) again.focus();
    }
    if (news) news.textContent = live.dataset.changed || "";
  }

  function look(html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const fresh = page.getElementById("table-live");
    if (fresh) {
      if (fresh.dataset.version !== live.dataset.version) redraw(fresh);
      return;
    }
    // The table is no longer waiting with this person seated: the game has started (or they
    // left it in another window).
    window.clearInterval(timer);
    const game = page.querySelector('[data-testid="game-link"]');
    if (game) window.location.assign(game.getAttribute("href"));
    else window.location.reload();
  }

  const timer = window.setInterval(function () {
    if (asking) return;
    asking = true;
    fetch(window.location.pathname, { credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.text() : "";
      })
      .then(function (html) {
        if (html) look(html);
      })
      .catch(function () {
        // the server is away: ask again at the next tick
      })
      .finally(function () {
        asking = false;
      });
  }, seconds * 1000);
})();
