/*
 * live.js: a part of a page that follows the server without a reload: the lobby's list of
 * tables, and a waiting table's seats for the people seated at it. The part is the element with
 * `data-live`; its `data-version` sums up what it shows. Every `data-wait-seconds` the script
 * asks the server for the page again (the same page a reload would give): when the version has
 * changed, the part is redrawn in place (the focused button keeps the focus) and
 * `data-changed` is said to screen readers through `#live-news`. When the fresh page no longer
 * has the part (a table's game has started, or the person left it in another window), the
 * script goes to the game's page if the fresh page links to it, else reloads; when the table is
 * gone altogether, it goes to the lobby. The notes of seats freed while the person was away
 * (`#away-notes`) are redrawn too when the fresh page's differ. Without this script, a reload
 * shows the same.
 *
 * A phone stops the timers of a page in the background: the script asks at once when the page
 * is shown again, so that a person back within the server's wait keeps their seat, and one
 * back later is told at once that it was freed.
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

  /** The notes of seats freed while the person was away, redrawn inside their status region
   * (kept, so that screen readers say what comes into it). */
  function lookAtNotes(page) {
    const notes = document.getElementById("away-notes");
    const fresh = page.getElementById("away-notes");
    if (!notes || !fresh || fresh.dataset.version === notes.dataset.version) return;
    notes.replaceChildren.apply(notes, Array.from(fresh.childNodes).map(function (node) {
      return document.importNode(node, true);
    }));
    notes.dataset.version = fresh.dataset.version;
  }

  function look(html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    lookAtNotes(page);
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

  function ask() {
    if (asking) return;
    asking = true;
    fetch(window.location.pathname + window.location.search, { credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 404) {
          // the table closed, as its people (this one too) had gone: the lobby says so
          window.clearInterval(timer);
          window.location.assign("/");
        }
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
  }

  const timer = window.setInterval(ask, seconds * 1000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") ask();
  });
  // a page the browser kept while the person went elsewhere, shown again by Back
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) ask();
  });
})();
