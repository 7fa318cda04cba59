/*
 * live.js: a part of a page that follows the server without a reload: the lobby's list of
 * tables, and a waiting table's seats for the people seated at it. The part is the element with
 * `data-live`; its `data-version` sums up what it shows. Every `data-wait-seconds` the script
 * asks the server for the page again (the same page a reload would give): when the version has
 * changed, the part is redrawn in place (the focused button keeps the focus) and
 * `data-changed` is said to screen readers through `#live-news`. When the fresh page no longer
 * has the part (a table's game has started, or the person left it in another window), the
 * script goes to the game's page if the fresh page links to it, else reloads. Without this
 * script, a reload shows the same.
 */
(function () {
  "use strict";

  const live = document.querySelector("[data-live]");
  if (!live) return;
  const news = document.getElementById("live-news");
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
    // for site.js, which labels the cells of the tables in it
    live.dispatchEvent(new CustomEvent("live-redrawn", { bubbles: true }));
  }

  function look(html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const fresh = page.querySelector("[data-live]");
    if (fresh) {
      if (fresh.dataset.version !== live.dataset.version) redraw(fresh);
      return;
    }
    window.clearInterval(timer);
    const game = page.querySelector('[data-testid="game-link"]');
    if (game) window.location.assign(game.getAttribute("href"));
    else window.location.reload();
  }

  const timer = window.setInterval(function () {
    if (asking) return;
    asking = true;
    fetch(window.location.pathname + window.location.search, { credentials: "same-origin" })
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
